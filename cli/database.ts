import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Config } from '../core/config.ts';
import { clusterDirFor, startEmbeddedPostgres } from '../storage/cluster/embedded.ts';
import { migrateDatabase } from '../storage/migrate.ts';
import { createSql } from '../storage/db.ts';
import { CliError } from './args.ts';

const PASSWORD_URL = (port: number) => `postgres://postgres:partner-api@127.0.0.1:${port}/partner_api`;

/** The port of an embedded cluster already running on DATA_DIR (from its postmaster.pid). */
async function runningEmbeddedPort(dir: string): Promise<number | undefined> {
  try {
    const lines = (await readFile(join(dir, 'postmaster.pid'), 'utf8')).split('\n');
    const pid = Number(lines[0]);
    process.kill(pid, 0);
    return Number(lines[3]);
  } catch {
    return undefined;
  }
}

/** DATABASE_URL as it may be printed: without its password. */
function shownUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.href;
  } catch {
    return '(unparsable)';
  }
}

/**
 * For a command that must not create what it was not asked to (the admin CLI): the database
 * must exist with the service's tables; otherwise an error naming where it looked.
 */
async function requireExistingSchema(url: string, where: string): Promise<void> {
  const sql = createSql(url, 1);
  try {
    const [row] = await sql<{ found: boolean }[]>`select to_regclass('public.workspaces') is not null as found`;
    if (!row!.found) throw new CliError(`${where} has no Partner API tables; run \`npm run migrate\` first`);
  } catch (err) {
    if (err instanceof CliError) throw err;
    throw new CliError(`cannot open ${where}: ${(err as Error).message}`);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/**
 * DATABASE_DIRECT_URL or else DATABASE_URL when set (migrations take session locks, which a
 * transaction pooler cannot keep); otherwise the embedded cluster under DATA_DIR/postgres, reusing a
 * running one (npm start) or starting it for as long as this process lives. `existing` refuses
 * to create anything: no cluster, no database or no tables is a CliError naming DATA_DIR or
 * DATABASE_URL (a fresh empty database would answer every admin command with nothing).
 */
export async function openDatabase(
  config: Config,
  opts: { migrate: boolean; existing?: boolean },
): Promise<{ url: string; stop: () => Promise<void> }> {
  const direct = config.DATABASE_DIRECT_URL ?? config.DATABASE_URL;
  if (direct) {
    if (opts.existing) await requireExistingSchema(direct, `DATABASE_URL=${shownUrl(direct)}`);
    if (opts.migrate) await migrateDatabase(direct);
    return { url: direct, stop: async () => {} };
  }
  const dir = resolve(config.DATA_DIR, 'postgres');
  const cluster = clusterDirFor(dir);
  if (opts.existing && !existsSync(join(cluster, 'PG_VERSION'))) {
    throw new CliError(
      `no database in DATA_DIR=${config.DATA_DIR} (${dir}); point DATA_DIR at the one \`npm start\` uses, ` +
        'or set DATABASE_URL',
    );
  }
  const port = await runningEmbeddedPort(cluster);
  if (port) {
    if (opts.existing) await requireExistingSchema(PASSWORD_URL(port), `the database in DATA_DIR=${config.DATA_DIR}`);
    return { url: PASSWORD_URL(port), stop: async () => {} };
  }
  const db = await startEmbeddedPostgres(dir);
  const admin = createSql(db.url('postgres'), 1);
  const [exists] = await admin`select 1 from pg_database where datname = 'partner_api'`;
  if (!exists && !opts.existing) await admin`create database partner_api`;
  await admin.end();
  const url = db.socketUrl('partner_api');
  try {
    if (opts.existing) {
      if (!exists)
        throw new CliError(`DATA_DIR=${config.DATA_DIR} holds no partner_api database; run \`npm start\` once`);
      await requireExistingSchema(url, `the database in DATA_DIR=${config.DATA_DIR}`);
    }
    if (opts.migrate) await migrateDatabase(url);
  } catch (err) {
    await db.stop();
    throw err;
  }
  return { url, stop: db.stop };
}
