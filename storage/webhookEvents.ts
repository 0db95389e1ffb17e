import type postgres from 'postgres';
import type { Db } from './db.ts';
import { WEBHOOK_TEST_EVENT, type WebhookEventType } from '../core/webhookEventTypes.ts';
import { newId } from '../core/ids.ts';
import { olderThan, positionOf, type NewestFirstPosition } from './newestFirst.ts';

export interface EventSubject {
  kind: 'lead' | 'conversion' | 'report' | 'report_export' | 'visualization' | 'webhook_endpoint';
  id: string;
}

/**
 * Records a webhook event in the caller's transaction (`tx` must be one): it commits or rolls back
 * with the change it reports, and so does a pending delivery to each subscribed endpoint (which a
 * worker's dispatcher then finds). `object` is the resource in the shape the API answers with.
 */
export async function recordWebhookEvent(
  tx: Db,
  workspaceId: string,
  type: WebhookEventType,
  object: unknown,
  subject: EventSubject,
): Promise<string> {
  return recordEvent(tx, workspaceId, type, object, subject, null);
}

async function recordEvent(
  tx: Db,
  workspaceId: string,
  type: string,
  object: unknown,
  subject: EventSubject,
  onlyEndpoint: string | null,
): Promise<string> {
  const [row] = await tx<{ id: string }[]>`
    select record_webhook_event(${workspaceId}, ${type}, ${tx.json(object as never)}::jsonb,
      ${tx.json(subject as never)}::jsonb, ${onlyEndpoint}) as id`;
  return row!.id;
}

/**
 * recordWebhookEvent for every row of `rows` (a statement's rows named w, typically the RETURNING
 * of the change it reports), as an expression of that statement, for resources the database
 * renders itself (a lead's document): the events cost no statement or round trip of their own,
 * the objects never pass through Node, and all of them are recorded together
 * (record_webhook_events_from_text, migrations/functions). `types` is a list, or a text[]
 * expression over w (a list per row); `object` (JSON text) and `subject` are SQL expressions over
 * w. `count`, when the caller knows how many events the rows make, has their ids made here (a
 * batch's 100 cost PostgreSQL about 0.9 ms to make). Evaluates, once, to all the event ids.
 */
export function webhookEventsIn(
  sql: Db,
  workspaceId: string,
  rows: postgres.Fragment,
  types: readonly WebhookEventType[] | postgres.Fragment,
  object: postgres.Fragment,
  subject: postgres.Fragment,
  count?: number,
): postgres.Fragment {
  // A list is written out element by element: its length is then the planner's to see, where an
  // array parameter counts as ten elements and would make every custom plan look cheaper than
  // the generic one, re-planning the statement on each execution.
  const list = Array.isArray(types)
    ? sql`array[${(types as string[]).map((t) => sql`${t}::text`).reduce((a, b) => sql`${a}, ${b}`)}]`
    : (types as postgres.Fragment);
  const ids = count === undefined ? null : Array.from({ length: count }, () => newId('evt'));
  return sql`(
    select record_webhook_events_from_text(${workspaceId}, array_agg(u.type), array_agg(${object}),
      array_agg(${subject}), null, ${ids}::text[])
    from ${rows} w cross join lateral unnest(${list}) u(type))`;
}

/**
 * The test event of one endpoint (POST /webhook-endpoints/{id}/test): recorded like any other, and
 * delivered to that endpoint alone whatever it subscribes to. `object` is the endpoint as the API
 * shows it.
 */
export function recordEndpointTestEvent(
  tx: Db,
  workspaceId: string,
  endpointId: string,
  object: unknown,
): Promise<string> {
  const subject: EventSubject = { kind: 'webhook_endpoint', id: endpointId };
  return recordEvent(tx, workspaceId, WEBHOOK_TEST_EVENT, object, subject, endpointId);
}

/** The events API shows this many days of events; the cleanup task deletes older ones. */
export const WEBHOOK_EVENT_RETENTION_DAYS = 30;

