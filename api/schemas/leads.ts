import { z } from 'zod';
import {
  Attribution,
  AttributionOverrides,
  AttributionText,
  DateTime,
  HttpUrl,
  JsonRecord,
  JsonRecordInput,
} from './common.ts';
import { Email, UsAddress, UsPhone } from './contact.ts';
import { paginationQuery } from '../pagination.ts';
import { BatchItemError, batchOf } from '../batch.ts';

const money = z.number().min(0).max(10_000_000);

const attributionText = {
  source: AttributionText.nullable(),
  medium: AttributionText.nullable(),
  campaign: AttributionText.nullable(),
  content: AttributionText.nullable(),
};
/** Attribution as sent: every field optional, no unknown fields, text within MAX_ATTRIBUTION_LENGTH. */
export const AttributionInput = Attribution.extend(attributionText).partial().meta({ id: 'AttributionInput' });
export const AttributionOverridesInput = AttributionOverrides.extend(attributionText)
  .partial()
  .meta({ id: 'AttributionOverridesInput' });

const patchFields = {
  contact_name: z.string().max(200).nullable().describe("The contact's full name"),
  contact_email: Email.nullable().describe("The contact's email address"),
  contact_phone: UsPhone.nullable().describe(
    'US phone number in any common form ("+1 512 555 0143", "(512) 555-0143"); answered as its 10 digits. ' +
      'Without external_id and external_source, the phone decides which lead an upsert updates',
  ),
  property_address: UsAddress.nullable().describe(
    'The address of the property to roof: a US address (a clearly foreign one is refused)',
  ),
  form_data: JsonRecordInput.describe('What the contact entered in a form; merged key by key into the stored record'),
  custom_fields: JsonRecordInput.describe('Your own fields for this lead; merged key by key into the stored record'),
  selected_material_id: z.string().max(200).nullable().describe('A material id from GET /api/v1/visualizer/catalog'),
  selected_color_id: z.string().max(200).nullable().describe('A color id from GET /api/v1/visualizer/catalog'),
  selected_shape_id: z.string().max(200).nullable().describe('A roof shape id from GET /api/v1/visualizer/catalog'),
  status_stage_id: z.string().min(1).max(150).describe('An active stage id from GET /api/v1/pipeline/stages'),
  attribution: AttributionInput.describe(
    'First-touch marketing attribution: only fields still null on the lead are filled',
  ),
  marketing_attribution_overrides: AttributionOverridesInput.describe(
    'Per-field corrections applied over the first touch; null removes an override',
  ),
  notes: z.string().max(5000).nullable().describe('Free-text notes'),
  quote_value: money.nullable().describe('The quoted price, 0 to 10,000,000 in the workspace currency'),
  sales_value: money.nullable().describe('The sold price, 0 to 10,000,000 in the workspace currency'),
  follow_up_date: DateTime.nullable().describe('When to follow up, as a date-time like 2026-11-24T15:00:00Z'),
};

export const LeadPatch = z.object(patchFields).partial().strict().meta({ id: 'LeadPatch' });

export const LeadWrite = z
  .object({
    external_id: z
      .string()
      .max(200)
      .nullable()
      .describe("The lead's id in your system; with external_source, it alone decides which lead an upsert updates"),
    external_source: z
      .string()
      .max(120)
      .nullable()
      .describe('Names your system (e.g. "my-crm"), so ids of two systems never collide'),
    session_id: z
      .string()
      .max(500)
      .nullable()
      .describe("The visitor's session id sent with page views; fills attribution from its first page view"),
    ...patchFields,
  })
  .partial()
  .strict()
  .meta({ id: 'LeadWrite' });

export type LeadWriteInput = z.output<typeof LeadWrite>;

export const TrackingNumberSummary = z
  .object({ label: z.string().nullable(), phone_last4: z.string().nullable(), national_format: z.string().nullable() })
  .strict()
  .meta({ id: 'TrackingNumberSummary' });

export const LeadCommunicationSummary = z
  .object({
    last_call_at: DateTime.nullable(),
    last_sms_at: DateTime.nullable(),
    call_count: z.number().int(),
    answered_call_count: z.number().int(),
    missed_call_count: z.number().int(),
    sms_inbound_count: z.number().int(),
    sms_outbound_count: z.number().int(),
    last_tracking_number: TrackingNumberSummary.nullable(),
    last_communication_source: z.string().nullable(),
    last_communication_campaign: z.string().nullable(),
  })
  .strict()
  .meta({ id: 'LeadCommunicationSummary' });

