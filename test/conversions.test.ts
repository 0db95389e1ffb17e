import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type Tenant } from './helpers/harness.ts';
import { expectMatchesSpec } from './helpers/openapi.ts';

let t: TestContext;
let tenant: Tenant;
let n = 0;
const ik = () => ({ 'idempotency-key': `c-${++n}` });
beforeAll(async () => {
  t = await createTestContext({ RATE_LIMIT_PER_MINUTE: '10000' });
  tenant = await t.tenant();
});
afterAll(() => t.close());

async function newLead(body: Record<string, unknown> = {}, key = tenant.key) {
  const res = await t.request('POST', '/api/v1/leads', {
    key,
    body: { contact_name: 'Convert Me', ...body },
    headers: ik(),
  });
  return res.body.lead as { id: string };
}
const convert = (leadId: string, body: unknown, headers = ik(), key = tenant.key) =>
  t.request('POST', `/api/v1/leads/${leadId}/conversions`, { key, body, headers });

describe('lead conversions', () => {
  it('numbers conversions per lead and snapshots contact fields and attribution', async () => {
    const lead = await newLead({
      session_id: 'sess-1',
      contact_email: 'c@example.com',
      contact_phone: '212-555-0150',
      attribution: { source: 'google', campaign: 'spring' },
    });
    const first = await convert(lead.id, {
      external_event_id: 'evt-1',
      conversion_url: 'https://roofs.example.com/thanks',
    });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      created: true,
      conversion: {
        id: expect.stringMatching(/^conv_/),
        lead_id: lead.id,
        external_event_id: 'evt-1',
        conversion_number: 1,
        session_id: 'sess-1',
        visualization_id: null,
        attribution: {
          source: 'google',
          medium: null,
          campaign: 'spring',
          content: null,
          conversion_url: 'https://roofs.example.com/thanks',
        },
        contact_name: 'Convert Me',
        contact_email: 'c@example.com',
        contact_phone: '2125550150',
        property_address: null,
        created_at: expect.any(String),
      },
    });
    await expectMatchesSpec(t, 'POST', '/api/v1/leads/{lead_id}/conversions', first);
    const second = await convert(lead.id, {
      external_event_id: 'evt-2',
      session_id: 'sess-9',
      contact_name: 'Snapshot Name',
    });
    expect(second.body.conversion).toMatchObject({
      conversion_number: 2,
      session_id: 'sess-9',
      contact_name: 'Snapshot Name',
    });
    const list = await t.request('GET', `/api/v1/leads/${lead.id}/conversions`, { key: tenant.key });
    expect(list.status).toBe(200);
    expect(list.body.conversions.map((c: any) => c.conversion_number)).toEqual([1, 2]);
    await expectMatchesSpec(t, 'GET', '/api/v1/leads/{lead_id}/conversions', list);
  });

  it('returns the existing conversion with 200 for a repeated external_event_id', async () => {
    const lead = await newLead();
    const first = await convert(lead.id, { external_event_id: 'evt-repeat' });
    const again = await convert(lead.id, { external_event_id: 'evt-repeat', contact_name: 'Ignored' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ created: false, conversion: first.body.conversion });
    await expectMatchesSpec(t, 'POST', '/api/v1/leads/{lead_id}/conversions', again);
  });

  it('replays a stored 201 as 200 with Idempotency-Replayed', async () => {
    const lead = await newLead();
    const headers = ik();
    const first = await convert(lead.id, { external_event_id: 'evt-replay' }, headers);
    const replay = await convert(lead.id, { external_event_id: 'evt-replay' }, headers);
    expect(first.status).toBe(201);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotency-replayed')).toBe('true');
    expect(replay.text).toBe(first.text);
  });

  it('falls back to the conversion id as session_id when neither request nor lead has one', async () => {
    const lead = await newLead();
    const res = await convert(lead.id, { external_event_id: 'evt-nosession' });
    expect(res.body.conversion.session_id).toBe(res.body.conversion.id);
  });

  it('answers 409 when the external_event_id already converted another lead', async () => {
    const a = await newLead();
    const b = await newLead({ contact_phone: '212-555-0151' });
    await convert(a.id, { external_event_id: 'evt-shared' });
    const res = await convert(b.id, { external_event_id: 'evt-shared' });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('CONFLICT');
    await expectMatchesSpec(t, 'POST', '/api/v1/leads/{lead_id}/conversions', res);
  });

  it('validates the body (400), scopes (403) and tenancy (404)', async () => {
    const lead = await newLead();
    const bad = await convert(lead.id, { external_event_id: '', contact_phone: '+44 20 7946 0958' });
    expect(bad.status).toBe(400);
    const paths = bad.body.error.details.issues.map((i: any) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['external_event_id', 'contact_phone']));
    const readOnly = await t.keyFor(tenant.workspaceId, ['leads.read']);
    expect((await convert(lead.id, { external_event_id: 'x' }, ik(), readOnly)).status).toBe(403);
    const other = await t.tenant();
    const foreign = await convert(lead.id, { external_event_id: 'x' }, ik(), other.key);
    expect(foreign.status).toBe(404);
    expect((await t.request('GET', `/api/v1/leads/${lead.id}/conversions`, { key: other.key })).status).toBe(404);
    expect(await t.sql`select 1 from conversions where lead_id = ${lead.id}`).toHaveLength(0);
  });

  it.each([
    'javascript:alert(document.cookie)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'ftp://roofs.example.com/thanks',
  ])('refuses the conversion_url %s with 400: only http and https URLs', async (conversion_url) => {
    const lead = await newLead();
    const res = await convert(lead.id, { external_event_id: `evt-url-${conversion_url.length}`, conversion_url });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details.issues).toEqual([
      { location: 'body', path: 'conversion_url', message: 'must be an http:// or https:// URL' },
    ]);
    await expectMatchesSpec(t, 'POST', '/api/v1/leads/{lead_id}/conversions', res);
    expect(await t.sql`select 1 from conversions where lead_id = ${lead.id}`).toHaveLength(0);
  });
});

describe('GET /api/v1/leads/{lead_id}/roof', () => {
  it('is all nulls before any visualization', async () => {
    const lead = await newLead();
    const res = await t.request('GET', `/api/v1/leads/${lead.id}/roof`, { key: tenant.key });
    expect(res.status).toBe(200);
    expect(res.body.roof).toEqual({
      lead_id: lead.id,
      visualization_id: null,
      material: null,
      color: null,
      shape: null,
      images: { original_image_url: null, generated_image_url: null },
      processing_status: null,
      processing_error: null,
    });
    await expectMatchesSpec(t, 'GET', '/api/v1/leads/{lead_id}/roof', res);
  });

  it("answers 404 for another workspace's lead and 403 without leads.read", async () => {
    const lead = await newLead();
    const other = await t.tenant();
    const res = await t.request('GET', `/api/v1/leads/${lead.id}/roof`, { key: other.key });
    expect(res.status).toBe(404);
    await expectMatchesSpec(t, 'GET', '/api/v1/leads/{lead_id}/roof', res);
    const key = await t.keyFor(tenant.workspaceId, ['reports.read']);
    expect((await t.request('GET', `/api/v1/leads/${lead.id}/roof`, { key })).status).toBe(403);
  });
});