/** Attempts shown per delivery, the latest ones: a delivery makes up to 25. */
export const ATTEMPTS_SHOWN = 20;

export interface WebhookEventRow {
  id: string;
  type: string;
  created_at: Date;
  data: { object: unknown };
  position: string;
}

export interface WebhookDeliveryView {
  id: string;
  endpoint_id: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempt_count: number;
  next_attempt_at: string | null;
  attempts: { attempted_at: string; response_status: number | null; error: string | null; duration_ms: number }[];
}

export interface WebhookEventDetail extends WebhookEventRow {
  deliveries: WebhookDeliveryView[];
}

/**
 * Events the API shows: the workspace's, from the retention window, and rendered (an event
 * recorded without its object is shown, like it is delivered, once webhook_event_render gave it one).
 */
function shown(sql: Db, workspaceId: string) {
  return sql`e.workspace_id = ${workspaceId} and webhook_event_data(e) is not null
    and e.created_at > now() - make_interval(days => ${WEBHOOK_EVENT_RETENTION_DAYS})`;
}

const eventColumns = (sql: Db) =>
  sql`e.id, e.type, e.created_at, webhook_event_data(e)::json as data, ${positionOf(sql, 'e')} as position`;

/** The workspace's events, newest first, optionally of one type; `after` is the previous page's last position. */
export async function listWebhookEvents(
  sql: Db,
  workspaceId: string,
  page: { type?: string; after?: NewestFirstPosition; limit: number },
): Promise<WebhookEventRow[]> {
  return sql<WebhookEventRow[]>`
    select ${eventColumns(sql)} from webhook_events e
    where ${shown(sql, workspaceId)} ${page.type ? sql`and e.type = ${page.type}` : sql``}
      ${olderThan(sql, 'e', page.after)}
    order by e.created_at desc, e.id desc
    limit ${page.limit}`;
}

/** A timestamp built into JSON in SQL, written as JSON.stringify writes a Date (UTC, milliseconds). */
const isoTime = (sql: Db, column: string) =>
  sql`to_char(${sql(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** One event with its deliveries (one per endpoint it went to, and one per re-send) and each delivery's latest ATTEMPTS_SHOWN attempts. */
export async function findWebhookEvent(
  sql: Db,
  workspaceId: string,
  id: string,
): Promise<WebhookEventDetail | undefined> {
  const [row] = await sql<WebhookEventDetail[]>`
    select ${eventColumns(sql)}, coalesce((
      select json_agg(json_build_object(
        'id', d.id, 'endpoint_id', d.endpoint_id, 'status', d.status, 'attempt_count', d.attempt_count,
        'next_attempt_at', ${isoTime(sql, 'd.next_attempt_at')},
        'attempts', coalesce((
          select json_agg(json_build_object(
            'attempted_at', ${isoTime(sql, 'a.attempted_at')}, 'response_status', a.response_status,
            'error', a.error, 'duration_ms', a.duration_ms) order by a.attempted_at desc, a.id desc)
          from (
            select * from webhook_delivery_attempts x where x.delivery_id = d.id
            order by x.attempted_at desc, x.id desc limit ${ATTEMPTS_SHOWN}) a), '[]'::json)
      ) order by d.created_at, d.id)
      from webhook_deliveries d where d.event_id = e.id), '[]'::json) as deliveries
    from webhook_events e
    where e.id = ${id} and ${shown(sql, workspaceId)}`;
  return row;
}

/**
 * Deletes events past the retention window, with their deliveries and attempts (cascade), in
 * batches so that no statement holds its locks for long; returns how many events went.
 */
export async function deleteExpiredWebhookEvents(sql: Db, batchSize = 5000): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await sql`
      delete from webhook_events where id in (
        select id from webhook_events
        where created_at <= now() - make_interval(days => ${WEBHOOK_EVENT_RETENTION_DAYS})
        order by created_at limit ${batchSize})
      returning 1`;
    total += rows.length;
    if (rows.length < batchSize) return total;
  }
}
