import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, waitUntil, type TestContext, type Tenant } from './helpers/harness.ts';
import { enqueueJob } from '../storage/jobs.ts';
import { sample } from './helpers/promText.ts';

const TOKEN = 'metrics-token-0123456789';
let t: TestContext;
let tenant: Tenant;
beforeAll(async () => {
  t = await createTestContext({ METRICS_TOKEN: TOKEN, RATE_LIMIT_PER_MINUTE: '1000' });
  tenant = await t.tenant();
});
afterAll(() => t.close());

const scrape = async () => {
  const res = await t.request('GET', '/metrics', { key: TOKEN });
  expect(res.status).toBe(200);
  return res.text;
};
let n = 0;
const ik = () => ({ 'idempotency-key': `metrics-${++n}-${Math.random()}` });

describe('GET /metrics behind METRICS_TOKEN', () => {
  it.each([
    ['no', undefined],
    ['a wrong', 'Bearer metrics-token-0123456788'],
    ['an API key as', 'Bearer pk_aaaaaaaaaaaaaaaaaaaa_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
  ])('answers 401 in the error envelope with %s token', async (_, authorization) => {
    const res = await t.request('GET', '/metrics', { headers: authorization ? { authorization } : {} });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer /);
    expect(res.body).toEqual({
      error: { code: 'UNAUTHORIZED', message: expect.any(String), request_id: res.headers.get('x-request-id') },
    });
  });

  it('counts wrong tokens against the failed-auth limit per address; past it even the right token is refused unchecked', async () => {
    const limited = await createTestContext({
      METRICS_TOKEN: TOKEN,
      AUTH_FAILURE_LIMIT_PER_MINUTE: '3',
      TRUST_PROXY: '1',
    });
    try {
      const toNextMinute = 60_000 - (Date.now() % 60_000);
      if (toNextMinute < 5_000) await new Promise((r) => setTimeout(r, toNextMinute + 100));
      const from = (address: string, token: string) => ({
        headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': address },
      });
      // The right token does not use up the allowance.
      expect((await limited.request('GET', '/metrics', from('198.51.100.20', TOKEN))).status).toBe(200);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await limited.request('GET', '/metrics', from('198.51.100.20', `guess-${i}`))).status);
      expect(statuses).toEqual([401, 401, 401, 429]);
      const right = await limited.request('GET', '/metrics', from('198.51.100.20', TOKEN));
      expect(right.status).toBe(429);
      expect(right.body.error.code).toBe('RATE_LIMITED');
      expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await limited.request('GET', '/metrics', from('198.51.100.21', TOKEN))).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('answers the Prometheus text format, with the process metrics, to the token', async () => {
    const res = await t.request('GET', '/metrics', { key: TOKEN });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(sample(res.text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(res.text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });
});

describe('http_request_duration_seconds', () => {
  it('counts requests under their route template, method and status, never the raw path', async () => {
    const created = await t.request('POST', '/api/v1/leads', {
      key: tenant.key,
      body: { contact_name: 'Ann Roof' },
      headers: ik(),
    });
    expect(created.status).toBe(201);
    const id = created.body.lead.id;
    expect((await t.request('GET', `/api/v1/leads/${id}`, { key: tenant.key })).status).toBe(200);
    expect((await t.request('GET', '/api/v1/no-such-route/123')).status).toBe(404);
    const text = await scrape();
    const route = { route: '/api/v1/leads/:lead_id', method: 'GET', status: '200' };
    expect(sample(text, 'http_request_duration_seconds_count', route)).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(1);
    expect(
      sample(text, 'http_request_duration_seconds_count', { route: '/api/v1/leads', method: 'POST', status: '201' }),
    ).toBe(1);
    expect(
      sample(text, 'http_request_duration_seconds_count', { route: 'unmatched', method: 'GET', status: '404' }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(id);
    expect(text).not.toContain('no-such-route');
  });
});

describe('group_commit_batch_size', () => {
  it('observes the page views batch and the rate-limit hits batch', async () => {
    const before = sample(await scrape(), 'group_commit_batch_size_count', { commit: 'page_views' }) ?? 0;
    const res = await t.request('POST', '/api/v1/events/page-view', {
      key: tenant.key,
      body: { external_event_id: `pv-${Math.random()}`, session_id: 's-1', page_url: 'https://roofs.example.com/' },
      headers: ik(),
    });
    expect(res.status).toBe(201);
    const text = await scrape();
    expect(sample(text, 'group_commit_batch_size_count', { commit: 'page_views' })).toBe(before + 1);
    expect(sample(text, 'group_commit_batch_size_sum', { commit: 'page_views' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'group_commit_batch_size_count', { commit: 'rate_limit_hits' })).toBeGreaterThanOrEqual(1);
  });
});

describe('db_pool_*', () => {
  it("shows the pool's size and its open connections", async () => {
    const text = await scrape();
    expect(sample(text, 'db_pool_max_connections')).toBe(10); // the harness's pool
    const open = ['active', 'idle', 'idle_in_transaction'].map((state) =>
      sample(text, 'db_pool_connections', { state })!,
    );
    expect(open.every((n) => n >= 0)).toBe(true);
    expect(open.reduce((a, b) => a + b)).toBeGreaterThanOrEqual(1);
    expect(open.reduce((a, b) => a + b)).toBeLessThanOrEqual(10);
  });
});

// In this order: the queue is counted before a worker runs anything.
describe('worker_queue_jobs', () => {
  it('counts the queue at scrape time: ready, scheduled, running, orphaned and failed', async () => {
    await enqueueJob(t.sql, 'cleanup', {});
    await enqueueJob(t.sql, 'cleanup', {}, { runAt: new Date(Date.now() + 3_600_000) });
    await enqueueJob(t.sql, 'cleanup', {}, { maxAttempts: 1 });
    await enqueueJob(t.sql, 'cleanup', {});
    await enqueueJob(t.sql, 'cleanup', {});
    const ids = (await t.sql<{ id: string }[]>`select id::text from graphile_worker.jobs order by id`).map((r) => r.id);
    // Shaped as graphile-worker leaves them: a job out of attempts, one locked now, one locked by a worker long gone.
    await t.sql`update graphile_worker._private_jobs set attempts = 1, last_error = 'boom' where id = ${ids[2]!}`;
    await t.sql`update graphile_worker._private_jobs set locked_at = now(), locked_by = 'alive', attempts = 1 where id = ${ids[3]!}`;
    await t.sql`update graphile_worker._private_jobs set locked_at = now() - interval '10 minutes', locked_by = 'gone', attempts = 1 where id = ${ids[4]!}`;
    try {
      const text = await scrape();
      const state = (s: string) => sample(text, 'worker_queue_jobs', { state: s });
      expect(['ready', 'scheduled', 'running', 'orphaned', 'failed'].map(state)).toEqual([1, 1, 1, 1, 1]);
    } finally {
      await t.sql`delete from graphile_worker._private_jobs where id = any(${ids}::bigint[])`;
    }
  });
});

describe('worker_job_duration_seconds', () => {
  it('counts job attempts by task and outcome, and jobs that failed for good', async () => {
    await t.startWorker();
    await enqueueJob(t.sql, 'cleanup', {});
    // A payload its task refuses: the job fails, and with one attempt it fails for good.
    await enqueueJob(t.sql, 'webhook_event_render', { workspace_id: '', event_id: '' }, { maxAttempts: 1 });
    let text = '';
    // graphile-worker reports a failure before its update of the job commits, so the queue's
    // count of failed jobs can trail the failure counter by a moment.
    const ran = async () => {
      text = await scrape();
      return (
        sample(text, 'worker_jobs_failed_for_good_total', { task: 'webhook_event_render' }) === 1 &&
        sample(text, 'worker_job_duration_seconds_count', { task: 'cleanup', outcome: 'success' }) === 1 &&
        sample(text, 'worker_queue_jobs', { state: 'failed' }) === 1
      );
    };
    expect(await waitUntil(ran, 15_000, 200)).toBe(true);
    expect(
      sample(text, 'worker_job_duration_seconds_count', { task: 'webhook_event_render', outcome: 'failure' }),
    ).toBe(1);
    expect(
      sample(text, 'worker_job_duration_seconds_bucket', { task: 'cleanup', outcome: 'success', le: '+Inf' }),
    ).toBe(1);
    expect(sample(text, 'worker_queue_jobs', { state: 'ready' })).toBe(0);
  });
});
