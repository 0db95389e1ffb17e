import type postgres from 'postgres';
import type { Db } from './db.ts';
import { olderThan, positionOf, type NewestFirstPosition } from './newestFirst.ts';
import { enqueueEndpointJob, type DeliveryStatus } from './webhookDeliveries.ts';

/** A delivery as an endpoint's deliveries list shows it: the delivery, its event's type and its latest try. */
export interface EndpointDeliveryRow {
  id: string;
  event_id: string;
  event_type: string;
  status: DeliveryStatus;
  attempts_made: number;
  response_status: number | null;
  duration_ms: number | null;
  response_body: string | null;
  error: string | null;
  resent_from: string | null;
  created_at: Date;
  attempted_at: Date | null;
  /** The latest try's time when it succeeded. */
  delivered_at: Date | null;
  next_attempt_at: Date | null;
  position: string;
}

function deliveriesOf(sql: Db, workspaceId: string, endpointId: string, only: postgres.Fragment) {
  return sql<EndpointDeliveryRow[]>`
    select d.id, d.event_id, e.type as event_type, d.status, n.attempts_made,
      a.response_status, a.duration_ms, a.response_body, a.error, d.resent_from, d.created_at, a.attempted_at,
      case when d.status = 'succeeded' then a.attempted_at end as delivered_at,
      d.next_attempt_at, ${positionOf(sql, 'd')} as position
    from webhook_deliveries d
    join webhook_events e on e.id = d.event_id
    left join lateral (
      select x.response_status, x.duration_ms, x.response_body, x.error, x.attempted_at
      from webhook_delivery_attempts x where x.delivery_id = d.id
      order by x.attempted_at desc, x.id desc limit 1) a on true
    cross join lateral (
      select count(*)::int as attempts_made from webhook_delivery_attempts x where x.delivery_id = d.id) n
    where d.workspace_id = ${workspaceId} and d.endpoint_id = ${endpointId} ${only}`;
}

/** The endpoint's deliveries, newest first; `after` is the last position of the previous page. */
export function listEndpointDeliveries(
  sql: Db,
  workspaceId: string,
  endpointId: string,
  page: { after?: NewestFirstPosition; limit: number },
): Promise<EndpointDeliveryRow[]> {
  return deliveriesOf(
    sql,
    workspaceId,
    endpointId,
    sql`${olderThan(sql, 'd', page.after)} order by d.created_at desc, d.id desc limit ${page.limit}`,
  );
}

/**
 * A new delivery of the event that `deliveryId` delivered, to the same endpoint, pending and due
 * now, with the endpoint's job enqueued for it in the same transaction (so it goes out without
 * waiting for the dispatcher's tick). Undefined when the endpoint has no such delivery in the
 * workspace.
 */
export async function resendDelivery(
  tx: Db,
  workspaceId: string,
  endpointId: string,
  deliveryId: string,
): Promise<EndpointDeliveryRow | undefined> {
  const [made] = await tx<{ id: string }[]>`
    insert into webhook_deliveries (id, workspace_id, event_id, endpoint_id, status, next_attempt_at, resent_from)
    select public_id('whd'), d.workspace_id, d.event_id, d.endpoint_id, 'pending', now(), d.id
    from webhook_deliveries d
    where d.workspace_id = ${workspaceId} and d.endpoint_id = ${endpointId} and d.id = ${deliveryId}
    returning id`;
  if (!made) return undefined;
  await enqueueEndpointJob(tx, workspaceId, endpointId);
  const [row] = await deliveriesOf(tx, workspaceId, endpointId, tx`and d.id = ${made.id}`);
  return row;
}
