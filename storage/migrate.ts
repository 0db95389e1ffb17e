import { createRequire } from 'node:module';
import { readdir, readFile } from 'node:fs/promises';
import { migrate as graphileMigrate } from 'graphile-migrate';
import { runMigrations as workerMigrations, Logger as WorkerLogger } from 'graphile-worker';
import { Logger } from '@graphile/logger';
import { join } from 'node:path';
import { createSql, type Db } from './db.ts';
import { JOB_POLICIES } from './jobPolicies.ts';

const migrationsFolder = join(import.meta.dirname, '..', 'migrations');
export const functionsFolder = join(migrationsFolder, 'functions');
const quiet = () => () => {};
// graphile-migrate keeps its pool for 200 ms after use and exits the process if that idle pool
// sees an error (say, an embedded database stopping right after migrating); close it now.
const { clearAllPools } = createRequire(import.meta.url)('graphile-migrate/dist/pgReal.js') as {
  clearAllPools: () => void;
};

/**
 * Held for a whole migrate. Several processes may migrate one database at once (a release, the
 * tests): graphile-migrate refuses to start while another holds its lock, and two concurrent
 * replacements of one function fail ("tuple concurrently updated"); with this they take turns.
 */
const MIGRATE_LOCK = 'partner-api:migrate';

/**
 * Applies graphile-worker's own schema, then the committed schema migrations (migration 14
 * attaches a trigger to graphile-worker's jobs table), then the current definitions.
 */
export async function migrateDatabase(connectionString: string): Promise<void> {
  // One connection: the session lock is held on it, and the definitions are written through it.
  const sql = createSql(connectionString, 1);
  try {
    await sql`select pg_advisory_lock(hashtextextended(${MIGRATE_LOCK}, 0))`;
    await workerMigrations({ connectionString, logger: new WorkerLogger(quiet) });
    try {
      await graphileMigrate({ connectionString, migrationsFolder, logger: new Logger(quiet) });
    } finally {
      clearAllPools();
    }
    await sql.begin((tx) => applyCurrentDefinitions(tx));
  } finally {
    // Ending the session lets the lock go.
    await sql.end({ timeout: 5 });
  }
}

/**
 * Every function's current definition, one `create or replace` per file of migrations/functions
 * (in name order), and the job policies the database reads, in one transaction: a fresh database
 * and one migrated long ago end the same, and a failed migrate changes none of them.
 */
async function applyCurrentDefinitions(tx: Db): Promise<void> {
  const files = (await readdir(functionsFolder)).filter((f) => f.endsWith('.sql')).sort();
  for (const file of files) {
    try {
      await tx.unsafe(await readFile(join(functionsFolder, file), 'utf8'), [], { prepare: false });
    } catch (err) {
      throw new Error(`migrations/functions/${file}: ${(err as Error).message}`, { cause: err });
    }
  }
  await writeJobPolicies(tx);
}

/** JOB_POLICIES as the database reads them (job_policies, migration 21). */
async function writeJobPolicies(tx: Db): Promise<void> {
  const rows = Object.entries(JOB_POLICIES).map(([task, policy]) => ({
    task,
    max_attempts: policy.maxAttempts,
    failed_for_good: policy.failedForGood,
  }));
  const missing = rows.filter((r) => r.failed_for_good).map((r) => `${r.failed_for_good}(jsonb)`);
  const [found] = await tx<{ absent: string[] }[]>`
    select coalesce(array_agg(f), '{}') as absent from unnest(${missing}::text[]) f where to_regprocedure(f) is null`;
  if (found!.absent.length)
    throw new Error(`job policies name functions that do not exist: ${found!.absent.join(', ')}`);
  await tx`delete from job_policies where task <> all(${rows.map((r) => r.task)}::text[])`;
  await tx`
    insert into job_policies ${tx(rows)}
    on conflict (task) do update set max_attempts = excluded.max_attempts, failed_for_good = excluded.failed_for_good`;
}
