import { inject } from 'vitest';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type Config } from '../../core/config.ts';
import { createLogger } from '../../core/logger.ts';
import { createSql, type Sql } from '../../storage/db.ts';
import { startApi, type RunningApi } from '../../api/server.ts';
import { startWorker, type RunningWorker } from '../../worker/runner.ts';
import { createWorkspace, setWorkspaceActive } from '../../storage/workspaces.ts';
import { createApiKey } from '../../storage/apiKeys.ts';
import { SCOPES, type Scope } from '../../core/scopes.ts';

export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface Tenant {
  workspaceId: string;
  key: string;
  keyId: string;
}

export interface TestContext {
  config: Config;
  sql: Sql;
  databaseUrl: string;
  baseUrl: string;
  api: RunningApi;
  /** Any HTTP call; JSON bodies are sent as JSON, strings as they are. */
  request: (
    method: string,
    path: string,
    opts?: { key?: string; body?: unknown; headers?: Record<string, string> },
  ) => Promise<TestResponse>;
  /** A new workspace with one key (all scopes unless given). */
  tenant: (opts?: { scopes?: Scope[]; name?: string }) => Promise<Tenant>;
  keyFor: (workspaceId: string, scopes: Scope[]) => Promise<string>;
  deactivate: (workspaceId: string) => Promise<void>;
  startWorker: (opts?: { concurrency?: number }) => Promise<RunningWorker>;
  close: () => Promise<void>;
}

/** Polls `done` until it holds or timeoutMs pass; whether it came to hold. */
export async function waitUntil(done: () => Promise<boolean>, timeoutMs: number, intervalMs = 100): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await done()) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * A fresh database cloned from the migrated template, and the real API on a random port.
 * Call in beforeAll; close in afterAll.
 */
export async function createTestContext(env: Record<string, string> = {}): Promise<TestContext> {
  const server = inject('pgServerUrl');
  const dbName = `t_${randomBytes(6).toString('hex')}`;
  const admin = createSql(`${server}/postgres`, 1);
  await admin.unsafe(`create database ${dbName} template pa_template`);
  await admin.end();
  const databaseUrl = `${server}/${dbName}`;
  // Blob files go to a directory of this test file's own, removed on close, unless it names one.
  const ownDataDir = env.DATA_DIR ? undefined : await mkdtemp(join(tmpdir(), 'partner-api-files-'));
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    PORT: '0',
    // Test files close their API at once; test/shutdown.test.ts and the deploy tests drain.
    SHUTDOWN_DRAIN_MS: '0',
    DATA_DIR: ownDataDir ?? env.DATA_DIR!,
    ...env,
  });
  const logger = createLogger(config.LOG_LEVEL);
  const sql = createSql(databaseUrl, 10);
  const api = await startApi({ config, logger, sql, port: 0 });
  const baseUrl = `http://127.0.0.1:${api.port}`;
  config.PUBLIC_BASE_URL = baseUrl;
  const workers: RunningWorker[] = [];

  const request: TestContext['request'] = async (method, path, opts = {}) => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.key) headers.authorization = `Bearer ${opts.key}`;
    let body: string | undefined;
    if (opts.body !== undefined) {
      body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(baseUrl + path, { method, headers, body, redirect: 'manual' });
    const text = await res.text();
    let parsed: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
    return { status: res.status, headers: res.headers, body: parsed, text };
  };

  const keyFor = async (workspaceId: string, scopes: Scope[]) =>
    (await createApiKey(sql, { workspaceId, name: 'test key', scopes })).key;

  return {
    config,
    sql,
    databaseUrl,
    baseUrl,
    api,
    request,
    keyFor,
    tenant: async (opts = {}) => {
      const ws = await createWorkspace(sql, opts.name ?? 'Test workspace');
      const key = await createApiKey(sql, { workspaceId: ws.id, name: 'test key', scopes: opts.scopes ?? [...SCOPES] });
      return { workspaceId: ws.id, key: key.key, keyId: key.id };
    },
    deactivate: async (workspaceId) => {
      await setWorkspaceActive(sql, workspaceId, false);
    },
    startWorker: async (opts = {}) => {
      const worker = await startWorker({
        config,
        logger,
        sql,
        connectionString: databaseUrl,
        concurrency: opts.concurrency ?? 2,
        withCron: false,
      });
      workers.push(worker);
      return worker;
    },
    close: async () => {
      for (const w of workers) await w.stop();
      await api.close();
      await sql.end({ timeout: 5 });
      if (ownDataDir) await rm(ownDataDir, { recursive: true, force: true });
    },
  };
}
