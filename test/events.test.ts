import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type Tenant } from './helpers/harness.ts';
import { expectMatchesSpec } from './helpers/openapi.ts';

let t: TestContext;
let tenant: Tenant;
let other: Tenant;
let n = 0;
beforeAll(async () => {
  t = await createTestContext({ RATE_LIMIT_PER_MINUTE: '10000' });
  tenant = await t.tenant();
  other = await t.tenant();
});
afterAll(() => t.close());

const PV = '/api/v1/events/page-view';
const FS = '/api/v1/events/form-submission';
const ik = () => `ik-${++n}-${Math.random()}`;
const send = (path: string, body: unknown, opts: { key?: string; idem?: string } = {}) =>
  t.request('POST', path, { key: opts.key ?? tenant.key, body, headers: { 'idempotency-key': opts.idem ?? ik() } });
const uid = (p: string) => `${p}-${++n}-${Math.random().toString(36).slice(2)}`;

const eventCount = async (ws: string, externalId: string) =>
  (
    await t.sql`select count(*)::int as n from events where workspace_id = ${ws} and external_event_id = ${externalId}`
  )[0]!.n as number;
const session = async (ws: string, id: string) =>
  (await t.sql`select * from sessions where workspace_id = ${ws} and id = ${id}`)[0];
const lead = async (id: string) => (await t.request('GET', `/api/v1/leads/${id}`, { key: tenant.key })).body.lead;

