import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { createTestContext, type TestContext, type Tenant } from './helpers/harness.ts';
import { expectMatchesSpec } from './helpers/openapi.ts';
import { comms, importSpend, leadAt } from './helpers/analytics.ts';

let t: TestContext;
let tenant: Tenant;
let other: Tenant;
let n = 0;
const RANGE = 'from=2026-01-01T00:00:00Z&to=2026-01-11T00:00:00Z';
const get = (path: string, key = tenant.key) => t.request('GET', path, { key });

beforeAll(async () => {
  t = await createTestContext({ RATE_LIMIT_PER_MINUTE: '10000' });
  tenant = await t.tenant();
  other = await t.tenant();
  const A = (created: string, input: Parameters<typeof leadAt>[3], path?: Parameters<typeof leadAt>[4]) =>
    leadAt(t, tenant, created, input, path);
  const L1 = await A(
    '2026-01-02T10:00:00Z',
    {
      contact_phone: '2125550401',
      sales_value: 1000.5,
      attribution: { source: 'google', medium: 'cpc', campaign: 'spring' },
    },
    { stages: ['sold'], convertedAfterSeconds: 86_400 },
  );
  const L2 = await A(
    '2026-01-02T12:00:00Z',
    { attribution: { source: 'google', medium: 'cpc', campaign: 'fall' } },
    { stages: ['contacted'] },
  );
  await A(
    '2026-01-05T00:00:00Z',
    { sales_value: 2000, attribution: { source: 'google', medium: 'organic', campaign: 'spring' } },
    { stages: ['contacted', 'appointment_set', 'quoted', 'sold'], convertedAfterSeconds: 259_200 },
  );
  const L4 = await A(
    '2026-01-06T00:00:00Z',
    { attribution: { source: 'facebook', medium: 'social', campaign: 'spring' } },
    { stages: ['quoted'] },
  );
  await A('2026-01-09T23:00:00Z', { contact_name: 'No source' });
  const L6 = await A('2025-12-31T23:59:59Z', { attribution: { source: 'google', campaign: 'spring' } });
  await A('2026-01-03T00:00:00Z', { attribution: { source: 'google', campaign: 'spring' } }, { deleted: true });
  await A('2026-01-07T00:00:00Z', {
    attribution: { source: 'google', campaign: 'spring' },
    marketing_attribution_overrides: { source: 'facebook' },
  });
  await A('2025-06-01T00:00:00Z', { attribution: { source: 'secret', campaign: 'hidden' } });

  await comms(t, tenant, L1, [
    {
      channel: 'call',
      direction: 'inbound',
      status: 'answered',
      started_at: '2026-01-02T11:00:00Z',
      duration_seconds: 120,
    },
    { channel: 'call', direction: 'inbound', status: 'missed', started_at: '2026-01-02T12:00:00Z' },
    {
      channel: 'call',
      direction: 'inbound',
      status: 'voicemail',
      started_at: '2026-01-03T12:00:00Z',
      duration_seconds: 30,
    },
    { channel: 'sms', direction: 'inbound', status: 'received', started_at: '2026-01-03T10:00:00Z', thread_id: 'T1' },
    { channel: 'sms', direction: 'outbound', status: 'delivered', started_at: '2026-01-03T10:05:00Z', thread_id: 'T1' },
  ]);
  await comms(t, tenant, L2, [
    { channel: 'sms', direction: 'outbound', status: 'delivered', started_at: '2026-01-03T09:00:00Z' },
    { channel: 'sms', direction: 'inbound', status: 'received', started_at: '2026-01-04T09:00:00Z' },
  ]);
  await comms(t, tenant, L4, [
    {
      channel: 'call',
      direction: 'inbound',
      status: 'answered',
      started_at: '2026-01-06T01:00:00Z',
      duration_seconds: 60,
    },
    {
      channel: 'call',
      direction: 'inbound',
      status: 'answered',
      started_at: '2026-01-06T02:00:00Z',
      duration_seconds: 999,
      approved: false,
    },
    {
      channel: 'call',
      direction: 'inbound',
      status: 'answered',
      started_at: '2026-01-12T02:00:00Z',
      duration_seconds: 999,
    },
  ]);
  await comms(t, tenant, L6, [
    {
      channel: 'call',
      direction: 'inbound',
      status: 'answered',
      started_at: '2026-01-02T02:00:00Z',
      duration_seconds: 500,
    },
  ]);

  const form = (body: Record<string, unknown>, key = tenant.key) =>
    t.request('POST', '/api/v1/events/form-submission', {
      key,
      body: { external_event_id: `f-${++n}`, session_id: `s-${n}`, ...body },
      headers: { 'idempotency-key': `ik-${++n}` },
    });
  await form({
    attribution_params: { utm_source: 'google', utm_campaign: 'spring' },
    occurred_at: '2026-01-02T10:00:00Z',
  });
  await form({ attribution_params: { source: 'facebook', campaign: 'summer' }, occurred_at: '2026-01-06T05:00:00Z' });
  await form({ attribution_params: { source: 'google' }, occurred_at: '2025-12-20T00:00:00Z' });

  await importSpend(t, tenant.workspaceId, join(import.meta.dirname, 'fixtures/analytics/spend.csv'));
  // Another workspace with look-alike data that must never leak into the first one's figures.
  await leadAt(
    t,
    other,
    '2026-01-02T10:00:00Z',
    { attribution: { source: 'google', campaign: 'spring' }, sales_value: 99 },
    { stages: ['sold'] },
  );
  await importSpend(t, other.workspaceId, join(import.meta.dirname, 'fixtures/analytics/spend.csv'));
});
afterAll(() => t.close());

