import type { z } from 'zod';
import type { Db } from '../storage/db.ts';
import { communicationSummaries, type CommunicationSummaryRow, type LeadRow } from '../storage/leads.ts';
import type { Lead } from './schemas/leads.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const num = (v: string | null) => (v === null ? null : Number(v));

const EMPTY_SUMMARY: z.infer<typeof Lead>['communication_summary'] = {
  last_call_at: null,
  last_sms_at: null,
  call_count: 0,
  answered_call_count: 0,
  missed_call_count: 0,
  sms_inbound_count: 0,
  sms_outbound_count: 0,
  last_tracking_number: null,
  last_communication_source: null,
  last_communication_campaign: null,
};

function summary(row: CommunicationSummaryRow | undefined) {
  if (!row) return EMPTY_SUMMARY;
  const { lead_id: _, last_call_at, last_sms_at, ...rest } = row;
  return { ...rest, last_call_at: iso(last_call_at), last_sms_at: iso(last_sms_at) };
}

/** Effective attribution: the first touch with each non-null override applied. */
export function effectiveAttribution(row: Pick<LeadRow, 'attribution' | 'attribution_overrides'>) {
  const a = row.attribution;
  const o = row.attribution_overrides;
  return {
    source: o.source ?? a.source ?? null,
    medium: o.medium ?? a.medium ?? null,
    campaign: o.campaign ?? a.campaign ?? null,
    content: o.content ?? a.content ?? null,
    conversion_url: a.conversion_url ?? null,
  };
}

export function toLeadResponse(row: LeadRow, comms?: CommunicationSummaryRow): z.infer<typeof Lead> {
  return {
    id: row.id,
    external_id: row.external_id,
    external_source: row.external_source,
    contact_name: row.contact_name,
    contact_email: row.contact_email,
    contact_phone: row.contact_phone,
    property_address: row.property_address,
    status: row.stage_key,
    status_stage_id: row.stage_id,
    status_label: row.stage_label,
    status_sort_order: row.stage_sort_order,
    is_conversion_stage: row.is_conversion_stage,
    stage_timestamps: row.stage_timestamps,
    funnel_gap_summary: row.funnel_gap_summary,
    attribution: effectiveAttribution(row),
    communication_summary: summary(comms),
    form_data: row.form_data as z.infer<typeof Lead>['form_data'],
    custom_fields: row.custom_fields as z.infer<typeof Lead>['custom_fields'],
    selected_material_id: row.selected_material_id,
    selected_color_id: row.selected_color_id,
    selected_shape_id: row.selected_shape_id,
    notes: row.notes,
    quote_value: num(row.quote_value),
    sales_value: num(row.sales_value),
    follow_up_date: iso(row.follow_up_date),
    converted_at: iso(row.converted_at),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** Shapes leads with their communication summaries, fetched in one query for all of them. */
export async function toLeadResponses(sql: Db, workspaceId: string, rows: LeadRow[]) {
  const comms = await communicationSummaries(sql, workspaceId, rows.map((r) => r.id));
  return rows.map((r) => toLeadResponse(r, comms.get(r.id)));
}