describe('POST /api/v1/events/page-view', () => {
  it('records a page view (201) and starts the session with its UTM first touch and landing fields', async () => {
    const sid = uid('s');
    const res = await send(PV, {
      external_event_id: uid('pv'),
      session_id: sid,
      page_url:
        'https://roofs.example.com/quote?utm_source=google&utm_medium=cpc&utm_campaign=spring&utm_content=ad1&x=1',
      referrer_url: 'https://www.google.com/',
      user_agent: 'Mozilla/5.0',
      occurred_at: '2026-03-01T10:00:00Z',
      device_type: 'mobile',
      landing_id: 'lp-1',
      landing_name: 'Spring landing',
      landing_slug: 'spring',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ event: { id: expect.stringMatching(/^evt_/) }, duplicate: false, created: true });
    await expectMatchesSpec(t, 'POST', PV, res);
    expect(await session(tenant.workspaceId, sid)).toMatchObject({
      source: 'google',
      medium: 'cpc',
      campaign: 'spring',
      content: 'ad1',
      referrer_url: 'https://www.google.com/',
      landing_id: 'lp-1',
      landing_name: 'Spring landing',
      landing_slug: 'spring',
      landing_page_url: expect.stringContaining('/quote?utm_source=google'),
      first_seen_at: new Date('2026-03-01T10:00:00Z'),
    });
  });

  it('repeating external_event_id with the same type and session returns the stored event with 200, duplicate true', async () => {
    const body = { external_event_id: uid('pv'), session_id: uid('s'), page_url: 'https://roofs.example.com/' };
    const first = await send(PV, body);
    const again = await send(PV, { ...body, page_url: 'https://roofs.example.com/other' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ event: { id: first.body.event.id }, duplicate: true, created: false });
    await expectMatchesSpec(t, 'POST', PV, again);
    expect(await eventCount(tenant.workspaceId, body.external_event_id)).toBe(1);
  });

  it('answers 409 CONFLICT when the external_event_id was used with another session or another type', async () => {
    const body = { external_event_id: uid('pv'), session_id: uid('s') };
    await send(PV, body);
    const otherSession = await send(PV, { ...body, session_id: uid('s') });
    expect(otherSession.status).toBe(409);
    expect(otherSession.body.error.code).toBe('CONFLICT');
    const otherType = await send(FS, body);
    expect(otherType.status).toBe(409);
    await expectMatchesSpec(t, 'POST', FS, otherType);
  });

  it('replays the same Idempotency-Key with the stored body, status 200 and Idempotency-Replayed', async () => {
    const idem = ik();
    const body = { external_event_id: uid('pv'), session_id: uid('s') };
    const first = await send(PV, body, { idem });
    const replay = await send(PV, body, { idem });
    expect(first.status).toBe(201);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotency-replayed')).toBe('true');
    expect(replay.text).toBe(first.text);
    await expectMatchesSpec(t, 'POST', PV, replay);
  });

  it('makes exactly one row from 20 concurrent identical events', async () => {
    const body = { external_event_id: uid('pv'), session_id: uid('s') };
    const results = await Promise.all(Array.from({ length: 20 }, () => send(PV, body)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 200)).toHaveLength(19);
    expect(new Set(results.map((r) => r.body.event.id)).size).toBe(1);
    expect(await eventCount(tenant.workspaceId, body.external_event_id)).toBe(1);
  });

  it('lets an earlier page view that arrives later become the session first touch', async () => {
    const sid = uid('s');
    await send(PV, {
      external_event_id: uid('pv'),
      session_id: sid,
      page_url: 'https://r.example.com/?utm_source=bing',
      occurred_at: '2026-03-02T12:00:00Z',
    });
    await send(PV, {
      external_event_id: uid('pv'),
      session_id: sid,
      page_url: 'https://r.example.com/?utm_source=facebook&utm_campaign=early',
      occurred_at: '2026-03-02T11:00:00Z',
    });
    await send(PV, {
      external_event_id: uid('pv'),
      session_id: sid,
      page_url: 'https://r.example.com/?utm_source=tiktok',
      occurred_at: '2026-03-02T13:00:00Z',
    });
    expect(await session(tenant.workspaceId, sid)).toMatchObject({
      source: 'facebook',
      campaign: 'early',
      medium: null,
      first_seen_at: new Date('2026-03-02T11:00:00Z'),
    });
  });

  it('counts an external referrer without UTMs as a referral from its host; same-site referrers count as direct', async () => {
    const a = uid('s');
    await send(PV, {
      external_event_id: uid('pv'),
      session_id: a,
      page_url: 'https://roofs.example.com/',
      referrer_url: 'https://www.yelp.com/biz/roofs',
    });
    expect(await session(tenant.workspaceId, a)).toMatchObject({
      source: 'yelp.com',
      medium: 'referral',
      campaign: null,
    });
    const b = uid('s');
    await send(PV, {
      external_event_id: uid('pv'),
      session_id: b,
      page_url: 'https://roofs.example.com/b',
      referrer_url: 'https://roofs.example.com/a',
    });
    expect(await session(tenant.workspaceId, b)).toMatchObject({
      source: null,
      medium: null,
      referrer_url: 'https://roofs.example.com/a',
    });
  });

  it.each([
    ['a missing external_event_id', { session_id: 's' }, 'external_event_id'],
    ['an empty external_event_id', { external_event_id: '', session_id: 's' }, 'external_event_id'],
    ['an external_event_id over 200', { external_event_id: 'x'.repeat(201), session_id: 's' }, 'external_event_id'],
    ['a session_id over 500', { external_event_id: 'e', session_id: 'x'.repeat(501) }, 'session_id'],
    [
      'an occurred_at in year 0 (UTC)',
      { external_event_id: 'e', session_id: 's', occurred_at: '0001-01-01T00:00:00+14:00' },
      'occurred_at',
    ],
    [
      'an occurred_at past year 9999 (UTC)',
      { external_event_id: 'e', session_id: 's', occurred_at: '9999-12-31T23:59:59-14:00' },
      'occurred_at',
    ],
    ['a page_url that is not a URI', { external_event_id: 'e', session_id: 's', page_url: 'not a url' }, 'page_url'],
    [
      'a javascript: page_url',
      { external_event_id: 'e', session_id: 's', page_url: 'javascript:alert(document.cookie)' },
      'page_url',
    ],
    [
      'a data: page_url',
      { external_event_id: 'e', session_id: 's', page_url: 'data:text/html,<script>alert(1)</script>' },
      'page_url',
    ],
    [
      'a file: referrer_url',
      { external_event_id: 'e', session_id: 's', referrer_url: 'file:///etc/passwd' },
      'referrer_url',
    ],
    ['a user_agent over 512', { external_event_id: 'e', session_id: 's', user_agent: 'x'.repeat(513) }, 'user_agent'],
    ['an unknown device_type', { external_event_id: 'e', session_id: 's', device_type: 'watch' }, 'device_type'],
    [
      'a landing_slug over 80',
      { external_event_id: 'e', session_id: 's', landing_slug: 'x'.repeat(81) },
      'landing_slug',
    ],
    ['a bad occurred_at', { external_event_id: 'e', session_id: 's', occurred_at: 'yesterday' }, 'occurred_at'],
    ['an unknown field', { external_event_id: 'e', session_id: 's', color: 'red' }, 'color'],
    ['a tenant selector', { external_event_id: 'e', session_id: 's', workspace_id: 'ws_x' }, 'workspace_id'],
  ])('rejects %s with 400 naming the field', async (_, body, field) => {
    const res = await send(PV, body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details.issues.map((i: { path: string }) => i.path)).toContain(field);
    await expectMatchesSpec(t, 'POST', PV, res);
  });

  it('requires the Idempotency-Key header (400)', async () => {
    const res = await t.request('POST', PV, {
      key: tenant.key,
      body: { external_event_id: uid('pv'), session_id: 's' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details.issues[0]).toMatchObject({ location: 'header' });
  });

  it('requires analytics.manage (403) and a key (401)', async () => {
    const readOnly = await t.keyFor(tenant.workspaceId, ['analytics.read', 'leads.write']);
    for (const path of [PV, FS]) {
      const res = await send(path, { external_event_id: uid('e'), session_id: 's' }, { key: readOnly });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('FORBIDDEN');
      await expectMatchesSpec(t, 'POST', path, res);
      const anon = await t.request('POST', path, {
        body: { external_event_id: 'e', session_id: 's' },
        headers: { 'idempotency-key': ik() },
      });
      expect(anon.status).toBe(401);
      await expectMatchesSpec(t, 'POST', path, anon);
    }
  });

  it('keeps workspaces apart: the same external_event_id and session in another workspace is a new event there', async () => {
    const body = {
      external_event_id: uid('pv'),
      session_id: uid('s'),
      page_url: 'https://r.example.com/?utm_source=mine',
    };
    const mine = await send(PV, body);
    const theirs = await send(
      PV,
      { ...body, page_url: 'https://r.example.com/?utm_source=theirs' },
      { key: other.key },
    );
    expect(theirs.status).toBe(201);
    expect(theirs.body.event.id).not.toBe(mine.body.event.id);
    expect((await session(tenant.workspaceId, body.session_id)).source).toBe('mine');
    expect((await session(other.workspaceId, body.session_id)).source).toBe('theirs');
  });
});

describe('POST /api/v1/events/form-submission', () => {
  it('upserts an onsite_form lead with attribution from attribution_params and returns its id (201)', async () => {
    const res = await send(FS, {
      external_event_id: uid('fs'),
      session_id: uid('s'),
      page_url: 'https://roofs.example.com/quote',
      form_id: 'quote',
      form_name: 'Quote form',
      form_selector: '#quote',
      contact_name: 'Fay Form',
      contact_email: 'fay@example.com',
      contact_phone: '(212) 555-0301',
      property_address: '9 Elm St, Austin, TX 78701',
      form_data: { roof_age: 20 },
      attribution_params: { utm_source: 'facebook', utm_medium: 'social', campaign: 'summer' },
      submitted_at: '2026-04-01T09:00:00Z',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      event: { id: expect.stringMatching(/^evt_/) },
      duplicate: false,
      analytics_only: false,
      recorded_analytics: true,
      lead_id: expect.stringMatching(/^lead_/),
      created: true,
    });
    await expectMatchesSpec(t, 'POST', FS, res);
    expect(await lead(res.body.lead_id)).toMatchObject({
      contact_name: 'Fay Form',
      contact_phone: '2125550301',
      form_data: { roof_age: 20 },
      attribution: {
        source: 'facebook',
        medium: 'social',
        campaign: 'summer',
        content: null,
        conversion_url: 'https://roofs.example.com/quote',
      },
    });
    const [row] = await t.sql`select conversion_type from leads where id = ${res.body.lead_id}`;
    expect(row!.conversion_type).toBe('onsite_form');
    const [ev] =
      await t.sql`select lead_id, source, campaign, occurred_at, payload from events where id = ${res.body.event.id}`;
    expect(ev).toMatchObject({
      lead_id: res.body.lead_id,
      source: 'facebook',
      campaign: 'summer',
      occurred_at: new Date('2026-04-01T09:00:00Z'),
    });
    expect(ev!.payload).toMatchObject({ form_id: 'quote', form_name: 'Quote form' });
  });

  it("fills attribution from the session's first touch when attribution_params are absent", async () => {
    const sid = uid('s');
    await send(PV, {
      external_event_id: uid('pv'),
      session_id: sid,
      page_url: 'https://r.example.com/lp?utm_source=google&utm_campaign=fall',
    });
    const res = await send(FS, { external_event_id: uid('fs'), session_id: sid, contact_phone: '212-555-0302' });
    expect(res.status).toBe(201);
    expect((await lead(res.body.lead_id)).attribution).toMatchObject({ source: 'google', campaign: 'fall' });
  });

  it('updates the lead matched by phone, and an email-only form updates the lead with that email', async () => {
    const a = await send(FS, {
      external_event_id: uid('fs'),
      session_id: uid('s'),
      contact_phone: '212-555-0303',
      contact_name: 'First',
    });
    const b = await send(FS, {
      external_event_id: uid('fs'),
      session_id: uid('s'),
      contact_phone: '+1 212 555 0303',
      contact_email: 'p@example.com',
    });
    expect(b.body.lead_id).toBe(a.body.lead_id);
    const c = await send(FS, {
      external_event_id: uid('fs'),
      session_id: uid('s'),
      contact_email: 'only-email@example.com',
      contact_name: 'E1',
    });
    const d = await send(FS, {
      external_event_id: uid('fs'),
      session_id: uid('s'),
      contact_email: 'Only-Email@example.com',
      property_address: '1 Main St, Miami, FL 33101',
    });
    expect(d.body.lead_id).toBe(c.body.lead_id);
    expect(await lead(d.body.lead_id)).toMatchObject({
      contact_name: 'E1',
      property_address: '1 Main St, Miami, FL 33101',
    });
  });

  it('records analytics only (no lead) when consent_mode is required and consent is not granted', async () => {
    const before = (await t.sql`select count(*)::int as n from leads where workspace_id = ${tenant.workspaceId}`)[0]!.n;
    for (const consent of [{}, { consent_granted: false }]) {
      const res = await send(FS, {
        external_event_id: uid('fs'),
        session_id: uid('s'),
        contact_phone: '212-555-0304',
        consent_mode: 'required',
        ...consent,
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ analytics_only: true, recorded_analytics: true, lead_id: null, created: true });
      expect(
        await eventCount(
          tenant.workspaceId,
          (await t.sql`select external_event_id from events where id = ${res.body.event.id}`)[0]!.external_event_id,
        ),
      ).toBe(1);
    }
    expect((await t.sql`select count(*)::int as n from leads where workspace_id = ${tenant.workspaceId}`)[0]!.n).toBe(
      before,
    );
    const granted = await send(FS, {
      external_event_id: uid('fs'),
      session_id: uid('s'),
      contact_phone: '212-555-0304',
      consent_mode: 'required',
      consent_granted: true,
    });
    expect(granted.body).toMatchObject({ analytics_only: false, lead_id: expect.stringMatching(/^lead_/) });
    const implicit = await send(FS, {
      external_event_id: uid('fs'),
      session_id: uid('s'),
      contact_phone: '212-555-0305',
      consent_mode: 'implicit',
    });
    expect(implicit.body).toMatchObject({ analytics_only: false, lead_id: expect.stringMatching(/^lead_/) });
  });

  it('records analytics only when neither email nor phone is present', async () => {
    const res = await send(FS, {
      external_event_id: uid('fs'),
      session_id: uid('s'),
      contact_name: 'Anonymous',
      form_data: { zip: '78701' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ analytics_only: true, recorded_analytics: true, lead_id: null });
  });

  it('a duplicate returns the stored event and lead with 200 and does not upsert again', async () => {
    const body = {
      external_event_id: uid('fs'),
      session_id: uid('s'),
      contact_phone: '212-555-0306',
      contact_name: 'Once',
    };
    const first = await send(FS, body);
    await t.request('PATCH', `/api/v1/leads/${first.body.lead_id}`, {
      key: tenant.key,
      body: { contact_name: 'Edited' },
      headers: { 'idempotency-key': ik() },
    });
    const again = await send(FS, body);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({
      event: { id: first.body.event.id },
      duplicate: true,
      analytics_only: false,
      recorded_analytics: true,
      lead_id: first.body.lead_id,
      created: false,
    });
    await expectMatchesSpec(t, 'POST', FS, again);
    expect((await lead(first.body.lead_id)).contact_name).toBe('Edited');
  });

  it('replays the same Idempotency-Key with status 200 and the stored body', async () => {
    const idem = ik();
    const body = { external_event_id: uid('fs'), session_id: uid('s'), contact_email: 'replay@example.com' };
    const first = await send(FS, body, { idem });
    const replay = await send(FS, body, { idem });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotency-replayed')).toBe('true');
    expect(replay.text).toBe(first.text);
  });

  it.each([
    ['a Canadian phone', { contact_phone: '+1 416 555 0100' }, 'contact_phone'],
    ['a UK phone', { contact_phone: '+44 20 7946 0958' }, 'contact_phone'],
    ['a foreign address', { property_address: '10 Downing St, London SW1A 2AA' }, 'property_address'],
    ['an address over 500', { property_address: 'x'.repeat(501) }, 'property_address'],
    ['a javascript: page_url', { page_url: 'javascript:alert(1)' }, 'page_url'],
    ['a bad email', { contact_email: 'nope' }, 'contact_email'],
    ['a contact_name over 200', { contact_name: 'x'.repeat(201) }, 'contact_name'],
    ['a form_selector over 500', { form_selector: 'x'.repeat(501) }, 'form_selector'],
    ['nested form_data', { form_data: { a: { b: 1 } } }, 'form_data.a'],
    ['non-string attribution_params', { attribution_params: { utm_source: 1 } }, 'attribution_params.utm_source'],
    ['an unknown consent_mode', { consent_mode: 'maybe' }, 'consent_mode'],
  ])('rejects %s with 400 naming the field', async (_, extra, field) => {
    const res = await send(FS, { external_event_id: uid('fs'), session_id: 's', ...extra });
    expect(res.status).toBe(400);
    expect(res.body.error.details.issues.map((i: { path: string }) => i.path)).toContain(field);
    await expectMatchesSpec(t, 'POST', FS, res);
  });

  it("never matches another workspace's lead", async () => {
    const mine = await send(FS, {
      external_event_id: uid('fs'),
      session_id: uid('s'),
      contact_phone: '212-555-0307',
      contact_email: 'x@example.com',
    });
    const theirs = await send(
      FS,
      {
        external_event_id: uid('fs'),
        session_id: uid('s'),
        contact_phone: '212-555-0307',
        contact_email: 'x@example.com',
      },
      { key: other.key },
    );
    expect(theirs.status).toBe(201);
    expect(theirs.body.lead_id).not.toBe(mine.body.lead_id);
    expect((await t.request('GET', `/api/v1/leads/${mine.body.lead_id}`, { key: other.key })).status).toBe(404);
  });
});
