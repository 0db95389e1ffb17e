import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { waitUntil } from './harness.ts';

const root = join(import.meta.dirname, '..', '..');

export interface ProcfileProcess {
  child: ChildProcess;
  pid: number;
  /** Resolves with the exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  /** Everything the process wrote, for a failing assertion's message. */
  output: () => string;
}

/** The command of a Procfile entry, as a platform runs it (no shell needed: it is one command). */
export function procfileCommand(name: string): string[] {
  const line = readFileSync(join(root, 'Procfile'), 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${name}:`));
  if (!line) throw new Error(`no ${name} process in the Procfile`);
  return line
    .slice(name.length + 1)
    .trim()
    .split(/\s+/);
}

/** Spawns a Procfile process in a process group of its own, as a platform does, keeping its output. */
function spawnProcfileProcess(name: string, env: Record<string, string>): ProcfileProcess {
  const [command, ...args] = procfileCommand(name);
  const child = spawn(command!, args, {
    cwd: root,
    detached: true,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, pid: child.pid!, exited, output: () => output };
}

/**
 * Starts a long-running Procfile process and waits until `readyLine` was logged `readyCount`
 * times (once per cluster copy).
 */
export async function startProcfileProcess(
  name: string,
  env: Record<string, string>,
  ready: { line: string; count?: number },
): Promise<ProcfileProcess> {
  const started = spawnProcfileProcess(name, env);
  let exitCode: number | null | undefined;
  void started.exited.then((code) => (exitCode = code));
  const isReady = await waitUntil(
    async () => exitCode !== undefined || started.output().split(ready.line).length > (ready.count ?? 1),
    30_000,
    100,
  );
  if (!isReady || exitCode !== undefined) {
    started.child.kill('SIGKILL');
    throw new Error(`${name} did not start: ${started.output()}`);
  }
  return started;
}

/** Runs a one-off Procfile process (such as `release`) to its end; throws unless it exits 0 in time. */
export async function runProcfileProcess(name: string, env: Record<string, string>, timeoutMs = 60_000): Promise<void> {
  const run = spawnProcfileProcess(name, env);
  const timer = setTimeout(() => process.kill(-run.pid, 'SIGKILL'), timeoutMs);
  const code = await run.exited;
  clearTimeout(timer);
  if (code !== 0) throw new Error(`${name} exited ${code}: ${run.output()}`);
}
