import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, waitUntil, type TestContext, type Tenant } from './helpers/harness.ts';
import { expectMatchesSpec } from './helpers/openapi.ts';
import { sessionsWaitingOnLocks } from './helpers/locks.ts';
import { JSON_RECORD_LIMITS } from '../core/jsonBounds.ts';

let t: TestContext;
let tenant: Tenant;
let n = 0;
beforeAll(async () => {
  t = await createTestContext({ RATE_LIMIT_PER_MINUTE: '10000' });
  tenant = await t.tenant();
});
afterAll(() => t.close());

const ik = () => ({ 'idempotency-key': `k-${++n}-${Math.random()}` });
const post = (body: unknown, key = tenant.key) => t.request('POST', '/api/v1/leads', { key, body, headers: ik() });
const patch = (id: string, body: unknown, key = tenant.key) =>
  t.request('PATCH', `/api/v1/leads/${id}`, { key, body, headers: ik() });
const stages = async (key = tenant.key) =>
  Object.fromEntries(
    (await t.request('GET', '/api/v1/pipeline/stages', { key })).body.stages.map((s: any) => [s.key, s.id]),
  );

describe('POST /api/v1/leads', () => {
  it('creates a lead (201) with every Lead field, phone stored as 10 digits', async () => {
    const res = await post({
      external_id: 'crm-1',
      external_source: 'acme-crm',
      contact_name: 'Ann Roof',
      contact_email: 'ann@example.com',
      contact_phone: '+1 (212) 555-0100',
      property_address: '108 Poinciana Lane, Deltona, FL 32738',
      form_data: { roof_age: 15, tags: ['hail', 'insurance'] },
      attribution: {
        source: 'google',
        medium: 'cpc',
        campaign: 'spring',
        conversion_url: 'https://roofs.example.com/quote',
      },
      notes: 'Prefers mornings',
      quote_value: 12500.5,
      follow_up_date: '2026-12-01T15:00:00Z',
    });
    expect(res.status).toBe(201);
    expect(res.body.created).toBe(true);
    const lead = res.body.lead;
    expect(lead).toMatchObject({
      id: expect.stringMatching(/^lead_/),
      contact_phone: '2125550100',
      status: 'new',
      status_label: 'New',
      status_sort_order: 1,
      is_conversion_stage: false,
      funnel_gap_summary: null,
      attribution: {
        source: 'google',
        medium: 'cpc',
        campaign: 'spring',
        content: null,
        conversion_url: 'https://roofs.example.com/quote',
      },
      form_data: { roof_age: 15, tags: ['hail', 'insurance'] },
      custom_fields: {},
      quote_value: 12500.5,
      sales_value: null,
      follow_up_date: '2026-12-01T15:00:00.000Z',
      converted_at: null,
      communication_summary: { call_count: 0, sms_inbound_count: 0, last_tracking_number: null, last_call_at: null },
    });
    expect(Object.keys(lead.stage_timestamps)).toEqual(['new']);
    await expectMatchesSpec(t, 'POST', '/api/v1/leads', res);
  });

  it('updates the lead matched by external_id + external_source (200, created false)', async () => {
    const a = await post({ external_id: 'x-1', external_source: 'crm', contact_name: 'First' });
    const b = await post({ external_id: 'x-1', external_source: 'crm', contact_name: 'Second' });
    expect(b.status).toBe(200);
    expect(b.body).toMatchObject({ created: false, lead: { id: a.body.lead.id, contact_name: 'Second' } });
    await expectMatchesSpec(t, 'POST', '/api/v1/leads', b);
  });

  it('with both external fields, does not fall back to the phone: no match means a new lead', async () => {
    const a = await post({ contact_phone: '212-555-0111', contact_name: 'Phone only' });
    const b = await post({ external_id: 'other', external_source: 'crm', contact_phone: '212-555-0111' });
    expect(b.status).toBe(201);
    expect(b.body.lead.id).not.toBe(a.body.lead.id);
  });

  it('matches by normalized phone when no external ids are given', async () => {
    const a = await post({ contact_phone: '(212) 555-0112', contact_name: 'Bob' });
    const b = await post({ contact_phone: '+12125550112', contact_email: 'bob@example.com' });
    expect(b.status).toBe(200);
    expect(b.body.lead).toMatchObject({ id: a.body.lead.id, contact_name: 'Bob', contact_email: 'bob@example.com' });
  });

  it('keeps first-touch attribution: an upsert only fills fields that are still null', async () => {
    await post({ contact_phone: '212-555-0113', attribution: { source: 'facebook' } });
    const b = await post({ contact_phone: '212-555-0113', attribution: { source: 'google', campaign: 'fall' } });
    expect(b.body.lead.attribution).toMatchObject({ source: 'facebook', campaign: 'fall' });
  });

  it('applies marketing_attribution_overrides over the first touch; null removes an override', async () => {
    const a = await post({ contact_phone: '212-555-0114', attribution: { source: 'facebook', medium: 'social' } });
    const b = await patch(a.body.lead.id, { marketing_attribution_overrides: { source: 'referral' } });
    expect(b.body.lead.attribution).toMatchObject({ source: 'referral', medium: 'social' });
    const c = await patch(a.body.lead.id, { marketing_attribution_overrides: { source: null } });
    expect(c.body.lead.attribution.source).toBe('facebook');
  });

  it('never creates two leads from 20 concurrent identical upserts', async () => {
    const body = { contact_phone: '(212) 555-0120', contact_name: 'Racer' };
    const results = await Promise.all(Array.from({ length: 20 }, () => post(body)));
    expect(results.map((r) => r.status).sort()).toEqual([200, ...Array(18).fill(200), 201].sort());
    expect(new Set(results.map((r) => r.body.lead.id)).size).toBe(1);
    const rows =
      await t.sql`select count(*)::int as n from leads where workspace_id = ${tenant.workspaceId} and contact_phone = '2125550120'`;
    expect(rows[0]!.n).toBe(1);
    const ext = { external_id: 'race', external_source: 'crm', contact_name: 'Ext racer' };
    const extResults = await Promise.all(Array.from({ length: 20 }, () => post(ext)));
    expect(extResults.filter((r) => r.status === 201)).toHaveLength(1);
    expect(new Set(extResults.map((r) => r.body.lead.id)).size).toBe(1);
  });

  it.each([
    ['a Canadian phone', { contact_phone: '+1 416 555 0100' }, 'contact_phone'],
    ['a Jamaican +1 phone', { contact_phone: '+1 876 555 0100' }, 'contact_phone'],
    ['a UK phone', { contact_phone: '+44 20 7946 0958' }, 'contact_phone'],
    ['a short phone', { contact_phone: '555-0100' }, 'contact_phone'],
    ['a Canadian address', { property_address: '1 Main St, Toronto, ON M5V 2T6' }, 'property_address'],
    ['a UK address', { property_address: '10 Downing St, London SW1A 2AA' }, 'property_address'],
    ['a named foreign country', { property_address: '12 Rue de Rivoli, Paris, France' }, 'property_address'],
    ['a bad email', { contact_email: 'not-an-email' }, 'contact_email'],
    ['a negative quote', { quote_value: -1 }, 'quote_value'],
    ['a quote over 10,000,000', { sales_value: 10_000_001 }, 'sales_value'],
    ['a name over 200 characters', { contact_name: 'x'.repeat(201) }, 'contact_name'],
    ['an external_source over 120', { external_source: 'x'.repeat(121) }, 'external_source'],
    ['notes over 5000', { notes: 'x'.repeat(5001) }, 'notes'],
    ['an address over 500', { property_address: 'x'.repeat(501) }, 'property_address'],
    ['an unknown field', { favourite_color: 'red' }, 'favourite_color'],
    ['an unknown attribution field', { attribution: { source: 'g', gclid: 'x' } }, 'attribution'],
    ['a non-URI conversion_url', { attribution: { conversion_url: 'not a url' } }, 'attribution.conversion_url'],
    [
      'a javascript: conversion_url',
      { attribution: { conversion_url: 'javascript:alert(1)' } },
      'attribution.conversion_url',
    ],
    ['a nested object in form_data', { form_data: { nested: { a: 1 } } }, 'form_data.nested'],
    ['a bad follow_up_date', { follow_up_date: 'tomorrow' }, 'follow_up_date'],
    ['an unknown stage', { status_stage_id: 'stage_nope' }, 'status_stage_id'],
  ])('rejects %s with 400 naming the field and writes nothing', async (_, body, field) => {
    const before = await t.sql`select count(*)::int as n from leads`;
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details.issues.map((i: any) => i.path).join(' ')).toContain(field);
    const after = await t.sql`select count(*)::int as n from leads`;
    expect(after[0]!.n).toBe(before[0]!.n);
    await expectMatchesSpec(t, 'POST', '/api/v1/leads', res);
  });

  it.each([
    ['a US state + ZIP', '1 Main St, Portland, OR 97201'],
    ['an explicit US', '1 Main St, Springfield, USA'],
    ['a street line alone', '123 Main St'],
    ['an empty string', ''],
  ])('accepts %s address', async (_, property_address) => {
    expect((await post({ property_address })).status).toBe(201);
  });

  it('needs leads.write (403) and a valid key (401)', async () => {
    const readOnly = await t.keyFor(tenant.workspaceId, ['leads.read']);
    const res = await post({ contact_name: 'x' }, readOnly);
    expect(res.status).toBe(403);
    await expectMatchesSpec(t, 'POST', '/api/v1/leads', res);
    expect((await t.request('POST', '/api/v1/leads', { body: {}, headers: ik() })).status).toBe(401);
  });

  it("refuses another workspace's pipeline stage (400), right after that workspace wrote a lead", async () => {
    const other = await t.tenant();
    const [ours, theirs] = [await stages(), await stages(other.key)];
    // The other workspace writes first, so its stages are the ones most recently read.
    const their = await post({ contact_name: 'Theirs' }, other.key);
    expect(their.body.lead.status_stage_id).toBe(theirs.new);
    const created = await post({ contact_name: 'Wrong stage', status_stage_id: theirs.contacted });
    expect(created.status).toBe(400);
    expect(created.body.error.details.issues[0]).toMatchObject({ path: 'status_stage_id' });
    // It lists the stages this workspace takes, never the other's.
    const message = created.body.error.details.issues[0].message as string;
    expect(message).toContain(`send one of ${ours.new} (new), ${ours.contacted} (contacted)`);
    expect(message).toContain('GET /api/v1/pipeline/stages');
    expect(message).not.toContain(theirs.new);
    const mine = await post({ contact_name: 'Right lead' });
    expect(mine.body.lead.status_stage_id).toBe(ours.new);
    expect((await patch(mine.body.lead.id, { status_stage_id: theirs.contacted })).status).toBe(400);
    expect(await t.sql`select 1 from leads where contact_name = 'Wrong stage'`).toHaveLength(0);
  });

  it('does not match a lead of another workspace', async () => {
    const other = await t.tenant();
    const a = await post({ contact_phone: '212-555-0130' });
    const b = await post({ contact_phone: '212-555-0130' }, other.key);
    expect(b.status).toBe(201);
    expect(b.body.lead.id).not.toBe(a.body.lead.id);
  });
});

