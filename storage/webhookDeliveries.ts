import type postgres from 'postgres';
import type { Db, Sql } from './db.ts';
import { WEBHOOK_TEST_EVENT } from '../core/webhookEventTypes.ts';
import type { SignatureScheme } from '../core/webhookSecrets.ts';
import { ENDPOINT_JOB_KEY_PREFIX, JOB_POLICIES, laneQueue, workspaceFlagsSql } from './jobPolicies.ts';

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

/** A due delivery with what sending it takes: its event and its endpoint's URL and sealed secrets. */
export interface DeliveryTarget {
  id: string;
  workspace_id: string;
  attempt_count: number;
  event_id: string;
  event_type: string;
  event_created_at: Date;
  /** {object: …}; null while the event awaits rendering */
  event_data: unknown;
  endpoint_id: string;
  url: string;
  enabled: boolean;
  signature_scheme: SignatureScheme;
  secret_sealed: Buffer;
  /** The secret before a rotation, only while it still signs beside the new one. */
  previous_secret_sealed: Buffer | null;
  /** The dated API version the endpoint receives its events in. */
  api_version: string;
}

/**
 * One try: the receiver's status (null when none came back), a plain error unless it was a 2xx,
 * and the start of its answer (tasks/webhook_deliver/send.ts bounds it).
 */
export interface Attempt {
  status: number | null;
  error: string | null;
  durationMs: number;
  responseBody?: string | null;
}

/** Whether it was recorded: not when the delivery is gone (its endpoint deleted meanwhile). */
export async function recordAttempt(sql: Db, deliveryId: string, attempt: Attempt): Promise<boolean> {
  const rows = await sql`
    insert into webhook_delivery_attempts (delivery_id, response_status, error, duration_ms, response_body)
    select id, ${attempt.status}, ${attempt.error}, ${attempt.durationMs}, ${attempt.responseBody ?? null}
    from webhook_deliveries where id = ${deliveryId}
    returning id`;
  return rows.length > 0;
}

/** A try that succeeded, to settle with others of its endpoint (settleSucceeded). */
export interface Success {
  deliveryId: string;
  status: number;
  durationMs: number;
  responseBody: string | null | undefined;
  /** When the answer came back: the attempt's time. */
  at: Date;
}

/**
 * Settles an endpoint's successful tries in one statement: each recorded as an attempt (unless
 * its delivery is gone, its endpoint deleted meanwhile) and its delivery succeeded (unless no
 * longer pending: settled by a parallel run), and the endpoint failing no more.
 */
export async function settleSucceeded(sql: Db, endpointId: string, tries: Success[]): Promise<void> {
  if (!tries.length) return;
  await sql`
    with tried as (
      select * from unnest(${tries.map((t) => t.deliveryId)}::text[], ${tries.map((t) => t.status)}::int[],
        ${tries.map((t) => t.durationMs)}::int[], ${tries.map((t) => t.at.toISOString())}::timestamptz[],
        ${tries.map((t) => t.responseBody ?? null)}::text[]) as t(id, status, duration_ms, at, response_body)),
    recorded as (
      insert into webhook_delivery_attempts (delivery_id, attempted_at, response_status, error, duration_ms, response_body)
      select d.id, t.at, t.status, null, t.duration_ms, t.response_body from tried t join webhook_deliveries d on d.id = t.id
      order by t.at),
    settled as (
      update webhook_deliveries d set status = 'succeeded', attempt_count = d.attempt_count + 1,
        next_attempt_at = null, updated_at = now()
      from tried t where d.id = t.id and d.status = 'pending')
    update webhook_endpoints set failing_since = null where id = ${endpointId} and failing_since is not null`;
}

/**
 * Counts a failed try and schedules the next one `delaySeconds` from now (the dispatcher enqueues
 * the endpoint's job once it is due); fails the delivery instead when that would fall past its
 * retry window. The outcome, or undefined when the delivery was no longer pending.
 */
export async function settleFailed(
  sql: Db,
  deliveryId: string,
  delaySeconds: number,
  windowSeconds: number,
): Promise<{ status: DeliveryStatus; next_attempt_at: Date | null } | undefined> {
  const [row] = await sql<{ status: DeliveryStatus; next_attempt_at: Date | null }[]>`
    with next as (
      select next.at, next.at <= retry_window_start + make_interval(secs => ${windowSeconds}) as in_window
      from webhook_deliveries, (select now() + make_interval(secs => ${delaySeconds}) as at) next
      where id = ${deliveryId})
    update webhook_deliveries d set attempt_count = d.attempt_count + 1, updated_at = now(),
      status = case when next.in_window then 'pending' else 'failed' end,
      next_attempt_at = case when next.in_window then next.at end
    from next
    where d.id = ${deliveryId} and d.status = 'pending'
    returning d.status, d.next_attempt_at`;
  return row;
}

