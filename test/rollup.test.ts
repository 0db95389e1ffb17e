import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createTestContext, type TestContext, type Tenant } from './harness.ts';
import { comms, importSpend, leadAt } from './fixtures/analytics/helpers.ts';
import { createLogger } from '../core/logger.ts';
import { enqueueJob } from '../storage/jobs.ts';
import { listDailyRollups } from '../storage/rollups.ts';
import { crontab } from '../worker/crontab.ts';
import spendRollup, { pendingDays, runSpendRollup } from '../tasks/spend_rollup.ts';

const exec = promisify(execFile);
let t: TestContext;
let tenant: Tenant;
let other: Tenant;
beforeAll(async () => {
  t = await createTestContext({ RATE_LIMIT_PER_MINUTE: '10000' });
  tenant = await t.tenant();
  other = await t.tenant();
  const l1 = await leadAt(
    t,
    tenant,
    '2026-01-02T10:00:00Z',
    { attribution: { source: 'google', campaign: 'spring' } },
    { stages: ['sold'] },
  );
  await leadAt(t, tenant, '2026-01-02T23:59:59Z', { attribution: { source: 'google', campaign: 'spring' } });
  await leadAt(t, tenant, '2026-01-03T00:00:00Z', { attribution: { source: 'google', campaign: 'spring' } });
  await leadAt(t, tenant, '2026-01-02T05:00:00Z', {});
  await comms(t, tenant, l1, [
    {
      channel: 'call',
      direction: 'inbound',
      status: 'answered',
      started_at: '2026-01-02T11:00:00Z',
      duration_seconds: 10,
    },
    { channel: 'sms', direction: 'inbound', status: 'received', started_at: '2026-01-02T12:00:00Z' },
    { channel: 'sms', direction: 'inbound', status: 'received', started_at: '2026-01-02T13:00:00Z', approved: false },
  ]);
  await importSpend(t, tenant.workspaceId, join(import.meta.dirname, 'fixtures/analytics/spend.csv'));
  await leadAt(t, other, '2026-01-02T10:00:00Z', { attribution: { source: 'google', campaign: 'spring' } });
});
afterAll(() => t.close());

const deps = () => ({ sql: t.sql, logger: createLogger('silent'), config: t.config, blobs: undefined as never });