describe('PATCH /api/v1/leads/{lead_id}', () => {
  it('moves the pipeline stage: status, timestamps, conversion and funnel gaps follow', async () => {
    const s = await stages();
    const a = await post({ contact_name: 'Mover' });
    const contacted = await patch(a.body.lead.id, { status_stage_id: s.contacted });
    expect(contacted.status).toBe(200);
    expect(contacted.body.updated).toBe(true);
    expect(contacted.body.lead).toMatchObject({
      status: 'contacted',
      status_stage_id: s.contacted,
      status_sort_order: 2,
      funnel_gap_summary: { has_gap: false, skipped_stages: [] },
      converted_at: null,
    });
    const sold = await patch(a.body.lead.id, { status_stage_id: s.sold, sales_value: 18000 });
    expect(sold.body.lead).toMatchObject({
      status: 'sold',
      is_conversion_stage: true,
      converted_at: expect.any(String),
      funnel_gap_summary: { has_gap: true, skipped_stages: ['appointment_set', 'quoted'] },
      sales_value: 18000,
    });
    expect(Object.keys(sold.body.lead.stage_timestamps).sort()).toEqual(['contacted', 'new', 'sold']);
    const convertedAt = sold.body.lead.converted_at;
    await patch(a.body.lead.id, { status_stage_id: s.lost });
    const back = await patch(a.body.lead.id, { status_stage_id: s.sold });
    expect(back.body.lead.converted_at).toBe(convertedAt);
    await expectMatchesSpec(t, 'PATCH', '/api/v1/leads/{lead_id}', back);
  });

  it('answers updated false when nothing changes', async () => {
    const a = await post({ contact_name: 'Same' });
    const res = await patch(a.body.lead.id, { contact_name: 'Same' });
    expect(res.status).toBe(200);
    expect(res.body.updated).toBe(false);
    expect(res.body.lead.updated_at).toBe(a.body.lead.updated_at);
  });

  it('rejects LeadWrite-only fields and bad values with 400', async () => {
    const a = await post({ contact_name: 'Strict' });
    const res = await patch(a.body.lead.id, { external_id: 'nope' });
    expect(res.status).toBe(400);
    expect(res.body.error.details.issues[0].path).toContain('external_id');
    await expectMatchesSpec(t, 'PATCH', '/api/v1/leads/{lead_id}', res);
  });

  it("answers 404 for unknown, deleted and other workspaces' leads", async () => {
    const other = await t.tenant();
    const mine = await post({ contact_name: 'Mine' });
    const res = await patch(mine.body.lead.id, { contact_name: 'Stolen' }, other.key);
    expect(res.status).toBe(404);
    await expectMatchesSpec(t, 'PATCH', '/api/v1/leads/{lead_id}', res);
    expect((await patch('lead_unknown', { notes: 'x' })).status).toBe(404);
    const [row] = await t.sql`select contact_name from leads where id = ${mine.body.lead.id}`;
    expect(row!.contact_name).toBe('Mine');
  });
});