const STAGES = ['new', 'contacted', 'appointment_set', 'quoted', 'sold', 'lost'];
const stageCounts = (counts: Record<string, number>) => Object.fromEntries(STAGES.map((k) => [k, counts[k] ?? 0]));
const days = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `2026-01-${String(from + i).padStart(2, '0')}`);

describe('GET /api/v1/lead-sources', () => {
  it('computes every metric of every first-touch source row and of the summary on a hand-computed data set', async () => {
    const res = await get(`/api/v1/lead-sources?${RANGE}`);
    expect(res.status).toBe(200);
    await expectMatchesSpec(t, 'GET', '/api/v1/lead-sources', res);
    expect(res.body.range).toEqual({
      from: '2026-01-01T00:00:00.000Z',
      to: '2026-01-11T00:00:00.000Z',
      timezone: 'UTC',
    });
    expect(res.body.lead_sources.map((r: any) => r.key)).toEqual(['google', 'facebook', '~none', 'tiktok']);
    const [google, facebook, none, tiktok] = res.body.lead_sources;

    expect({ ...google, metrics: undefined }).toEqual({
      id: 'source:google',
      key: 'google',
      label: 'google',
      source: 'google',
      medium: null,
      campaign: null,
      metrics: undefined,
    });
    const { trend, trends, stages, ...g } = google.metrics;
    expect(g).toEqual({
      lead_count: 3,
      conversion_count: 2,
      conversion_rate: 2 / 3,
      avg_lead_to_sold_seconds: 172_800,
      funnel_gap_count: 1,
      funnel_gap_rate: 1 / 3,
      funnel_gap_stage_counts: { contacted: 1, appointment_set: 1, quoted: 1 },
      form_count: 1,
      call_count: 3,
      answered_call_count: 1,
      missed_call_count: 2,
      call_duration_seconds_total: 150,
      avg_call_duration_seconds: 75,
      sms_inbound_count: 2,
      sms_outbound_count: 2,
      sms_inbound_thread_count: 2,
      sms_responded_thread_count: 1,
      sms_response_rate: 0.5,
      automated_spend_cents: 15_000,
      other_costs_cents: 100,
      total_spend_cents: 15_100,
      prorated_spend_cents: 15_100,
      cpl_cents: 5033,
      cpa_cents: 7550,
      revenue_cents: 300_050,
      roas: 300_050 / 15_100,
      currency: 'USD',
      stage_counts: stageCounts({ contacted: 1, sold: 2 }),
    });
    expect(stages).toEqual([
      { key: 'new', label: 'New', sort_order: 1, is_conversion_stage: false, count: 0 },
      { key: 'contacted', label: 'Contacted', sort_order: 2, is_conversion_stage: false, count: 1 },
      { key: 'appointment_set', label: 'Appointment set', sort_order: 3, is_conversion_stage: false, count: 0 },
      { key: 'quoted', label: 'Quoted', sort_order: 4, is_conversion_stage: false, count: 0 },
      { key: 'sold', label: 'Sold', sort_order: 5, is_conversion_stage: true, count: 2 },
      { key: 'lost', label: 'Lost', sort_order: 6, is_conversion_stage: false, count: 0 },
    ]);
    const spendByDay: Record<string, number> = {
      '2026-01-01': 3000,
      '2026-01-02': 3000,
      '2026-01-03': 3000,
      '2026-01-04': 3000,
      '2026-01-05': 3000,
      '2026-01-10': 100,
    };
    expect(trend).toEqual({
      interval: 'day',
      points: days(1, 10).map((date) => ({
        date,
        lead_count: ({ '2026-01-02': 2, '2026-01-05': 1 } as Record<string, number>)[date] ?? 0,
        conversion_count: ({ '2026-01-02': 1, '2026-01-05': 1 } as Record<string, number>)[date] ?? 0,
        prorated_spend_cents: spendByDay[date] ?? 0,
      })),
    });
    expect(trends.interval).toBe('day');
    expect(trends.call_count.filter((p: any) => p.value)).toEqual([
      { date: '2026-01-02', value: 2 },
      { date: '2026-01-03', value: 1 },
    ]);
    expect(trends.form_count.filter((p: any) => p.value)).toEqual([{ date: '2026-01-02', value: 1 }]);
    // Each daily series once: leads, conversions and spend live in trend.points only.
    expect(Object.keys(trends).sort()).toEqual(['call_count', 'form_count', 'interval']);
    expect(trends.form_count.map((p: any) => p.date)).toEqual(trend.points.map((p: any) => p.date));

    expect(facebook.metrics).toMatchObject({
      lead_count: 2,
      conversion_count: 0,
      conversion_rate: 0,
      avg_lead_to_sold_seconds: null,
      funnel_gap_count: 1,
      funnel_gap_rate: 0.5,
      funnel_gap_stage_counts: { contacted: 1, appointment_set: 1 },
      form_count: 1,
      call_count: 1,
      answered_call_count: 1,
      missed_call_count: 0,
      call_duration_seconds_total: 60,
      avg_call_duration_seconds: 60,
      sms_inbound_count: 0,
      sms_inbound_thread_count: 0,
      sms_response_rate: 0,
      automated_spend_cents: 7,
      other_costs_cents: 0,
      total_spend_cents: 7,
      cpl_cents: 4,
      cpa_cents: null,
      revenue_cents: 0,
      roas: 0,
      stage_counts: stageCounts({ new: 1, quoted: 1 }),
    });
    expect(facebook.metrics.trend.points.slice(0, 3).map((p: any) => p.prorated_spend_cents)).toEqual([2, 3, 2]);
    expect(none).toMatchObject({ id: 'source:~none', key: '~none', label: '(none)', source: null, medium: null });
    expect(none.metrics).toMatchObject({
      lead_count: 1,
      total_spend_cents: 0,
      cpl_cents: 0,
      cpa_cents: null,
      roas: null,
      stage_counts: stageCounts({ new: 1 }),
    });
    expect(tiktok.metrics).toMatchObject({
      lead_count: 0,
      other_costs_cents: 999,
      total_spend_cents: 999,
      cpl_cents: null,
      conversion_rate: 0,
    });

    const { trend: st, trends: _sts, stages: _ss, ...summary } = res.body.summary;
    expect(summary).toEqual({
      lead_count: 6,
      conversion_count: 2,
      conversion_rate: 2 / 6,
      avg_lead_to_sold_seconds: 172_800,
      funnel_gap_count: 2,
      funnel_gap_rate: 2 / 6,
      funnel_gap_stage_counts: { contacted: 2, appointment_set: 2, quoted: 1 },
      form_count: 2,
      call_count: 4,
      answered_call_count: 2,
      missed_call_count: 2,
      call_duration_seconds_total: 210,
      avg_call_duration_seconds: 70,
      sms_inbound_count: 2,
      sms_outbound_count: 2,
      sms_inbound_thread_count: 2,
      sms_responded_thread_count: 1,
      sms_response_rate: 0.5,
      automated_spend_cents: 15_007,
      other_costs_cents: 1_099,
      total_spend_cents: 16_106,
      prorated_spend_cents: 16_106,
      cpl_cents: 2684,
      cpa_cents: 8053,
      revenue_cents: 300_050,
      roas: 300_050 / 16_106,
      currency: 'USD',
      stage_counts: stageCounts({ new: 2, contacted: 1, quoted: 1, sold: 2 }),
    });
    expect(st.points.reduce((s: number, p: any) => s + p.prorated_spend_cents, 0)).toBe(16_106);
    expect(st.points.reduce((s: number, p: any) => s + p.lead_count, 0)).toBe(6);
  });

  it('defaults to the 30 days before now in UTC', async () => {
    const before = Date.now();
    const res = await get('/api/v1/lead-sources');
    expect(res.status).toBe(200);
    const { from, to, timezone } = res.body.range;
    expect(timezone).toBe('UTC');
    expect(Date.parse(to)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(to) - Date.parse(from)).toBe(30 * 86_400_000);
    const onlyTo = await get('/api/v1/lead-sources?to=2026-01-31T00:00:00Z');
    expect(onlyTo.body.range.from).toBe('2026-01-01T00:00:00.000Z');
  });

  it('buckets trend days in the requested timezone', async () => {
    const res = await get(
      `/api/v1/lead-sources?from=2026-01-01T08:00:00Z&to=2026-01-11T08:00:00Z&timezone=America/Los_Angeles`,
    );
    expect(res.status).toBe(200);
    expect(res.body.range.timezone).toBe('America/Los_Angeles');
    const none = res.body.lead_sources.find((r: any) => r.key === '~none');
    // created 2026-01-09T23:00Z is 15:00 on 9 January in Los Angeles
    expect(none.metrics.trend.points.find((p: any) => p.lead_count).date).toBe('2026-01-09');
    const google = res.body.lead_sources.find((r: any) => r.key === 'google');
    expect(google.metrics.trend.points[0].date).toBe('2026-01-01');
    expect(google.metrics.trend.points).toHaveLength(10);
  });

  it("matches timezone names case-insensitively, as PostgreSQL does, and answers with PostgreSQL's spelling", async () => {
    const res = await get(
      `/api/v1/lead-sources?from=2026-01-01T08:00:00Z&to=2026-01-11T08:00:00Z&timezone=america/los_angeles`,
    );
    expect(res.status).toBe(200);
    expect(res.body.range.timezone).toBe('America/Los_Angeles');
  });

  it.each([
    ['an unknown timezone', 'timezone=Mars/Olympus', 'timezone'],
    ['a timezone Node knows and PostgreSQL does not', 'timezone=US/Pacific-New', 'timezone'],
    ['a timezone over 100 characters', `timezone=${'A'.repeat(101)}`, 'timezone'],
    ['from equal to to', 'from=2026-01-01T00:00:00Z&to=2026-01-01T00:00:00Z', 'from'],
    ['from after to', 'from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z', 'from'],
    ['a malformed from', 'from=yesterday', 'from'],
    ['an unknown parameter', 'source=google', 'source'],
    ['a range over 3660 days', 'from=2000-01-01T00:00:00Z&to=2026-01-01T00:00:00Z', 'from'],
  ])('rejects %s with 400 naming the parameter', async (_, qs, field) => {
    for (const path of [
      '/api/v1/lead-sources',
      '/api/v1/lead-sources/google',
      '/api/v1/campaigns',
      '/api/v1/campaigns/spring/metrics',
    ]) {
      const res = await get(`${path}?${qs}`);
      expect(res.status).toBe(400);
      expect(res.body.error.details.issues.map((i: any) => i.path)).toContain(field);
    }
    await expectMatchesSpec(t, 'GET', '/api/v1/lead-sources', await get(`/api/v1/lead-sources?${qs}`));
  });
});