/** Fails a delivery that was not sent, and records why as its last attempt. */
export async function failUnsent(sql: Db, deliveryId: string, reason: string): Promise<void> {
  await sql`
    with failed as (
      update webhook_deliveries set status = 'failed', next_attempt_at = null, updated_at = now()
      where id = ${deliveryId} and status = 'pending'
      returning id)
    insert into webhook_delivery_attempts (delivery_id, response_status, error, duration_ms)
    select id, null, ${reason}, 0 from failed`;
}

/**
 * The endpoint's pending deliveries that have been due longest, at most `limit`, other than
 * those in `skip`, with what sending them takes.
 */
export async function dueDeliveries(
  sql: Db,
  endpointId: string,
  skip: string[],
  limit: number,
): Promise<DeliveryTarget[]> {
  return sql<DeliveryTarget[]>`
    select d.id, d.workspace_id, d.attempt_count,
      e.id as event_id, e.type as event_type, e.created_at as event_created_at,
      webhook_event_data(e)::json as event_data,
      ep.id as endpoint_id, ep.url, ep.enabled, ep.signature_scheme, ep.secret_sealed, ep.api_version,
      case when ep.previous_secret_expires_at > now() then ep.previous_secret_sealed end as previous_secret_sealed
    from webhook_deliveries d
    join webhook_events e on e.id = d.event_id
    join webhook_endpoints ep on ep.id = d.endpoint_id
    where d.endpoint_id = ${endpointId} and d.status = 'pending' and d.next_attempt_at <= now()
      and d.id <> all(${skip}::text[])
    order by d.next_attempt_at, d.id
    limit ${limit}`;
}

// ---- Jobs: one at a time per endpoint, each sending the endpoint's due deliveries ----

const POLICY = JOB_POLICIES.webhook_deliver;
/** The job key of an endpoint id (an SQL expression), as the policy writes it. */
const endpointJobKeySql = (sql: Db, endpointId: postgres.Fragment) =>
  sql`(${ENDPOINT_JOB_KEY_PREFIX}::text || ${endpointId})`;

/**
 * Enqueues the webhook_deliver job of each endpoint that `endpoints` selects (columns id and
 * workspace_id) in one add_jobs call, so one NOTIFY however many, as the task's policy says
 * (storage/jobPolicies.ts). The endpoint's lane runs one job at a time: one endpoint's deliveries
 * never go out side by side; the workspace's flag lets a worker hold its jobs back while it runs
 * its share (worker/workspaceShares.ts). The job key
 * makes a second enqueue refresh the waiting job instead of adding one; a keyed job that is
 * running or out of attempts loses the key (and a running one its retries) to a new job, which
 * waits in the lane behind it (add_jobs, graphile-worker 0.17). No endpoints, no call: add_jobs
 * would NOTIFY the workers all the same. The endpoints enqueued for.
 */
async function enqueueEndpointJobs(sql: Db, endpoints: postgres.Fragment): Promise<string[]> {
  const rows = await sql<{ endpoint_id: string }[]>`
    with spec as (
      select array_agg(row('webhook_deliver', json_build_object('workspace_id', e.workspace_id, 'endpoint_id', e.id),
          ${laneQueue(sql, sql`e.workspace_id`, sql`e.id`)}, null::timestamptz, ${POLICY.maxAttempts}::smallint,
          ${endpointJobKeySql(sql, sql`e.id`)}, null::smallint, ${workspaceFlagsSql(sql, sql`e.workspace_id`)})::graphile_worker.job_spec
          order by e.id) as jobs
      from (${endpoints}) e)
    select j.payload->>'endpoint_id' as endpoint_id
    from spec cross join lateral graphile_worker.add_jobs(spec.jobs) j
    where spec.jobs is not null`;
  return rows.map((r) => r.endpoint_id);
}

/**
 * The dispatcher's tick (worker/webhookDispatch.ts), one statement: enqueues the job of each
 * endpoint that has a delivery due and no job waiting or running (a job out of attempts counts as
 * neither, so it does not hold its endpoint up). The endpoints are found by skipping through the
 * due index one endpoint at a time, each one's first entry being its earliest pending delivery,
 * so a tick costs a probe per endpoint with pending deliveries however deep their backlogs. Two
 * workers' ticks at once can enqueue one endpoint's job twice at worst: the second run waits in
 * the endpoint's queue and finds little or nothing due. The endpoints enqueued for.
 */