describe('GET and DELETE /api/v1/leads/{lead_id}', () => {
  it('reads a lead, soft-deletes it (IK), and then it is gone from reads and lists', async () => {
    const a = await post({ contact_name: 'Deletable', contact_phone: '212-555-0140' });
    const id = a.body.lead.id;
    const read = await t.request('GET', `/api/v1/leads/${id}`, { key: tenant.key });
    expect(read.status).toBe(200);
    expect(read.body.lead).toEqual(a.body.lead);
    await expectMatchesSpec(t, 'GET', '/api/v1/leads/{lead_id}', read);
    const headers = ik();
    const del = await t.request('DELETE', `/api/v1/leads/${id}`, { key: tenant.key, headers });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ deleted: true, lead_id: id });
    await expectMatchesSpec(t, 'DELETE', '/api/v1/leads/{lead_id}', del);
    const replay = await t.request('DELETE', `/api/v1/leads/${id}`, { key: tenant.key, headers });
    expect(replay.headers.get('idempotency-replayed')).toBe('true');
    expect((await t.request('GET', `/api/v1/leads/${id}`, { key: tenant.key })).status).toBe(404);
    const again = await t.request('DELETE', `/api/v1/leads/${id}`, { key: tenant.key, headers: ik() });
    expect(again.status).toBe(404);
    const list = await t.request('GET', '/api/v1/leads?search=deletable', { key: tenant.key });
    expect(list.body.leads).toHaveLength(0);
    const [row] = await t.sql`select deleted_at from leads where id = ${id}`;
    expect(row!.deleted_at).toBeInstanceOf(Date);
    // a deleted lead no longer matches: the same phone makes a new lead
    expect((await post({ contact_phone: '212-555-0140' })).status).toBe(201);
  });

  it('answers 404, never 400, for an over-long lead id on the reads whose contract lists no 400', async () => {
    const long = `lead_${'x'.repeat(300)}`;
    for (const path of [`/api/v1/leads/${long}`, `/api/v1/leads/${long}/conversions`, `/api/v1/leads/${long}/roof`]) {
      const res = await t.request('GET', path, { key: tenant.key });
      expect([path.slice(-12), res.status, res.body.error.code]).toEqual([path.slice(-12), 404, 'NOT_FOUND']);
    }
    // PATCH lists 400: an id beyond its bounds is a mistake it names.
    expect((await patch(long, { notes: 'x' })).status).toBe(400);
  });

  it("hides another workspace's lead (404) and needs leads.read (403)", async () => {
    const other = await t.tenant();
    const a = await post({ contact_name: 'Private' });
    const res = await t.request('GET', `/api/v1/leads/${a.body.lead.id}`, { key: other.key });
    expect(res.status).toBe(404);
    await expectMatchesSpec(t, 'GET', '/api/v1/leads/{lead_id}', res);
    const del = await t.request('DELETE', `/api/v1/leads/${a.body.lead.id}`, { key: other.key, headers: ik() });
    expect(del.status).toBe(404);
    const writeOnly = await t.keyFor(tenant.workspaceId, ['leads.write']);
    expect((await t.request('GET', `/api/v1/leads/${a.body.lead.id}`, { key: writeOnly })).status).toBe(403);
  });
});

