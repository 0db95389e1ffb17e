import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type Tenant, type TestContext, type TestResponse } from './helpers/harness.ts';
import { expectMatchesSpec } from './helpers/openapi.ts';
import { createLogger } from '../core/logger.ts';
import type { WebhookEventType } from '../core/webhookEventTypes.ts';
import { deleteExpiredWebhookEvents, recordWebhookEvent } from '../storage/webhookEvents.ts';
import cleanup from '../tasks/cleanup.ts';

let t: TestContext;
let owner: Tenant;
beforeAll(async () => {
  t = await createTestContext({ RATE_LIMIT_PER_MINUTE: '10000' });
});
afterAll(() => t.close());
beforeEach(async () => {
  owner = await t.tenant();
});

const LIST = '/api/v1/webhook-events';
const ONE = `${LIST}/{webhook_event_id}`;

/** Records events as a change would, through record_webhook_event, all in one transaction (so with one created_at). */
async function record(tenant: Tenant, ...types: WebhookEventType[]): Promise<string[]> {
  return t.sql.begin(async (tx) => {
    const ids: string[] = [];
    for (const type of types) {
      const leadId = `lead_${randomUUID()}`;
      ids.push(
        await recordWebhookEvent(
          tx,
          tenant.workspaceId,
          type,
          { id: leadId, contact_name: 'Ann Roof' },
          { kind: 'lead', id: leadId },
        ),
      );
    }
    return ids;
  }) as Promise<string[]>;
}

const ageEvent = (id: string, days: number) =>
  t.sql`update webhook_events set created_at = now() - make_interval(days => ${days}) where id = ${id}`;

const list = (query = '', key = owner.key) => t.request('GET', `${LIST}${query ? `?${query}` : ''}`, { key });
const ids = (res: TestResponse) => res.body.webhook_events.map((e: { id: string }) => e.id) as string[];

