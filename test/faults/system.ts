import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres, freePort, type EmbeddedDatabase } from '../../storage/cluster/embedded.ts';
import { createSql, type Sql } from '../../storage/db.ts';
import { createWorkspace } from '../../storage/workspaces.ts';
import { createApiKey } from '../../storage/apiKeys.ts';
import { SCOPES } from '../../core/scopes.ts';
import { runProcfileProcess, startProcfileProcess, type ProcfileProcess } from '../helpers/procfile.ts';
import { stopPostgresImmediately } from '../helpers/postgresServer.ts';
import { startPgBouncer } from '../helpers/pgbouncer.ts';

export interface RunningProcess extends ProcfileProcess {
  /** http://127.0.0.1:PORT of web, or of the worker's HEALTH_PORT. */
  baseUrl: string;
  alive: () => boolean;
}

export interface FaultSystem {
  /** PostgreSQL itself. */
  databaseUrl: string;
  /** PgBouncer in transaction mode in front of it, web's DATABASE_URL; none when web connects directly. */
  pooledUrl: string | undefined;
  /** The test's own connections, for setup and for judging the outcome. */
  sql: Sql;
  /** A workspace with one all-scopes key. */
  tenant: (name: string) => Promise<{ workspaceId: string; key: string }>;
  start: (name: 'web' | 'worker', env?: Record<string, string>) => Promise<RunningProcess>;
  stopPostgres: () => Promise<void>;
  startPostgres: () => Promise<void>;
  close: () => Promise<void>;
}

/**
 * A PostgreSQL server of the suite's own, migrated by the Procfile's `release`, PgBouncer in
 * transaction mode in front of it, and the Procfile's `web` (through PgBouncer) and `worker`
 * (directly, DATABASE_DIRECT_URL) started against it on demand, each in its own process group.
 */
export async function startFaultSystem(
  env: Record<string, string> = {},
  opts: { poolerConnections?: number; webThroughPooler?: boolean } = {},
): Promise<FaultSystem> {
  // Two directories: the cluster's is handed to the postgres user when the tests run as root.
  const pgDir = await mkdtemp(join(tmpdir(), 'partner-api-faults-pg-'));
  const dataDir = await mkdtemp(join(tmpdir(), 'partner-api-faults-files-'));
  const pgPort = await freePort();
  // Durable, as production is (fsync and synchronous_commit on, the defaults), so "no answered
  // write lost" means something after an immediate stop. The connection check lets a backend
  // waiting on a lock notice its client was killed, instead of committing for it once it gets
  // the lock.
  const flags = ['-c', 'synchronous_commit=on', '-c', 'client_connection_check_interval=500'];
  let pg: EmbeddedDatabase = await startEmbeddedPostgres(pgDir, { port: pgPort, flags });
  const admin = createSql(pg.url('postgres'), 1);
  await admin`create database partner_api`;
  await admin.end();
  const databaseUrl = pg.url('partner_api');
  // Server connections enough for every check's webs by default (the SIGTERM check holds 32
  // transactions open at once); fewer where the check is that clients share them.
  const pooler =
    opts.webThroughPooler === false ? undefined : await startPgBouncer(databaseUrl, opts.poolerConnections ?? 48);
  const pooledUrl = pooler?.url(databaseUrl);
  const common = {
    ...(pooledUrl ? { DATABASE_URL: pooledUrl, DATABASE_DIRECT_URL: databaseUrl } : { DATABASE_URL: databaseUrl }),
    DATA_DIR: dataDir,
    // Every process signs and checks the same local file URLs.
    STORAGE_SIGNING_SECRET: 'fault-suite-signing-secret',
    LOG_LEVEL: 'info',
    DB_POOL_MAX: '8',
    // Seconds rather than the production 5 s and 30 s, so a dead worker's jobs come back quickly.
    WORKER_HEARTBEAT_SECONDS: '1',
    WORKER_STALE_AFTER_SECONDS: '3',
    RATE_LIMIT_PER_MINUTE: '100000',
    GENERATE_WAIT_MS: '0',
    ...env,
  };
  await runProcfileProcess('release', common);
  const sql = createSql(databaseUrl, 4);
  const started: RunningProcess[] = [];

  return {
    databaseUrl,
    pooledUrl,
    sql,
    tenant: async (name) => {
      const workspace = await createWorkspace(sql, name);
      return {
        workspaceId: workspace.id,
        key: (await createApiKey(sql, { workspaceId: workspace.id, name, scopes: [...SCOPES] })).key,
      };
    },
    start: async (name, extra = {}) => {
      const port = await freePort();
      const ports: Record<string, string> =
        name === 'web'
          ? { PORT: String(port), PUBLIC_BASE_URL: `http://127.0.0.1:${port}` }
          : { HEALTH_PORT: String(port) };
      const p = await startProcfileProcess(
        name,
        { ...common, ...ports, ...extra },
        { line: name === 'web' ? 'API listening' : 'worker running' },
      );
      const running = {
        ...p,
        baseUrl: `http://127.0.0.1:${port}`,
        alive: () => p.child.exitCode === null && p.child.signalCode === null,
      };
      started.push(running);
      return running;
    },
    stopPostgres: () => stopPostgresImmediately(pgDir),
    startPostgres: async () => {
      pg = await startEmbeddedPostgres(pgDir, { port: pgPort, flags });
    },
    close: async () => {
      for (const p of started) if (p.alive()) process.kill(-p.pid, 'SIGKILL');
      await Promise.all(started.map((p) => p.exited));
      await sql.end({ timeout: 5 });
      await pooler?.stop();
      await pg.stop();
      for (const dir of [pgDir, dataDir]) await rm(dir, { recursive: true, force: true });
    },
  };
}