// POST /api/v1/leads reads the lead its rule matches, plans in Node, then writes in one statement
// that passes the Idempotency-Key's gate, checks the lead is as it was read, records the events
// and keeps the answer (storage/leadUpsert.ts). These guard what that statement must keep.
const postUnder = (key: string, body: unknown, apiKey = tenant.key) =>
  t.request('POST', '/api/v1/leads', { key: apiKey, body, headers: { 'idempotency-key': key } });

const eventsOf = async (leadId: string) =>
  (
    await t.sql<{ type: string }[]>`
      select type from webhook_events where subject->>'id' = ${leadId} order by type`
  ).map((e) => e.type);

const leadsWithPhone = async (digits: string, workspaceId = tenant.workspaceId) =>
  t.sql<{ id: string }[]>`select id from leads where workspace_id = ${workspaceId} and contact_phone = ${digits}`;

describe('POST /api/v1/leads under concurrency', () => {
  it('20 concurrent upserts of the same new lead make one lead and one lead.created event', async () => {
    const body = { contact_phone: '(212) 555-0301', contact_name: 'Same new lead', attribution: { source: 'google' } };
    const results = await Promise.all(Array.from({ length: 20 }, () => post(body)));
    expect(results.map((r) => r.status).sort()).toEqual([...Array(19).fill(200), 201]);
    expect(results.filter((r) => r.body.created === true)).toHaveLength(1);
    const [lead, ...others] = await leadsWithPhone('2125550301');
    expect(others).toEqual([]);
    expect(new Set(results.map((r) => r.body.lead.id))).toEqual(new Set([lead!.id]));
    // The 19 others changed nothing, so they record nothing.
    expect(await eventsOf(lead!.id)).toEqual(['lead.created']);
    // Each answer was kept as sent.
    const kept = await t.sql<{ response_body: string }[]>`
      select response_body from idempotency_records where response_body like ${`%${lead!.id}%`}`;
    expect(kept.map((k) => k.response_body).sort()).toEqual(results.map((r) => r.text).sort());
  });

  it('20 concurrent upserts by external id, each adding a field, lose none of them', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post({ external_id: 'crm-race-2', external_source: 'crm', custom_fields: { [`field_${i}`]: i } }),
      ),
    );
    expect(results.every((r) => r.status === 200 || r.status === 201)).toBe(true);
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const rows = await t.sql<{ id: string; custom_fields: Record<string, number> }[]>`
      select id, custom_fields from leads where workspace_id = ${tenant.workspaceId} and external_id = 'crm-race-2'`;
    expect(rows).toHaveLength(1);
    expect(rows[0]!.custom_fields).toEqual(Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`field_${i}`, i])));
    const events = await eventsOf(rows[0]!.id);
    expect(events.filter((e) => e === 'lead.created')).toHaveLength(1);
    expect(events.filter((e) => e === 'lead.updated')).toHaveLength(19);
  });

  it('does not overwrite a change committed between its read and its write', async () => {
    const created = await post({ contact_phone: '(212) 555-0302', contact_name: 'Before' });
    const id = created.body.lead.id as string;
    // Another writer changes the lead and holds it until the upsert has read it and waits to write.
    let commit!: () => void;
    const committed = new Promise<void>((r) => (commit = r));
    let updated!: () => void;
    const isUpdated = new Promise<void>((r) => (updated = r));
    const writer = t.sql.begin(async (tx) => {
      await tx`update leads set notes = 'Written in between' where id = ${id}`;
      updated();
      await committed;
    });
    // The upsert starts only once the other writer holds the lead: it reads the committed lead, then
    // its write waits for that writer, finds the lead changed and plans again.
    await isUpdated;
    const upsert = post({ contact_phone: '(212) 555-0302', contact_name: 'After' });
    expect(await waitUntil(async () => (await sessionsWaitingOnLocks(t.sql)) > 0, 10_000, 20)).toBe(true);
    commit();
    await writer;
    const res = await upsert;
    expect(res.status).toBe(200);
    expect(res.body.lead).toMatchObject({ id, contact_name: 'After', notes: 'Written in between' });
    const [row] = await t.sql`select contact_name, notes from leads where id = ${id}`;
    expect(row).toEqual({ contact_name: 'After', notes: 'Written in between' });
    expect(await eventsOf(id)).toEqual(['lead.created', 'lead.updated']);
  });
});

