import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate as graphileMigrate } from 'graphile-migrate';
import { Logger } from '@graphile/logger';
import { runMigrations as workerMigrations } from 'graphile-worker';
import { createSql, type Sql } from '../storage/db.ts';
import { functionsFolder, migrateDatabase } from '../storage/migrate.ts';
import { SCHEMA_SNAPSHOT_FILE, schemaSnapshot } from '../storage/schemaSnapshot.ts';
import { TEMPLATE_DB } from './helpers/globalSetup.ts';

const committedFolder = join(import.meta.dirname, '..', 'migrations', 'committed');
/** The last migration written before migrations/functions held every function's current definition. */
const LAST_MIGRATION_BEFORE_FUNCTIONS_FOLDER = 20;

const server = inject('pgServerUrl');
const admin = createSql(`${server}/postgres`, 1);
const opened: { sql: Sql; name: string }[] = [];

/** A new database on the suite's server, empty or cloned from the migrated template. */
async function newDatabase(template?: string): Promise<{ url: string; sql: Sql }> {
  const name = `s_${randomBytes(6).toString('hex')}`;
  await admin.unsafe(`create database ${name}${template ? ` template ${template}` : ''}`);
  const url = `${server}/${name}`;
  const sql = createSql(url, 2);
  opened.push({ sql, name });
  return { url, sql };
}

let fresh: string;

beforeAll(async () => {
  const { sql } = await newDatabase(TEMPLATE_DB);
  fresh = await schemaSnapshot(sql);
});

afterAll(async () => {
  for (const { sql, name } of opened) {
    await sql.end();
    await admin.unsafe(`drop database ${name} with (force)`);
  }
  await admin.end();
});

describe('the schema snapshot (migrations/schema.sql)', { timeout: 120_000 }, () => {
  it('is what a fresh database holds once migrated', async () => {
    const committed = await readFile(SCHEMA_SNAPSHOT_FILE, 'utf8');
    expect(
      fresh,
      'migrations/schema.sql differs from what the migrations make: run `npm run schema:snapshot` and commit it',
    ).toBe(committed);
  });

  it('is also what a database migrated before the functions folder holds after the next migrate', async () => {
    const { url, sql } = await newDatabase();
    const before = await mkdtemp(join(tmpdir(), 'partner-api-migrations-'));
    try {
      await mkdir(join(before, 'committed'));
      for (const file of (await readdir(committedFolder)).sort())
        if (Number.parseInt(file, 10) <= LAST_MIGRATION_BEFORE_FUNCTIONS_FOLDER)
          await copyFile(join(committedFolder, file), join(before, 'committed', file));
      await workerMigrations({ connectionString: url });
      await graphileMigrate({ connectionString: url, migrationsFolder: before, logger: new Logger(() => () => {}) });
    } finally {
      await rm(before, { recursive: true, force: true });
    }
    const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from graphile_migrate.migrations`;
    expect(n).toBe(LAST_MIGRATION_BEFORE_FUNCTIONS_FOLDER);
    expect(await schemaSnapshot(sql)).not.toBe(fresh);

    await migrateDatabase(url);
    expect(await schemaSnapshot(sql)).toBe(fresh);
  });

  it('stays the same when several processes migrate one database at once', async () => {
    const { url, sql } = await newDatabase(TEMPLATE_DB);
    await Promise.all([migrateDatabase(url), migrateDatabase(url), migrateDatabase(url)]);
    expect(await schemaSnapshot(sql)).toBe(fresh);
  });
});

describe('migrations/functions', () => {
  it('holds one file per function of ours, each the current definition of the function it is named after', async () => {
    const { sql } = await newDatabase(TEMPLATE_DB);
    const files = (await readdir(functionsFolder)).filter((f) => f.endsWith('.sql')).sort();
    const functions = await sql<{ name: string }[]>`
      select p.proname as name from pg_proc p
      where p.pronamespace = 'public'::regnamespace
        and not exists (select 1 from pg_depend d
          where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
      order by 1`;
    expect(files.map((f) => f.replace(/\.sql$/, ''))).toEqual(functions.map((f) => f.name));
    for (const file of files) {
      const text = await readFile(join(functionsFolder, file), 'utf8');
      const defined = [...text.matchAll(/^create or replace function (\w+)\(/gm)].map((m) => m[1]);
      expect(defined, file).toEqual([file.replace(/\.sql$/, '')]);
      expect(text, file).not.toMatch(/^create function/m);
    }
  });

  it('is where functions change: migrations after it never replace one', async () => {
    for (const file of await readdir(committedFolder)) {
      if (Number.parseInt(file, 10) <= LAST_MIGRATION_BEFORE_FUNCTIONS_FOLDER) continue;
      const text = await readFile(join(committedFolder, file), 'utf8');
      expect(text, `${file}: edit the function's file in migrations/functions instead`).not.toMatch(
        /create\s+or\s+replace\s+function/i,
      );
    }
  });
});