describe('GET /api/v1/lead-sources/{source_id}', () => {
  it("returns the source row, its campaigns and a summary equal to the source's metrics", async () => {
    const list = await get(`/api/v1/lead-sources?${RANGE}`);
    const res = await get(`/api/v1/lead-sources/google?${RANGE}`);
    expect(res.status).toBe(200);
    await expectMatchesSpec(t, 'GET', '/api/v1/lead-sources/{source_id}', res);
    expect(res.body.lead_source).toEqual(list.body.lead_sources[0]);
    expect(res.body.summary).toEqual(list.body.lead_sources[0].metrics);
    expect(
      res.body.campaigns.map((c: any) => [
        c.id,
        c.key,
        c.source,
        c.campaign,
        c.metrics.lead_count,
        c.metrics.total_spend_cents,
      ]),
    ).toEqual([
      ['source:google/campaign:spring', 'spring', 'google', 'spring', 2, 15_000],
      ['source:google/campaign:fall', 'fall', 'google', 'fall', 1, 100],
    ]);
    expect(res.body.campaigns[0].metrics).toMatchObject({
      conversion_count: 2,
      revenue_cents: 300_050,
      form_count: 1,
      call_count: 3,
    });
    expect(res.body.campaigns[0].medium).toBeNull();
    expect(res.body.campaigns[1].medium).toBe('cpc');
  });

  it('addresses the no-source group and keys needing escapes', async () => {
    const none = await get(`/api/v1/lead-sources/~none?${RANGE}`);
    expect(none.status).toBe(200);
    expect(none.body.lead_source).toMatchObject({ key: '~none', label: '(none)', metrics: { lead_count: 1 } });
    await leadAt(t, tenant, '2026-01-04T00:00:00Z', { attribution: { source: 'Näh Ads/2', campaign: 'a b' } });
    const list = await get(`/api/v1/lead-sources?${RANGE}`);
    const row = list.body.lead_sources.find((r: any) => r.source === 'Näh Ads/2');
    expect(row.key).toBe('N~C3~A4h~20Ads~2F2');
    const detail = await get(`/api/v1/lead-sources/${row.key}?${RANGE}`);
    expect(detail.status).toBe(200);
    expect(detail.body.campaigns[0].key).toBe('a~20b');
    expect((await get(`/api/v1/campaigns/a~20b/metrics?${RANGE}`)).body.sources[0].source).toBe('Näh Ads/2');
  });

  it("takes a row's id as well as its key, on both detail endpoints", async () => {
    const list = await get(`/api/v1/lead-sources?${RANGE}`);
    const google = list.body.lead_sources.find((r: any) => r.key === 'google');
    expect(google.id).toBe('source:google');
    const byId = await get(`/api/v1/lead-sources/${google.id}?${RANGE}`);
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual((await get(`/api/v1/lead-sources/google?${RANGE}`)).body);
    const campaigns = await get(`/api/v1/campaigns?${RANGE}`);
    const spring = campaigns.body.campaigns.find((r: any) => r.key === 'spring');
    const campaign = await get(`/api/v1/campaigns/${spring.id}/metrics?${RANGE}`);
    expect([campaign.status, campaign.body.campaign.id]).toEqual([200, 'campaign:spring']);
    // An id of the other dimension names no row here.
    expect((await get(`/api/v1/lead-sources/campaign:spring?${RANGE}`)).status).toBe(404);
  });

  it('answers 200 with zero figures for a known source without activity in the range', async () => {
    const res = await get(`/api/v1/lead-sources/secret?${RANGE}`);
    expect(res.status).toBe(200);
    expect(res.body.lead_source.metrics).toMatchObject({ lead_count: 0, other_costs_cents: 0, total_spend_cents: 0 });
  });

  it('answers 404 for an unknown or malformed key and 400 for a key over 500 characters', async () => {
    for (const key of ['nosuch', '~41', '~zz', 'a%20b']) {
      const res = await get(`/api/v1/lead-sources/${key}?${RANGE}`);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    }
    await expectMatchesSpec(t, 'GET', '/api/v1/lead-sources/{source_id}', await get('/api/v1/lead-sources/nosuch'));
    const long = await get(`/api/v1/lead-sources/${'a'.repeat(501)}`);
    expect(long.status).toBe(400);
    expect(long.body.error.details.issues[0]).toMatchObject({ location: 'path', path: 'source_id' });
    expect((await get(`/api/v1/campaigns/${'a'.repeat(501)}/metrics`)).status).toBe(400);
  });
});

