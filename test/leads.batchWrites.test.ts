// The batch's set-based writes (storage/leads.ts, migrations 21 and 22): documents rendered by the
// write statements, every item's match read in one statement, events recorded together. Each
// test states a property the per-item path had, which the set-based one must keep.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type Tenant } from './helpers/harness.ts';
import { onlyEvents } from './helpers/webhookEvents.ts';
import { addEndpoint } from './helpers/webhooks.ts';
import { newId } from '../core/ids.ts';

let t: TestContext;
let tenant: Tenant;
let stages: Record<string, string>;
let n = 0;
beforeAll(async () => {
  t = await createTestContext({ RATE_LIMIT_PER_MINUTE: '10000' });
  tenant = await t.tenant();
  const listed = await t.request('GET', '/api/v1/pipeline/stages', { key: tenant.key });
  stages = Object.fromEntries(listed.body.stages.map((s: { key: string; id: string }) => [s.key, s.id]));
});
afterAll(() => t.close());

const ik = () => ({ 'idempotency-key': `writes-${++n}-${Math.random()}` });
const batch = async (leads: unknown[], key = tenant.key) => {
  const res = await t.request('POST', '/api/v1/leads/batch', { key, body: { leads }, headers: ik() });
  expect(res.status).toBe(200);
  return res.body.results as any[];
};
const phone = () => `917555${String(1000 + (n++ % 9000)).padStart(4, '0')}`;
const documents = async (ids: string[]) =>
  Object.fromEntries(
    (await t.sql<{ id: string; document: string }[]>`select id, document from leads where id = any(${ids})`).map(
      (r) => [r.id, r.document],
    ),
  );

/** The leads' stored documents are what the trigger renders (an update leaving the document as it was runs it). */
async function expectTriggerRendersSame(ids: string[]) {
  const stored = await documents(ids);
  await t.sql`update leads set notes = notes where id = any(${ids})`;
  expect(await documents(ids)).toEqual(stored);
  return stored;
}

