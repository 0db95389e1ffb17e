import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestContext, waitUntil, type TestContext, type Tenant } from './helpers/harness.ts';
import { comms, importSpend, leadAt } from './helpers/analytics.ts';
import type { TransactionSql } from 'postgres';
import { compactAnalyticsCache } from '../storage/analyticsCache.ts';

// The day cache behind the analytics endpoints: whole past days are read from it, and every
// answer must be the one a fresh computation gives, whatever changed since a day was cached.
let t: TestContext;
let tenant: Tenant;
let dir: string;
let n = 0;
const lead: Record<string, string> = {};
let stageId: Record<string, string>;

// Ranges over March 2026 whose ends are not at midnight: the United States move to daylight
// time on 8 March (a 23-hour day in Los Angeles), and Kolkata is UTC+05:30.
const RANGES = {
  utc: 'from=2026-03-01T06:00:00Z&to=2026-03-14T18:00:00Z',
  losAngeles: 'from=2026-03-01T12:00:00Z&to=2026-03-13T12:34:56Z&timezone=America/Los_Angeles',
  kolkata: 'from=2026-03-01T02:00:00Z&to=2026-03-12T20:00:00Z&timezone=Asia/Kolkata',
};
const PATHS = [
  '/api/v1/lead-sources',
  '/api/v1/lead-sources/google',
  '/api/v1/campaigns',
  '/api/v1/campaigns/spring/metrics',
];

const get = (path: string) => t.request('GET', path, { key: tenant.key });
const write = (method: string, path: string, body: unknown) =>
  t.request(method, path, { key: tenant.key, body, headers: { 'idempotency-key': `ik-cache-${++n}` } });
const forget = () => t.sql`delete from analytics_days where workspace_id = ${tenant.workspaceId}`;
const cachedDays = (timezone: string) =>
  t.sql<{ id: number; day: string; hours: number }[]>`
    select id, day::text as day, extract(epoch from hi - lo)::int / 3600 as hours from analytics_days
    where workspace_id = ${tenant.workspaceId} and timezone = ${timezone} order by day`;
const changeCount = async () =>
  (
    await t.sql<
      { n: number }[]
    >`select count(*)::int as n from analytics_changes where workspace_id = ${tenant.workspaceId}`
  )[0]!.n;

/**
 * Waits until no transaction in the cluster is older than this workspace's last logged change.
 * Other test files run in other databases of the same cluster, and a transaction of theirs that
 * was already running holds every snapshot's xmin back: a day computed meanwhile is (rightly)
 * never trusted, so a test that expects to read the cache waits for them first.
 */
async function settled() {
  const past = async () =>
    (
      await t.sql<{ ok: boolean }[]>`
      select pg_snapshot_xmin(pg_current_snapshot()) > coalesce(max(xid), '0'::xid8) as ok
      from analytics_changes where workspace_id = ${tenant.workspaceId}`
    )[0]!.ok;
  if (!(await waitUntil(past, 30_000, 50)))
    throw new Error('a transaction elsewhere in the cluster stayed open for 30 s');
}

/** The four endpoints' answers over a range, byte for byte. */
const answers = (range: string) => Promise.all(PATHS.map(async (p) => (await get(`${p}?${range}`)).text));

/**
 * The answers over every range now (from the cache as it stands) equal the answers computed
 * afresh with the cache emptied; returns the UTC lead-sources answer.
 */
async function expectFresh() {
  const cached = await Promise.all(Object.values(RANGES).map(answers));
  await forget();
  const fresh = await Promise.all(Object.values(RANGES).map(answers));
  expect(cached).toEqual(fresh);
  return JSON.parse(cached[0]![0]!);
}

const sourceRow = (body: any, key: string) => body.lead_sources.find((r: any) => r.key === key)?.metrics;

