import type postgres from 'postgres';
import type { Db } from './db.ts';
import type { WebhookEventType } from '../core/webhookEventTypes.ts';

export interface EventSubject {
  kind: 'lead' | 'conversion' | 'report' | 'report_export' | 'visualization' | 'webhook_endpoint';
  id: string;
}

/**
 * Records a webhook event in the caller's transaction (`tx` must be one): it commits or rolls back
 * with the change it reports, and each subscribed endpoint's delivery job is enqueued with it.
 * `object` is the resource in the shape the API answers with.
 */
export async function recordWebhookEvent(
  tx: Db,
  workspaceId: string,
  type: WebhookEventType,
  object: unknown,
  subject: EventSubject,
): Promise<string> {
  const [row] = await tx<{ id: string }[]>`
    select record_webhook_event(${workspaceId}, ${type}, ${tx.json(object as never)}::jsonb, ${tx.json(subject as never)}::jsonb) as id`;
  return row!.id;
}

/**
 * recordWebhookEvent as an expression of the statement that makes the change, for a resource the
 * database renders itself (a lead's document): the events cost no statement or round trip of
 * their own, and the object never passes through Node. One event per type, in the given order;
 * `object` and `subject` are SQL expressions over the statement's row. Evaluates to the event ids.
 */
export function webhookEventsIn(
  sql: Db,
  workspaceId: string,
  types: readonly WebhookEventType[],
  object: postgres.Fragment,
  subject: postgres.Fragment,
): postgres.Fragment {
  return sql`array(
    select record_webhook_event(${workspaceId}, u.type, ${object}, ${subject})
    from unnest(${types as string[]}::text[]) with ordinality u(type, n) order by u.n)`;
}