export function dispatchDueDeliveries(sql: Db): Promise<string[]> {
  return enqueueEndpointJobs(
    sql,
    sql`
    with recursive firsts as (
      (select endpoint_id, next_attempt_at from webhook_deliveries where status = 'pending'
        order by endpoint_id, next_attempt_at limit 1)
      union all
      select n.endpoint_id, n.next_attempt_at from firsts f cross join lateral (
        select endpoint_id, next_attempt_at from webhook_deliveries
        where status = 'pending' and endpoint_id > f.endpoint_id
        order by endpoint_id, next_attempt_at limit 1) n)
    select ep.id, ep.workspace_id from firsts f join webhook_endpoints ep on ep.id = f.endpoint_id
    where f.next_attempt_at <= now() and not exists (
      select 1 from graphile_worker._private_jobs j
      where j.key = ${endpointJobKeySql(sql, sql`ep.id`)} and (j.locked_at is not null or j.attempts < j.max_attempts))`,
  );
}

/**
 * Enqueues the endpoint's next job now, whatever job it has: a running job hands over to it what
 * it had no time left to send, and the successor runs once it ends.
 */
export async function enqueueEndpointJob(sql: Db, workspaceId: string, endpointId: string): Promise<void> {
  await enqueueEndpointJobs(sql, sql`select ${endpointId}::text as id, ${workspaceId}::text as workspace_id`);
}

/** Removes the endpoint's waiting job; a running one loses its key and retries, and ends as it would. */
export async function removeEndpointJob(sql: Db, endpointId: string): Promise<void> {
  await sql`select graphile_worker.remove_job(${ENDPOINT_JOB_KEY_PREFIX + endpointId})`;
}

/**
 * Notes that the endpoint is failing (since its first failure after a success) and disables it
 * with `reason` once that has lasted `windowSeconds`; whether it was disabled now.
 */
export async function markEndpointFailing(
  sql: Db,
  endpointId: string,
  windowSeconds: number,
  reason: string,
): Promise<boolean> {
  await sql`update webhook_endpoints set failing_since = now() where id = ${endpointId} and failing_since is null`;
  const disabled = await sql`
    update webhook_endpoints set enabled = false, disabled_reason = ${reason}, disabled_at = now(), updated_at = now()
    where id = ${endpointId} and enabled and failing_since <= now() - make_interval(secs => ${windowSeconds})
    returning id`;
  return disabled.length > 0;
}

/**
 * Back to pending and due now, with a fresh retry window and attempt count (every try stays in
 * the attempts): the dispatcher's next tick enqueues the endpoint's job. The ids restarted.
 */
export async function restartDeliveries(sql: Db, deliveryIds: string[]): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`
    update webhook_deliveries set status = 'pending', attempt_count = 0, retry_window_start = now(),
      next_attempt_at = now(), updated_at = now()
    where id = any(${deliveryIds}::text[])
    returning id`;
  return rows.map((r) => r.id);
}

export interface Redelivery {
  delivery_id: string;
  event_id: string;
  endpoint_id: string;
  /** The endpoint had no delivery of the event (it subscribed after the event, say). */
  created: boolean;
}

export interface RedeliveryOutcome {
  redelivered: Redelivery[];
  refused: { endpoint_id: string; reason: string }[];
}

/**
 * Sends one event again: to each endpoint that had a delivery of it, or to one endpoint, whose
 * delivery is created when it had none and is subscribed to the event's type now (never for a
 * test event, which is its endpoint's alone). A disabled endpoint is refused: its delivery would
 * fail unsent.
 */
export async function redeliverEvent(
  sql: Db,
  eventId: string,
  endpointId?: string,
): Promise<RedeliveryOutcome | undefined> {
  const [event] = await sql<{ id: string; type: string }[]>`select id, type from webhook_events where id = ${eventId}`;
  if (!event) return undefined;
  const endpoints = await sql<{ id: string; enabled: boolean; subscribed: boolean; delivery_id: string | null }[]>`
    select ep.id, ep.enabled, ep.events && array[${event.type}, '*'] as subscribed, d.id as delivery_id
    from webhook_endpoints ep
    join webhook_events e on e.workspace_id = ep.workspace_id and e.id = ${eventId}
    left join webhook_deliveries d on d.event_id = e.id and d.endpoint_id = ep.id and d.resent_from is null
    where ${endpointId ? sql`ep.id = ${endpointId}` : sql`d.id is not null`}
    order by ep.created_at, ep.id`;
  const outcome: RedeliveryOutcome = { redelivered: [], refused: [] };
  const refuse = (id: string, reason: string) => outcome.refused.push({ endpoint_id: id, reason });
  const redelivered = (deliveryId: string, id: string, created: boolean) =>
    outcome.redelivered.push({ delivery_id: deliveryId, event_id: eventId, endpoint_id: id, created });
  if (endpointId && !endpoints.length) refuse(endpointId, "no endpoint of the event's workspace has this id");
  for (const ep of endpoints) {
    if (!ep.enabled) {
      refuse(ep.id, 'the endpoint is disabled; re-enable it first');
    } else if (ep.delivery_id) {
      await restartDeliveries(sql, [ep.delivery_id]);
      redelivered(ep.delivery_id, ep.id, false);
    } else if (event.type === WEBHOOK_TEST_EVENT) {
      refuse(ep.id, 'a test event goes only to the endpoint it was sent to');
    } else if (!ep.subscribed) {
      refuse(ep.id, `the endpoint is not subscribed to ${event.type}`);
    } else {
      await sql`select webhook_fan_out(${eventId}, ${ep.id})`;
      const [made] = await sql<{ id: string }[]>`
        select id from webhook_deliveries where event_id = ${eventId} and endpoint_id = ${ep.id} and resent_from is null`;
      redelivered(made!.id, ep.id, true);
    }
  }
  return outcome;
}

