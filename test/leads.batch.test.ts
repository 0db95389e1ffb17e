import { inflateRawSync } from 'node:zlib';
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

const ik = () => ({ 'idempotency-key': `batch-${++n}-${Math.random()}` });
const batch = (leads: unknown, opts: { key?: string; headers?: Record<string, string> } = {}) =>
  t.request('POST', '/api/v1/leads/batch', {
    key: opts.key ?? tenant.key,
    body: { leads },
    headers: opts.headers ?? ik(),
  });
const single = (body: unknown, key = tenant.key) => t.request('POST', '/api/v1/leads', { key, body, headers: ik() });
const phone = () => `212555${String(1000 + (n++ % 9000)).padStart(4, '0')}`;
const leadCount = async (workspaceId: string) =>
  (await t.sql<{ n: number }[]>`select count(*)::int as n from leads where workspace_id = ${workspaceId}`)[0]!.n;

describe('POST /api/v1/leads/batch', () => {
  it('answers each item as the single upsert would, in request order, with the rule that matched', async () => {
    const ext = `crm-${n}`;
    const byPhone = phone();
    const first = await single({ external_id: ext, external_source: 'acme', contact_name: 'Before' });
    const second = await single({ contact_phone: byPhone, contact_name: 'Phone before' });
    const res = await batch([
      { external_id: ext, external_source: 'acme', contact_name: 'After' },
      { contact_phone: byPhone, notes: 'matched by phone' },
      { contact_name: 'Brand new', contact_email: 'new@example.com' },
    ]);
    expect(res.status).toBe(200);
    await expectMatchesSpec(t, 'POST', '/api/v1/leads/batch', res);
    const [a, b, c] = res.body.results;
    expect(a).toMatchObject({ index: 0, status: 200, created: false, matched_by: 'external_id', error: null });
    expect(a.lead).toMatchObject({ id: first.body.lead.id, contact_name: 'After' });
    expect(b).toMatchObject({ index: 1, status: 200, created: false, matched_by: 'phone', error: null });
    expect(b.lead).toMatchObject({ id: second.body.lead.id, notes: 'matched by phone' });
    expect(c).toMatchObject({ index: 2, status: 201, created: true, matched_by: null, error: null });
    expect(c.lead.contact_name).toBe('Brand new');
    // The lead as answered is the lead as stored.
    expect((await t.request('GET', `/api/v1/leads/${c.lead.id}`, { key: tenant.key })).body.lead).toEqual(c.lead);
  });

  it('a bad item in the middle gets its own 400 (or the write-time 400) and the others still apply', async () => {
    const before = await leadCount(tenant.workspaceId);
    const res = await batch([
      { contact_name: 'One', contact_phone: phone() },
      { contact_name: 'Bad', contact_email: 'not an email' },
      { contact_name: 'Bad stage', status_stage_id: 'stage_nope' },
      { contact_name: 'Three', contact_phone: phone() },
    ]);
    expect(res.status).toBe(200);
    const results = res.body.results;
    expect(results.map((r: any) => r.status)).toEqual([201, 400, 400, 201]);
    // The single upsert's own error for the same input, request_id apart.
    const alone = await single({ contact_name: 'Bad', contact_email: 'not an email' });
    expect(alone.status).toBe(400);
    expect({ ...results[1].error, request_id: 'x' }).toEqual({ ...alone.body.error, request_id: 'x' });
    expect(results[1].error.request_id).toBe(res.headers.get('x-request-id'));
    expect(results[1]).toMatchObject({ created: null, matched_by: null, lead: null });
    expect(results[2].error.details.issues[0].path).toBe('status_stage_id');
    expect(await leadCount(tenant.workspaceId)).toBe(before + 2);
    await expectMatchesSpec(t, 'POST', '/api/v1/leads/batch', res);
  });

  it('applies items one after another: a phone repeated in the batch creates one lead, then updates it', async () => {
    const p = phone();
    const res = await batch([
      { contact_phone: p, contact_name: 'First' },
      { contact_phone: p, notes: 'second item' },
    ]);
    const [a, b] = res.body.results;
    expect(a).toMatchObject({ status: 201, created: true });
    expect(b).toMatchObject({ status: 200, created: false, matched_by: 'phone' });
    expect(b.lead).toMatchObject({ id: a.lead.id, contact_name: 'First', notes: 'second item' });
  });

  it('an item sees what the items before it wrote: a phone moved away no longer matches, the new one does', async () => {
    const [p, q] = [phone(), phone()];
    const ext = `move-${n}`;
    const lead = (await single({ external_id: ext, external_source: 'acme', contact_phone: p })).body.lead;
    const res = await batch([
      { external_id: ext, external_source: 'acme', contact_phone: q },
      { contact_phone: q, notes: 'found by its new phone' },
      { contact_phone: p, contact_name: 'Old phone' },
    ]);
    const [a, b, c] = res.body.results;
    expect(a).toMatchObject({ status: 200, matched_by: 'external_id' });
    expect(b).toMatchObject({ status: 200, matched_by: 'phone' });
    expect(b.lead).toMatchObject({ id: lead.id, contact_phone: q, notes: 'found by its new phone' });
    expect(c).toMatchObject({ status: 201, created: true });
    expect(c.lead.id).not.toBe(lead.id);
  });

  it('two batches sharing keys in opposite orders, sent at once, both apply and create each lead once', async () => {
    const phones = Array.from({ length: 20 }, () => phone());
    const before = await leadCount(tenant.workspaceId);
    const [a, b] = await Promise.all([
      batch(phones.map((p) => ({ contact_phone: p }))),
      batch([...phones].reverse().map((p) => ({ contact_phone: p, notes: 'b' }))),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await leadCount(tenant.workspaceId)).toBe(before + 20);
  });

  it('records the webhook events of each item, like the single calls', async () => {
    const stages = Object.fromEntries(
      (await t.request('GET', '/api/v1/pipeline/stages', { key: tenant.key })).body.stages.map((s: any) => [
        s.key,
        s.id,
      ]),
    );
    const p = phone();
    const res = await batch([
      { contact_phone: p },
      { contact_phone: p, status_stage_id: stages.sold },
      { contact_phone: p, status_stage_id: stages.sold },
    ]);
    const id = res.body.results[0].lead.id;
    const types = (await eventsAbout(t.sql, id)).map((e) => e.type).sort();
    // The third item changes nothing and records nothing, like a repeated single upsert. (One
    // transaction gives the events one created_at, so their order is not asserted.)
    expect(types).toEqual(['lead.converted', 'lead.created', 'lead.stage_changed', 'lead.updated']);
  });

  it('replays an Idempotency-Key byte for byte from its deflated answer, and writes nothing the second time', async () => {
    const headers = ik();
    const items = [
      { contact_phone: phone(), contact_name: 'Replayed' },
      { contact_phone: phone(), contact_name: 'Replayed too' },
      { contact_email: 'bad' },
    ];
    const first = await batch(items, { headers });
    // An answer this large (over 2,000 characters) is kept deflated, not as text.
    expect(first.text.length).toBeGreaterThan(2048);
    const [record] = await t.sql<{ response_body: string | null; response_deflated: Buffer }[]>`
      select response_body, response_deflated from idempotency_records where key = ${headers['idempotency-key']}`;
    expect(record!.response_body).toBeNull();
    expect(record!.response_deflated.length).toBeLessThan(first.text.length / 2);
    expect(inflateRawSync(record!.response_deflated).toString()).toBe(first.text);
    const count = await leadCount(tenant.workspaceId);
    const again = await batch(items, { headers });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    expect(again.text).toBe(first.text);
    expect(await leadCount(tenant.workspaceId)).toBe(count);
    const other = await batch([{ contact_name: 'different' }], { headers });
    expect(other.status).toBe(409);
  });

  it('replays the answer of a full batch of large leads as it was sent, not a 409', async () => {
    // 100 leads of about 3 kB each: an answer of about 350 kB, past what a smaller kept-answer
    // limit would keep, where a retry after a timeout would have got 409 instead of its answer.
    const headers = ik();
    const items = Array.from({ length: 100 }, (_, i) => ({
      contact_phone: phone(),
      contact_name: `Large ${i}`,
      custom_fields: { survey: `${i} `.repeat(750).slice(0, 1500), notes: `${i}-`.repeat(750).slice(0, 1500) },
    }));
    const first = await batch(items, { headers });
    expect(first.body.results.every((r: { status: number }) => r.status === 201)).toBe(true);
    expect(first.text.length).toBeGreaterThan(300_000);
    const again = await batch(items, { headers });
    expect([again.status, again.headers.get('idempotency-replayed')]).toEqual([200, 'true']);
    expect(again.text).toBe(first.text);
  });

  it('refuses an empty batch, more than 100 items, a missing key, tenant selectors and unknown fields whole', async () => {
    const before = await leadCount(tenant.workspaceId);
    expect((await batch([])).status).toBe(400);
    const tooMany = await batch(Array.from({ length: 101 }, () => ({ contact_name: 'x' })));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.details.issues[0].path).toBe('leads');
    expect((await batch('nope')).status).toBe(400);
    const selector = await batch([{ contact_name: 'ok' }, { contact_name: 'x', workspace_id: 'ws_other' }]);
    expect(selector.status).toBe(400);
    expect(selector.body.error.details.issues[0].path).toBe('leads.1.workspace_id');
    const top = await t.request('POST', '/api/v1/leads/batch', {
      key: tenant.key,
      body: { leads: [{ contact_name: 'ok' }], workspace_id: 'ws_other' },
      headers: ik(),
    });
    expect(top.status).toBe(400);
    const noKey = await t.request('POST', '/api/v1/leads/batch', { key: tenant.key, body: { leads: [{}] } });
    expect(noKey.status).toBe(400);
    expect(await leadCount(tenant.workspaceId)).toBe(before);
    // 100 is allowed.
    const full = await batch(Array.from({ length: 100 }, (_, i) => ({ contact_name: `Bulk ${i}` })));
    expect(full.status).toBe(200);
    expect(full.body.results).toHaveLength(100);
    expect(full.body.results.every((r: any, i: number) => r.index === i && r.status === 201)).toBe(true);
  });

  it("never touches another workspace's lead: its external id and phone do not match, its id is no field", async () => {
    const other = await t.tenant();
    const p = phone();
    const theirs = await single({ external_id: 'shared-ext', external_source: 'acme', contact_phone: p }, other.key);
    const res = await batch([
      { external_id: 'shared-ext', external_source: 'acme', contact_name: 'Mine' },
      { contact_phone: p, contact_name: 'Mine too' },
      { id: theirs.body.lead.id, contact_name: 'hijack' },
    ]);
    expect(res.body.results.map((r: any) => r.status)).toEqual([201, 201, 400]);
    expect(res.body.results[0].lead.id).not.toBe(theirs.body.lead.id);
    expect(res.body.results[1].lead.id).not.toBe(theirs.body.lead.id);
    const after = await t.request('GET', `/api/v1/leads/${theirs.body.lead.id}`, { key: other.key });
    expect(after.body.lead).toEqual(theirs.body.lead);
  });

  it('needs leads.write', async () => {
    const readOnly = await t.keyFor(tenant.workspaceId, ['leads.read']);
    expect((await batch([{ contact_name: 'x' }], { key: readOnly })).status).toBe(403);
  });
});

describe('POST /api/v1/leads/batch and the rate limit', () => {
  it('counts a batch as one request', async () => {
    const limited = await createTestContext({ RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const tn = await limited.tenant();
      const send = () =>
        limited.request('POST', '/api/v1/leads/batch', {
          key: tn.key,
          body: { leads: Array.from({ length: 50 }, (_, i) => ({ contact_name: `Lead ${i}` })) },
          headers: ik(),
        });
      expect((await send()).status).toBe(200);
      expect((await send()).status).toBe(200);
      const third = await send();
      expect(third.status).toBe(429);
      expect(third.body.error.code).toBe('RATE_LIMITED');
    } finally {
      await limited.close();
    }
  });
});
