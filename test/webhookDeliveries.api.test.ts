import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import type { z } from 'zod';
import { createTestContext, waitUntil, type Tenant, type TestContext, type TestResponse } from './helpers/harness.ts';
import { expectMatchesSpec } from './helpers/openapi.ts';
import { DELIVERING_LOCALLY, startReceiver, type Receiver } from './helpers/webhookReceiver.ts';
import { recordEvents } from './helpers/webhooks.ts';
import { freePort } from '../storage/cluster/embedded.ts';
import type { WebhookEndpointDelivery } from '../api/schemas/webhooks.ts';

let t: TestContext;
let owner: Tenant;
beforeAll(async () => {
  t = await createTestContext(DELIVERING_LOCALLY);
  await t.startWorker({ concurrency: 2 });
});
afterAll(() => t.close());
beforeEach(async () => {
  owner = await t.tenant();
});

const COLLECTION = '/api/v1/webhook-endpoints';
const LIST = `${COLLECTION}/{webhook_endpoint_id}/deliveries`;
const RESEND = `${LIST}/{webhook_delivery_id}/resend`;

type Delivery = z.output<typeof WebhookEndpointDelivery>;

const write = (path: string, body: unknown, key = owner.key, idem: string = randomUUID()) =>
  t.request('POST', path, { key, body, headers: { 'idempotency-key': idem } });
const list = (endpointId: string, query = '', key = owner.key) =>
  t.request('GET', `${COLLECTION}/${endpointId}/deliveries${query ? `?${query}` : ''}`, { key });
const resend = (endpointId: string, deliveryId: string, key = owner.key, idem?: string) =>
  write(`${COLLECTION}/${endpointId}/deliveries/${deliveryId}/resend`, {}, key, idem);
const deliveriesIn = (res: TestResponse) => res.body.webhook_deliveries as Delivery[];

/** An endpoint made by the API for `events`, with the secret its answer shows. */
async function endpointFor(url: string, tenant = owner, events = ['*']): Promise<{ id: string; secret: string }> {
  const res = await write(COLLECTION, { url, events }, tenant.key);
  expect(res.status).toBe(201);
  return res.body.webhook_endpoint;
}

/** Nothing pending for the endpoint any more. */
const settled = (endpointId: string) => async () =>
  (await t.sql`select 1 from webhook_deliveries where endpoint_id = ${endpointId} and status = 'pending'`).length === 0;

const withReceiver = async (answer: Parameters<typeof startReceiver>[0], run: (r: Receiver) => Promise<void>) => {
  const receiver = await startReceiver(answer);
  try {
    await run(receiver);
  } finally {
    await receiver.close();
  }
};

