import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Webhook } from 'standardwebhooks';
import { createTestContext, waitUntil, type TestContext } from './helpers/harness.ts';
import { startReceiver, type Received } from './helpers/webhookReceiver.ts';
import { cliContext } from './helpers/cliContext.ts';
import { sample } from './helpers/promText.ts';
import { addEndpoint as addEndpointTo, recordEvents as recordEventsIn } from './helpers/webhooks.ts';
import { newId } from '../core/ids.ts';
import { newWebhookSecret } from '../core/webhookSecrets.ts';
import type { WebhookEventType } from '../core/webhookEventTypes.ts';
import type { Db } from '../storage/db.ts';
import { freePort } from '../storage/cluster/embedded.ts';
import { recordEndpointTestEvent, recordWebhookEvent } from '../storage/webhookEvents.ts';
import { dispatchDueDeliveries, enqueueEndpointJob } from '../storage/webhookDeliveries.ts';
import { retryJobs } from '../storage/jobs.ts';
import { createBlobStore } from '../storage/blobs.ts';
import { storageSigningSecret } from '../storage/secrets.ts';
import { webhooksCommands } from '../cli/commands/webhooks.ts';
import { jobsCommands } from '../cli/commands/jobs.ts';
import { plainDuration, retryDelaySeconds } from '../tasks/webhook_deliver/retries.ts';

/**
 * The documented legacy check, written from the partner reference and not from the service's code:
 * the secrets (of those given) whose HMAC-SHA256 of "<t>.<raw body>" is one of the header's v1 values.
 */
function secretsThatSigned(header: string | string[] | undefined, rawBody: string, secrets: string[]): string[] {
  const parts = String(header ?? '')
    .split(',')
    .map((p) => p.split('=') as [string, string]);
  const t = parts.find(([k]) => k === 't')?.[1];
  const v1 = parts.filter(([k]) => k === 'v1').map(([, v]) => Buffer.from(v, 'hex'));
  if (!t) return [];
  return secrets.filter((secret) => {
    const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
    return v1.some((v) => v.length === expected.length && timingSafeEqual(v, expected));
  });
}

const legacySignedBy = (r: Received, secrets: string[]) =>
  secretsThatSigned(r.headers['webhook-signature'], r.body, secrets);

/** The secrets (of those given) with which the published Standard Webhooks library accepts the request. */
const signedBy = (r: Received, secrets: string[]) =>
  secrets.filter((secret) => {
    try {
      new Webhook(secret).verify(r.body, r.headers as Record<string, string>);
      return true;
    } catch {
      return false;
    }
  });

interface DeliveryRow {
  id: string;
  event_id: string;
  status: string;
  attempt_count: number;
}

const deliveriesOf = (t: TestContext, endpointId: string) =>
  t.sql<DeliveryRow[]>`
    select id, event_id, status, attempt_count from webhook_deliveries where endpoint_id = ${endpointId} order by created_at, id`;

const attemptsOf = (t: TestContext, deliveryId: string) =>
  t.sql<{ response_status: number | null; error: string | null }[]>`
    select response_status, error from webhook_delivery_attempts where delivery_id = ${deliveryId} order by id`;

const endpointRow = async (t: TestContext, id: string) =>
  (
    await t.sql<
      { enabled: boolean; disabled_reason: string | null; disabled_at: Date | null; failing_since: Date | null }[]
    >`
    select enabled, disabled_reason, disabled_at, failing_since from webhook_endpoints where id = ${id}`
  )[0]!;

const allSettled = async (t: TestContext, endpointId: string, status: string, count: number) => {
  const rows = await deliveriesOf(t, endpointId);
  return rows.length === count && rows.every((d) => d.status === status);
};

/** No webhook_deliver job left for the endpoint: every one has run to its end. */
const noJobsFor = async (t: TestContext, endpointId: string) =>
  (await t.sql`select 1 from graphile_worker._private_jobs where payload->>'endpoint_id' = ${endpointId}`).length === 0;

/** Nothing pending for the endpoint, and no job of it left to run. */
const allDone = async (t: TestContext, endpointId: string) => {
  const pending =
    await t.sql`select 1 from webhook_deliveries where endpoint_id = ${endpointId} and status = 'pending'`;
  return pending.length === 0 && (await noJobsFor(t, endpointId));
};

/** Deleting the endpoint takes its deliveries, so their waiting retries end without a request. */
const removeEndpoint = (t: TestContext, id: string) => t.sql`delete from webhook_endpoints where id = ${id}`;

const addEndpoint = (t: TestContext, workspaceId: string, url: string, opts?: Parameters<typeof addEndpointTo>[4]) =>
  addEndpointTo(t.sql, t.config.WEBHOOK_SECRETS_KEY, workspaceId, url, opts);
const recordEvents = (t: TestContext, workspaceId: string, types: WebhookEventType[]) =>
  recordEventsIn(t.sql, workspaceId, types);

const FAST_RETRIES = {
  WEBHOOK_ALLOW_PRIVATE: 'true',
  WEBHOOK_RETRY_BASE_SECONDS: '1',
  WEBHOOK_RETRY_MAX_DELAY_SECONDS: '2',
  WEBHOOK_DISPATCH_INTERVAL_MS: '250',
};

