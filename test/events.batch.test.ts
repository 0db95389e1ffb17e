import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type Tenant } from './helpers/harness.ts';
import { expectMatchesSpec } from './helpers/openapi.ts';
import { eventsAbout } from './helpers/webhookEvents.ts';

let t: TestContext;
let tenant: Tenant;
let n = 0;
beforeAll(async () => {
  t = await createTestContext({ RATE_LIMIT_PER_MINUTE: '10000' });
  tenant = await t.tenant();
});
afterAll(() => t.close());

const BATCH = '/api/v1/events/batch';
const ik = () => `evb-${++n}-${Math.random()}`;
const uid = (p: string) => `${p}-${++n}-${Math.random().toString(36).slice(2)}`;
const batch = (events: unknown, opts: { key?: string; idem?: string } = {}) =>
  t.request('POST', BATCH, {
    key: opts.key ?? tenant.key,
    body: { events },
    headers: { 'idempotency-key': opts.idem ?? ik() },
  });
const single = (path: string, body: unknown, key = tenant.key) =>
  t.request('POST', path, { key, body, headers: { 'idempotency-key': ik() } });
const eventCount = async (ws: string) =>
  (await t.sql<{ n: number }[]>`select count(*)::int as n from events where workspace_id = ${ws}`)[0]!.n;
const pageView = (over: Record<string, unknown> = {}) => ({
  type: 'page_view',
  external_event_id: uid('pv'),
  session_id: uid('s'),
  page_url: 'https://roofs.example.com/quote?utm_source=google&utm_medium=cpc&utm_campaign=spring',
  occurred_at: '2026-03-01T10:00:00Z',
  ...over,
});
const form = (over: Record<string, unknown> = {}) => ({
  type: 'form_submission',
  external_event_id: uid('fs'),
  session_id: uid('s'),
  contact_name: 'Form Person',
  contact_phone: `2125557${String(n % 1000).padStart(3, '0')}`,
  attribution_params: { utm_source: 'facebook' },
  ...over,
});

