import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type postgres from 'postgres';
import type { Sql } from './db.ts';

export interface CommittedMigration {
  file: string;
  /** graphile-migrate's hash from the file's header, as graphile_migrate.migrations records it. */
  hash: string;
}

const committedFolder = join(import.meta.dirname, '..', 'migrations', 'committed');

/** The migrations this checkout expects, in order. */
export async function committedMigrations(): Promise<CommittedMigration[]> {
  const files = (await readdir(committedFolder)).filter((f) => f.endsWith('.sql')).sort();
  return Promise.all(
    files.map(async (file) => {
      const hash = /^--! Hash: (\S+)$/m.exec(await readFile(join(committedFolder, file), 'utf8'))?.[1];
      if (!hash) throw new Error(`Committed migration ${file} has no "--! Hash:" header`);
      return { file, hash };
    }),
  );
}

/**
 * The committed migrations the database has not applied. Applied ones the checkout does not know
 * are fine: during a deployment the release step migrates before the old processes stop.
 */
export async function missingMigrations(sql: Sql, committed: CommittedMigration[]): Promise<CommittedMigration[]> {
  let applied: Set<string>;
  try {
    applied = new Set((await sql<{ hash: string }[]>`select hash from graphile_migrate.migrations`).map((r) => r.hash));
  } catch (err) {
    // A database graphile-migrate never ran on has no table yet: nothing is applied.
    if ((err as postgres.PostgresError).code !== '42P01') throw err;
    applied = new Set();
  }
  return committed.filter((m) => !applied.has(m.hash));
}
