import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestContext, type TestContext } from './helpers/harness.ts';
import { expectMatchesSpec } from './helpers/openapi.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ RATE_LIMIT_PER_MINUTE: '10000', AUTH_FAILURE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => t.close());

const idem = () => ({ 'idempotency-key': randomUUID() });
let phone = 5550100;

async function newLead(key: string, name: string): Promise<string> {
  const res = await t.request('POST', '/api/v1/leads', {
    key,
    headers: idem(),
    body: { contact_name: name, contact_phone: `512${phone++}`, external_id: `crm-${name}`, external_source: 'crm' },
  });
  expect(res.status).toBe(201);
  return res.body.lead.id;
}

interface Item {
  id: string;
  deleted?: true;
  deleted_at?: string;
  external_id: string | null;
  contact_name?: string;
  notes?: string | null;
}

/**
 * A CRM's sync as the guide shows it: one loop for the first, full sync and every later one,
 * keeping each lead's latest state (or its deletion) by id.
 */
async function sync(key: string, token: string, limit = 2) {
  const seen: Item[] = [];
  const state = new Map<string, Item>();
  let pages = 0;
  for (;;) {
    const res = await t.request('GET', `/api/v1/leads?changed_since=${encodeURIComponent(token)}&limit=${limit}`, {
      key,
    });
    expect(res.status).toBe(200);
    pages++;
    if (pages === 1) await expectMatchesSpec(t, 'GET', '/api/v1/leads', res);
    for (const item of res.body.leads as Item[]) {
      seen.push(item);
      state.set(item.id, item);
    }
    token = res.body.sync_token;
    expect(res.body.pagination.next_cursor).toBe(res.body.pagination.has_more ? token : null);
    if (!res.body.pagination.has_more) return { seen, state, token, pages };
  }
}

/**
 * Syncs again from each token until `count` changes have come: a transaction still running anywhere
 * in the database (another test file's) holds the feed back until it ends, as a partner's next
 * sync would then pick the change up (docs/decisions/leads.md).
 */
