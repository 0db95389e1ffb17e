import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, waitUntil, type TestContext, type Tenant } from './harness.ts';
import { sessionsWaitingOnLocks } from './locks.ts';
import { JSON_RECORD_LIMITS } from '../core/jsonBounds.ts';

// POST /api/v1/leads reads the lead its rule matches, plans in Node, then writes in one statement
// that passes the Idempotency-Key's gate, checks the lead is as it was read, records the events
// and keeps the answer (storage/leadUpsert.ts). These guard what that statement must keep.

let t: TestContext;
let tenant: Tenant;
let n = 0;
beforeAll(async () => {
  t = await createTestContext({ RATE_LIMIT_PER_MINUTE: '10000' });
  tenant = await t.tenant();
});
afterAll(() => t.close());

const newKey = () => `upsert-${++n}-${Math.random()}`;
const post = (body: unknown, key = newKey(), apiKey = tenant.key) =>
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
    const writer = t.sql.begin(async (tx) => {
      await tx`update leads set notes = 'Written in between' where id = ${id}`;
      await committed;
    });
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
    const update = await post({ contact_phone: '(212) 555-0303', notes: 'First note' }, 'replay-update');
    const unchanged = await post({ contact_phone: '(212) 555-0303', notes: 'First note' }, 'replay-unchanged');
    expect([update.status, unchanged.status]).toEqual([200, 200]);
    expect(unchanged.body.lead).toEqual(update.body.lead);
    await post({ contact_phone: '(212) 555-0303', notes: 'Second note' });
    const [lead] = await leadsWithPhone('2125550303');
    const eventsBefore = await eventsOf(lead!.id);
    for (const [key, first] of [
      ['replay-update', update],
      ['replay-unchanged', unchanged],
    ] as const) {
      const again = await post({ contact_phone: '(212) 555-0303', notes: 'First note' }, key);
      expect(again.status).toBe(200);
      expect(again.headers.get('idempotency-replayed')).toBe('true');
      expect(again.text).toBe(first.text);
    }
    expect(await eventsOf(lead!.id)).toEqual(eventsBefore);
    const [row] = await t.sql`select notes from leads where id = ${lead!.id}`;
    expect(row!.notes).toBe('Second note');
  });

  it('answers 409 to a reused key with another body, writing nothing', async () => {
    await post({ contact_phone: '(212) 555-0304', contact_name: 'Reuse' }, 'reuse-update');
    const reused = await post({ contact_phone: '(212) 555-0304', contact_name: 'Reused' }, 'reuse-update');
    expect(reused.status).toBe(409);
    expect(reused.body.error.code).toBe('CONFLICT');
    const [row] = await t.sql`select contact_name from leads where contact_phone = '2125550304'`;
    expect(row!.contact_name).toBe('Reuse');
  });

  it('replays a kept answer even when the same body would now be refused', async () => {
    const first = await post({ contact_phone: '(212) 555-0305', custom_fields: { first: 1 } }, 'replay-refused');
    expect(first.status).toBe(201);
    // The phone moves to a new lead whose custom_fields are full: the first body, applied again,
    // would now merge past their limit (400).
    const moved = await t.request('PATCH', `/api/v1/leads/${first.body.lead.id}`, {
      key: tenant.key,
      body: { contact_phone: '(212) 555-0315' },
      headers: { 'idempotency-key': newKey() },
    });
    expect(moved.status).toBe(200);
    const full = Object.fromEntries(Array.from({ length: JSON_RECORD_LIMITS.keys }, (_, i) => [`k${i}`, i]));
    expect((await post({ contact_phone: '(212) 555-0305', custom_fields: full })).status).toBe(201);
    const refused = await post({ contact_phone: '(212) 555-0305', custom_fields: { first: 1 } });
    expect(refused.status).toBe(400);
    const again = await post({ contact_phone: '(212) 555-0305', custom_fields: { first: 1 } }, 'replay-refused');
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    expect(again.text).toBe(first.text);
  });

  it("matches only the key's own workspace, and keeps each key's answers apart", async () => {
    const other = await t.tenant();
    const ours = await post({ contact_phone: '(212) 555-0306', contact_name: 'Ours' }, 'shared-ik');
    const theirs = await post({ contact_phone: '(212) 555-0306', contact_name: 'Theirs' }, 'shared-ik', other.key);
    expect([ours.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.body.lead.id).not.toBe(ours.body.lead.id);
    expect(await leadsWithPhone('2125550306')).toHaveLength(1);
    expect(await leadsWithPhone('2125550306', other.workspaceId)).toHaveLength(1);
    const [row] = await t.sql`select contact_name from leads where id = ${ours.body.lead.id}`;
    expect(row!.contact_name).toBe('Ours');
  });
});
