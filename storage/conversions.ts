import type { Db } from './db.ts';
import { newId } from '../core/ids.ts';
import type { AttributionFields } from './leads.ts';
import { recordWebhookEvent } from './webhookEvents.ts';

export interface ConversionRow {
  id: string;
  lead_id: string;
  external_event_id: string;
  conversion_number: number;
  session_id: string;
  visualization_id: string | null;
  contact_name: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  property_address: string | null;
  attribution: Required<AttributionFields>;
  occurred_at: Date | null;
  created_at: Date;
}

const columns = (sql: Db) => sql`
  id, lead_id, external_event_id, conversion_number, session_id, visualization_id, contact_name, contact_email,
  contact_phone, property_address, attribution, occurred_at, created_at`;

export async function findConversionByEventId(
  sql: Db,
  workspaceId: string,
  externalEventId: string,
): Promise<ConversionRow | undefined> {
  const [row] = await sql<ConversionRow[]>`
    select ${columns(sql)} from conversions
    where workspace_id = ${workspaceId} and external_event_id = ${externalEventId}`;
  return row;
}

/** A conversion in the shape the API answers with (Conversion). */
export function toConversionResponse(c: ConversionRow) {
  return {
    id: c.id,
    lead_id: c.lead_id,
    external_event_id: c.external_event_id,
    conversion_number: c.conversion_number,
    session_id: c.session_id,
    attribution: c.attribution,
    created_at: c.created_at.toISOString(),
    visualization_id: c.visualization_id,
    contact_name: c.contact_name,
    contact_email: c.contact_email,
    contact_phone: c.contact_phone,
    property_address: c.property_address,
  };
}

/**
 * Numbers conversions 1, 2, … per lead and records conversion.created; the caller holds the
 * lead's row lock (and answers a repeated external_event_id with the existing one, no event).
 */
export async function insertConversion(
  tx: Db,
  workspaceId: string,
  c: Omit<ConversionRow, 'id' | 'conversion_number' | 'created_at' | 'session_id'> & {
    session_id: string | null;
    conversion_url: string | null;
  },
): Promise<ConversionRow> {
  const id = newId('conv');
  const [row] = await tx<ConversionRow[]>`
    insert into conversions (id, workspace_id, lead_id, external_event_id, conversion_number, session_id,
      visualization_id, conversion_url, contact_name, contact_email, contact_phone, property_address, attribution, occurred_at)
    values (${id}, ${workspaceId}, ${c.lead_id}, ${c.external_event_id},
      (select coalesce(max(conversion_number), 0) + 1 from conversions where lead_id = ${c.lead_id}),
      ${c.session_id ?? id}, ${c.visualization_id}, ${c.conversion_url}, ${c.contact_name}, ${c.contact_email},
      ${c.contact_phone}, ${c.property_address}, ${tx.json(c.attribution as never)}, ${c.occurred_at})
    returning ${columns(tx)}`;
  const subject = { kind: 'conversion', id } as const;
  await recordWebhookEvent(tx, workspaceId, 'conversion.created', toConversionResponse(row!), subject);
  return row!;
}

export async function listConversions(sql: Db, workspaceId: string, leadId: string): Promise<ConversionRow[]> {
  return sql<ConversionRow[]>`
    select ${columns(sql)} from conversions
    where workspace_id = ${workspaceId} and lead_id = ${leadId}
    order by conversion_number`;
}
