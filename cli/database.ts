import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Config } from '../core/config.ts';
import { startEmbeddedPostgres } from '../storage/embedded.ts';
import { migrateDatabase } from '../storage/migrate.ts';

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

/**
 * DATABASE_URL when set; otherwise the embedded cluster under DATA_DIR/postgres, reusing a
 * running one (npm start) or starting it for as long as this process lives.
 */
export async function openDatabase(
  config: Config,
  opts: { migrate: boolean },
): Promise<{ url: string; stop: () => Promise<void> }> {
  if (config.DATABASE_URL) {
    if (opts.migrate) await migrateDatabase(config.DATABASE_URL);
    return { url: config.DATABASE_URL, stop: async () => {} };
  }
  const dir = resolve(config.DATA_DIR, 'postgres');
  const port = await runningEmbeddedPort(dir);
  if (port) return { url: PASSWORD_URL(port), stop: async () => {} };
  const db = await startEmbeddedPostgres(dir);
  const admin = (await import('../storage/db.ts')).createSql(db.url('postgres'), 1);
  const [exists] = await admin`select 1 from pg_database where datname = 'partner_api'`;
  if (!exists) await admin`create database partner_api`;
  await admin.end();
  const url = db.socketUrl('partner_api');
  if (opts.migrate) await migrateDatabase(url);
  return { url, stop: db.stop };
}