describe('GET /api/v1/campaigns and /campaigns/{campaign}/metrics', () => {
  it('groups by first-touch campaign, with spend matched on the campaign', async () => {
    const res = await get(`/api/v1/campaigns?${RANGE}`);
    expect(res.status).toBe(200);
    await expectMatchesSpec(t, 'GET', '/api/v1/campaigns', res);
    const rows = Object.fromEntries(res.body.campaigns.map((r: any) => [r.key, r]));
    expect(rows.spring).toMatchObject({
      id: 'campaign:spring',
      campaign: 'spring',
      source: null,
      metrics: { lead_count: 4, conversion_count: 2, total_spend_cents: 15_007, form_count: 1 },
    });
    expect(rows.fall.metrics).toMatchObject({ lead_count: 1, other_costs_cents: 100 });
    expect(rows.summer.metrics).toMatchObject({ lead_count: 0, form_count: 1 });
    expect(rows['~none'].metrics).toMatchObject({ lead_count: 1, other_costs_cents: 999 });
    expect(res.body.summary.total_spend_cents).toBe(16_106);
  });

  it('returns the campaign row and its sources', async () => {
    const res = await get(`/api/v1/campaigns/spring/metrics?${RANGE}`);
    expect(res.status).toBe(200);
    await expectMatchesSpec(t, 'GET', '/api/v1/campaigns/{campaign}/metrics', res);
    expect(res.body.campaign).toMatchObject({
      id: 'campaign:spring',
      key: 'spring',
      campaign: 'spring',
      source: null,
      metrics: { lead_count: 4 },
    });
    expect(res.body.sources.map((s: any) => [s.id, s.key, s.metrics.lead_count, s.metrics.total_spend_cents])).toEqual([
      ['source:google/campaign:spring', 'google', 2, 15_000],
      ['source:facebook/campaign:spring', 'facebook', 2, 7],
    ]);
    expect(res.body.summary).toEqual(res.body.campaign.metrics);
    const missing = await get(`/api/v1/campaigns/nosuch/metrics?${RANGE}`);
    expect(missing.status).toBe(404);
    await expectMatchesSpec(t, 'GET', '/api/v1/campaigns/{campaign}/metrics', missing);
  });
});

