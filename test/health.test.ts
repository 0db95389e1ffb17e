import net from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createTestContext, type TestContext } from './helpers/harness.ts';
import { createSql } from '../storage/db.ts';
import { startApi } from '../api/server.ts';
import { committedMigrations } from '../storage/migrationStatus.ts';

const LIMIT = 3;
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ RATE_LIMIT_PER_MINUTE: String(LIMIT) });
});
afterAll(() => t.close());

const expectEnvelope = (res: Awaited<ReturnType<TestContext['request']>>, status: number, code: string) => {
  expect(res.status).toBe(status);
  expect(res.body).toEqual({
    error: { code, message: expect.any(String), request_id: res.headers.get('x-request-id') },
  });
};

describe('GET /healthz', () => {
  it('answers 200 without a key, however often it is asked', async () => {
    for (let i = 0; i < LIMIT + 3; i++) {
      const res = await t.request('GET', '/healthz');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'ok' });
      expect(res.headers.get('x-ratelimit-limit')).toBeNull();
    }
  });
});

describe('GET /readyz', () => {
  it('answers 200 on a migrated database, without a key, however often it is asked', async () => {
    for (let i = 0; i < LIMIT + 3; i++) {
      const res = await t.request('GET', '/readyz');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'ready' });
    }
  });

  it('answers 503 naming the first committed migration the database lacks', async () => {
    const committed = await committedMigrations();
    const last = committed.at(-1)!;
    const [row] = await t.sql`delete from graphile_migrate.migrations where hash = ${last.hash} returning *`;
    try {
      const res = await t.request('GET', '/readyz');
      expectEnvelope(res, 503, 'INTERNAL_ERROR');
      expect(res.body.error.message).toBe(
        `Migrations behind: 1 of ${committed.length} committed migrations not applied (first: ${last.file})`,
      );
    } finally {
      await t.sql`insert into graphile_migrate.migrations ${t.sql(row!)}`;
    }
    expect((await t.request('GET', '/readyz')).status).toBe(200);
  });

  it('is not in the OpenAPI document', async () => {
    const paths = Object.keys((await t.request('GET', '/api/v1/openapi.json')).body.paths);
    expect(paths.filter((p) => ['/healthz', '/readyz', '/metrics'].includes(p))).toEqual([]);
  });
});

/** A TCP proxy to PostgreSQL that can be cut: then it drops its connections and accepts new ones without ever answering, as a hung server does. */
async function cuttableProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  let cut = false;
  const track = (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s)).on('error', () => {});
  };
  const server = net.createServer((client) => {
    track(client);
    if (cut) return;
    const upstream = net.connect(Number(target.port), target.hostname);
    track(upstream);
    client.pipe(upstream).pipe(client);
    upstream.on('close', () => client.destroy());
    client.on('close', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as net.AddressInfo).port);
  const destroyAll = () => sockets.forEach((s) => s.destroy());
  return {
    url: url.toString(),
    cut: () => {
      cut = true;
      destroyAll();
    },
    close: () => {
      destroyAll();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('an API whose database stops answering', () => {
  it('stays live, answers /readyz 503 within the 2 s deadline, still serves /metrics, and logs probes at debug only', async () => {
    const proxy = await cuttableProxy(new URL(t.databaseUrl));
    const sql = createSql(proxy.url, 2);
    const lines: { path?: string; msg?: string }[] = [];
    const logger = pino(
      { level: 'info' },
      new Writable({ write: (chunk, _, done) => (lines.push(JSON.parse(String(chunk))), done()) }),
    );
    const api = await startApi({ config: { ...t.config, METRICS_TOKEN: undefined }, logger, sql, port: 0 });
    const get = (path: string) => fetch(`http://127.0.0.1:${api.port}${path}`);
    try {
      expect((await get('/readyz')).status).toBe(200);
      expect((await get('/metrics')).status).toBe(200); // open: no METRICS_TOKEN
      expect((await get('/api/v1/openapi.json')).status).toBe(200);
      expect(lines.filter((l) => l.path !== undefined).map((l) => l.path)).toEqual(['/api/v1/openapi.json']);

      proxy.cut();
      // The first check may fail at once on the dropped connection; the next one waits on a
      // connection attempt nothing answers, and must give up at the deadline.
      for (const attempt of ['dropped', 'hung']) {
        const started = Date.now();
        const res = await get('/readyz');
        const elapsed = Date.now() - started;
        expect(res.status).toBe(503);
        const body = await res.json();
        expect(body).toEqual({
          error: {
            code: 'INTERNAL_ERROR',
            message: 'Database unreachable',
            request_id: res.headers.get('x-request-id'),
          },
        });
        if (attempt === 'hung') expect(elapsed).toBeGreaterThanOrEqual(1900);
        expect(elapsed).toBeLessThan(4000);
      }

      expect(await (await get('/healthz')).json()).toEqual({ status: 'ok' });
      const metrics = await get('/metrics');
      expect(metrics.status).toBe(200);
      const text = await metrics.text();
      expect(text).toContain('process_cpu_user_seconds_total');
      expect(text).not.toMatch(/^worker_queue_jobs\{/m); // no stale figures while unreadable
      expect(lines.some((l) => l.msg === 'not ready: database unreachable')).toBe(true);
    } finally {
      await api.close();
      await sql.end({ timeout: 1 });
      await proxy.close();
    }
  });
});
