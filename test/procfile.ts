import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { waitUntil } from './harness.ts';

const root = join(import.meta.dirname, '..');

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
  const line = readFileSync(join(root, 'Procfile'), 'utf8').split('\n').find((l) => l.startsWith(`${name}:`));
  if (!line) throw new Error(`no ${name} process in the Procfile`);
  return line.slice(name.length + 1).trim().split(/\s+/);
}

/**
 * Starts a Procfile process in a process group of its own, as a platform does, and waits until
 * `readyLine` was logged `readyCount` times (once per cluster copy).
 */
export async function startProcfileProcess(
  name: string,
  env: Record<string, string>,
  ready: { line: string; count?: number },
): Promise<ProcfileProcess> {
  const [command, ...args] = procfileCommand(name);
  const child = spawn(command!, args, { cwd: root, detached: true, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));
  const isReady = await waitUntil(async () => exitCode !== undefined || output.split(ready.line).length > (ready.count ?? 1), 30_000, 100);
  if (!isReady || exitCode !== undefined) {
    child.kill('SIGKILL');
    throw new Error(`${name} did not start: ${output}`);
  }
  return { child, pid: child.pid!, exited, output: () => output };
}

/** Runs a one-off Procfile process (such as `release`) to its end; throws unless it exits 0 in time. */
export async function runProcfileProcess(name: string, env: Record<string, string>, timeoutMs = 60_000): Promise<void> {
  const [command, ...args] = procfileCommand(name);
  const child = spawn(command!, args, { cwd: root, detached: true, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  clearTimeout(timer);
  if (code !== 0) throw new Error(`${name} exited ${code}: ${output}`);
}
