import type { Db } from './db.ts';
import { newId } from '../core/ids.ts';
import { conflict } from '../core/errors.ts';
import { findLead, type AttributionFields } from './leads.ts';
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

/** A conversion as a partner reports it (ConversionWrite). */
export interface ConversionInput {
  external_event_id: string;
  session_id?: string | null;
  visualization_id?: string | null;
  conversion_url?: string | null;
  contact_name?: string | null;
  contact_email?: string | null;
  contact_phone?: string | null;
  property_address?: string | null;
  occurred_at?: string;
}

/**
 * Records a conversion of an active lead once per external_event_id (undefined when there is no
 * such lead): the same id again on the same lead is the existing conversion, on another lead a
 * 409. Contact fields and attribution are snapshots: the input's, else the lead's (its effective
 * attribution, with the input's conversion_url).
 */
export async function convertLead(
  tx: Db,
  workspaceId: string,
  leadId: string,
  input: ConversionInput,
): Promise<{ conversion: ConversionRow; created: boolean } | undefined> {
  const lead = await findLead(tx, workspaceId, leadId, { forUpdate: true });
  if (!lead) return undefined;
  const existing = await findConversionByEventId(tx, workspaceId, input.external_event_id);
  if (existing && existing.lead_id !== lead.id) {
    throw conflict('external_event_id already converted another lead', { external_event_id: input.external_event_id });
  }
  if (existing) return { conversion: existing, created: false };
  const attribution = lead.effective_attribution;
  const conversion = await insertConversion(tx, workspaceId, {
    lead_id: lead.id,
    external_event_id: input.external_event_id,
    session_id: input.session_id ?? lead.session_id,
    visualization_id: input.visualization_id ?? null,
    conversion_url: input.conversion_url ?? null,
    contact_name: input.contact_name ?? lead.contact_name,
    contact_email: input.contact_email ?? lead.contact_email,
    contact_phone: input.contact_phone ?? lead.contact_phone,
    property_address: input.property_address ?? lead.property_address,
    attribution: { ...attribution, conversion_url: input.conversion_url ?? attribution.conversion_url },
    occurred_at: input.occurred_at ? new Date(input.occurred_at) : null,
  });
  return { conversion, created: true };
}
