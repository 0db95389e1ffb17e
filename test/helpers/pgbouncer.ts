import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chown, mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../storage/cluster/embedded.ts';
import { waitUntil } from './harness.ts';

export interface PgBouncer {
  /** `url` with its host and port replaced by the pooler's. */
  url: (direct: string) => string;
  stop: () => Promise<void>;
}

const BINARY = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((p) => spawnSync(p, ['--version']).status === 0);

/**
 * Debian's PgBouncer in transaction mode in front of the PostgreSQL server of `direct` (a URL with
 * its user and password), as Heroku, Render and Supabase put theirs: a server connection is a
 * client's for one transaction only, `poolSize` server connections per database. As root it runs as the postgres user, as it refuses root.
 */
export async function startPgBouncer(direct: string, poolSize: number): Promise<PgBouncer> {
  const server = new URL(direct);
  const [user, password] = [server.username, server.password].map(decodeURIComponent);
  if (!BINARY) throw new Error('pgbouncer is not installed: apt-get install -y pgbouncer (see .ci/run)');
  const dir = await mkdtemp(join(tmpdir(), 'partner-api-pgbouncer-'));
  const listenPort = await freePort();
  await writeFile(join(dir, 'users.txt'), `"${user}" "${password}"\n`);
  await writeFile(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${listenPort}`,
      'unix_socket_dir =',
      'auth_type = scram-sha-256',
      `auth_file = ${join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      `default_pool_size = ${poolSize}`,
      'max_client_conn = 1000',
      // A client waits at most this long for a server connection (the default is 120 s). Not 2 s:
      // PgBouncer logs into PostgreSQL one connection at a time per pool, so a burst of 32 new
      // transactions (the SIGTERM check) on a busy machine waits seconds for its turn, and some
      // failed. A PostgreSQL server that comes back is logged into again at once (default 15 s).
      'query_wait_timeout = 15',
      'server_login_retry = 1',
      `logfile = ${join(dir, 'pgbouncer.log')}`,
    ].join('\n'),
  );
  const root = process.getuid?.() === 0;
  if (root) {
    const { uid, gid } = postgresUser();
    for (const f of ['', 'users.txt', 'pgbouncer.ini']) await chown(join(dir, f), uid, gid);
  }
  const child: ChildProcess = spawn(BINARY, [...(root ? ['-u', 'postgres'] : []), join(dir, 'pgbouncer.ini')], {
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const accepting = () =>
    new Promise<boolean>((resolve) => {
      const s = net.connect(listenPort, '127.0.0.1', () => {
        resolve(true);
        s.destroy();
      });
      s.on('error', () => resolve(false));
    });
  if (!(await waitUntil(accepting, 10_000, 50))) throw new Error('pgbouncer did not start');
  return {
    url: (direct) => {
      const u = new URL(direct);
      u.port = String(listenPort);
      u.searchParams.delete('host');
      return u.toString();
    },
    stop: async () => {
      child.kill('SIGINT');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}

function postgresUser(): { uid: number; gid: number } {
  const out = spawnSync('id', ['postgres'], { encoding: 'utf8' }).stdout;
  return { uid: Number(/uid=(\d+)/.exec(out)![1]), gid: Number(/gid=(\d+)/.exec(out)![1]) };
}
