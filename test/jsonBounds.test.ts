import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type Tenant } from './helpers/harness.ts';
import { expectMatchesSpec } from './helpers/openapi.ts';
import { JSON_RECORD_LIMITS as L } from '../core/jsonBounds.ts';

let t: TestContext;
let tenant: Tenant;
let n = 0;
beforeAll(async () => {
  t = await createTestContext({ RATE_LIMIT_PER_MINUTE: '10000' });
  tenant = await t.tenant();
});
afterAll(() => t.close());

const FS = '/api/v1/events/form-submission';
const ik = () => ({ 'idempotency-key': `k-${++n}-${Math.random()}` });
const post = (body: unknown) => t.request('POST', '/api/v1/leads', { key: tenant.key, body, headers: ik() });
const patch = (id: string, body: unknown) =>
  t.request('PATCH', `/api/v1/leads/${id}`, { key: tenant.key, body, headers: ik() });
const submit = (body: Record<string, unknown>) =>
  t.request('POST', FS, {
    key: tenant.key,
    body: { external_event_id: `fs-${++n}`, session_id: `s-${n}`, ...body },
    headers: ik(),
  });
const getLead = async (id: string) => (await t.request('GET', `/api/v1/leads/${id}`, { key: tenant.key })).body.lead;
const phone = () => `212555${String(1000 + ++n).slice(-4)}`;

/** `count` keys with values that fill the record to exactly `bytes` bytes of JSON (ASCII). */
function recordOfBytes(bytes: number, count: number, prefix = 'k'): Record<string, string> {
  const record: Record<string, string> = {};
  for (let i = 0; i < count; i++) record[`${prefix}${i}`] = '';
  let missing = bytes - JSON.stringify(record).length;
  for (const key of Object.keys(record)) {
    const take = Math.min(missing, L.stringLength);
    record[key] = 'v'.repeat(take);
    missing -= take;
  }
  if (missing !== 0) throw new Error(`cannot fill ${bytes} bytes with ${count} keys`);
  return record;
}

function expectRefused(res: { status: number; body: any }, path: string, limit: number) {
  expect(res.status).toBe(400);
  expect(res.body.error.code).toBe('VALIDATION_ERROR');
  const issue = res.body.error.details.issues.find((i: any) => i.path === path);
  expect(issue, JSON.stringify(res.body.error.details.issues)).toBeDefined();
  expect(issue.location).toBe('body');
  expect(issue.message).toContain(String(limit));
}

describe('custom_fields and form_data bounds on a request', () => {
  const over: [string, () => Record<string, unknown>, string, number][] = [
    ['more keys', () => Object.fromEntries(Array.from({ length: L.keys + 1 }, (_, i) => [`k${i}`, i])), '', L.keys],
    // The answer names the key by its first 40 characters: an error never mirrors a large input.
    ['a longer key', () => ({ ['k'.repeat(L.keyLength + 1)]: 1 }), `.${'k'.repeat(40)}…`, L.keyLength],
    ['a longer string', () => ({ note: 'x'.repeat(L.stringLength + 1) }), '.note', L.stringLength],
    [
      'a longer string in an array',
      () => ({ tags: ['ok', 'x'.repeat(L.stringLength + 1)] }),
      '.tags.1',
      L.stringLength,
    ],
    [
      'more array items',
      () => ({ tags: Array.from({ length: L.arrayItems + 1 }, (_, i) => i) }),
      '.tags',
      L.arrayItems,
    ],
    ['more bytes', () => recordOfBytes(L.bytes + 1, 40), '', L.bytes],
  ];
  for (const [what, record, at, limit] of over) {
    it(`refuses ${what} than the limit in POST and PATCH /leads custom_fields and a form's form_data, writing nothing`, async () => {
      const before = (await t.sql`select count(*)::int as n from leads`)[0]!.n;
      const posted = await post({ contact_phone: phone(), custom_fields: record() });
      expectRefused(posted, `custom_fields${at}`, limit);
      await expectMatchesSpec(t, 'POST', '/api/v1/leads', posted);
      const lead = (await post({ contact_phone: phone() })).body.lead;
      expectRefused(await patch(lead.id, { form_data: record() }), `form_data${at}`, limit);
      expectRefused(await submit({ contact_phone: phone(), form_data: record() }), `form_data${at}`, limit);
      expect((await t.sql`select count(*)::int as n from leads`)[0]!.n).toBe(before + 1);
      expect(await getLead(lead.id)).toEqual(lead);
    });
  }

  it('accepts a record exactly at every bound', async () => {
    const record: Record<string, unknown> = {
      ['k'.repeat(L.keyLength)]: 'x'.repeat(L.stringLength),
      tags: Array.from({ length: L.arrayItems }, () => 'x'.repeat(10)),
      ...Object.fromEntries(Array.from({ length: L.keys - 2 }, (_, i) => [`f${i}`, ''])),
    };
    // Fill the record's other values up to exactly the byte bound.
    let missing = L.bytes - JSON.stringify(record).length;
    for (const key of Object.keys(record).filter((k) => k.startsWith('f'))) {
      const take = Math.min(missing, L.stringLength);
      record[key] = 'v'.repeat(take);
      missing -= take;
    }
    expect(missing).toBe(0);
    expect(Buffer.byteLength(JSON.stringify(record))).toBe(L.bytes);
    expect(Object.keys(record)).toHaveLength(L.keys);
    const created = await post({ contact_phone: phone(), custom_fields: record, form_data: record });
    expect(created.status).toBe(201);
    expect(created.body.lead.custom_fields).toEqual(record);
    const form = await submit({ contact_phone: phone(), form_data: record });
    expect(form.status).toBe(201);
  });
});

describe('bounds of the merged record', () => {
  it('refuses the PATCH whose merge crosses the byte bound and leaves the lead as it was', async () => {
    const lead = (await post({ contact_phone: phone(), custom_fields: recordOfBytes(20_000, 10, 'a') })).body.lead;
    const second = await patch(lead.id, { custom_fields: recordOfBytes(20_000, 10, 'b') });
    expect(second.status).toBe(200);
    const kept = second.body.lead;
    const crossing = await patch(lead.id, { custom_fields: recordOfBytes(30_000, 15, 'c') });
    expectRefused(crossing, 'custom_fields', L.bytes);
    expect(await getLead(lead.id)).toEqual(kept);
    // A merge that replaces keys instead of adding them stays within the bound.
    const replaced = await patch(lead.id, { custom_fields: recordOfBytes(20_000, 10, 'b') });
    expect(replaced.status).toBe(200);
  });

  it('refuses a merge past the key count, from POST upserts and from form submissions', async () => {
    const tel = phone();
    const half = (prefix: string) => Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`${prefix}${i}`, i]));
    const lead = (await post({ contact_phone: tel, custom_fields: half('a'), form_data: half('a') })).body.lead;
    expectRefused(await post({ contact_phone: tel, custom_fields: half('b') }), 'custom_fields', L.keys);
    const external = `fs-merge-${++n}`;
    const refused = await submit({ external_event_id: external, contact_phone: tel, form_data: half('b') });
    expectRefused(refused, 'form_data', L.keys);
    expect(await getLead(lead.id)).toEqual(lead);
    // Nothing of the refused submission was kept: its event id is still free.
    expect((await t.sql`select count(*)::int as n from events where external_event_id = ${external}`)[0]!.n).toBe(0);
  });
});
