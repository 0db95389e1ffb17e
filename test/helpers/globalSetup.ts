import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import type { EmbeddedDatabase } from '../../storage/cluster/embedded.ts';
import { migrateDatabase } from '../../storage/migrate.ts';
import { createSql } from '../../storage/db.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Server URL without a database name; test files clone TEMPLATE_DB into their own. */
    pgServerUrl: string;
  }
}

export const TEMPLATE_DB = 'pa_template';

interface TemplateServer {
  serverUrl: string;
  stop: () => Promise<void>;
  users: number;
}

/** Shared by every database project of a run (the suite and `alone`), so a run starts one server. */
const SHARED = Symbol.for('partner-api.test.templateServer');
type WithShared = typeof globalThis & { [SHARED]?: Promise<TemplateServer> };

/**
 * One PostgreSQL server for the run (embedded, or TEST_DATABASE_URL's server) with a migrated
 * template database; each test file clones it, so files run in parallel in isolation. Only the
 * database projects name this setup: the unit project starts no server at all.
 */
export default async function setup(project: TestProject) {
  const shared = globalThis as WithShared;
  shared[SHARED] ??= startTemplateServer();
  const server = await shared[SHARED];
  server.users++;
  project.provide('pgServerUrl', server.serverUrl);
  return async () => {
    if (--server.users > 0) return;
    delete shared[SHARED];
    await server.stop();
  };
}

async function startTemplateServer(): Promise<TemplateServer> {
  const { startEmbeddedPostgres } = await import('../../storage/cluster/embedded.ts');
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
  return { serverUrl, stop: async () => void (await embedded?.stop()), users: 0 };
}