describe('POST /api/v1/leads under its Idempotency-Key', () => {
  it('replays an update and an unchanged answer byte for byte, whatever the lead became since', async () => {
    await post({ contact_phone: '(212) 555-0303', contact_name: 'Replay base' });
    const update = await postUnder('replay-update', { contact_phone: '(212) 555-0303', notes: 'First note' });
    const unchanged = await postUnder('replay-unchanged', { contact_phone: '(212) 555-0303', notes: 'First note' });
    expect([update.status, unchanged.status]).toEqual([200, 200]);
    expect(unchanged.body.lead).toEqual(update.body.lead);
    await post({ contact_phone: '(212) 555-0303', notes: 'Second note' });
    const [lead] = await leadsWithPhone('2125550303');
    const eventsBefore = await eventsOf(lead!.id);
    for (const [key, first] of [
      ['replay-update', update],
      ['replay-unchanged', unchanged],
    ] as const) {
      const again = await postUnder(key, { contact_phone: '(212) 555-0303', notes: 'First note' });
      expect(again.status).toBe(200);
      expect(again.headers.get('idempotency-replayed')).toBe('true');
      expect(again.text).toBe(first.text);
    }
    expect(await eventsOf(lead!.id)).toEqual(eventsBefore);
    const [row] = await t.sql`select notes from leads where id = ${lead!.id}`;
    expect(row!.notes).toBe('Second note');
  });

  it('answers 409 to a reused key with another body, writing nothing', async () => {
    await postUnder('reuse-update', { contact_phone: '(212) 555-0304', contact_name: 'Reuse' });
    const reused = await postUnder('reuse-update', { contact_phone: '(212) 555-0304', contact_name: 'Reused' });
    expect(reused.status).toBe(409);
    expect(reused.body.error.code).toBe('CONFLICT');
    const [row] = await t.sql`select contact_name from leads where contact_phone = '2125550304'`;
    expect(row!.contact_name).toBe('Reuse');
  });

  it('replays a kept answer even when the same body would now be refused', async () => {
    const first = await postUnder('replay-refused', { contact_phone: '(212) 555-0305', custom_fields: { first: 1 } });
    expect(first.status).toBe(201);
    // The phone moves to a new lead whose custom_fields are full: the first body, applied again,
    // would now merge past their limit (400).
    const moved = await t.request('PATCH', `/api/v1/leads/${first.body.lead.id}`, {
      key: tenant.key,
      body: { contact_phone: '(212) 555-0315' },
      headers: ik(),
    });
    expect(moved.status).toBe(200);
    const full = Object.fromEntries(Array.from({ length: JSON_RECORD_LIMITS.keys }, (_, i) => [`k${i}`, i]));
    expect((await post({ contact_phone: '(212) 555-0305', custom_fields: full })).status).toBe(201);
    const refused = await post({ contact_phone: '(212) 555-0305', custom_fields: { first: 1 } });
    expect(refused.status).toBe(400);
    const again = await postUnder('replay-refused', { contact_phone: '(212) 555-0305', custom_fields: { first: 1 } });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    expect(again.text).toBe(first.text);
  });

  it("matches only the key's own workspace, and keeps each key's answers apart", async () => {
    const other = await t.tenant();
    const ours = await postUnder('shared-ik', { contact_phone: '(212) 555-0306', contact_name: 'Ours' });
    const theirs = await postUnder('shared-ik', { contact_phone: '(212) 555-0306', contact_name: 'Theirs' }, other.key);
    expect([ours.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.body.lead.id).not.toBe(ours.body.lead.id);
    expect(await leadsWithPhone('2125550306')).toHaveLength(1);
    expect(await leadsWithPhone('2125550306', other.workspaceId)).toHaveLength(1);
    const [row] = await t.sql`select contact_name from leads where id = ${ours.body.lead.id}`;
    expect(row!.contact_name).toBe('Ours');
  });
});