// ---- Delivery against local receivers ----

describe('webhook_deliver', () => {
  let t: TestContext;
  beforeAll(async () => {
    // A 5 s timeout keeps the slow receiver's test short; the default is 10 s (core/config.ts).
    // Three requests in flight per endpoint: fewer than the default, so that a second job for one
    // endpoint would show as more.
    t = await createTestContext({
      ...FAST_RETRIES,
      WEBHOOK_TIMEOUT_MS: '5000',
      WEBHOOK_RETRY_WINDOW_SECONDS: '120',
      WEBHOOK_ENDPOINT_CONCURRENCY: '3',
    });
    await t.startWorker({ concurrency: 2 });
  });
  afterAll(() => t.close());

  it('delivers every event to each subscribed endpoint, signed as Standard Webhooks, with webhook-id and the event as body', async () => {
    const receiver = await startReceiver();
    try {
      const { workspaceId } = await t.tenant();
      const all = await addEndpoint(t, workspaceId, receiver.url('/all'));
      const created = await addEndpoint(t, workspaceId, receiver.url('/created'), { events: ['lead.created'] });
      const types: WebhookEventType[] = [
        'lead.created',
        'lead.updated',
        'lead.created',
        'lead.deleted',
        'lead.created',
      ];
      const eventIds = await recordEvents(t, workspaceId, types);
      const settled = async () =>
        (await allSettled(t, all.id, 'succeeded', 5)) && (await allSettled(t, created.id, 'succeeded', 3));
      expect(await waitUntil(settled, 15_000)).toBe(true);

      const events = await t.sql<{ id: string; type: string; created_at: Date; data: unknown }[]>`
        select id, type, created_at, webhook_event_data(e)::json as data from webhook_events e
        where id = any(${eventIds}::text[])`;
      const byId = new Map(events.map((e) => [e.id, e]));
      expect(receiver.received).toHaveLength(8);
      for (const r of receiver.received) {
        const body = JSON.parse(r.body);
        const event = byId.get(r.headers['webhook-id'] as string)!;
        expect(body).toEqual({
          id: event.id,
          type: event.type,
          created_at: event.created_at.toISOString(),
          data: event.data,
        });
        expect(body.data).toEqual({
          object: expect.objectContaining({ contact_name: expect.stringMatching(/^Homeowner \d$/) }),
        });
        expect(r.headers['content-type']).toBe('application/json');
        expect(r.headers['user-agent']).toMatch(/^PartnerAPI-Webhooks\//);
      }
      const receivedBy = (secret: string) => receiver.received.filter((r) => signedBy(r, [secret]).length === 1);
      expect(
        receivedBy(all.secret)
          .map((r) => r.headers['webhook-id'])
          .sort(),
      ).toEqual([...eventIds].sort());
      const createdIds = eventIds.filter((_, i) => types[i] === 'lead.created');
      expect(
        receivedBy(created.secret)
          .map((r) => r.headers['webhook-id'])
          .sort(),
      ).toEqual(createdIds.sort());
      expect(
        receiver.received.filter(
          (r) =>
            /^v1,[A-Za-z0-9+/]{43}=$/.test(String(r.headers['webhook-signature'])) &&
            /^\d{10}$/.test(String(r.headers['webhook-timestamp'])),
        ),
      ).toHaveLength(8);

      // An endpoint's job sends whatever of it is due: nothing is left to run, nothing was sent twice.
      expect(
        await waitUntil(async () => (await noJobsFor(t, all.id)) && (await noJobsFor(t, created.id)), 10_000),
      ).toBe(true);
      for (const d of await deliveriesOf(t, all.id)) {
        expect(d.attempt_count).toBe(1);
        expect(await attemptsOf(t, d.id)).toEqual([{ response_status: 200, error: null }]);
      }
      const metrics = (await t.request('GET', '/metrics')).text;
      expect(sample(metrics, 'webhook_delivery_duration_seconds_count', { outcome: 'success' })).toBeGreaterThanOrEqual(
        8,
      );
    } finally {
      await receiver.close();
    }
  });

  it('delivers an event recorded before migration 24, its data jsonb, as it delivers one recorded since', async () => {
    const receiver = await startReceiver();
    try {
      const { workspaceId } = await t.tenant();
      const endpoint = await addEndpoint(t, workspaceId, receiver.url());
      const objects = [0, 1].map((i) => ({ id: newId('lead'), contact_name: `Homeowner ${i}`, notes: 'a "quoted" é' }));
      const ids = await t.sql.begin(async (tx) => {
        const recorded = [];
        for (const object of objects)
          recorded.push(
            await recordWebhookEvent(tx, workspaceId, 'lead.created', object, { kind: 'lead', id: object.id }),
          );
        await tx`update webhook_events set data = data_text::jsonb, data_text = null where id = ${recorded[0]!}`;
        return recorded;
      });
      expect(await waitUntil(() => allSettled(t, endpoint.id, 'succeeded', 2), 15_000)).toBe(true);
      const bodies = new Map(receiver.received.map((r) => [r.headers['webhook-id'], JSON.parse(r.body)]));
      expect(ids.map((id) => bodies.get(id)?.data)).toEqual(objects.map((object) => ({ object })));
    } finally {
      await receiver.close();
    }
  });

  it('retries a receiver that fails its first two tries: succeeded on the third, with three attempts recorded', async () => {
    const receiver = await startReceiver((n) => ({ status: [500, 503][n] ?? 204 }));
    try {
      const { workspaceId } = await t.tenant();
      const endpoint = await addEndpoint(t, workspaceId, receiver.url());
      const [eventId] = await recordEvents(t, workspaceId, ['lead.created']);
      expect(await waitUntil(() => allSettled(t, endpoint.id, 'succeeded', 1), 15_000)).toBe(true);
      const [delivery] = await deliveriesOf(t, endpoint.id);
      expect(delivery).toMatchObject({ event_id: eventId, status: 'succeeded', attempt_count: 3 });
      expect(await attemptsOf(t, delivery!.id)).toEqual([
        { response_status: 500, error: 'HTTP 500' },
        { response_status: 503, error: 'HTTP 503' },
        { response_status: 204, error: null },
      ]);
      expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([eventId, eventId, eventId]);
      // Each try is signed afresh, and each signature holds.
      expect(receiver.received.every((r) => signedBy(r, [endpoint.secret]).length === 1)).toBe(true);
      expect((await endpointRow(t, endpoint.id)).failing_since).toBeNull();
    } finally {
      await receiver.close();
    }
  });

  it('delivers everything to a receiver that was down, once it listens again', async () => {
    const port = await freePort();
    const { workspaceId } = await t.tenant();
    const endpoint = await addEndpoint(t, workspaceId, `http://127.0.0.1:${port}/hooks`);
    const eventIds = await recordEvents(t, workspaceId, ['lead.created', 'lead.updated', 'lead.stage_changed']);
    const refusedOnce = async () => {
      const rows = await t.sql<{ n: number }[]>`
        select count(distinct d.id)::int as n from webhook_deliveries d join webhook_delivery_attempts a on a.delivery_id = d.id
        where d.endpoint_id = ${endpoint.id} and d.status = 'pending' and a.error = 'connection refused' and a.response_status is null`;
      return rows[0]!.n === 3;
    };
    expect(await waitUntil(refusedOnce, 15_000)).toBe(true);
    expect((await endpointRow(t, endpoint.id)).failing_since).toBeInstanceOf(Date);

    const receiver = await startReceiver(undefined, port);
    try {
      expect(await waitUntil(() => allSettled(t, endpoint.id, 'succeeded', 3), 15_000)).toBe(true);
      expect(receiver.received.map((r) => r.headers['webhook-id']).sort()).toEqual([...eventIds].sort());
      expect((await endpointRow(t, endpoint.id)).failing_since).toBeNull();
    } finally {
      await receiver.close();
    }
  });

  it("gives a slow receiver one worker slot, its deliveries in flight together: another endpoint's events arrive meanwhile, and the slow tries time out", async () => {
    const slow = await startReceiver(() => ({ status: 200, delayMs: 20_000 }));
    const fast = await startReceiver();
    const slowTenant = await t.tenant();
    const fastTenant = await t.tenant();
    const slowEndpoint = await addEndpoint(t, slowTenant.workspaceId, slow.url());
    const fastEndpoint = await addEndpoint(t, fastTenant.workspaceId, fast.url());
    try {
      await recordEvents(t, slowTenant.workspaceId, ['lead.created', 'lead.updated']);
      expect(await waitUntil(async () => slow.received.length === 2, 10_000)).toBe(true);
      const fastIds = await recordEvents(t, fastTenant.workspaceId, ['lead.created', 'lead.updated', 'lead.deleted']);
      expect(await waitUntil(() => allSettled(t, fastEndpoint.id, 'succeeded', 3), 10_000)).toBe(true);
      expect(fast.received.map((r) => r.headers['webhook-id']).sort()).toEqual([...fastIds].sort());
      // Meanwhile the slow endpoint's two tries are still waiting for their answers, sent by the
      // one job that holds its one worker slot.
      const slowDeliveries = await deliveriesOf(t, slowEndpoint.id);
      expect(slowDeliveries.map((d) => [d.status, d.attempt_count])).toEqual([
        ['pending', 0],
        ['pending', 0],
      ]);
      expect(slow.received).toHaveLength(2);
      // The HTTP call holds no database transaction open.
      const [idle] = await t.sql<{ n: number }[]>`
        select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`;
      expect(idle!.n).toBe(0);

      const timedOut = async () => {
        const rows = await t.sql`
          select 1 from webhook_delivery_attempts a join webhook_deliveries d on d.id = a.delivery_id
          where d.endpoint_id = ${slowEndpoint.id} and a.response_status is null and a.error = 'timed out after 5 s'`;
        return rows.length > 0;
      };
      expect(await waitUntil(timedOut, 10_000)).toBe(true);
      expect(slow.maxInFlight).toBe(2);
    } finally {
      await removeEndpoint(t, slowEndpoint.id);
      await Promise.all([slow.close(), fast.close()]);
    }
  });

  it('keeps WEBHOOK_ENDPOINT_CONCURRENCY requests in flight to a receiver that takes its time, each delivery sent once', async () => {
    const receiver = await startReceiver(() => ({ status: 204, delayMs: 300 }));
    const { workspaceId } = await t.tenant();
    const endpoint = await addEndpoint(t, workspaceId, receiver.url());
    try {
      const eventIds = await recordEvents(t, workspaceId, Array(12).fill('lead.updated'));
      expect(await waitUntil(() => allSettled(t, endpoint.id, 'succeeded', 12), 15_000)).toBe(true);
      // One at a time, twelve answers of 300 ms would take 3.6 s; three at a time take a third of it.
      expect(receiver.maxInFlight).toBe(3);
      expect(receiver.received.map((r) => r.headers['webhook-id']).sort()).toEqual([...eventIds].sort());
      const attempts = await t.sql<{ n: number }[]>`
        select count(*)::int as n from webhook_delivery_attempts a join webhook_deliveries d on d.id = a.delivery_id
        where d.endpoint_id = ${endpoint.id}`;
      expect(attempts[0]!.n).toBe(12);
    } finally {
      await receiver.close();
    }
  });

  it("sends one endpoint's deliveries from one job at a time and each once, with two workers and more ticks dispatching at once", async () => {
    const receivers = await Promise.all([0, 1, 2].map(() => startReceiver(() => ({ status: 200, delayMs: 20 }))));
    const second = await t.startWorker({ concurrency: 2 });
    const { workspaceId } = await t.tenant();
    const endpoints = await Promise.all(receivers.map((r) => addEndpoint(t, workspaceId, r.url())));
    const ticks = () => Promise.all(Array.from({ length: 4 }, () => dispatchDueDeliveries(t.sql)));
    // The most that ticks racing can do: a second job for an endpoint whose job is running.
    const racedJobs = () => Promise.all(endpoints.map((e) => enqueueEndpointJob(t.sql, workspaceId, e.id)));
    try {
      const eventIds: string[] = [];
      for (let round = 0; round < 5; round++) {
        const [ids] = await Promise.all([recordEvents(t, workspaceId, Array(6).fill('lead.updated')), ticks()]);
        eventIds.push(...ids);
        await ticks();
        await new Promise((resolve) => setTimeout(resolve, 30));
        await racedJobs();
      }
      const settled = async () =>
        (await Promise.all(endpoints.map((e) => allSettled(t, e.id, 'succeeded', eventIds.length)))).every(Boolean);
      expect(await waitUntil(settled, 20_000)).toBe(true);
      for (const receiver of receivers) {
        // A second job for the endpoint would add its own three.
        expect(receiver.maxInFlight).toBeLessThanOrEqual(3);
        expect(receiver.received.map((r) => r.headers['webhook-id']).sort()).toEqual([...eventIds].sort());
      }
    } finally {
      await second.stop();
      await Promise.all(receivers.map((r) => r.close()));
    }
  });

  it('signs a legacy endpoint with the old and the new secret while a rotation overlaps, and with the new one alone after', async () => {
    const receiver = await startReceiver();
    try {
      const { workspaceId } = await t.tenant();
      const old = newWebhookSecret();
      const previous = (expiresInSeconds: number) => ({
        previousSecret: { secret: old, expiresInSeconds },
        signatureScheme: 'legacy' as const,
      });
      const rotating = await addEndpoint(t, workspaceId, receiver.url('/rotating'), previous(3600));
      const rotated = await addEndpoint(t, workspaceId, receiver.url('/rotated'), previous(-60));
      await recordEvents(t, workspaceId, ['lead.created']);
      expect(await waitUntil(async () => receiver.received.length === 2, 10_000)).toBe(true);
      const signatures = receiver.received.map((r) => ({
        v1: String(r.headers['webhook-signature'])
          .split(',')
          .filter((p) => p.startsWith('v1=')).length,
        signedBy: legacySignedBy(r, [rotating.secret, rotated.secret, old]),
      }));
      expect(signatures).toContainEqual({ v1: 2, signedBy: [rotating.secret, old] });
      expect(signatures).toContainEqual({ v1: 1, signedBy: [rotated.secret] });
    } finally {
      await receiver.close();
    }
  });

  it('delivers the test event of an endpoint made by the API, signed with the secret shown, and with both after a rotation', async () => {
    const receiver = await startReceiver();
    try {
      const tenant = await t.tenant();
      const call = (path: string, body: unknown) =>
        t.request('POST', `/api/v1/webhook-endpoints${path}`, {
          key: tenant.key,
          body,
          headers: { 'idempotency-key': newId('idem') },
        });
      const made = await call('', { url: receiver.url(), events: ['lead.created'] });
      expect(made.status).toBe(201);
      const { id, secret } = made.body.webhook_endpoint as { id: string; secret: string };
      const tested = await call(`/${id}/test`, {});
      expect(tested.status).toBe(202);
      expect(await waitUntil(async () => receiver.received.length === 1, 10_000)).toBe(true);
      const [test] = receiver.received;
      const testEvent = { id: tested.body.webhook_event.id, type: 'webhook_endpoint.test', data: { object: { id } } };
      expect(JSON.parse(test!.body)).toMatchObject(testEvent);
      expect(signedBy(test!, [secret])).toEqual([secret]);

      const rotated = await call(`/${id}/rotate-secret`, {});
      const newSecret = rotated.body.webhook_endpoint.secret as string;
      await recordEvents(t, tenant.workspaceId, ['lead.created']);
      expect(await waitUntil(async () => receiver.received.length === 2, 10_000)).toBe(true);
      const after = receiver.received[1]!;
      expect(signedBy(after, [newSecret, secret])).toEqual([newSecret, secret]);
    } finally {
      await receiver.close();
    }
  });

  it('counts a redirect as a failure and does not follow it', async () => {
    const target = await startReceiver();
    const redirecting = await startReceiver(() => ({ status: 302, headers: { location: target.url() } }));
    const { workspaceId } = await t.tenant();
    const endpoint = await addEndpoint(t, workspaceId, redirecting.url());
    try {
      await recordEvents(t, workspaceId, ['lead.created']);
      const triedOnce = async () => (await deliveriesOf(t, endpoint.id))[0]?.attempt_count === 1;
      expect(await waitUntil(triedOnce, 10_000)).toBe(true);
      const [delivery] = await deliveriesOf(t, endpoint.id);
      expect(delivery!.status).toBe('pending');
      expect(await attemptsOf(t, delivery!.id)).toEqual([
        { response_status: 302, error: 'HTTP 302 (redirects are not followed)' },
      ]);
      expect(target.received).toHaveLength(0);
    } finally {
      await removeEndpoint(t, endpoint.id);
      await Promise.all([target.close(), redirecting.close()]);
    }
  });

  it("sends nothing for a disabled endpoint's pending delivery (failed, with the reason) or a deleted endpoint's", async () => {
    const receiver = await startReceiver();
    try {
      const { workspaceId } = await t.tenant();
      const disabled = await addEndpoint(t, workspaceId, receiver.url('/disabled'));
      const deleted = await addEndpoint(t, workspaceId, receiver.url('/deleted'));
      // Each change lands after the delivery was made.
      await t.sql.begin(async (tx) => {
        const leadId = newId('lead');
        await recordWebhookEvent(tx, workspaceId, 'lead.created', { id: leadId }, { kind: 'lead', id: leadId });
        await tx`update webhook_endpoints set enabled = false where id = ${disabled.id}`;
        await tx`delete from webhook_endpoints where id = ${deleted.id}`;
      });
      expect(await waitUntil(() => allDone(t, disabled.id), 10_000)).toBe(true);
      expect(receiver.received).toHaveLength(0);
      const [delivery] = await deliveriesOf(t, disabled.id);
      expect(delivery!.status).toBe('failed');
      const unsent = { response_status: null, error: 'the endpoint is disabled; the event was not sent' };
      expect(await attemptsOf(t, delivery!.id)).toEqual([unsent]);
      expect(await deliveriesOf(t, deleted.id)).toEqual([]);
    } finally {
      await receiver.close();
    }
  });

  it("does not send a succeeded delivery again when the endpoint's job runs again", async () => {
    const receiver = await startReceiver();
    try {
      const { workspaceId } = await t.tenant();
      const endpoint = await addEndpoint(t, workspaceId, receiver.url());
      await recordEvents(t, workspaceId, ['lead.created']);
      expect(await waitUntil(() => allSettled(t, endpoint.id, 'succeeded', 1), 10_000)).toBe(true);
      const [delivery] = await deliveriesOf(t, endpoint.id);
      await enqueueEndpointJob(t.sql, workspaceId, endpoint.id);
      expect(await waitUntil(() => noJobsFor(t, endpoint.id), 10_000)).toBe(true);
      expect(receiver.received).toHaveLength(1);
      expect(await attemptsOf(t, delivery!.id)).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });

  it('does not let a job out of attempts hold its endpoint up: a fresh job delivers, and jobs retry sends what waits', async () => {
    const receiver = await startReceiver();
    const { workspaceId } = await t.tenant();
    const recordLead = (tx: Db) => {
      const leadId = newId('lead');
      return recordWebhookEvent(tx, workspaceId, 'lead.created', { id: leadId }, { kind: 'lead', id: leadId });
    };
    try {
      const endpoint = await addEndpoint(t, workspaceId, receiver.url());
      // The endpoint's job is held back (as if the database had failed its every attempt) and
      // failed for good, with the event's delivery due.
      const jobId = await t.sql.begin(async (tx) => {
        await recordLead(tx);
        await enqueueEndpointJob(tx, workspaceId, endpoint.id);
        const [job] = await tx<{ id: string }[]>`
          update graphile_worker._private_jobs set run_at = now() + interval '1 hour'
          where key = ${'webhook_endpoint:' + endpoint.id}
          returning id::text`;
        return job!.id;
      });
      await t.sql`select graphile_worker.permanently_fail_jobs(${[jobId]}::bigint[], 'database unreachable')`;
      // Its delivery waits, pending, and the dispatcher enqueues a fresh job for it.
      expect(await waitUntil(() => allSettled(t, endpoint.id, 'succeeded', 1), 10_000)).toBe(true);
      expect(receiver.received).toHaveLength(1);

      // Support staff see the failed job and the endpoint it is for.
      const { jobs } = await jobsCommands['jobs list'].run(
        t.sql,
        cliContext([], { workspace: workspaceId, failed: true }),
      );
      expect(jobs.map((j) => ({ id: j.id, task: j.task, ...j.concerns }))).toEqual([
        { id: jobId, task: 'webhook_deliver', endpoint_id: endpoint.id },
      ]);
      // Its retry sends at once a delivery whose next try was an hour away.
      await t.sql.begin(async (tx) => {
        await recordLead(tx);
        await tx`update webhook_deliveries set next_attempt_at = now() + interval '1 hour'
          where endpoint_id = ${endpoint.id} and status = 'pending'`;
      });
      const blobs = createBlobStore(t.config, await storageSigningSecret(t.sql, t.config.STORAGE_SIGNING_SECRET));
      const render = { publicBaseUrl: t.config.PUBLIC_BASE_URL, blobs };
      expect(await retryJobs(t.sql, [jobId], 30, render)).toEqual({ retried: [jobId], refused: [] });
      const sentNow = async () =>
        (await allSettled(t, endpoint.id, 'succeeded', 2)) && (await noJobsFor(t, endpoint.id));
      expect(await waitUntil(sentNow, 10_000)).toBe(true);
      expect(receiver.received).toHaveLength(2);
    } finally {
      await receiver.close();
    }
  });

  it('admin webhooks redeliver --event sends an event again, and to an endpoint created after it', async () => {
    const receiver = await startReceiver();
    const redeliver = (flags: Record<string, string>) =>
      webhooksCommands['webhooks redeliver'].run(t.sql, cliContext([], flags));
    try {
      const { workspaceId } = await t.tenant();
      const first = await addEndpoint(t, workspaceId, receiver.url('/first'));
      const [eventId] = await recordEvents(t, workspaceId, ['lead.created']);
      expect(await waitUntil(() => allSettled(t, first.id, 'succeeded', 1), 10_000)).toBe(true);
      const [delivery] = await deliveriesOf(t, first.id);

      expect(await redeliver({ event: eventId! })).toEqual({
        event_id: eventId,
        redelivered: [{ delivery_id: delivery!.id, event_id: eventId, endpoint_id: first.id, created: false }],
        refused: [],
      });
      const sentAgain = async () => receiver.received.length === 2 && (await allSettled(t, first.id, 'succeeded', 1));
      expect(await waitUntil(sentAgain, 10_000)).toBe(true);
      expect(await attemptsOf(t, delivery!.id)).toHaveLength(2);

      const later = await addEndpoint(t, workspaceId, receiver.url('/later'), { events: ['lead.created'] });
      const unsubscribed = await addEndpoint(t, workspaceId, receiver.url('/unsubscribed'), {
        events: ['lead.deleted'],
      });
      const sent = await redeliver({ event: eventId!, endpoint: later.id });
      expect(sent).toMatchObject({
        redelivered: [{ event_id: eventId, endpoint_id: later.id, created: true }],
        refused: [],
      });
      expect(await waitUntil(() => allSettled(t, later.id, 'succeeded', 1), 10_000)).toBe(true);
      const toLater = receiver.received.filter((r) => signedBy(r, [later.secret]).length);
      expect(toLater.map((r) => r.headers['webhook-id'])).toEqual([eventId]);

      await expect(redeliver({ event: eventId!, endpoint: unsubscribed.id })).rejects.toThrow(
        'not redelivered: the endpoint is not subscribed to lead.created',
      );
      // A test event is its endpoint's alone, even for an endpoint taking every event.
      const testEventId = await t.sql.begin((tx) =>
        recordEndpointTestEvent(tx, workspaceId, first.id, { id: first.id }),
      );
      expect(await waitUntil(async () => receiver.received.length === 4, 10_000)).toBe(true);
      const everything = await addEndpoint(t, workspaceId, receiver.url('/everything'));
      await expect(redeliver({ event: testEventId, endpoint: everything.id })).rejects.toThrow(
        'a test event goes only to the endpoint it was sent to',
      );
      expect(await redeliver({ event: testEventId })).toMatchObject({
        redelivered: [{ endpoint_id: first.id, created: false }],
      });
      await expect(redeliver({ event: 'evt_missing' })).rejects.toThrow(
        'event evt_missing not found; `GET /api/v1/webhook-events` lists the events of the last 30 days',
      );
      const both = { event: eventId!, 'failed-since': '2025-01-01' };
      await expect(redeliver(both)).rejects.toThrow('use --event ID or --failed-since ISO-TIME');
      const other = await t.tenant();
      const foreign = await addEndpoint(t, other.workspaceId, receiver.url('/foreign'));
      const foreignRefusal = "no endpoint of the event's workspace has this id";
      await expect(redeliver({ event: eventId!, endpoint: foreign.id })).rejects.toThrow(foreignRefusal);
    } finally {
      await receiver.close();
    }
  });
  // A fresh tsx process per command, as support staff run it (a few seconds each on a busy machine).
  it('runs as npm run admin: webhooks redeliver --help, and a redelivery by flags', { timeout: 60_000 }, async () => {
    const admin = async (...args: string[]) =>
      (
        await promisify(execFile)(process.execPath, ['--import', 'tsx', 'cli/admin.ts', ...args], {
          cwd: join(import.meta.dirname, '..'),
          env: { ...process.env, DATABASE_URL: t.databaseUrl, LOG_LEVEL: 'silent' },
        })
      ).stdout;
    const help = await admin('webhooks', 'redeliver', '--help');
    const usage = '--event ID [--endpoint ID] | --failed-since ISO-TIME [--workspace ID] [--json]';
    expect(help).toContain(`usage: npm run --silent admin -- webhooks redeliver ${usage}`);
    for (const flag of ['--event ID', '--endpoint ID', '--failed-since ISO-TIME', '--workspace ID'])
      expect(help).toContain(`  ${flag} `);
    const receiver = await startReceiver();
    try {
      const { workspaceId } = await t.tenant();
      const endpoint = await addEndpoint(t, workspaceId, receiver.url());
      const [eventId] = await recordEvents(t, workspaceId, ['lead.converted']);
      expect(await waitUntil(() => allSettled(t, endpoint.id, 'succeeded', 1), 10_000)).toBe(true);
      const out = JSON.parse(
        await admin('webhooks', 'redeliver', '--event', eventId!, '--endpoint', endpoint.id, '--json'),
      );
      expect(out).toMatchObject({
        event_id: eventId,
        redelivered: [{ endpoint_id: endpoint.id, created: false }],
        refused: [],
      });
      expect(await waitUntil(async () => receiver.received.length === 2, 10_000)).toBe(true);
      expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([eventId, eventId]);
    } finally {
      await receiver.close();
    }
  });
});

// ---- The retry window, disabling, and redelivering what failed ----

describe('webhook_deliver past the retry window', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({
      ...FAST_RETRIES,
      WEBHOOK_RETRY_MAX_DELAY_SECONDS: '1',
      WEBHOOK_RETRY_WINDOW_SECONDS: '3',
    });
    await t.startWorker({ concurrency: 2 });
  });
  afterAll(() => t.close());

  /** An endpoint whose receiver fails, with events coming in until the platform disables it. */
  async function failForTheWindow(receiverUrl: string) {
    const tenant = await t.tenant();
    const { workspaceId } = tenant;
    const endpoint = await addEndpoint(t, workspaceId, receiverUrl);
    const disabled = await waitUntil(
      async () => {
        await recordEvents(t, workspaceId, ['lead.updated']);
        return !(await endpointRow(t, endpoint.id)).enabled;
      },
      15_000,
      1000,
    );
    expect(disabled).toBe(true);
    expect(await waitUntil(() => allDone(t, endpoint.id), 10_000)).toBe(true);
    return { workspaceId, tenant, endpoint };
  }

  it('fails deliveries retried for the whole window and disables the endpoint failing that long', async () => {
    const receiver = await startReceiver(() => ({ status: 500 }));
    try {
      const { workspaceId, endpoint } = await failForTheWindow(receiver.url());
      const row = await endpointRow(t, endpoint.id);
      expect(row.disabled_reason).toBe('Deliveries failed for 3 seconds; re-enable it with PATCH enabled=true');
      expect(row.disabled_at).toBeInstanceOf(Date);
      const deliveries = await deliveriesOf(t, endpoint.id);
      expect(deliveries.every((d) => d.status === 'failed')).toBe(true);
      // The first event's delivery was tried until its window ran out.
      expect(deliveries[0]!.attempt_count).toBeGreaterThanOrEqual(2);
      const tries = (await attemptsOf(t, deliveries[0]!.id)).filter((a) => a.response_status !== null);
      expect(tries.length).toBeGreaterThanOrEqual(2);
      expect(tries.every((a) => a.response_status === 500 && a.error === 'HTTP 500')).toBe(true);

      // A disabled endpoint gets no new deliveries.
      await recordEvents(t, workspaceId, ['lead.created']);
      expect(await deliveriesOf(t, endpoint.id)).toHaveLength(deliveries.length);
      const metrics = (await t.request('GET', '/metrics')).text;
      expect(sample(metrics, 'webhook_deliveries_failed_total')).toBeGreaterThanOrEqual(deliveries.length);
      expect(sample(metrics, 'webhook_delivery_duration_seconds_count', { outcome: 'failure' })).toBeGreaterThanOrEqual(
        2,
      );

      const listed = await webhooksCommands['webhooks list'].run(t.sql, cliContext([], { workspace: workspaceId }));
      expect(listed.endpoints).toEqual([
        expect.objectContaining({
          id: endpoint.id,
          enabled: false,
          disabled_reason: row.disabled_reason,
          failing_since: expect.any(Date),
          failed: deliveries.length,
          pending: 0,
        }),
      ]);
      expect(JSON.stringify(listed)).not.toMatch(/secret|whsec_/);
    } finally {
      await receiver.close();
    }
  });

  it('admin webhooks redeliver --failed-since sends the failed deliveries again once the endpoint is re-enabled', async () => {
    let fixed = false;
    const receiver = await startReceiver(() => ({ status: fixed ? 200 : 500 }));
    const redeliver = (flags: Record<string, string>) =>
      webhooksCommands['webhooks redeliver'].run(t.sql, cliContext([], flags));
    try {
      const [clock] = await t.sql<{ now: Date }[]>`select now()`;
      const { workspaceId, tenant, endpoint } = await failForTheWindow(receiver.url());
      const failed = await deliveriesOf(t, endpoint.id);
      const since = clock!.now.toISOString();

      // Left out while the endpoint is disabled.
      expect(await redeliver({ 'failed-since': since, workspace: workspaceId })).toEqual({
        failed_since: clock!.now,
        redelivered: 0,
        by_endpoint: [],
        left_on_disabled_endpoints: failed.length,
      });
      fixed = true;
      const patched = await t.request('PATCH', `/api/v1/webhook-endpoints/${endpoint.id}`, {
        key: tenant.key,
        body: { enabled: true },
        headers: { 'idempotency-key': newId('idem') },
      });
      expect(patched.body.webhook_endpoint).toMatchObject({ enabled: true, disabled_reason: null });
      expect(await redeliver({ 'failed-since': since, workspace: workspaceId })).toMatchObject({
        redelivered: failed.length,
        by_endpoint: [{ endpoint_id: endpoint.id, deliveries: failed.length }],
        left_on_disabled_endpoints: 0,
      });
      expect(await waitUntil(() => allSettled(t, endpoint.id, 'succeeded', failed.length), 10_000)).toBe(true);
      const eventIds = new Set(failed.map((d) => d.event_id));
      const answered = receiver.received.slice(-failed.length).map((r) => r.headers['webhook-id'] as string);
      expect(new Set(answered)).toEqual(eventIds);

      await expect(redeliver({ 'failed-since': 'yesterday' })).rejects.toThrow('--failed-since must be an ISO time');
      await expect(redeliver({ 'failed-since': since, workspace: 'ws_missing' })).rejects.toThrow(
        'workspace ws_missing not found; `admin workspace list` shows every workspace with its id',
      );
    } finally {
      await receiver.close();
    }
  });
});