describe('spend_rollup task', () => {
  it('materialises daily spend, lead, conversion, form and communication counts per workspace, source and campaign', async () => {
    await spendRollup(deps())({ date: '2026-01-02' }, {} as never);
    const rows = await listDailyRollups(t.sql, tenant.workspaceId, '2026-01-02', '2026-01-02');
    const base = {
      workspace_id: tenant.workspaceId,
      day: '2026-01-02',
      form_count: 0,
      automated_spend_cents: 0,
      other_costs_cents: 0,
      lead_count: 0,
      conversion_count: 0,
      call_count: 0,
      sms_count: 0,
    };
    expect(rows).toEqual([
      { ...base, source: null, campaign: null, lead_count: 1 },
      { ...base, source: 'facebook', campaign: 'spring', automated_spend_cents: 3 },
      {
        ...base,
        source: 'google',
        campaign: 'spring',
        automated_spend_cents: 3000,
        lead_count: 2,
        conversion_count: 1,
        call_count: 1,
        sms_count: 1,
      },
      { ...base, source: 'tiktok', campaign: null, other_costs_cents: 999 },
    ]);
    // The rollup and the live API agree on the same UTC day.
    const live = await t.request('GET', '/api/v1/lead-sources?from=2026-01-02T00:00:00Z&to=2026-01-03T00:00:00Z', {
      key: tenant.key,
    });
    expect(live.body.summary.total_spend_cents).toBe(
      rows.reduce((s, r) => s + r.automated_spend_cents + r.other_costs_cents, 0),
    );
    expect(live.body.summary.lead_count).toBe(rows.reduce((s, r) => s + r.lead_count, 0));
    const theirs = await listDailyRollups(t.sql, other.workspaceId, '2026-01-02', '2026-01-02');
    expect(theirs.map((r) => [r.source, r.lead_count])).toEqual([['google', 1]]);
  });

  it('is idempotent: re-running a day gives the same rows, and reflects changed data', async () => {
    await runSpendRollup(t.sql, { date: '2026-01-02' });
    const first = await listDailyRollups(t.sql, tenant.workspaceId, '2026-01-02', '2026-01-02');
    await runSpendRollup(t.sql, { date: '2026-01-02' });
    await runSpendRollup(t.sql, { date: '2026-01-02' });
    expect(await listDailyRollups(t.sql, tenant.workspaceId, '2026-01-02', '2026-01-02')).toEqual(first);
    const [{ n }] = await t.sql`select count(*)::int as n from attribution_daily where day = '2026-01-02'`;
    expect(n).toBe(first.length + 1);
  });

  it('backfills every day missed since the last completed run, through yesterday', async () => {
    await runSpendRollup(t.sql, { date: '2026-01-04' });
    const now = new Date('2026-01-08T02:30:00Z');
    expect(await pendingDays(t.sql, now)).toEqual(['2026-01-05', '2026-01-06', '2026-01-07']);
    const result = await runSpendRollup(t.sql, { now });
    expect(result.days).toEqual(['2026-01-05', '2026-01-06', '2026-01-07']);
    const runs = await t.sql`select day::text as day from attribution_rollup_runs order by day`;
    expect(runs.map((r) => r.day)).toEqual(['2026-01-02', '2026-01-04', '2026-01-05', '2026-01-06', '2026-01-07']);
    // google/fall spend starts on 10 January: nothing before; facebook spend ended on the 4th.
    const days = await listDailyRollups(t.sql, tenant.workspaceId, '2026-01-05', '2026-01-07');
    expect(days.filter((r) => r.source === 'google').map((r) => [r.day, r.automated_spend_cents])).toEqual([
      ['2026-01-05', 3000],
    ]);
    // A night after a completed run only redoes yesterday.
    expect(await pendingDays(t.sql, new Date('2026-01-08T23:00:00Z'))).toEqual(['2026-01-07']);
  });

  it('runs as a graphile-worker job and is scheduled nightly with backfill', async () => {
    expect(crontab).toMatch(/^30 2 \* \* \* spend_rollup \?.*fill=2d/m);
    await t.sql`delete from attribution_daily where day = '2026-01-03'`;
    await t.startWorker();
    await enqueueJob(t.sql, 'spend_rollup', { date: '2026-01-03' });
    const deadline = Date.now() + 15_000;
    let rows: Awaited<ReturnType<typeof listDailyRollups>> = [];
    while (!rows.length && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      rows = await listDailyRollups(t.sql, tenant.workspaceId, '2026-01-03', '2026-01-03');
    }
    expect(rows.find((r) => r.source === 'google' && r.campaign === 'spring')).toMatchObject({
      lead_count: 1,
      automated_spend_cents: 3000,
    });
  });

  it('runs by hand with admin rollup run --date, and rejects a bad date', async () => {
    const run = async (...args: string[]) => {
      try {
        const { stdout } = await exec(
          process.execPath,
          ['--import', 'tsx', 'cli/admin.ts', 'rollup', 'run', ...args, '--json'],
          {
            cwd: join(import.meta.dirname, '..'),
            env: { ...process.env, DATABASE_URL: t.databaseUrl, LOG_LEVEL: 'silent' },
          },
        );
        return { code: 0, stdout, stderr: '' };
      } catch (err) {
        return err as { code: number; stdout: string; stderr: string };
      }
    };
    const ok = await run('--date', '2026-01-10');
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toEqual({ days: ['2026-01-10'], rows: 1 });
    const bad = await run('--date', '9 Jan');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--date must be a YYYY-MM-DD day');
  });
});

describe('the nightly rollup warms the analytics day cache', () => {
  it('fills the last 90 settled days in every time zone a workspace is read in, and the morning read computes none', async () => {
    const reader = await t.tenant();
    const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
    for (const n of [3, 20, 45, 80])
      await leadAt(t, reader, day(n), { attribution: { source: 'google', campaign: 'spring' } });
    const read = (range: string, timezone: string) =>
      t.request('GET', `/api/v1/lead-sources?${range}&timezone=${timezone}`, { key: reader.key });
    // A read of two days in Kolkata is how the cache learns the workspace's time zone.
    expect((await read(`from=${day(10)}&to=${day(8)}`, 'Asia/Kolkata')).status).toBe(200);
    const cached = async () =>
      t.sql<{ timezone: string; days: number }[]>`
        select timezone, count(*)::int as days from analytics_days where workspace_id = ${reader.workspaceId} group by timezone order by timezone`;

    await spendRollup(deps())({}, {} as never);
    const warmed = await cached();
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
});
