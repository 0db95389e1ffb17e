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
import { paginationQuery } from '../http/pagination.ts';
import { BatchItemError, batchOf } from '../batch.ts';
import { withFieldHints } from '../http/validation.ts';
import {
  LEAD_FIELDS,
  LEAD_WRITE_ORDER,
  SHOWN_LEAD_FIELDS,
  type KindOf,
  type LeadFieldSpec,
  type PatchableLeadField,
  type ShownLeadField,
  type WritableLeadField,
} from '../../core/leadFields.ts';

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

/** Each writable kind's schema in LeadWrite and LeadPatch. */
const writtenAs = {
  text: (f: LeadFieldSpec) => z.string().max(f.max!).nullable(),
  email: () => Email.nullable(),
  phone: () => UsPhone.nullable(),
  address: () => UsAddress.nullable(),
  record: () => JsonRecordInput,
  stage: () => z.string().min(1).max(150),
  attribution: () => AttributionInput,
  'attribution-overrides': () => AttributionOverridesInput,
  money: () => money.nullable(),
  'date-time': () => DateTime.nullable(),
} satisfies { [K in KindOf<WritableLeadField>]: (f: LeadFieldSpec) => z.ZodType };

type WrittenShape = { [K in WritableLeadField]: ReturnType<(typeof writtenAs)[KindOf<K>]> };
const writtenFields = Object.fromEntries(
  LEAD_WRITE_ORDER.map((k) => {
    const field: LeadFieldSpec = LEAD_FIELDS[k];
    return [k, writtenAs[LEAD_FIELDS[k].kind](field).describe(field.description!)];
  }),
) as WrittenShape;

const patchFields = Object.fromEntries(
  LEAD_WRITE_ORDER.filter((k) => LEAD_FIELDS[k].write === 'patch').map((k) => [k, writtenFields[k]]),
) as Pick<WrittenShape, PatchableLeadField>;

/** Moving a lead is done by stage id; the stage's other fields follow from it. */
const STAGE_HINT =
  'is set by the service from the stage; to move the lead, send `status_stage_id` with an id from GET /api/v1/pipeline/stages';

/** What to say of a field Lead shows that a write cannot set, rather than "unknown field". */
const readOnlyHints = Object.fromEntries(
  SHOWN_LEAD_FIELDS.filter((k) => !(LEAD_FIELDS[k] as LeadFieldSpec).write).map((k) => [
    k,
    k.startsWith('status') || k === 'is_conversion_stage' ? STAGE_HINT : 'is set by the service and cannot be written',
  ]),
);

/** Fields only an upsert writes: a PATCH naming one is told where it goes. */
const upsertOnlyHints = Object.fromEntries(
  LEAD_WRITE_ORDER.filter((k) => LEAD_FIELDS[k].write === 'upsert').map((k) => [
    k,
    'is written only by POST /api/v1/leads (create or upsert), not by PATCH',
  ]),
);

export const LeadPatch = withFieldHints(z.object(patchFields).partial().strict().meta({ id: 'LeadPatch' }), {
  ...readOnlyHints,
  ...upsertOnlyHints,
});

export const LeadWrite = withFieldHints(
  z.object(writtenFields).partial().strict().meta({ id: 'LeadWrite' }),
  readOnlyHints,
);

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

/** Each kind's schema in Lead. */
const shownAs = {
  key: () => z.string(),
  text: () => z.string().nullable(),
  email: () => z.email().nullable(),
  phone: () => z.string().nullable(),
  address: () => z.string().nullable(),
  stage: () => z.string().nullable(),
  integer: () => z.number().int().nullable(),
  flag: () => z.boolean(),
  'stage-timestamps': () => z.record(z.string(), z.string().nullable()).nullable(),
  'funnel-gap': () =>
    z
      .object({ has_gap: z.boolean(), skipped_stages: z.array(z.string()) })
      .strict()
      .nullable(),
  attribution: () => Attribution,
  'communication-summary': () => LeadCommunicationSummary,
  record: () => JsonRecord,
  money: () => z.number().nullable(),
  'date-time': () => DateTime.nullable(),
  timestamp: () => DateTime,
} satisfies { [K in KindOf<ShownLeadField>]: () => z.ZodType };

type ShownShape = { [K in ShownLeadField]: ReturnType<(typeof shownAs)[KindOf<K>]> };

export const Lead = z
  .object(Object.fromEntries(SHOWN_LEAD_FIELDS.map((k) => [k, shownAs[LEAD_FIELDS[k].kind]()])) as ShownShape)
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

export const LeadListQuery = z
  .object({
    ...leadFilterFields,
    ...paginationQuery,
    changed_since: z
      .string()
      .min(1)
      .max(500)
      .optional()
      .describe(
        'A sync_token from an earlier answer, or 0 for a full sync: the leads changed since, deleted ones as tombstones, in change order, with the sync_token to send next time. Takes no filters.',
      ),
  })
  .strict();
export const LeadExportQuery = z
  .object({
    ...leadFilterFields,
    cursor: paginationQuery.cursor,
    limit: z.coerce.number().int().min(1).max(10_000).default(10_000).describe('Leads per response, 1..10000'),
  })
  .strict();
export type LeadFilters = z.output<typeof LeadListQuery>;

export const LeadIdParams = z.object({ lead_id: z.string().min(1).max(200) }).strict();
/**
 * The lead id of a read whose contract lists no 400 (GET a lead, its conversions, its roof): an id
 * beyond 1..200 is one no lead has, so the lookup answers 404 as for any other unknown id.
 */
export const LeadIdLookupParams = z.object({ lead_id: z.string() }).strict();

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