describe('analytics access', () => {
  const paths = [
    '/api/v1/lead-sources',
    '/api/v1/lead-sources/google',
    '/api/v1/campaigns',
    '/api/v1/campaigns/spring/metrics',
  ];
  const templates = [
    '/api/v1/lead-sources',
    '/api/v1/lead-sources/{source_id}',
    '/api/v1/campaigns',
    '/api/v1/campaigns/{campaign}/metrics',
  ];

  it('requires analytics.read (403) and a key (401)', async () => {
    const writeOnly = await t.keyFor(tenant.workspaceId, ['analytics.manage', 'leads.read']);
    for (const [i, path] of paths.entries()) {
      const denied = await get(path, writeOnly);
      expect(denied.status).toBe(403);
      await expectMatchesSpec(t, 'GET', templates[i]!, denied);
      const anon = await t.request('GET', path);
      expect(anon.status).toBe(401);
      await expectMatchesSpec(t, 'GET', templates[i]!, anon);
    }
  });

  it("never shows another workspace's leads, spend, forms or keys", async () => {
    const res = await get(`/api/v1/lead-sources?${RANGE}`, other.key);
    expect(res.body.lead_sources.map((r: any) => [r.key, r.metrics.lead_count, r.metrics.total_spend_cents])).toEqual([
      ['google', 1, 15_100],
      ['tiktok', 0, 999],
      ['facebook', 0, 7],
    ]);
    expect(res.body.summary).toMatchObject({
      lead_count: 1,
      conversion_count: 1,
      revenue_cents: 9900,
      form_count: 0,
      call_count: 0,
    });
    expect((await get(`/api/v1/lead-sources/~none?${RANGE}`, other.key)).status).toBe(404);
    expect((await get(`/api/v1/campaigns/summer/metrics?${RANGE}`, other.key)).status).toBe(404);
    expect((await get(`/api/v1/campaigns/hidden/metrics?${RANGE}`, other.key)).status).toBe(404);
    expect((await get(`/api/v1/campaigns/hidden/metrics?${RANGE}`)).status).toBe(200);
    const campaigns = await get(`/api/v1/campaigns/spring/metrics?${RANGE}`, other.key);
    expect(campaigns.body.sources.map((s: any) => s.metrics.lead_count)).toEqual([1, 0]);
  });
});
