import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type Tenant } from './helpers/harness.ts';
import { holdLeadMatchLock } from './helpers/locks.ts';
import { createLogger } from '../core/logger.ts';
import cleanup from '../tasks/cleanup.ts';

let t: TestContext;
let tenant: Tenant;
beforeAll(async () => {
  t = await createTestContext({ RATE_LIMIT_PER_MINUTE: '1000' });
  tenant = await t.tenant();
});
afterAll(() => t.close());

const post = (key: string, body: unknown, idem?: string) =>
  t.request('POST', '/api/v1/leads', { key, body, headers: idem ? { 'idempotency-key': idem } : {} });

const leadCount = async () =>
  (await t.sql`select count(*)::int as n from leads where workspace_id = ${tenant.workspaceId}`)[0]!.n as number;

describe('Idempotency-Key', () => {
  it('is required on IK endpoints (400 naming the header and the rule)', async () => {
    const rule = 'send a unique value of 1 to 160 characters (e.g. a UUID) per operation';
    for (const headers of [{}, { 'idempotency-key': '' }] as Record<string, string>[]) {
      const res = await t.request('POST', '/api/v1/leads', {
        key: tenant.key,
        body: { contact_name: 'No key' },
        headers,
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual({
        code: 'VALIDATION_ERROR',
        message: `Invalid header field idempotency-key: Idempotency-Key is required on this write: ${rule}`,
        request_id: expect.any(String),
        details: {
          issues: [
            {
              location: 'header',
              path: 'idempotency-key',
              message: `Idempotency-Key is required on this write: ${rule}`,
            },
          ],
        },
      });
    }
    expect(await leadCount()).toBe(0);
  });

  it('rejects keys longer than 160 characters, naming the rule; 160 is accepted', async () => {
    const res = await post(tenant.key, { contact_name: 'Long' }, 'k'.repeat(161));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(
      'Invalid header field idempotency-key: Idempotency-Key is longer than 160 characters: send a unique value of 1 to 160 characters (e.g. a UUID) per operation',
    );
    expect((await post(tenant.key, { contact_name: 'Longest' }, 'k'.repeat(160))).status).toBe(201);
  });

  it('replays the stored response byte for byte with Idempotency-Replayed', async () => {
    const body = { contact_name: 'Replay Ann', contact_phone: '(212) 555-0101' };
    const first = await post(tenant.key, body, 'replay-1');
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotency-replayed')).toBeNull();
    const before = await leadCount();
    // same body with keys in another order is the same request
    const again = await post(tenant.key, { contact_phone: '(212) 555-0101', contact_name: 'Replay Ann' }, 'replay-1');
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    expect(again.text).toBe(first.text);
    expect(await leadCount()).toBe(before);
    // An answer of a lead (under 2,000 characters) is kept as text; a batch's is kept deflated (leads.batch.test.ts).
    const [record] = await t.sql`
      select response_body, response_deflated from idempotency_records where key = 'replay-1'`;
    expect(record).toEqual({ response_body: first.text, response_deflated: null });
  });

  it('answers 409 when the key is reused with a different body', async () => {
    await post(tenant.key, { contact_name: 'Original' }, 'reuse-1');
    const res = await post(tenant.key, { contact_name: 'Different' }, 'reuse-1');
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('CONFLICT');
  });

  it('writes nothing when a kept record turns the request away, though the handler was sent along', async () => {
    // POST /leads writes in the very statement that passes the idempotency gate: without a phone or
    // external id each of these would create a lead if that statement wrote.
    const first = await post(tenant.key, { contact_name: 'Gate Once' }, 'gate-1');
    expect(first.status).toBe(201);
    const before = await leadCount();
    const replay = await post(tenant.key, { contact_name: 'Gate Once' }, 'gate-1');
    expect(replay.headers.get('idempotency-replayed')).toBe('true');
    expect(replay.text).toBe(first.text);
    const reused = await post(tenant.key, { contact_name: 'Gate Twice' }, 'gate-1');
    expect(reused.status).toBe(409);
    expect(await leadCount()).toBe(before);
    expect(await t.sql`select 1 from leads where contact_name = 'Gate Twice'`).toHaveLength(0);
  });

  it('keeps records per API key: another key may use the same Idempotency-Key', async () => {
    const other = await t.keyFor(tenant.workspaceId, ['leads.write']);
    await post(tenant.key, { contact_name: 'Per key A' }, 'shared-key');
    const res = await post(other, { contact_name: 'Per key B' }, 'shared-key');
    expect(res.status).toBe(201);
    expect(res.body.lead.contact_name).toBe('Per key B');
  });

  it('does not store non-2xx answers', async () => {
    const bad = await post(tenant.key, { contact_phone: '+44 20 7946 0958' }, 'after-error');
    expect(bad.status).toBe(400);
    const good = await post(tenant.key, { contact_name: 'Fixed' }, 'after-error');
    expect(good.status).toBe(201);
  });

  it('answers 409 to a concurrent request with the same key while the first still runs', async () => {
    const phone = '(212) 555-0142';
    const body = { contact_name: 'Concurrent', contact_phone: phone };
    const release = await holdLeadMatchLock(t.sql, tenant.workspaceId, '2125550142');
    const first = post(tenant.key, body, 'concurrent-1');
    await new Promise((r) => setTimeout(r, 300));
    const second = await post(tenant.key, body, 'concurrent-1');
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe('CONFLICT');
    await release();
    expect((await first).status).toBe(201);
    const third = await post(tenant.key, body, 'concurrent-1');
    expect(third.headers.get('idempotency-replayed')).toBe('true');
  });

  it('leaves neither the write nor the record behind when the request dies mid-transaction', async () => {
    const body = { contact_name: 'Crash', contact_phone: '(212) 555-0199' };
    const release = await holdLeadMatchLock(t.sql, tenant.workspaceId, '2125550199');
    const dying = post(tenant.key, body, 'crash-1');
    await new Promise((r) => setTimeout(r, 300));
    // Cancel the request's statement while it holds the idempotency lock: it fails mid-transaction.
    await t.sql`
      select pg_cancel_backend(pid) from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`;
    const died = await dying;
    expect(died.status).toBe(500);
    await release();
    expect(await t.sql`select 1 from idempotency_records where key = 'crash-1'`).toHaveLength(0);
    expect(await t.sql`select 1 from leads where contact_phone = '2125550199'`).toHaveLength(0);
    const retried = await post(tenant.key, body, 'crash-1');
    expect(retried.status).toBe(201);
  });

  it('commits the record in the same transaction as the write', async () => {
    // Same xmin: written by one transaction. A COMMIT overtaking the record's insert would leave it
    // to a transaction of its own.
    const lead = await post(tenant.key, { contact_name: 'Atomic' }, 'atomic-lead');
    expect(lead.status).toBe(201);
    const [l] = await t.sql`
      select l.xmin::text = r.xmin::text as same from leads l, idempotency_records r
      where l.id = ${lead.body.lead.id} and r.key = 'atomic-lead'`;
    expect(l!.same).toBe(true);
    const view = await t.request('POST', '/api/v1/events/page-view', {
      key: tenant.key,
      body: { external_event_id: 'atomic-view', session_id: 'atomic-session' },
      headers: { 'idempotency-key': 'atomic-view' },
    });
    expect(view.status).toBe(201);
    const [e] = await t.sql`
      select e.xmin::text = r.xmin::text as same, r.response_body from events e, idempotency_records r
      where e.id = ${view.body.event.id} and r.key = 'atomic-view'`;
    expect(e!.same).toBe(true);
    expect(JSON.parse(e!.response_body)).toEqual(view.body);
  });

  it('forgets records after the TTL, and the cleanup task deletes them', async () => {
    await post(tenant.key, { contact_name: 'Expiring' }, 'ttl-1');
    await t.sql`update idempotency_records set expires_at = now() - interval '1 second' where key = 'ttl-1'`;
    const reused = await post(tenant.key, { contact_name: 'New meaning' }, 'ttl-1');
    expect(reused.status).toBe(201);
    expect(reused.headers.get('idempotency-replayed')).toBeNull();
    await t.sql`update idempotency_records set expires_at = now() - interval '1 second' where key = 'ttl-1'`;
    const task = cleanup({
      sql: t.sql,
      config: t.config,
      logger: createLogger('silent'),
      blobs: undefined as never,
      segmenter: undefined as never,
    });
    await task({}, undefined as never);
    expect(await t.sql`select 1 from idempotency_records where key = 'ttl-1'`).toHaveLength(0);
  });
});

describe('an answer larger than IDEMPOTENCY_MAX_KEPT_BYTES', () => {
  let small: TestContext;
  beforeAll(async () => {
    small = await createTestContext({ IDEMPOTENCY_MAX_KEPT_BYTES: '2000' });
  });
  afterAll(() => small.close());

  it('is not kept: the key still guards the write, and a replay answers 409 pointing at the resource', async () => {
    const owner = await small.tenant();
    const body = { contact_name: 'Big answer', custom_fields: { notes: 'n'.repeat(1500), more: 'm'.repeat(1500) } };
    const headers = { 'idempotency-key': 'big-1' };
    const first = await small.request('POST', '/api/v1/leads', { key: owner.key, body, headers });
    expect(first.status).toBe(201);
    const [record] =
      await small.sql`select state, response_status, response_body from idempotency_records where key = 'big-1'`;
    expect(record).toEqual({ state: 'done', response_status: 201, response_body: null });
    const again = await small.request('POST', '/api/v1/leads', { key: owner.key, body, headers });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toMatch(/too large to keep/);
    const [{ n }] = await small.sql`select count(*)::int as n from leads where workspace_id = ${owner.workspaceId}`;
    expect(n).toBe(1);
  });
});
