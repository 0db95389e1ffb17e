import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers/harness.ts';
import { leadAt } from './helpers/analytics.ts';
import { createLogger } from '../core/logger.ts';
import { enqueueJob } from '../storage/jobs.ts';
import { crontab } from '../worker/crontab.ts';
import spendRollup from '../tasks/spend_rollup.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ RATE_LIMIT_PER_MINUTE: '10000' });
});
afterAll(() => t.close());

const deps = () => ({
  sql: t.sql,
  logger: createLogger('silent'),
  config: t.config,
  blobs: undefined as never,
  segmenter: undefined as never,
});
const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
const cached = (workspaceId: string) =>
  t.sql<{ timezone: string; days: number }[]>`
    select timezone, count(*)::int as days from analytics_days where workspace_id = ${workspaceId} group by timezone order by timezone`;

/** Waits until the oldest open transaction in the cluster began after the workspace's logged changes. */
async function settledPast(workspaceId: string) {
  for (let tries = 0; tries < 200; tries++) {
    const [{ past }] = await t.sql<{ past: boolean }[]>`
      select coalesce(max(xid) < pg_snapshot_xmin(pg_current_snapshot()), true) as past
      from analytics_changes where workspace_id = ${workspaceId}`;
    if (past) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('a transaction older than the test writes stayed open for 10 s');
}

describe('the nightly task warms the analytics day cache', () => {
  it('fills the last 90 settled days in every time zone a workspace is read in, and the morning read computes none', async () => {
    const reader = await t.tenant();
    for (const n of [3, 20, 45, 80])
      await leadAt(t, reader, day(n), { attribution: { source: 'google', campaign: 'spring' } });
    const read = (range: string, timezone: string) =>
      t.request('GET', `/api/v1/lead-sources?${range}&timezone=${timezone}`, { key: reader.key });
    // A read of two days in Kolkata is how the cache learns the workspace's time zone.
    expect((await read(`from=${day(10)}&to=${day(8)}`, 'Asia/Kolkata')).status).toBe(200);

    // At 02:30 no transaction older than yesterday's writes is open. Here other test files share
    // the cluster, and a transaction of theirs still open would make the warmed days (rightly)
    // unsure of these writes, so the warm-up waits until every open transaction is younger.
    await settledPast(reader.workspaceId);
    await spendRollup(deps())({}, {} as never);
    const warmed = await cached(reader.workspaceId);
    expect(warmed.map((r) => r.timezone)).toEqual(['Asia/Kolkata', 'UTC']);
    for (const r of warmed) expect(r.days).toBeGreaterThanOrEqual(89);

    const range = `from=${day(90)}&to=${new Date().toISOString()}`;
    const [{ newest }] = await t.sql`select max(id)::int as newest from analytics_days`;
    const morning = await read(range, 'Asia/Kolkata');
    expect(morning.status).toBe(200);
    // Nothing was computed for the morning's read: every whole day it needed was cached.
    const [{ filled }] =
      await t.sql`select count(*)::int as filled from analytics_days where id > ${newest} and workspace_id = ${reader.workspaceId}`;
    expect(filled).toBe(0);
    expect(morning.body.summary.lead_count).toBe(4);
    // And the cached answer is the one a fresh computation gives.
    await t.sql`delete from analytics_days where workspace_id = ${reader.workspaceId}`;
    expect((await read(range, 'Asia/Kolkata')).body).toEqual(morning.body);
  });

  it('runs as a graphile-worker job, scheduled nightly with backfill', async () => {
    expect(crontab).toMatch(/^30 2 \* \* \* spend_rollup \?.*fill=2d/m);
    const tenant = await t.tenant();
    await leadAt(t, tenant, day(5), { attribution: { source: 'google' } });
    expect(await cached(tenant.workspaceId)).toEqual([]);
    await t.startWorker();
    await enqueueJob(t.sql, 'spend_rollup', {});
    const deadline = Date.now() + 15_000;
    let rows: { timezone: string; days: number }[] = [];
    while (!rows.length && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      rows = await cached(tenant.workspaceId);
    }
    expect(rows).toEqual([{ timezone: 'UTC', days: expect.any(Number) }]);
    expect(rows[0]!.days).toBeGreaterThanOrEqual(89);
  });
});
