import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers/harness.ts';
import { expectMatchesSpec } from './helpers/openapi.ts';
import { RateLimitCounter, RateLimitLeases } from '../storage/rateLimits.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ RATE_LIMIT_PER_MINUTE: '3', AUTH_FAILURE_LIMIT_PER_MINUTE: '2' });
});
afterAll(() => t.close());

// Windows are clock minutes: start each test well inside one so it cannot straddle two.
beforeEach(async () => {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 50_000) await new Promise((r) => setTimeout(r, 60_500 - intoMinute));
});

describe('rate limits', () => {
  it('gives every hit its own position, including hits that wait for a flush in flight', async () => {
    const counter = new RateLimitCounter(t.sql);
    const window = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    const bucket = `counter-test-${Date.now()}`;
    const first = Array.from({ length: 20 }, () => counter.hit(bucket, window));
    await new Promise((r) => setImmediate(r)); // the first flush has left; these wait for the next
    const second = Array.from({ length: 30 }, () => counter.hit(bucket, window));
    const positions = await Promise.all([...first, ...second]);
    expect(positions.slice(0, 20).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(positions.slice(20).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 21));
    const [row] = await t.sql`select count from rate_limit_counters where bucket = ${bucket}`;
    expect(row!.count).toBe(50);
  });

  /** A counter that notes its round trips: each hit() call is one upsert (or a share of one). */
  function countingCounter() {
    const counter = new RateLimitCounter(t.sql);
    const calls = { n: 0 };
    const hit = counter.hit.bind(counter);
    counter.hit = (bucket, window, n) => (calls.n++, hit(bucket, window, n));
    return { counter, calls };
  }

  const takeAll = async (leases: RateLimitLeases, bucket: string, limit: number, hits: number) => {
    const windowStart = Math.floor(Date.now() / 60_000) * 60_000;
    const outcomes = await Promise.allSettled(
      Array.from({ length: hits }, async () => leases.take(bucket, limit, windowStart, () => new Error('full'))),
    );
    return outcomes.filter((o) => o.status === 'fulfilled').length;
  };

  it('answers hits of a busy key from a lease, with a round trip for many at a time, never past the limit', async () => {
    const { counter, calls } = countingCounter();
    const leases = new RateLimitLeases(counter);
    const bucket = `lease-test-${Date.now()}`;
    const windowStart = Math.floor(Date.now() / 60_000) * 60_000;
    let answered = 0;
    for (let i = 0; i < 2000; i++) {
      await leases.take(bucket, 1_000_000, windowStart, () => new Error('full'));
      answered++;
    }
    expect(answered).toBe(2000);
    // The lease grows with the hits of the last second: far fewer round trips than hits.
    expect(calls.n).toBeLessThan(100);
    const [row] = await t.sql<{ count: number }[]>`select count from rate_limit_counters where bucket = ${bucket}`;
    expect(row!.count).toBeGreaterThanOrEqual(2000);
  });

  it('never answers more than the limit over two processes taking hits at once, and counts the hits of a small limit one by one', async () => {
    const { counter: a, calls } = countingCounter();
    const b = new RateLimitCounter(t.sql);
    const [first, second] = [new RateLimitLeases(a), new RateLimitLeases(b)];
    const bucket = `lease-pair-${Date.now()}`;
    const answered = await Promise.all([takeAll(first, bucket, 500, 800), takeAll(second, bucket, 500, 800)]);
    expect(answered[0]! + answered[1]!).toBe(500);
    expect(calls.n).toBeGreaterThan(0);
    // A small limit, hits in turn: each claims one, so a hit a process never uses is never counted.
    const slow = `lease-slow-${Date.now()}`;
    const served: number[] = [];
    for (let i = 0; i < 12; i++) served.push(await takeAll(i % 2 ? first : second, slow, 10, 1));
    expect(served).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0]);
  });

  it('allows the limit per key and route, then answers 429 with Retry-After', async () => {
    const { key } = await t.tenant();
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await t.request('GET', '/api/v1/me', { key });
      expect(res.status).toBe(200);
      remaining.push(res.headers.get('x-ratelimit-remaining')!);
      expect(new Date(res.headers.get('x-ratelimit-reset')!).getTime() % 60_000).toBe(0);
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const limited = await t.request('GET', '/api/v1/me', { key });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(limited.headers.get('x-ratelimit-limit')).toBe('3');
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    await expectMatchesSpec(t, 'GET', '/api/v1/me', limited);
  });

  it('counts each route template separately', async () => {
    const { key } = await t.tenant();
    for (let i = 0; i < 3; i++) expect((await t.request('GET', '/api/v1/me', { key })).status).toBe(200);
    expect((await t.request('GET', '/api/v1/me', { key })).status).toBe(429);
    expect((await t.request('GET', '/api/v1/pipeline/stages', { key })).status).toBe(200);
  });

  it('counts each key separately', async () => {
    const a = await t.tenant();
    const b = await t.tenant();
    for (let i = 0; i < 4; i++) await t.request('GET', '/api/v1/me', { key: a.key });
    expect((await t.request('GET', '/api/v1/me', { key: b.key })).status).toBe(200);
  });

  it('limits invalid authentication per client and endpoint, apart from valid keys', async () => {
    const bad = { authorization: 'Bearer pk_zzzzzzzzzzzzzzzzzzzz_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' };
    expect((await t.request('GET', '/api/v1/leads', { headers: bad })).status).toBe(401);
    expect((await t.request('GET', '/api/v1/leads', { headers: bad })).status).toBe(401);
    const limited = await t.request('GET', '/api/v1/leads', { headers: bad });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
    expect(limited.headers.get('retry-after')).toBeTruthy();
    // another endpoint has its own invalid-auth bucket
    expect((await t.request('GET', '/api/v1/pipeline/stages', { headers: bad })).status).toBe(401);
    // a valid key still works on the limited endpoint
    const { key } = await t.tenant();
    expect((await t.request('GET', '/api/v1/leads', { key })).status).toBe(200);
  });

  it('shares counts across API processes through PostgreSQL', async () => {
    const { key } = await t.tenant();
    const { startApi } = await import('../api/server.ts');
    const { createLogger } = await import('../core/logger.ts');
    const second = await startApi({ config: t.config, logger: createLogger('silent'), sql: t.sql, port: 0 });
    try {
      for (let i = 0; i < 2; i++) expect((await t.request('GET', '/api/v1/me', { key })).status).toBe(200);
      const other = await fetch(`http://127.0.0.1:${second.port}/api/v1/me`, {
        headers: { authorization: `Bearer ${key}` },
      });
      expect(other.status).toBe(200);
      const limited = await fetch(`http://127.0.0.1:${second.port}/api/v1/me`, {
        headers: { authorization: `Bearer ${key}` },
      });
      expect(limited.status).toBe(429);
    } finally {
      await second.close();
    }
  });
});