export const Lead = z
  .object({
    id: z.string(),
    external_id: z.string().nullable(),
    external_source: z.string().nullable(),
    contact_name: z.string().nullable(),
    contact_email: z.email().nullable(),
    contact_phone: z.string().nullable(),
    property_address: z.string().nullable(),
    status: z.string(),
    status_stage_id: z.string().nullable(),
    status_label: z.string().nullable(),
    status_sort_order: z.number().int().nullable(),
    is_conversion_stage: z.boolean(),
    stage_timestamps: z.record(z.string(), z.string().nullable()).nullable(),
    funnel_gap_summary: z
      .object({ has_gap: z.boolean(), skipped_stages: z.array(z.string()) })
      .strict()
      .nullable(),
    attribution: Attribution,
    communication_summary: LeadCommunicationSummary,
    form_data: JsonRecord,
    custom_fields: JsonRecord,
    selected_material_id: z.string().nullable(),
    selected_color_id: z.string().nullable(),
    selected_shape_id: z.string().nullable(),
    notes: z.string().nullable(),
    quote_value: z.number().nullable(),
    sales_value: z.number().nullable(),
    follow_up_date: DateTime.nullable(),
    converted_at: DateTime.nullable(),
    created_at: DateTime,
    updated_at: DateTime,
  })
  .strict()
  .meta({ id: 'Lead' });

export const CONVERSION_TYPES = [
  'public_quiz',
  'onsite_form',
  'partner_api',
  'jobnimbus_import',
  'sms_inbound',
  'phone_call',
] as const;

export const leadFilterFields = {
  source: z.string().max(500).optional(),
  medium: z.string().max(500).optional(),
  campaign: z.string().max(500).optional(),
  conversion_type: z.enum(CONVERSION_TYPES).optional(),
  communication_channel: z.enum(['call', 'sms']).optional().describe('Leads with at least one approved call or SMS'),
  from: DateTime.optional().describe('Inclusive lower bound on updated_at'),
  to: DateTime.optional().describe('Inclusive upper bound on updated_at'),
  status_stage_id: z.string().max(150).optional(),
  search: z.string().max(200).optional().describe('Matches name, email, phone digits and address'),
};

export const LeadListQuery = z.object({ ...leadFilterFields, ...paginationQuery }).strict();
export const LeadExportQuery = z
  .object({
    ...leadFilterFields,
    cursor: paginationQuery.cursor,
    limit: z.coerce.number().int().min(1).max(10_000).default(10_000).describe('Leads per response, 1..10000'),
  })
  .strict();
export type LeadFilters = z.output<typeof LeadListQuery>;

export const LeadIdParams = z.object({ lead_id: z.string().min(1).max(200) }).strict();

export const ConversionWrite = z
  .object({
    external_event_id: z.string().min(1).max(200),
    session_id: z.string().max(500).nullable().optional(),
    visualization_id: z.string().max(200).nullable().optional(),
    conversion_url: HttpUrl.nullable().optional(),
    contact_name: z.string().max(200).nullable().optional(),
    contact_email: Email.nullable().optional(),
    contact_phone: UsPhone.nullable().optional(),
    property_address: UsAddress.nullable().optional(),
    occurred_at: DateTime.optional(),
  })
  .strict()
  .meta({ id: 'ConversionWrite' });

export const Conversion = z
  .object({
    id: z.string(),
    lead_id: z.string(),
    external_event_id: z.string().nullable(),
    conversion_number: z.number().int(),
    session_id: z.string(),
    attribution: Attribution,
    created_at: DateTime,
    visualization_id: z.string().nullable().optional(),
    contact_name: z.string().nullable().optional(),
    contact_email: z.string().nullable().optional(),
    contact_phone: z.string().nullable().optional(),
    property_address: z.string().nullable().optional(),
  })
  .strict()
  .meta({ id: 'Conversion' });

export const LeadRoof = z
  .object({
    lead_id: z.string(),
    visualization_id: z.string().nullable(),
    material: z.object({ id: z.string(), name: z.string() }).strict().nullable(),
    color: z.object({ id: z.string(), name: z.string(), hex_code: z.string().nullable() }).strict().nullable(),
    shape: z.object({ id: z.string(), name: z.string(), roof_type: z.string().nullable() }).strict().nullable(),
    images: z
      .object({ original_image_url: z.string().nullable(), generated_image_url: z.string().nullable() })
      .strict(),
    processing_status: z.string().nullable().optional(),
    processing_error: z.string().nullable().optional(),
  })
  .strict()
  .meta({ id: 'LeadRoof' });

/** Leads one POST /leads/batch upserts at most. */
export const LEAD_BATCH_MAX = 100;

export const LeadBatchWrite = z
  .object({ leads: batchOf(LeadWrite, LEAD_BATCH_MAX, 'leads') })
  .strict()
  .meta({ id: 'LeadBatchWrite' });

export const LeadBatchResult = z
  .object({
    index: z.number().int().min(0).describe("The item's position in the request"),
    status: z.number().int().describe('What POST /api/v1/leads would answer for this item alone: 201, 200, or its 4xx'),
    created: z.boolean().nullable().describe('Null when the item failed'),
    matched_by: z
      .enum(['external_id', 'phone'])
      .nullable()
      .describe('The rule that matched an existing lead; null when one was created or the item failed'),
    lead: Lead.nullable(),
    error: BatchItemError.nullable(),
  })
  .strict()
  .meta({ id: 'LeadBatchResult' });

export const LeadBatchResponse = z
  .object({ results: z.array(LeadBatchResult).describe('One per item, in request order') })
  .strict();