async function allPages(query: string): Promise<{ seen: string[]; pages: number }> {
  const seen: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res: TestResponse = await list(`${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.status).toBe(200);
    await expectMatchesSpec(t, 'GET', LIST, res);
    seen.push(...ids(res));
    cursor = res.body.pagination.next_cursor;
    expect(res.body.pagination.has_more).toBe(cursor !== null);
    pages++;
  } while (cursor);
  return { seen, pages };
}

/** The workspace's events as the list must order them: newest first, ties by id, descending. */
const newestFirst = async (workspaceId: string, type?: string) =>
  (
    await t.sql<{ id: string }[]>`
      select id from webhook_events where workspace_id = ${workspaceId} ${type ? t.sql`and type = ${type}` : t.sql``}
      order by created_at desc, id desc`
  ).map((r) => r.id);

describe('GET /api/v1/webhook-events', () => {
  it("lists the workspace's events newest first, each with its type, time and object", async () => {
    const [older] = await record(owner, 'lead.created');
    const [newer] = await record(owner, 'lead.updated');
    const res = await list();
    expect(res.status).toBe(200);
    await expectMatchesSpec(t, 'GET', LIST, res);
    expect(res.body.webhook_events).toEqual([
      {
        id: newer,
        type: 'lead.updated',
        created_at: expect.any(String),
        data: { object: { id: expect.stringMatching(/^lead_/), contact_name: 'Ann Roof' } },
      },
      { id: older, type: 'lead.created', created_at: expect.any(String), data: { object: expect.any(Object) } },
    ]);
    expect(res.body.pagination).toEqual({ limit: 50, has_more: false, next_cursor: null });
  });

  it('pages through more than one page with cursors, events of one transaction (one created_at) ordered by id', async () => {
    await record(owner, 'lead.created');
    await record(owner, 'lead.created', 'lead.updated', 'lead.deleted');
    await record(owner, 'lead.converted');
    const { seen, pages } = await allPages('limit=2');
    expect(pages).toBe(3);
    expect(seen).toEqual(await newestFirst(owner.workspaceId));
  });

  it('filters by type, across pages too', async () => {
    await record(owner, 'lead.created', 'lead.updated', 'lead.created');
    await record(owner, 'lead.created', 'report.import.failed');
    const { seen, pages } = await allPages('type=lead.created&limit=2');
    expect(pages).toBe(2);
    expect(seen).toEqual(await newestFirst(owner.workspaceId, 'lead.created'));
    expect(ids(await list('type=visualization.failed'))).toEqual([]);
  });

  it('shows the last 30 days only', async () => {
    const [old, recent] = await record(owner, 'lead.created', 'lead.updated');
    await ageEvent(old!, 31);
    await ageEvent(recent!, 29);
    expect(ids(await list())).toEqual([recent]);
    expect((await t.request('GET', `${LIST}/${old}`, { key: owner.key })).status).toBe(404);
  });

  it('shows an event recorded without its object only once it is rendered', async () => {
    const [row] = await t.sql<
      { id: string }[]
    >`select record_webhook_event(${owner.workspaceId}, 'report.import.failed', null) as id`;
    expect(
      await t.sql`select 1 from graphile_worker.jobs where key = ${`webhook_event_render:${row!.id}`}`,
    ).toHaveLength(1);
    expect(ids(await list())).toEqual([]);
    expect((await t.request('GET', `${LIST}/${row!.id}`, { key: owner.key })).status).toBe(404);
    // Rendered as an event recorded before migration 24 holds its data: jsonb in `data`.
    await t.sql`update webhook_events set data = '{"object": {"id": "rep_1", "status": "failed"}}' where id = ${row!.id}`;
    expect(ids(await list())).toEqual([row!.id]);
  });

  it.each(['type=lead.exploded', 'type=', 'limit=0', 'limit=101', 'cursor=x', 'since=yesterday'])(
    'answers 400 for %s',
    async (query) => {
      const res = await list(query);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      await expectMatchesSpec(t, 'GET', LIST, res);
    },
  );

  it('names the unknown type', async () => {
    const res = await list('type=lead.exploded');
    expect(res.body.error.details.issues[0]).toMatchObject({ location: 'query', path: 'type' });
  });
});

describe('GET /api/v1/webhook-events/{id}', () => {
  async function endpoint(events: string[]): Promise<string> {
    const res = await t.request('POST', '/api/v1/webhook-endpoints', {
      key: owner.key,
      body: { url: 'https://hooks.example.com/in', events },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(res.status).toBe(201);
    return res.body.webhook_endpoint.id;
  }

  it('shows the event with one delivery per subscribed endpoint and its latest 20 attempts, newest first', async () => {
    const subscribed = await endpoint(['lead.created']);
    await endpoint(['report.import.completed']);
    const [eventId] = await record(owner, 'lead.created');
    const [delivery] = await t.sql<{ id: string }[]>`select id from webhook_deliveries where event_id = ${eventId!}`;
    await t.sql`
      insert into webhook_delivery_attempts (delivery_id, attempted_at, response_status, error, duration_ms)
      select ${delivery!.id}, now() - interval '1 hour' + make_interval(mins => n), case when n = 25 then 200 end,
             case when n < 25 then 'HTTP 503' end, 100 + n
      from generate_series(1, 25) n`;
    await t.sql`update webhook_deliveries set status = 'succeeded', attempt_count = 25, next_attempt_at = null where id = ${delivery!.id}`;
    const res = await t.request('GET', `${LIST}/${eventId}`, { key: owner.key });
    expect(res.status).toBe(200);
    await expectMatchesSpec(t, 'GET', ONE, res);
    const event = res.body.webhook_event;
    expect(event).toMatchObject({ id: eventId, type: 'lead.created', data: { object: { contact_name: 'Ann Roof' } } });
    expect(event.deliveries).toHaveLength(1);
    const shown = event.deliveries[0];
    expect(shown).toMatchObject({
      id: delivery!.id,
      endpoint_id: subscribed,
      status: 'succeeded',
      attempt_count: 25,
      next_attempt_at: null,
    });
    expect(shown.attempts).toHaveLength(20);
    expect(shown.attempts.map((a: { duration_ms: number }) => a.duration_ms)).toEqual(
      Array.from({ length: 20 }, (_, i) => 125 - i),
    );
    const [latest] = await t.sql<{ attempted_at: Date }[]>`
      select attempted_at from webhook_delivery_attempts where delivery_id = ${delivery!.id} order by attempted_at desc limit 1`;
    expect(shown.attempts[0]).toEqual({
      attempted_at: latest!.attempted_at.toISOString(),
      response_status: 200,
      error: null,
      duration_ms: 125,
    });
    expect(shown.attempts[1]).toMatchObject({ response_status: null, error: 'HTTP 503' });
  });

  it('shows an event no endpoint subscribed to with no deliveries', async () => {
    const [eventId] = await record(owner, 'lead.deleted');
    const res = await t.request('GET', `${LIST}/${eventId}`, { key: owner.key });
    expect(res.body.webhook_event.deliveries).toEqual([]);
  });

  it('answers 404 for an unknown id, 400 for one over 64 characters', async () => {
    const res = await t.request('GET', `${LIST}/evt_unknown`, { key: owner.key });
    expect(res.status).toBe(404);
    expect(res.body.error).toEqual({
      code: 'NOT_FOUND',
      message: 'Webhook event not found',
      request_id: expect.any(String),
    });
    await expectMatchesSpec(t, 'GET', ONE, res);
    expect((await t.request('GET', `${LIST}/${'e'.repeat(65)}`, { key: owner.key })).status).toBe(400);
  });
});

describe('tenancy and scope', () => {
  it("answers 404 for another workspace's event and lists none of them", async () => {
    const [eventId] = await record(owner, 'lead.created');
    const stranger = await t.tenant();
    const res = await t.request('GET', `${LIST}/${eventId}`, { key: stranger.key });
    expect(res.status).toBe(404);
    await expectMatchesSpec(t, 'GET', ONE, res);
    expect(ids(await list('', stranger.key))).toEqual([]);
  });

  it('answers 403 without webhooks.manage and 401 without a key', async () => {
    const [eventId] = await record(owner, 'lead.created');
    const reader = await t.keyFor(owner.workspaceId, ['leads.read', 'reports.read']);
    for (const [path, template] of [
      [LIST, LIST],
      [`${LIST}/${eventId}`, ONE],
    ] as const) {
      const res = await t.request('GET', path, { key: reader });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('FORBIDDEN');
      await expectMatchesSpec(t, 'GET', template, res);
      expect((await t.request('GET', path)).status).toBe(401);
    }
  });
});

describe('cleanup', () => {
  it('deletes events older than 30 days with their deliveries and attempts, and keeps the rest', async () => {
    await t.request('POST', '/api/v1/webhook-endpoints', {
      key: owner.key,
      body: { url: 'https://hooks.example.com/in', events: ['*'] },
      headers: { 'idempotency-key': randomUUID() },
    });
    const [old, kept] = await record(owner, 'lead.created', 'lead.updated');
    await ageEvent(old!, 31);
    await ageEvent(kept!, 29);
    await t.sql`
      insert into webhook_delivery_attempts (delivery_id, response_status, duration_ms)
      select id, 500, 12 from webhook_deliveries where event_id in (${old!}, ${kept!})`;
    const task = cleanup({
      sql: t.sql,
      config: t.config,
      logger: createLogger('silent'),
      blobs: undefined as never,
      segmenter: undefined as never,
    });
    await task({}, undefined as never);
    expect(await t.sql`select id from webhook_events where id in (${old!}, ${kept!})`).toEqual([{ id: kept }]);
    const deliveries = await t.sql<{ event_id: string; id: string }[]>`
      select d.event_id, d.id from webhook_deliveries d where d.workspace_id = ${owner.workspaceId}`;
    expect(deliveries.map((d) => d.event_id)).toEqual([kept]);
    const attempts = await t.sql<{ delivery_id: string }[]>`
      select a.delivery_id from webhook_delivery_attempts a join webhook_deliveries d on d.id = a.delivery_id
      where d.workspace_id = ${owner.workspaceId}`;
    expect(attempts.map((a) => a.delivery_id)).toEqual([deliveries[0]!.id]);
    expect(
      await t.sql`select 1 from webhook_delivery_attempts a where not exists (select 1 from webhook_deliveries d where d.id = a.delivery_id)`,
    ).toHaveLength(0);
  });

  it('deletes in batches until none is left', async () => {
    const recorded = await record(
      owner,
      'lead.created',
      'lead.created',
      'lead.created',
      'lead.created',
      'lead.created',
    );
    for (const id of recorded) await ageEvent(id, 40);
    expect(await deleteExpiredWebhookEvents(t.sql, 2)).toBeGreaterThanOrEqual(5);
    expect(await t.sql`select 1 from webhook_events where id in ${t.sql(recorded)}`).toHaveLength(0);
  });
});
