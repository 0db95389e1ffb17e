// `npm run schema:snapshot`: migrates a new database on a throwaway embedded server and writes
// what its catalog holds to migrations/schema.sql (storage/schemaSnapshot.ts). Commit the file
// with the migration or function file that changed it.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSql } from '../storage/db.ts';
import { startEmbeddedPostgres } from '../storage/cluster/embedded.ts';
import { migrateDatabase } from '../storage/migrate.ts';
import { SCHEMA_SNAPSHOT_FILE, schemaSnapshot } from '../storage/schemaSnapshot.ts';

const dir = await mkdtemp(join(tmpdir(), 'partner-api-schema-'));
const db = await startEmbeddedPostgres(dir, { persistent: false, fsyncOff: true });
try {
  const admin = createSql(db.url('postgres'), 1);
  await admin`create database schema_snapshot`;
  await admin.end();
  await migrateDatabase(db.url('schema_snapshot'));
  const sql = createSql(db.url('schema_snapshot'), 1);
  try {
    await writeFile(SCHEMA_SNAPSHOT_FILE, await schemaSnapshot(sql));
  } finally {
    await sql.end();
  }
  console.log(`wrote ${SCHEMA_SNAPSHOT_FILE}`);
} finally {
  await db.stop();
  await rm(dir, { recursive: true, force: true });
}