async function syncUntil(key: string, token: string, count: number) {
  const seen: Item[] = [];
  const state = new Map<string, Item>();
  const deadline = Date.now() + 10_000;
  for (;;) {
    const round = await sync(key, token);
    seen.push(...round.seen);
    for (const [id, item] of round.state) state.set(id, item);
    token = round.token;
    if (seen.length >= count || Date.now() > deadline) return { seen, state, token };
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('GET /api/v1/leads?changed_since=', () => {
  it('syncs every lead in full from 0, then only what changed, deletions as tombstones', async () => {
    const tenant = await t.tenant();
    const other = await t.tenant();
    await newLead(other.key, 'foreign');
    const ids = [];
    for (const name of ['a', 'b', 'c', 'd', 'e']) ids.push(await newLead(tenant.key, name));
    const full = await sync(tenant.key, '0');
    expect([...full.state.keys()].sort()).toEqual([...ids].sort());
    expect(full.pages).toBe(3);
    expect(full.seen.every((l) => l.contact_name !== 'foreign')).toBe(true);

    const nothing = await sync(tenant.key, full.token);
    expect(nothing.seen).toEqual([]);

    const patched = await t.request('PATCH', `/api/v1/leads/${ids[1]}`, {
      key: tenant.key,
      headers: idem(),
      body: { notes: 'Roof inspected' },
    });
    expect(patched.status).toBe(200);
    const deleted = await t.request('DELETE', `/api/v1/leads/${ids[3]}`, {
      key: tenant.key,
      headers: idem(),
      body: {},
    });
    expect(deleted.status).toBe(200);
    await newLead(other.key, 'foreign-2');
    const changes = await syncUntil(tenant.key, full.token, 2);
    expect(changes.seen.map((l) => l.id)).toEqual([ids[1], ids[3]]);
    expect(changes.state.get(ids[1]!)!.notes).toBe('Roof inspected');
    expect(changes.state.get(ids[3]!)).toEqual({
      id: ids[3],
      external_id: 'crm-d',
      external_source: 'crm',
      deleted: true,
      deleted_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    // The deleted lead is gone from the list and from GET, and stays a tombstone in a full sync.
    const again = await sync(tenant.key, '0', 100);
    expect(again.state.get(ids[3]!)!.deleted).toBe(true);
    expect(again.seen).toHaveLength(5);
  });

  it('never hands out a token past a write that commits after the sync read a later one', async () => {
    const tenant = await t.tenant();
    const [early, late] = [await newLead(tenant.key, 'early'), await newLead(tenant.key, 'late')];
    const start = (await sync(tenant.key, '0', 100)).token;
    // A transaction that wrote `early` first and is still open while `late` is written and committed.
    const held = await t.sql.reserve();
    let open = true;
    try {
      await held`begin`;
      await held`update leads set notes = 'written in a long transaction' where id = ${early}`;
      const patched = await t.request('PATCH', `/api/v1/leads/${late}`, {
        key: tenant.key,
        headers: idem(),
        body: { notes: 'written and committed meanwhile' },
      });
      expect(patched.status).toBe(200);
      const during = await sync(tenant.key, start, 100);
      // `late` committed, but its position is above the open transaction's: not handed out yet.
      expect(during.seen).toEqual([]);
      await held`commit`;
      open = false;
      const after = await sync(tenant.key, during.token, 100);
      expect(after.seen.map((l) => l.id).sort()).toEqual([early, late].sort());
      expect(after.state.get(early)!.notes).toBe('written in a long transaction');
    } finally {
      if (open) await held`rollback`;
      held.release();
    }
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['changed_since=', 'changed_since'],
    ['changed_since=nonsense', 'changed_since'],
    ['changed_since=0&cursor=abc.def', 'cursor'],
    ['changed_since=0&source=google', 'source'],
    ['changed_since=0&search=dana', 'search'],
  ])('answers 400 for %s', async (query, field) => {
    const tenant = await t.tenant();
    const res = await t.request('GET', `/api/v1/leads?${query}`, { key: tenant.key });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details.issues[0]).toMatchObject({ location: 'query', path: field });
  });

  it("refuses a list cursor or another key's token tampered with, and a token is the workspace's own", async () => {
    const tenant = await t.tenant();
    for (const name of ['x', 'y', 'z']) await newLead(tenant.key, name);
    const list = await t.request('GET', '/api/v1/leads?limit=1', { key: tenant.key });
    const cursor = list.body.pagination.next_cursor;
    const asToken = await t.request('GET', `/api/v1/leads?changed_since=${cursor}`, { key: tenant.key });
    expect(asToken.status).toBe(400);
    const first = await t.request('GET', '/api/v1/leads?changed_since=0&limit=1', { key: tenant.key });
    const token: string = first.body.sync_token;
    const tampered = token.slice(0, -2) + (token.endsWith('A') ? 'BB' : 'AA');
    const bad = await t.request('GET', `/api/v1/leads?changed_since=${tampered}`, { key: tenant.key });
    expect(bad.status).toBe(400);
    // A token says where in the change order, not whose: another workspace's key sees only its own leads.
    const other = await t.tenant();
    const foreign = await t.request('GET', `/api/v1/leads?changed_since=0`, { key: other.key });
    expect(foreign.body.leads).toEqual([]);
    const withToken = await t.request('GET', `/api/v1/leads?changed_since=${token}`, { key: other.key });
    expect(withToken.status).toBe(200);
    expect(withToken.body.leads).toEqual([]);
  });

  it('needs a key with leads.read', async () => {
    const none = await t.request('GET', '/api/v1/leads?changed_since=0');
    expect(none.status).toBe(401);
    const tenant = await t.tenant();
    const writer = await t.keyFor(tenant.workspaceId, ['leads.write']);
    const forbidden = await t.request('GET', '/api/v1/leads?changed_since=0', { key: writer });
    expect(forbidden.status).toBe(403);
  });

  it('walks the change index at the size of a large workspace', async () => {
    const tenant = await t.tenant();
    await t.sql`
      insert into leads (id, workspace_id, stage_id, contact_name, created_at, updated_at)
      select 'lead_bulk' || lpad(g::text, 15, '0'), ${tenant.workspaceId},
        (select id from pipeline_stages where workspace_id = ${tenant.workspaceId} order by sort_order limit 1),
        'Bulk ' || g, now(), now()
      from generate_series(1, 20000) g`;
    await t.sql`analyze leads`;
    const plan = await t.sql<{ 'QUERY PLAN': string }[]>`
      explain (format text) select l.id from leads l
      where l.workspace_id = ${tenant.workspaceId} and (l.change_xid, l.id) > ('0'::xid8, '')
        and l.change_xid < pg_snapshot_xmin(pg_current_snapshot())
      order by l.change_xid, l.id limit 101`;
    const text = plan.map((row) => row['QUERY PLAN']).join('\n');
    expect(text).toMatch(/Index (Only )?Scan using leads_changes_idx/);
    expect(text).not.toMatch(/Sort/);
    const page = await t.request('GET', '/api/v1/leads?changed_since=0&limit=100', { key: tenant.key });
    expect(page.body.leads).toHaveLength(100);
    expect(page.body.pagination.has_more).toBe(true);
  });
});