beforeAll(async () => {
  t = await createTestContext({ RATE_LIMIT_PER_MINUTE: '100000' });
  tenant = await t.tenant();
  dir = await mkdtemp(join(tmpdir(), 'analytics-cache-'));
  stageId = Object.fromEntries(
    (
      await t.sql<
        { id: string; key: string }[]
      >`select id, key from pipeline_stages where workspace_id = ${tenant.workspaceId}`
    ).map((s) => [s.key, s.id]),
  );
  const at = (
    name: string,
    created: string,
    input: Parameters<typeof leadAt>[3],
    path?: Parameters<typeof leadAt>[4],
  ) => leadAt(t, tenant, created, input, path).then((id) => (lead[name] = id));
  await at(
    'spring',
    '2026-03-02T10:00:00Z',
    { attribution: { source: 'google', medium: 'cpc', campaign: 'spring' } },
    { stages: ['contacted'] },
  );
  await at('fall', '2026-03-03T23:30:00Z', { attribution: { source: 'google', medium: 'cpc', campaign: 'fall' } });
  await at(
    'sold',
    '2026-03-04T12:00:00Z',
    { sales_value: 1500.25, attribution: { source: 'google', campaign: 'spring' } },
    { stages: ['quoted', 'sold'], convertedAfterSeconds: 172_800 },
  );
  await at('night', '2026-03-05T18:45:00Z', { contact_name: 'No source' }); // 00:15 on 6 March in Kolkata
  await at('dst1', '2026-03-08T09:30:00Z', { attribution: { source: 'facebook', campaign: 'spring' } }); // 01:30 PST, before the jump
  await at(
    'dst2',
    '2026-03-08T11:00:00Z',
    { attribution: { source: 'facebook', medium: 'social' } },
    { stages: ['appointment_set'] },
  ); // 04:00 PDT
  await at('late', '2026-03-10T07:30:00Z', { attribution: { source: 'google', campaign: 'spring' } }); // 00:30 PDT on 10 March
  await at('edge', '2026-03-14T17:00:00Z', { attribution: { source: 'google', campaign: 'spring' } }); // in the UTC range's partial last day
  await comms(t, tenant, lead.spring!, [
    {
      channel: 'call',
      direction: 'inbound',
      status: 'answered',
      started_at: '2026-03-02T11:00:00Z',
      duration_seconds: 90,
    },
    { channel: 'call', direction: 'inbound', status: 'missed', started_at: '2026-03-06T15:00:00Z' },
    { channel: 'sms', direction: 'inbound', status: 'received', started_at: '2026-03-02T12:00:00Z', thread_id: 'T1' },
    { channel: 'sms', direction: 'outbound', status: 'delivered', started_at: '2026-03-03T08:00:00Z', thread_id: 'T1' },
  ]);
  // A thread that runs past the end of every range, and one of a lead on the last whole days.
  await comms(t, tenant, lead.dst1!, [
    { channel: 'sms', direction: 'inbound', status: 'received', started_at: '2026-03-08T10:00:00Z' },
    { channel: 'sms', direction: 'outbound', status: 'delivered', started_at: '2026-03-20T10:00:00Z' },
  ]);
  await comms(t, tenant, lead.late!, [
    { channel: 'sms', direction: 'inbound', status: 'received', started_at: '2026-03-10T08:00:00Z' },
    { channel: 'sms', direction: 'outbound', status: 'delivered', started_at: '2026-03-14T17:30:00Z' },
    {
      channel: 'call',
      direction: 'outbound',
      status: 'answered',
      started_at: '2026-03-14T17:45:00Z',
      duration_seconds: 30,
    },
  ]);
  for (const [day, source, campaign] of [
    ['2026-03-02T09:00:00Z', 'google', 'spring'],
    ['2026-03-08T10:15:00Z', 'facebook', 'summer'],
    ['2026-03-14T17:59:00Z', 'google', 'spring'],
  ]) {
    await write('POST', '/api/v1/events/form-submission', {
      external_event_id: `f-${++n}`,
      session_id: `s-${n}`,
      occurred_at: day,
      attribution_params: { source, campaign },
    });
  }
  await spend(
    'google,cpc,spring,automated,100003,USD,2026-02-27T05:17:00Z,2026-03-21T05:17:00Z\nfacebook,,summer,other,7777,USD,2026-03-07T00:00:00Z,2026-03-09T00:00:00Z',
  );
});
afterAll(() => t.close());

async function spend(rows: string) {
  const file = join(dir, `spend-${++n}.csv`);
  await writeFile(file, `source,medium,campaign,kind,amount_cents,currency,starts_at,ends_at\n${rows}\n`);
  await importSpend(t, tenant.workspaceId, file);
}

