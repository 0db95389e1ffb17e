import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import type { EmbeddedDatabase } from '../storage/embedded.ts';
import { migrateDatabase } from '../storage/migrate.ts';
import { createSql } from '../storage/db.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Server URL without a database name; test files clone TEMPLATE_DB into their own. */
    pgServerUrl: string;
  }
}

export const TEMPLATE_DB = 'pa_template';

/**
 * One PostgreSQL server for the run (embedded, or TEST_DATABASE_URL's server) with a migrated
 * template database; each test file clones it, so files run in parallel in isolation.
 */
export default async function setup(project: TestProject) {
  const { startEmbeddedPostgres } = await import('../storage/embedded.ts');
  let embedded: EmbeddedDatabase | undefined;
  let serverUrl: string;
  if (process.env.TEST_DATABASE_URL) {
    const u = new URL(process.env.TEST_DATABASE_URL);
    u.pathname = '/';
    serverUrl = u.toString().replace(/\/$/, '');
  } else {
    const dir = await mkdtemp(join(tmpdir(), 'partner-api-test-'));
    embedded = await startEmbeddedPostgres(dir, { persistent: false, fsyncOff: true });
    serverUrl = embedded.url('').replace(/\/$/, '');
  }
  const admin = createSql(`${serverUrl}/postgres`, 1);
  await admin.unsafe(`drop database if exists ${TEMPLATE_DB} with (force)`);
  await admin.unsafe(`create database ${TEMPLATE_DB}`);
  await migrateDatabase(`${serverUrl}/${TEMPLATE_DB}`);
  await admin.end();
  project.provide('pgServerUrl', serverUrl);
  return async () => {
    await embedded?.stop();
  };
}