describe('lead batches, written set-based', () => {
  it('store the document the trigger renders, byte for byte, for creates, updates and a lead with calls', async () => {
    const [p, q] = [phone(), phone()];
    const created = await batch([
      {
        external_id: `doc-${n}`,
        external_source: 'crm',
        contact_name: 'Dana "Quoted" Whitfield',
        contact_email: 'dana@example.com',
        contact_phone: p,
        property_address: '1482 Oak Street, Austin, TX',
        attribution: {
          source: 'google',
          medium: 'cpc',
          campaign: 'spring',
          content: 'ad',
          conversion_url: 'https://x.example/a',
        },
        marketing_attribution_overrides: { source: 'bing', campaign: null },
        form_data: { roof: 'gable', stories: 2, skylight: true, gutters: null },
        custom_fields: { crm_stage: 'warm', score: 0.5 },
        notes: 'ünïcödé ✓',
        quote_value: 18450.75,
        follow_up_date: '2026-03-09T15:00:00.123Z',
      },
      { contact_phone: q, status_stage_id: stages.sold },
    ]);
    expect(created.map((r) => r.error)).toEqual([null, null]);
    const ids = created.map((r) => r.lead.id);
    await expectTriggerRendersSame(ids);
    // A call gives the second lead a communication summary of its own (has_call, set by trigger).
    await t.sql`
      insert into communications (id, workspace_id, lead_id, channel, direction, status, started_at, tracking_label)
      values (${newId('comm')}, ${tenant.workspaceId}, ${ids[1]}, 'call', 'inbound', 'answered', now(), 'Main line')`;
    const updated = await batch([
      { contact_phone: p, status_stage_id: stages.sold, sales_value: 20000, custom_fields: { score: 1 } },
      { contact_phone: q, notes: 'called back', marketing_attribution_overrides: { medium: 'email' } },
    ]);
    expect(updated.map((r) => r.status)).toEqual([200, 200]);
    expect(updated[1].lead.communication_summary).toMatchObject({ call_count: 1, answered_call_count: 1 });
    const stored = await expectTriggerRendersSame(ids);
    // The answer is the stored document.
    for (const r of updated) expect(JSON.parse(stored[r.lead.id]!)).toEqual(r.lead);
  });

  it('match a lead an earlier item created, by phone and by external id, with other items between', async () => {
    const p = phone();
    const ext = `later-${n}`;
    const results = await batch([
      { external_id: ext, external_source: 'crm', contact_phone: p, contact_name: 'First' },
      { contact_phone: phone(), contact_name: 'Someone else' },
      { contact_phone: p, notes: 'matched by phone' },
      { contact_name: 'No key at all' },
      { external_id: ext, external_source: 'crm', custom_fields: { step: 5 } },
    ]);
    expect(results.map((r) => [r.status, r.matched_by])).toEqual([
      [201, null],
      [201, null],
      [200, 'phone'],
      [201, null],
      [200, 'external_id'],
    ]);
    const id = results[0].lead.id;
    expect(results[2].lead.id).toBe(id);
    expect(results[4].lead).toMatchObject({
      id,
      contact_name: 'First',
      notes: 'matched by phone',
      custom_fields: { step: 5 },
    });
    await onlyEvents(t.sql, tenant.workspaceId, id, ['lead.created', 'lead.updated', 'lead.updated']);
  });

  it('match, of the leads sharing a phone, the one updated last, in one batch as in another', async () => {
    const p = phone();
    const [a, b] = (
      await batch([
        { external_id: `shared-a-${n}`, external_source: 'crm', contact_phone: p },
        { external_id: `shared-b-${n}`, external_source: 'crm', contact_phone: p },
      ])
    ).map((r) => r.lead);
    expect(a.id).not.toBe(b.id);
    const touch = (lead: any) =>
      t.request('PATCH', `/api/v1/leads/${lead.id}`, {
        key: tenant.key,
        body: { notes: `touched ${++n}` },
        headers: ik(),
      });
    expect((await touch(a)).status).toBe(200);
    expect((await batch([{ contact_phone: p, custom_fields: { first: 1 } }]))[0].lead.id).toBe(a.id);
    expect((await touch(b)).status).toBe(200);
    const [second] = await batch([{ contact_name: 'Other' }, { contact_phone: p, custom_fields: { second: 2 } }]).then(
      (r) => r.slice(1),
    );
    expect(second).toMatchObject({ matched_by: 'phone', lead: { id: b.id, custom_fields: { second: 2 } } });
  });

  it('match existing leads by each rule when one statement reads every key of the batch', async () => {
    const [p1, p2, p3, p9] = [phone(), phone(), phone(), phone()];
    const ext = `read-${n}`;
    const [x, y, z1, z2] = (
      await batch([
        { external_id: ext, external_source: 'crm', contact_phone: p1 },
        { contact_phone: p2 },
        { external_id: `${ext}-z1`, external_source: 'crm', contact_phone: p3 },
        { external_id: `${ext}-z2`, external_source: 'crm', contact_phone: p3 },
      ])
    ).map((r) => r.lead);
    // z1 is now the one of the two sharing p3 updated last.
    await t.request('PATCH', `/api/v1/leads/${z1.id}`, { key: tenant.key, body: { notes: 'last' }, headers: ik() });
    const results = await batch([
      { contact_phone: p3, custom_fields: { via: 'p3' } },
      { external_id: ext, external_source: 'crm', contact_phone: p9 },
      { contact_name: 'No key' },
      { external_id: `${ext}-new`, external_source: 'crm', contact_phone: p2 },
      { contact_phone: p2, notes: 'by phone' },
    ]);
    expect(results.map((r) => [r.status, r.matched_by])).toEqual([
      [200, 'phone'],
      [200, 'external_id'],
      [201, null],
      [201, null],
      [200, 'phone'],
    ]);
    expect([results[0].lead.id, results[1].lead.id]).toEqual([z1.id, x.id]);
    expect(results[1].lead.contact_phone).toBe(p9);
    // The external key alone decides item 3 (a new lead, though y has its phone); item 4 then
    // matches by phone the lead of p2 updated last, which item 3 just created.
    expect(results[3].lead.id).not.toBe(y.id);
    expect(results[4].lead).toMatchObject({ id: results[3].lead.id, notes: 'by phone' });
    expect(z2.id).not.toBe(z1.id);
  });

  it('keep an item refused between two good ones on the same lead out of the lead', async () => {
    const p = phone();
    const results = await batch([
      { contact_phone: p, contact_name: 'Kept' },
      { contact_phone: p, contact_name: 'Refused', status_stage_id: 'stage_retired' },
      { contact_phone: p, notes: 'after the refused one' },
    ]);
    expect(results.map((r) => r.status)).toEqual([201, 400, 200]);
    expect(results[2].lead).toMatchObject({
      id: results[0].lead.id,
      contact_name: 'Kept',
      notes: 'after the refused one',
    });
    const got = await t.request('GET', `/api/v1/leads/${results[0].lead.id}`, { key: tenant.key });
    expect(got.body.lead).toEqual(results[2].lead);
  });

  it('lose no update when concurrent batches change the same lead', async () => {
    const p = phone();
    const [{ lead }] = await batch([{ contact_phone: p, contact_name: 'Shared' }]);
    const writers = 4;
    const all = await Promise.all(
      Array.from({ length: writers }, (_, i) =>
        batch([
          { contact_phone: phone() },
          { contact_phone: p, custom_fields: { [`writer_${i}`]: i } },
          { contact_phone: phone() },
        ]),
      ),
    );
    for (const results of all)
      expect(results[1]).toMatchObject({ status: 200, matched_by: 'phone', lead: { id: lead.id } });
    const got = await t.request('GET', `/api/v1/leads/${lead.id}`, { key: tenant.key });
    expect(got.body.lead.custom_fields).toEqual({ writer_0: 0, writer_1: 1, writer_2: 2, writer_3: 3 });
    await onlyEvents(t.sql, tenant.workspaceId, lead.id, ['lead.created', ...Array(writers).fill('lead.updated')]);
  });

  it("deliver each item's events to the endpoints subscribed to them, as the single upsert does", async () => {
    const ws = await t.tenant();
    const endpoint = async (events: string[], enabled = true) =>
      (
        await addEndpoint(t.sql, t.config.WEBHOOK_SECRETS_KEY, ws.workspaceId, 'https://hooks.example.com/in', {
          events,
          enabled,
        })
      ).id;
    const all = await endpoint(['*']);
    const created = await endpoint(['lead.created']);
    await endpoint(['*'], false);
    const p = phone();
    const results = await batch(
      [{ contact_phone: p }, { contact_name: 'Other' }, { contact_phone: p, notes: 'x' }],
      ws.key,
    );
    const deliveries = await t.sql<{ type: string; subject: string; endpoint_id: string }[]>`
      select e.type, e.subject->>'id' as subject, d.endpoint_id
      from webhook_deliveries d join webhook_events e on e.id = d.event_id
      where d.workspace_id = ${ws.workspaceId} and d.status = 'pending'`;
    const [a, b] = [results[0].lead.id, results[1].lead.id];
    expect(deliveries.map((d) => `${d.type} ${d.subject} → ${d.endpoint_id}`).sort()).toEqual(
      [
        `lead.created ${a} → ${all}`,
        `lead.created ${a} → ${created}`,
        `lead.created ${b} → ${all}`,
        `lead.created ${b} → ${created}`,
        `lead.updated ${a} → ${all}`,
      ].sort(),
    );
    // Each event carries the lead as the item's result shows it.
    const [update] = await t.sql<{ data: { object: unknown } }[]>`
      select webhook_event_data(e)::json as data from webhook_events e
      where subject->>'id' = ${a} and type = 'lead.updated'`;
    expect(update!.data.object).toEqual(results[2].lead);
  });
});