describe('POST /api/v1/events/batch', () => {
  it('records page views and form submissions in order, each answered as its single endpoint would', async () => {
    const sid = uid('s');
    const pv = pageView({ session_id: sid });
    const fs = form({ session_id: sid, attribution_params: undefined });
    const res = await batch([pv, fs]);
    expect(res.status).toBe(200);
    await expectMatchesSpec(t, 'POST', BATCH, res);
    const [a, b] = res.body.results;
    expect(a).toMatchObject({ index: 0, status: 201, duplicate: false, created: true, lead_id: null, error: null });
    expect(b).toMatchObject({ index: 1, status: 201, duplicate: false, created: true, error: null });
    // The form came after the page view: its lead takes the session's first touch from it.
    const lead = (await t.request('GET', `/api/v1/leads/${b.lead_id}`, { key: tenant.key })).body.lead;
    expect(lead.attribution).toMatchObject({ source: 'google', medium: 'cpc', campaign: 'spring' });
    expect((await eventsAbout(t.sql, b.lead_id)).map((e) => e.type)).toEqual(['lead.created']);
    // The single endpoints treat the same events as duplicates of those the batch recorded.
    const again = await single('/api/v1/events/page-view', { ...pv, type: undefined });
    expect(again.body).toEqual({ event: a.event, duplicate: true, created: false });
    const formAgain = await single('/api/v1/events/form-submission', { ...fs, type: undefined });
    expect(formAgain.body).toMatchObject({ event: b.event, duplicate: true, lead_id: b.lead_id });
  });

  it('a duplicate external_event_id within the batch is a duplicate of the first; another type or session is a 409', async () => {
    const pv = pageView();
    const before = await eventCount(tenant.workspaceId);
    const res = await batch([
      pv,
      { ...pv },
      form({ external_event_id: pv.external_event_id, session_id: pv.session_id }),
    ]);
    const [a, b, c] = res.body.results;
    expect(a).toMatchObject({ status: 201, created: true });
    expect(b).toMatchObject({ status: 200, created: false, duplicate: true, event: a.event });
    expect(c).toMatchObject({ status: 409, event: null, error: { code: 'CONFLICT' } });
    expect(await eventCount(tenant.workspaceId)).toBe(before + 1);
  });

  it('a bad item in the middle gets its own 400; the items around it are recorded', async () => {
    const before = await eventCount(tenant.workspaceId);
    const res = await batch([
      pageView(),
      pageView({ page_url: 'javascript:alert(1)' }),
      { type: 'click', external_event_id: 'x', session_id: 'y' },
      form(),
    ]);
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: any) => r.status)).toEqual([201, 400, 400, 201]);
    expect(res.body.results[1].error.details.issues[0].path).toBe('page_url');
    expect(res.body.results[1].error.request_id).toBe(res.headers.get('x-request-id'));
    expect(await eventCount(tenant.workspaceId)).toBe(before + 2);
    await expectMatchesSpec(t, 'POST', BATCH, res);
  });

  it('replays an Idempotency-Key byte for byte and records nothing the second time', async () => {
    const idem = ik();
    const events = [pageView(), form(), pageView()];
    const first = await batch(events, { idem });
    const count = await eventCount(tenant.workspaceId);
    const again = await batch(events, { idem });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    expect(again.text).toBe(first.text);
    expect(await eventCount(tenant.workspaceId)).toBe(count);
    expect((await batch([pageView()], { idem })).status).toBe(409);
  });

  it('a batch cut short and sent again answers the items it recorded from their own records', async () => {
    const idem = ik();
    const events = [pageView(), form(), pageView()];
    const first = await batch(events, { idem });
    // As if the process died before keeping the batch's answer: only the items' records remain.
    await t.sql`delete from idempotency_records where key = ${idem}`;
    const count = await eventCount(tenant.workspaceId);
    const again = await batch(events, { idem });
    expect(again.status).toBe(200);
    expect(again.body.results).toEqual(first.body.results);
    expect(await eventCount(tenant.workspaceId)).toBe(count);
  });

  it('refuses an empty batch, more than 500 events, more than 1 MB, and tenant selectors, whole', async () => {
    const before = await eventCount(tenant.workspaceId);
    expect((await batch([])).status).toBe(400);
    const tooMany = await batch(Array.from({ length: 501 }, () => pageView()));
    expect(tooMany.status).toBe(400);
    const big = await batch(
      Array.from({ length: 300 }, () =>
        pageView({
          user_agent: 'x'.repeat(500),
          landing_name: 'y'.repeat(200),
          landing_id: 'z'.repeat(150),
          page_url: `https://roofs.example.com/${'p'.repeat(2500)}`,
        }),
      ),
    );
    expect(big.status).toBe(400);
    expect(big.body.error.message).toContain('exceeds');
    const selector = await batch([pageView(), pageView({ workspace_id: 'ws_other' })]);
    expect(selector.status).toBe(400);
    expect(selector.body.error.details.issues[0].path).toBe('events.1.workspace_id');
    expect(await eventCount(tenant.workspaceId)).toBe(before);
    const full = await batch(Array.from({ length: 500 }, () => pageView()));
    expect(full.status).toBe(200);
    expect(full.body.results.filter((r: any) => r.status === 201)).toHaveLength(500);
  });

  it("never touches another workspace: its external_event_id is not a duplicate here, its lead's phone does not match", async () => {
    const other = await t.tenant();
    const pv = pageView();
    const fs = form();
    const theirPv = (await single('/api/v1/events/page-view', { ...pv, type: undefined }, other.key)).body;
    const theirForm = (await single('/api/v1/events/form-submission', { ...fs, type: undefined }, other.key)).body;
    const res = await batch([pv, fs]);
    const [a, b] = res.body.results;
    expect(a).toMatchObject({ status: 201, created: true });
    expect(a.event.id).not.toBe(theirPv.event.id);
    expect(b).toMatchObject({ status: 201, created: true });
    expect(b.lead_id).not.toBe(theirForm.lead_id);
    const theirLead = await t.request('GET', `/api/v1/leads/${theirForm.lead_id}`, { key: other.key });
    expect(theirLead.body.lead.attribution.source).toBe('facebook');
    expect((await eventsAbout(t.sql, theirForm.lead_id)).map((e) => e.type)).toEqual(['lead.created']);
  });

  it('needs analytics.manage', async () => {
    const key = await t.keyFor(tenant.workspaceId, ['leads.write']);
    expect((await batch([pageView()], { key })).status).toBe(403);
  });
});

describe('POST /api/v1/events/batch and the rate limit', () => {
  it('counts a batch as one request', async () => {
    const limited = await createTestContext({ RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const tn = await limited.tenant();
      const send = () =>
        limited.request('POST', BATCH, {
          key: tn.key,
          body: { events: Array.from({ length: 20 }, () => pageView()) },
          headers: { 'idempotency-key': ik() },
        });
      expect((await send()).status).toBe(200);
      expect((await send()).status).toBe(200);
      expect((await send()).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
