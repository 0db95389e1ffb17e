import type { Db } from './db.ts';
import { TOUCH_FIELDS, occurredAt, paramsTouch, type Touch } from '../core/touches.ts';
import { attachEventLead, recordEvent, upsertFormLead } from './events.ts';
import { findSessionAttribution } from './sessions.ts';
import type { LeadInput } from './leadWrites.ts';

/** A form submission as POST /events/form-submission (or an item of /events/batch) carries it. */
export interface FormSubmission {
  external_event_id: string;
  session_id: string;
  page_url?: string | null;
  occurred_at?: string;
  submitted_at?: string;
  contact_name?: string | null;
  contact_email?: string | null;
  contact_phone?: string | null;
  property_address?: string | null;
  form_data?: LeadInput['form_data'];
  attribution_params?: Record<string, string>;
  consent_mode: 'implicit' | 'required';
  consent_granted?: boolean;
}

export interface RecordedFormSubmission {
  event: { id: string };
  created: boolean;
  /** The lead it upserted (or, for a repeat, the one it upserted the first time); null when analytics only. */
  lead_id: string | null;
}

/**
 * Records a form submission in the caller's transaction: the event once per external_event_id,
 * counted under the form's attribution params, else its session's first touch; and, when it is
 * new, carries an email or phone and consent allows, the lead it upserts (storage/events.ts,
 * upsertFormLead), which the event is then linked to and counted under. The raw body is the
 * event's payload.
 */
export async function recordFormSubmission(
  tx: Db,
  workspaceId: string,
  body: FormSubmission & Record<string, unknown>,
): Promise<RecordedFormSubmission> {
  const consented = body.consent_mode === 'implicit' || body.consent_granted === true;
  const wantsLead = consented && Boolean(body.contact_email || body.contact_phone);
  const params = paramsTouch(body.attribution_params);
  const session = await findSessionAttribution(tx, workspaceId, body.session_id);
  const touch = Object.fromEntries(TOUCH_FIELDS.map((f) => [f, params[f] ?? session?.[f] ?? null])) as unknown as Touch;
  const { event, created } = await recordEvent(tx, workspaceId, {
    external_event_id: body.external_event_id,
    type: 'form_submission',
    session_id: body.session_id,
    payload: body,
    occurred_at: occurredAt(body.occurred_at, body.submitted_at),
    source: touch.source,
    medium: touch.medium,
    campaign: touch.campaign,
    analytics_only: !wantsLead,
  });
  if (!created || !wantsLead) return { event: { id: event.id }, created, lead_id: event.lead_id };
  const lead = await upsertFormLead(tx, workspaceId, {
    session_id: body.session_id,
    contact_name: body.contact_name,
    contact_email: body.contact_email,
    contact_phone: body.contact_phone,
    property_address: body.property_address,
    form_data: body.form_data,
    // The session's first touch fills what the params leave empty (upsertLead does that).
    attribution: { ...params, conversion_url: body.page_url ?? null },
  });
  await attachEventLead(tx, workspaceId, event.id, {
    lead_id: lead.id,
    source: lead.source,
    medium: lead.medium,
    campaign: lead.campaign,
  });
  return { event: { id: event.id }, created, lead_id: lead.id };
}