describe('analytics day cache', () => {
  it('stores the whole past days of a range, including 23-hour and half-hour-offset days, and reads them back', async () => {
    await settled();
    const before = await get(`/api/v1/lead-sources?${RANGES.utc}`);
    // 2 to 13 March are whole days of the UTC range; 1 and 14 March are partial and computed live.
    expect((await cachedDays('UTC')).map((d) => d.day)).toEqual(
      Array.from({ length: 12 }, (_, i) => `2026-03-${String(i + 2).padStart(2, '0')}`),
    );
    await get(`/api/v1/lead-sources?${RANGES.losAngeles}`);
    const la = await cachedDays('America/Los_Angeles');
    expect(la.map((d) => [d.day, d.hours]).filter(([, hours]) => hours !== 24)).toEqual([['2026-03-08', 23]]);
    await get(`/api/v1/lead-sources?${RANGES.kolkata}`);
    expect((await cachedDays('Asia/Kolkata')).length).toBe(11);

    // Counting a lead that is not there in one cached row changes the next answer: it comes from the cache.
    await t.sql`
      update analytics_day_leads set lead_count = lead_count + 1000
      where (day_id, grain) = (select id, 1 from analytics_days where workspace_id = ${tenant.workspaceId} and timezone = 'UTC' and day = '2026-03-02')
        and source = 'google'`;
    const tampered = await get(`/api/v1/lead-sources?${RANGES.utc}`);
    await forget(); // before asserting: a tampered day left behind would fail every later test
    expect(tampered.body.summary.lead_count).toBe(before.body.summary.lead_count + 1000);
    expect((await get(`/api/v1/lead-sources?${RANGES.utc}`)).text).toBe(before.text);
  });

  it('computes a day alike from the cache and live, as the partial first or last day of a range', async () => {
    // Ranges of whole local days (their first and last days cached), and the same ranges one
    // millisecond shorter at each end (those days partial, so computed live).
    const aligned = [
      'from=2026-03-02T00:00:00Z&to=2026-03-14T00:00:00Z',
      'from=2026-03-02T08:00:00Z&to=2026-03-13T07:00:00Z&timezone=America/Los_Angeles',
      'from=2026-03-08T08:00:00Z&to=2026-03-09T07:00:00Z&timezone=America/Los_Angeles',
      'from=2026-03-01T18:30:00Z&to=2026-03-12T18:30:00Z&timezone=Asia/Kolkata',
    ];
    for (const range of aligned) {
      const q = new URLSearchParams(range);
      const inner = new URLSearchParams(q);
      inner.set('from', new Date(Date.parse(q.get('from')!) + 1).toISOString());
      inner.set('to', new Date(Date.parse(q.get('to')!) - 1).toISOString());
      const timezone = q.get('timezone') ?? 'UTC';
      const whole = (await get(`/api/v1/lead-sources?${q}`)).body;
      const days =
        await t.sql`select 1 from analytics_days where workspace_id = ${tenant.workspaceId} and timezone = ${timezone}
                                 and lo = ${q.get('from')!}::timestamptz`;
      expect(days, range).toHaveLength(1);
      const partial = (await get(`/api/v1/lead-sources?${inner}`)).body;
      expect({ ...partial, range: null }, range).toEqual({ ...whole, range: null });
    }
  });

  it('shows every kind of change under cached days at once, equal to a fresh computation', async () => {
    let body = await expectFresh();
    const google = () => sourceRow(body, 'google');
    const start = google();

    expect((await write('PATCH', `/api/v1/leads/${lead.spring}`, { status_stage_id: stageId.sold })).status).toBe(200);
    body = await expectFresh();
    expect(google().conversion_count).toBe(start.conversion_count + 1);

    expect(
      (await write('PATCH', `/api/v1/leads/${lead.fall}`, { marketing_attribution_overrides: { source: 'bing' } }))
        .status,
    ).toBe(200);
    body = await expectFresh();
    expect(google().lead_count).toBe(start.lead_count - 1);
    expect(sourceRow(body, 'bing').lead_count).toBe(1);

    expect((await write('DELETE', `/api/v1/leads/${lead.late}`, {})).status).toBe(200);
    body = await expectFresh();
    expect(google().lead_count).toBe(start.lead_count - 2);

    const calls = google().call_count;
    await comms(t, tenant, lead.sold!, [
      {
        channel: 'call',
        direction: 'inbound',
        status: 'answered',
        started_at: '2026-03-05T10:00:00Z',
        duration_seconds: 60,
      },
    ]);
    body = await expectFresh();
    expect(google().call_count).toBe(calls + 1);

    // Another lead's SMS in thread T1 makes the thread span two leads and days.
    const sms = google().sms_inbound_count;
    const threads = google().sms_inbound_thread_count;
    await comms(t, tenant, lead.sold!, [
      { channel: 'sms', direction: 'inbound', status: 'received', started_at: '2026-03-04T13:00:00Z', thread_id: 'T1' },
    ]);
    body = await expectFresh();
    expect(google().sms_inbound_count).toBe(sms + 1);
    expect(google().sms_inbound_thread_count).toBe(threads);

    const forms = google().form_count;
    await write('POST', '/api/v1/events/form-submission', {
      external_event_id: `f-${++n}`,
      session_id: `s-${n}`,
      occurred_at: '2026-03-09T12:00:00Z',
      attribution_params: { source: 'google', campaign: 'spring' },
    });
    body = await expectFresh();
    expect(google().form_count).toBe(forms + 1);

    const cents = google().total_spend_cents;
    await spend('google,,spring,other,4200,USD,2026-03-05T00:00:00Z,2026-03-06T00:00:00Z');
    body = await expectFresh();
    expect(google().total_spend_cents).toBe(cents + 4200);

    expect((await write('PATCH', `/api/v1/leads/${lead.sold}`, { sales_value: 99 })).status).toBe(200);
    body = await expectFresh();
    expect(google().revenue_cents).toBe(9900);
  });

  it('logs nothing for new leads, forms happening now and page views', async () => {
    const before = await changeCount();
    expect(
      (await write('POST', '/api/v1/leads', { contact_phone: '2125550999', attribution: { source: 'google' } })).status,
    ).toBe(201);
    await write('POST', '/api/v1/events/form-submission', {
      external_event_id: `f-${++n}`,
      session_id: `s-${n}`,
      contact_phone: '2125550998',
    });
    await write('POST', '/api/v1/events/page-view', {
      external_event_id: `pv-${++n}`,
      session_id: `s-${n}`,
      occurred_at: '2026-03-09T12:00:00Z',
      page_url: 'https://roofs.example.com/?utm_source=google',
    });
    expect(await changeCount()).toBe(before);
  });

  it('never keeps a day computed while a write it could not see was in flight', async () => {
    await answers(RANGES.utc);
    await forget();
    await whileOpen(
      (tx) => tx`update leads set sales_value = 4321 where id = ${lead.sold}`,
      async () => {
        // Cached now, from a snapshot without the update.
        expect(sourceRow((await get(`/api/v1/lead-sources?${RANGES.utc}`)).body, 'google').revenue_cents).toBe(9900);
      },
    );
    expect(sourceRow((await get(`/api/v1/lead-sources?${RANGES.utc}`)).body, 'google').revenue_cents).toBe(432_100);
    await expectFresh();
  });

  it('compacts invalid days and spent change rows without losing an invalidation', async () => {
    await answers(RANGES.utc);
    await forget();
    let stale!: { id: number };
    await whileOpen(
      (tx) => tx`update leads set sales_value = 55 where id = ${lead.sold}`,
      async () => {
        await get(`/api/v1/lead-sources?${RANGES.utc}`); // caches 4 March without the update
        stale = (await cachedDays('UTC')).find((d) => d.day === '2026-03-04')!;
      },
    );
    // While a fill holds the cache, compaction leaves it for its next turn.
    await whileOpen(
      (tx) => tx`select pg_advisory_xact_lock_shared(hashtextextended('analytics-day-cache', 0))`,
      async () => {
        expect(await compactAnalyticsCache(t.sql)).toEqual({ days: 0, changes: 0 });
      },
    );
    expect((await compactAnalyticsCache(t.sql)).days).toBeGreaterThanOrEqual(1);
    expect((await cachedDays('UTC')).map((d) => d.id)).not.toContain(stale.id);
    expect(sourceRow((await get(`/api/v1/lead-sources?${RANGES.utc}`)).body, 'google').revenue_cents).toBe(5500);
    await compactAnalyticsCache(t.sql);
    await expectFresh();
  });
});

/** Runs `during` while another connection holds a transaction open after `statement`, then commits it. */
async function whileOpen(statement: (tx: TransactionSql) => Promise<unknown>, during: () => Promise<void>) {
  let opened!: () => void;
  let finish!: () => void;
  const ready = new Promise<void>((r) => (opened = r));
  const done = new Promise<void>((r) => (finish = r));
  const tx = t.sql.begin(async (sql) => {
    await statement(sql);
    opened();
    await done;
  });
  await ready;
  try {
    await during();
  } finally {
    finish();
    await tx;
  }
}
