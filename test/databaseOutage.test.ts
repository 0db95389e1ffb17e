import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres, freePort, type EmbeddedDatabase } from '../storage/cluster/embedded.ts';
import { migrateDatabase } from '../storage/migrate.ts';
import { createSql } from '../storage/db.ts';
import { createWorkspace } from '../storage/workspaces.ts';
import { createApiKey } from '../storage/apiKeys.ts';
import { SCOPES } from '../core/scopes.ts';
import { startProcfileProcess, type ProcfileProcess } from './helpers/procfile.ts';
import { stopPostgresImmediately } from './helpers/postgresServer.ts';
import { durationMs, is2xx, timedRequest, type TimedAnswer } from './helpers/timedRequest.ts';

// A cluster of this file's own: the suite's server is shared by every test file and must stay up. It
// keeps synchronous_commit on: with it off, a crash loses commits already answered, by design.
let dir: string;
let pgPort: number;
let pg: EmbeddedDatabase;
let web: ProcfileProcess;
let apiKey: string;
let webPort: number;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'partner-api-outage-'));
  pgPort = await freePort();
  pg = await startEmbeddedPostgres(dir, { port: pgPort });
  const admin = createSql(pg.url('postgres'), 1);
  await admin`create database partner_api`;
  await admin.end();
  await migrateDatabase(pg.url('partner_api'));
  const sql = createSql(pg.url('partner_api'), 1);
  const workspace = await createWorkspace(sql, 'Outage');
  apiKey = (await createApiKey(sql, { workspaceId: workspace.id, name: 'outage', scopes: [...SCOPES] })).key;
  await sql.end();
  webPort = await freePort();
  web = await startProcfileProcess(
    'web',
    {
      DATABASE_URL: pg.url('partner_api'),
      PORT: String(webPort),
      DB_POOL_MAX: '8',
      RATE_LIMIT_PER_MINUTE: '100000',
      LOG_LEVEL: 'info',
      DATA_DIR: dir,
    },
    { line: 'API listening' },
  );
});

afterAll(async () => {
  if (web?.child.exitCode === null) process.kill(-web.pid, 'SIGKILL');
  await pg?.stop();
  await rm(dir, { recursive: true, force: true });
});

const writeLead = (agent: http.Agent, i: number) =>
  timedRequest(agent, `http://127.0.0.1:${webPort}/api/v1/leads`, {
    key: apiKey,
    body: { contact_email: `outage-${i}@example.com` },
    headers: { 'idempotency-key': `outage-${i}` },
  });

describe('a PostgreSQL outage under a write load', { timeout: 60_000 }, () => {
  it('answers fast (2xx or a 500 envelope with Retry-After), recovers within 2 s, loses no 2xx write', async () => {
    const agent = new http.Agent({ keepAlive: true });
    const writes: TimedAnswer[] = [];
    let next = 0;
    let running = true;
    const clients = Array.from({ length: 4 }, async () => {
      while (running) {
        writes.push(await writeLead(agent, next++));
        await new Promise((r) => setTimeout(r, 20));
      }
    });

    await new Promise((r) => setTimeout(r, 1000));
    const stoppedAt = Date.now();
    await stopPostgresImmediately(dir);
    await new Promise((r) => setTimeout(r, 4000));
    pg = await startEmbeddedPostgres(dir, { port: pgPort });
    const restartedAt = Date.now();
    await new Promise((r) => setTimeout(r, 3000));
    running = false;
    await Promise.all(clients);
    agent.destroy();

    const slowest = Math.max(...writes.map(durationMs));
    console.log(
      'DEBUG',
      writes
        .filter((w) => durationMs(w) > 1000)
        .map((w) => [w.startedAt - stoppedAt, w.endedAt - stoppedAt, w.status, restartedAt - stoppedAt]),
    );
    const failed = writes.filter((w) => w.status !== undefined && !is2xx(w));
    const recovered = writes.find((w) => w.startedAt >= restartedAt && w.status === 201);
    const recoveryMs = recovered ? recovered.endedAt - restartedAt : Infinity;
    const outage = writes.filter((w) => w.endedAt >= stoppedAt && w.startedAt <= restartedAt);
    console.log(
      `${writes.length} writes; ${failed.length} answered 500 in ${Math.max(0, ...failed.map(durationMs))} ms at most; ` +
        `slowest answer ${slowest} ms; ${outage.length} during the outage; first write after restart answered ${recoveryMs} ms after PostgreSQL was back`,
    );

    expect(writes.filter((w) => w.error).map((w) => w.error)).toEqual([]);
    expect(failed.length).toBeGreaterThan(0);
    for (const w of failed)
      expect({ status: w.status, code: w.body?.error?.code, retryAfter: w.headers?.['retry-after'] }).toEqual({
        status: 500,
        code: 'INTERNAL_ERROR',
        retryAfter: expect.stringMatching(/^\d+$/),
      });
    expect(slowest).toBeLessThan(3000);
    expect(recoveryMs).toBeLessThan(2000);
    expect(web.child.exitCode).toBe(null);

    const answered = writes.filter((w) => w.status === 201).map((w) => w.body?.lead?.id as string);
    expect(answered.every(Boolean)).toBe(true);
    const sql = createSql(pg.url('partner_api'), 1);
    const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from leads where id = any(${answered})`;
    await sql.end();
    expect(n).toBe(answered.length);

    process.kill(web.pid, 'SIGTERM');
    expect(await web.exited, web.output()).toBe(0);
  });
});