// ---- The SSRF guard, as deployed (private addresses refused) ----

describe('webhook_deliver with private addresses refused', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ WEBHOOK_RETRY_BASE_SECONDS: '1', WEBHOOK_RETRY_MAX_DELAY_SECONDS: '2' });
    await t.startWorker({ concurrency: 2 });
  });
  afterAll(() => t.close());

  it('fails tries to names resolving to private addresses, literal private addresses and plain http, without connecting', async () => {
    const receiver = await startReceiver();
    const port = new URL(receiver.url()).port;
    try {
      const { workspaceId } = await t.tenant();
      const cases = [
        [`https://localhost:${port}/hooks`, 'localhost resolves to a private or reserved address'],
        [`https://127.0.0.1:${port}/hooks`, '127.0.0.1 is a private or reserved address'],
        [`http://127.0.0.1:${port}/hooks`, 'http: URLs are not called; use https'],
      ] as const;
      const endpoints = await Promise.all(cases.map(([url]) => addEndpoint(t, workspaceId, url)));
      await recordEvents(t, workspaceId, ['lead.created']);
      for (const [i, [, reason]] of cases.entries()) {
        const endpoint = endpoints[i]!;
        expect(
          await waitUntil(async () => ((await deliveriesOf(t, endpoint.id))[0]?.attempt_count ?? 0) > 0, 10_000),
        ).toBe(true);
        const [delivery] = await deliveriesOf(t, endpoint.id);
        expect((await attemptsOf(t, delivery!.id))[0]).toEqual({ response_status: null, error: reason });
        await removeEndpoint(t, endpoint.id);
      }
      expect(receiver.received).toHaveLength(0);
    } finally {
      await receiver.close();
    }
  });
});

describe('retry schedule', () => {
  it('doubles from the base up to the cap, within ×0.5–1.5 jitter', () => {
    const low = (n: number) => retryDelaySeconds(n, 30, 21_600, () => 0);
    const high = (n: number) => retryDelaySeconds(n, 30, 21_600, () => 1);
    expect([1, 2, 3, 4].map(low)).toEqual([15, 30, 60, 120]);
    expect([1, 2, 3, 4].map(high)).toEqual([45, 90, 180, 360]);
    expect(low(12)).toBe(10_800);
    expect(high(1000)).toBe(32_400);
  });

  it('names the window as people do', () => {
    const named = ['3 days', '1 day', '6 hours', '90 seconds', '3 seconds', '1 second'];
    expect([259_200, 86_400, 21_600, 90, 3, 1].map(plainDuration)).toEqual(named);
  });
});