describe('GET /api/v1/webhook-endpoints/{id}/deliveries', () => {
  it("shows each delivery's latest try: status, duration, the first 1 KB of the answer, and when it was delivered", async () => {
    // Two 500s answering 3 KB of text (NUL bytes and a character cut at 1 KB among it), then a short JSON 200.
    const long = `\u0000${'é'.repeat(512)}${'x'.repeat(2000)}`;
    const answers = [
      { status: 500, body: long },
      { status: 500, body: long },
    ];
    await withReceiver(
      (n) => answers[n] ?? { status: 200, body: '{"received":true}', headers: { 'content-type': 'application/json' } },
      async (receiver) => {
        const endpoint = await endpointFor(receiver.url());
        const [eventId] = await recordEvents(t.sql, owner.workspaceId, ['lead.created']);
        expect(await waitUntil(settled(endpoint.id), 20_000)).toBe(true);
        const res = await list(endpoint.id);
        expect(res.status).toBe(200);
        await expectMatchesSpec(t, 'GET', LIST, res);
        const [delivery] = deliveriesIn(res);
        expect(deliveriesIn(res)).toHaveLength(1);
        expect(delivery).toEqual({
          id: expect.stringMatching(/^whd_/),
          event_id: eventId,
          event_type: 'lead.created',
          status: 'succeeded',
          attempts_made: 3,
          response_status: 200,
          duration_ms: expect.any(Number),
          response_body: '{"received":true}',
          error: null,
          resent_from: null,
          created_at: expect.any(String),
          attempted_at: expect.any(String),
          delivered_at: delivery!.attempted_at,
          next_attempt_at: null,
        });
        expect(Date.parse(delivery!.delivered_at!)).toBeGreaterThanOrEqual(Date.parse(delivery!.created_at));
        // The failed tries kept 1 KB of their answer each: no NUL, the cut character replaced.
        const kept = await t.sql<{ response_status: number; response_body: string }[]>`
          select response_status, response_body from webhook_delivery_attempts where delivery_id = ${delivery!.id}
          order by attempted_at, id`;
        expect(kept.map((a) => a.response_status)).toEqual([500, 500, 200]);
        const expectedStart = Buffer.from(long).subarray(0, 1024).toString('utf8').replaceAll('\u0000', '');
        expect(kept[0]!.response_body).toBe(expectedStart);
        expect(expectedStart.endsWith('\ufffd')).toBe(true);
        expect(Buffer.byteLength(kept[0]!.response_body)).toBeLessThanOrEqual(1026);
      },
    );
  });

  it('shows why no answer came for a refused connection, and a pending delivery with its next try', async () => {
    const port = await freePort();
    const endpoint = await endpointFor(`http://127.0.0.1:${port}/hooks`);
    await recordEvents(t.sql, owner.workspaceId, ['lead.updated']);
    const tried = async () => deliveriesIn(await list(endpoint.id))[0]?.attempts_made === 1;
    expect(await waitUntil(tried, 20_000)).toBe(true);
    const [delivery] = deliveriesIn(await list(endpoint.id));
    expect(delivery).toMatchObject({
      status: 'pending',
      response_status: null,
      response_body: null,
      error: 'connection refused',
      delivered_at: null,
      next_attempt_at: expect.any(String),
    });
    await t.sql`delete from webhook_endpoints where id = ${endpoint.id}`;
  });

  it('pages newest first with cursor and limit, each delivery once, and refuses a bad cursor or limit', async () => {
    await withReceiver(undefined, async (receiver) => {
      const endpoint = await endpointFor(receiver.url());
      const eventIds: string[] = [];
      for (let i = 0; i < 5; i++) eventIds.push(...(await recordEvents(t.sql, owner.workspaceId, ['lead.updated'])));
      expect(await waitUntil(settled(endpoint.id), 20_000)).toBe(true);
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const res: TestResponse = await list(
          endpoint.id,
          `limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        expect(res.status).toBe(200);
        await expectMatchesSpec(t, 'GET', LIST, res);
        seen.push(...deliveriesIn(res).map((d) => d.event_id));
        cursor = res.body.pagination.next_cursor;
        pages++;
      } while (cursor);
      expect(pages).toBe(3);
      expect(seen).toEqual([...eventIds].reverse());
      for (const query of ['limit=0', 'limit=101', 'cursor=forged.cursor']) {
        const res = await list(endpoint.id, query);
        expect(res.status, query).toBe(400);
        expect(res.body.error.code).toBe('VALIDATION_ERROR');
      }
    });
  });

  it("lists only the endpoint's own deliveries, and answers 404 for another workspace's endpoint", async () => {
    await withReceiver(undefined, async (receiver) => {
      const first = await endpointFor(receiver.url('/first'), owner, ['lead.created']);
      const second = await endpointFor(receiver.url('/second'), owner, ['lead.deleted']);
      const [created] = await recordEvents(t.sql, owner.workspaceId, ['lead.created', 'lead.deleted']);
      expect(await waitUntil(settled(first.id), 20_000)).toBe(true);
      expect(deliveriesIn(await list(first.id)).map((d) => d.event_id)).toEqual([created]);
      const stranger = await t.tenant();
      const res = await list(second.id, '', stranger.key);
      expect(res.status).toBe(404);
      await expectMatchesSpec(t, 'GET', LIST, res);
      expect((await list('whe_' + 'x'.repeat(61))).status).toBe(400);
    });
  });
});

describe('POST /api/v1/webhook-endpoints/{id}/deliveries/{delivery_id}/resend', () => {
  it('queues a new delivery of the same event, sent through the job with the same webhook-id and a valid signature', async () => {
    await withReceiver(undefined, async (receiver) => {
      const endpoint = await endpointFor(receiver.url());
      const [eventId] = await recordEvents(t.sql, owner.workspaceId, ['lead.created']);
      expect(await waitUntil(settled(endpoint.id), 20_000)).toBe(true);
      const [original] = deliveriesIn(await list(endpoint.id));

      const res = await resend(endpoint.id, original!.id);
      expect(res.status).toBe(202);
      await expectMatchesSpec(t, 'POST', RESEND, res);
      const made = res.body.webhook_delivery as Delivery;
      expect(made).toEqual({
        id: expect.stringMatching(/^whd_/),
        event_id: eventId,
        event_type: 'lead.created',
        status: 'pending',
        attempts_made: 0,
        response_status: null,
        duration_ms: null,
        response_body: null,
        error: null,
        resent_from: original!.id,
        created_at: expect.any(String),
        attempted_at: null,
        delivered_at: null,
        next_attempt_at: expect.any(String),
      });
      expect(made.id).not.toBe(original!.id);

      expect(await waitUntil(async () => receiver.received.length === 2, 20_000)).toBe(true);
      const [first, again] = receiver.received;
      expect(again!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
      expect(again!.body).toBe(first!.body);
      expect(new Webhook(endpoint.secret).verify(again!.body, again!.headers as Record<string, string>)).toMatchObject({
        id: eventId,
      });
      expect(await waitUntil(settled(endpoint.id), 20_000)).toBe(true);
      const listed = deliveriesIn(await list(endpoint.id));
      expect(listed.map((d) => [d.id, d.status, d.attempts_made])).toEqual([
        [made.id, 'succeeded', 1],
        [original!.id, 'succeeded', 1],
      ]);
    });
  });

  it('replays the first answer under a repeated Idempotency-Key and queues one delivery; needs the key', async () => {
    await withReceiver(undefined, async (receiver) => {
      const endpoint = await endpointFor(receiver.url());
      await recordEvents(t.sql, owner.workspaceId, ['lead.created']);
      expect(await waitUntil(settled(endpoint.id), 20_000)).toBe(true);
      const [original] = deliveriesIn(await list(endpoint.id));
      const key = randomUUID();
      const first = await resend(endpoint.id, original!.id, owner.key, key);
      const again = await resend(endpoint.id, original!.id, owner.key, key);
      expect([again.status, again.text, again.headers.get('idempotency-replayed')]).toEqual([202, first.text, 'true']);
      const made = await t.sql`select id from webhook_deliveries where resent_from = ${original!.id}`;
      expect(made).toEqual([{ id: first.body.webhook_delivery.id }]);

      const path = `${COLLECTION}/${endpoint.id}/deliveries/${original!.id}/resend`;
      const missing = await t.request('POST', path, { key: owner.key, body: {} });
      expect(missing.status).toBe(400);
      expect(missing.body.error.details.issues[0].path).toBe('idempotency-key');
      expect(await t.sql`select id from webhook_deliveries where resent_from = ${original!.id}`).toHaveLength(1);
    });
  });

  it('answers 404 for a delivery of another endpoint or another workspace, 409 while disabled, and queues nothing', async () => {
    await withReceiver(undefined, async (receiver) => {
      const stranger = await t.tenant();
      const mine = await endpointFor(receiver.url('/mine'));
      const sibling = await endpointFor(receiver.url('/sibling'));
      const theirs = await endpointFor(receiver.url('/theirs'), stranger);
      await recordEvents(t.sql, owner.workspaceId, ['lead.created']);
      await recordEvents(t.sql, stranger.workspaceId, ['lead.created']);
      for (const e of [mine, sibling, theirs]) expect(await waitUntil(settled(e.id), 20_000)).toBe(true);
      const deliveryOf = async (e: { id: string }, key = owner.key) => deliveriesIn(await list(e.id, '', key))[0]!.id;
      const [own, siblings, foreign] = [
        await deliveryOf(mine),
        await deliveryOf(sibling),
        await deliveryOf(theirs, stranger.key),
      ];
      const count = async () => (await t.sql`select 1 from webhook_deliveries where resent_from is not null`).length;
      const before = await count();
      for (const [endpointId, deliveryId, key] of [
        [mine.id, siblings, owner.key],
        [mine.id, foreign, owner.key],
        [theirs.id, foreign, owner.key],
        [mine.id, own, stranger.key],
        [mine.id, 'whd_00000000000000000000', owner.key],
      ] as const) {
        const res = await resend(endpointId, deliveryId, key);
        expect(res.status, `${endpointId} ${deliveryId}`).toBe(404);
        await expectMatchesSpec(t, 'POST', RESEND, res);
      }
      expect((await resend(mine.id, 'whd_' + 'x'.repeat(61))).status).toBe(400);

      await t.request('PATCH', `${COLLECTION}/${mine.id}`, {
        key: owner.key,
        body: { enabled: false },
        headers: { 'idempotency-key': randomUUID() },
      });
      const disabled = await resend(mine.id, own);
      expect(disabled.status).toBe(409);
      expect(disabled.body.error.code).toBe('CONFLICT');
      await expectMatchesSpec(t, 'POST', RESEND, disabled);
      expect(await count()).toBe(before);
    });
  });
});
