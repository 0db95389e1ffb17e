import type { Db } from './db.ts';
import { newId } from '../core/ids.ts';
import { conflict } from '../core/errors.ts';
import { lockLeadMatchKey, type WrittenLead } from './leads.ts';
import { patchLead, upsertLead, type LeadInput } from './leadWrites.ts';

export type EventType = 'page_view' | 'form_submission';

export interface EventRow {
  id: string;
  type: EventType;
  session_id: string;
  lead_id: string | null;
  analytics_only: boolean;
}

export interface EventInput {
  external_event_id: string;
  type: EventType;
  session_id: string;
  payload: Record<string, unknown>;
  occurred_at: Date;
  source: string | null;
  medium: string | null;
  campaign: string | null;
  analytics_only?: boolean;
}

/**
 * Inserts the event unless its external_event_id is already recorded in the workspace; the
 * unique constraint makes concurrent twins wait for each other, so only one row is ever made.
 * Undefined when the id was taken. (Page views are recorded in batches: storage/pageViews.ts.)
 */
export async function insertEventOnce(sql: Db, workspaceId: string, e: EventInput): Promise<EventRow | undefined> {
  const row = {
    ...e,
    id: newId('evt'),
    workspace_id: workspaceId,
    payload: sql.json(e.payload as never),
    analytics_only: e.analytics_only ?? false,
  };
  const [inserted] = await sql<EventRow[]>`
    insert into events ${sql(row)}
    on conflict (workspace_id, external_event_id) do nothing
    returning id, type, session_id, lead_id, analytics_only`;
  return inserted;
}

/** A repeat of an external_event_id must be the same event: same type and session, else a 409. */
export function sameEventOrConflict(
  existing: { type: string; session_id: string },
  input: { type: string; session_id: string; external_event_id: string },
) {
  if (existing.type !== input.type || existing.session_id !== input.session_id) {
    throw conflict('external_event_id was already recorded with another type or session', {
      external_event_id: input.external_event_id,
    });
  }
}

/** Stores the event once per external_event_id; a repeat is a duplicate (the stored event). */
export async function recordEvent(
  tx: Db,
  workspaceId: string,
  input: EventInput,
): Promise<{ event: EventRow; created: boolean }> {
  const inserted = await insertEventOnce(tx, workspaceId, input);
  if (inserted) return { event: inserted, created: true };
  const existing = (await findEventByExternalId(tx, workspaceId, input.external_event_id))!;
  sameEventOrConflict(existing, input);
  return { event: existing, created: false };
}

export async function findEventByExternalId(
  sql: Db,
  workspaceId: string,
  externalEventId: string,
): Promise<EventRow | undefined> {
  const [row] = await sql<EventRow[]>`
    select id, type, session_id, lead_id, analytics_only from events
    where workspace_id = ${workspaceId} and external_event_id = ${externalEventId}`;
  return row;
}

/** Links a form submission to the lead it upserted and the attribution it is counted under. */
export async function attachEventLead(
  sql: Db,
  workspaceId: string,
  id: string,
  lead: { lead_id: string; source: string | null; medium: string | null; campaign: string | null },
): Promise<void> {
  await sql`
    update events set lead_id = ${lead.lead_id}, source = ${lead.source}, medium = ${lead.medium}, campaign = ${lead.campaign}
    where workspace_id = ${workspaceId} and id = ${id}`;
}

/** The most recently updated active lead with this email (case-insensitive). */
export async function findLeadIdByEmail(sql: Db, workspaceId: string, email: string): Promise<string | undefined> {
  const [row] = await sql<{ id: string }[]>`
    select id from leads
    where workspace_id = ${workspaceId} and lower(contact_email) = ${email.toLowerCase()}
      and contact_email is not null and deleted_at is null
    order by updated_at desc, id desc
    limit 1`;
  return row?.id;
}

/**
 * The lead of a form submission: the shared upsert (phone match), except that a form with an
 * email and no phone updates the active lead with that email instead of adding a new one on
 * every submission. The email is locked like upsertLead's match keys, so concurrent forms agree.
 */
export async function upsertFormLead(tx: Db, workspaceId: string, input: LeadInput): Promise<WrittenLead> {
  if (!input.contact_phone && input.contact_email) {
    await lockLeadMatchKey(tx, workspaceId, JSON.stringify(['email', input.contact_email.toLowerCase()]));
    const id = await findLeadIdByEmail(tx, workspaceId, input.contact_email);
    const patched = id ? await patchLead(tx, workspaceId, id, input) : undefined;
    if (patched) return patched.lead;
  }
  return (await upsertLead(tx, workspaceId, input, { conversionType: 'onsite_form' })).lead;
}