/** Deliveries restarted per transaction, so a redelivery of many holds few locks at a time. */
const REDELIVERY_BATCH = 500;

export interface FailedRedeliveryOutcome {
  redelivered: number;
  by_endpoint: { endpoint_id: string; deliveries: number }[];
  /** Failed deliveries left as they are because their endpoint is disabled. */
  left_on_disabled_endpoints: number;
}

/**
 * Restarts every delivery that failed at or after `since` (optionally in one workspace) on an
 * enabled endpoint, in batches of their own transactions. A delivery failing again while this
 * runs is not picked up twice: only those failed before it started count.
 */
export async function redeliverFailed(
  sql: Sql,
  opts: { since: Date; workspaceId?: string },
): Promise<FailedRedeliveryOutcome> {
  const [clock] = await sql<{ until: Date }[]>`select now() as until`;
  const until = clock!.until;
  const failed = (enabled: boolean) => sql`
    d.status = 'failed' and d.updated_at >= ${opts.since} and d.updated_at <= ${until} and ep.enabled = ${enabled}
    and ${opts.workspaceId ? sql`d.workspace_id = ${opts.workspaceId}` : sql`true`}`;
  const byEndpoint = new Map<string, number>();
  for (;;) {
    const batch = await sql.begin(async (tx) => {
      const rows = await tx<{ id: string; endpoint_id: string }[]>`
        select d.id, d.endpoint_id from webhook_deliveries d join webhook_endpoints ep on ep.id = d.endpoint_id
        where ${failed(true)}
        order by d.updated_at, d.id limit ${REDELIVERY_BATCH}
        for update of d skip locked`;
      if (rows.length)
        await restartDeliveries(
          tx,
          rows.map((r) => r.id),
        );
      return rows;
    });
    for (const r of batch) byEndpoint.set(r.endpoint_id, (byEndpoint.get(r.endpoint_id) ?? 0) + 1);
    if (batch.length < REDELIVERY_BATCH) break;
  }
  const [left] = await sql<{ n: number }[]>`
    select count(*)::int as n from webhook_deliveries d join webhook_endpoints ep on ep.id = d.endpoint_id
    where ${failed(false)}`;
  return {
    redelivered: [...byEndpoint.values()].reduce((a, b) => a + b, 0),
    by_endpoint: [...byEndpoint].map(([endpoint_id, deliveries]) => ({ endpoint_id, deliveries })),
    left_on_disabled_endpoints: left!.n,
  };
}

export interface EndpointHealth {
  id: string;
  url: string;
  events: string[];
  enabled: boolean;
  disabled_reason: string | null;
  disabled_at: Date | null;
  failing_since: Date | null;
  pending: number;
  failed: number;
  succeeded: number;
  created_at: Date;
}

/** A workspace's endpoints as support staff need them: state and delivery counts, never a secret. */
export async function listEndpointHealth(sql: Db, workspaceId: string): Promise<EndpointHealth[]> {
  return sql<EndpointHealth[]>`
    select ep.id, ep.url, ep.events, ep.enabled, ep.disabled_reason, ep.disabled_at, ep.failing_since,
      count(d.id) filter (where d.status = 'pending')::int as pending,
      count(d.id) filter (where d.status = 'failed')::int as failed,
      count(d.id) filter (where d.status = 'succeeded')::int as succeeded,
      ep.created_at
    from webhook_endpoints ep left join webhook_deliveries d on d.endpoint_id = ep.id
    where ep.workspace_id = ${workspaceId}
    group by ep.id
    order by ep.created_at, ep.id`;
}
