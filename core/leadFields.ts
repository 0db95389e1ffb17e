import type { PipelineState } from './pipeline.ts';

/** A lead's first touch, or the overrides correcting it (a null override means none). */
export interface AttributionFields {
  source?: string | null;
  medium?: string | null;
  campaign?: string | null;
  content?: string | null;
  conversion_url?: string | null;
}

/**
 * What a lead field holds. It decides the column's SQL type (checked against the database by
 * test/leadFields.test.ts), how storage reads and writes it, and its schema in Lead and LeadWrite.
 */
export type LeadFieldKind =
  | 'key'
  | 'text'
  | 'email'
  | 'phone'
  | 'address'
  | 'money'
  | 'date-time'
  | 'timestamp'
  | 'record'
  | 'attribution'
  | 'attribution-overrides'
  | 'stage'
  | 'stage-timestamps'
  | 'funnel-gap'
  | 'flag'
  | 'integer'
  | 'communication-summary'
  /** A commit-safe position in the changes feed (storage/leadChanges.ts). */
  | 'change-position';

/** The SQL type of a column of each kind, as information_schema names it. */
export const SQL_TYPES = {
  key: 'text',
  text: 'text',
  email: 'text',
  phone: 'text',
  address: 'text',
  money: 'numeric',
  'date-time': 'timestamp with time zone',
  timestamp: 'timestamp with time zone',
  record: 'jsonb',
  attribution: 'jsonb',
  'attribution-overrides': 'jsonb',
  stage: 'text',
  'stage-timestamps': 'jsonb',
  'funnel-gap': 'jsonb',
  flag: 'boolean',
  integer: 'integer',
  'communication-summary': undefined,
  'change-position': 'xid8',
} as const satisfies Record<LeadFieldKind, string | undefined>;

export interface LeadFieldSpec {
  kind: LeadFieldKind;
  /**
   * The leads column of this name: 'written' when lead writes store it (LeadValues), 'read' when
   * storage reads it but the database sets it, 'internal' when only SQL uses it. Absent: no column
   * (computed from the stage or the communications, or an input applied by a rule).
   */
  column?: 'written' | 'read' | 'internal';
  /** A key of Lead, in this order: lead_document renders the same keys in the same order. */
  shown?: true;
  /** Partners write it: 'patch' in LeadPatch and LeadWrite, 'upsert' in LeadWrite only. */
  write?: 'patch' | 'upsert';
  /** The longest text a partner may write. */
  max?: number;
  /** Its description in LeadWrite and LeadPatch. */
  description?: string;
}

/**
 * Every lead field, declared once: the leads table's columns and the keys of Lead and LeadWrite,
 * in the order Lead shows them. Lead, LeadWrite and LeadPatch (so the OpenAPI document and their
 * types), the row and value types of storage, its SELECT and write column lists, the row-to-value
 * mapping and a new lead's blank values are derived from it. The table (its migrations) and
 * lead_document (migrations/functions/lead_document.sql) stay SQL; test/leadFields.test.ts holds
 * them to this list both ways.
 */
export const LEAD_FIELDS = {
  id: { kind: 'key', column: 'read', shown: true },
  workspace_id: { kind: 'key', column: 'read' },
  external_id: {
    kind: 'text',
    column: 'written',
    shown: true,
    write: 'upsert',
    max: 200,
    description: "The lead's id in your system; with external_source, it alone decides which lead an upsert updates",
  },
  external_source: {
    kind: 'text',
    column: 'written',
    shown: true,
    write: 'upsert',
    max: 120,
    description: 'Names your system (e.g. "my-crm"), so ids of two systems never collide',
  },
  session_id: {
    kind: 'text',
    column: 'written',
    write: 'upsert',
    max: 500,
    description: "The visitor's session id sent with page views; fills attribution from its first page view",
  },
  contact_name: {
    kind: 'text',
    column: 'written',
    shown: true,
    write: 'patch',
    max: 200,
    description: "The contact's full name",
  },
  contact_email: {
    kind: 'email',
    column: 'written',
    shown: true,
    write: 'patch',
    description: "The contact's email address",
  },
  contact_phone: {
    kind: 'phone',
    column: 'written',
    shown: true,
    write: 'patch',
    description:
      'US phone number in any common form ("+1 512 555 0143", "(512) 555-0143"); answered as its 10 digits. ' +
      'Without external_id and external_source, the phone decides which lead an upsert updates',
  },
  property_address: {
    kind: 'address',
    column: 'written',
    shown: true,
    write: 'patch',
    description: 'The address of the property to roof: a US address (a clearly foreign one is refused)',
  },
  status: { kind: 'key', shown: true },
  stage_id: { kind: 'key', column: 'written' },
  status_stage_id: {
    kind: 'stage',
    shown: true,
    write: 'patch',
    description: 'An active stage id from GET /api/v1/pipeline/stages',
  },
  status_label: { kind: 'text', shown: true },
  status_sort_order: { kind: 'integer', shown: true },
  is_conversion_stage: { kind: 'flag', shown: true },
  stage_timestamps: { kind: 'stage-timestamps', column: 'written', shown: true },
  funnel_gap_summary: { kind: 'funnel-gap', column: 'written', shown: true },
  funnel_gap: { kind: 'flag', column: 'internal' },
  attribution: {
    kind: 'attribution',
    column: 'written',
    shown: true,
    write: 'patch',
    description: 'First-touch marketing attribution: only fields still null on the lead are filled',
  },
  attribution_overrides: { kind: 'attribution-overrides', column: 'written' },
  marketing_attribution_overrides: {
    kind: 'attribution-overrides',
    write: 'patch',
    description: 'Per-field corrections applied over the first touch; null removes an override',
  },
  source: { kind: 'text', column: 'internal' },
  medium: { kind: 'text', column: 'internal' },
  campaign: { kind: 'text', column: 'internal' },
  communication_summary: { kind: 'communication-summary', shown: true },
  conversion_type: { kind: 'text', column: 'written' },
  form_data: {
    kind: 'record',
    column: 'written',
    shown: true,
    write: 'patch',
    description: 'What the contact entered in a form; merged key by key into the stored record',
  },
  custom_fields: {
    kind: 'record',
    column: 'written',
    shown: true,
    write: 'patch',
    description: 'Your own fields for this lead; merged key by key into the stored record',
  },
  selected_material_id: {
    kind: 'text',
    column: 'written',
    shown: true,
    write: 'patch',
    max: 200,
    description: 'A material id from GET /api/v1/visualizer/catalog',
  },
  selected_color_id: {
    kind: 'text',
    column: 'written',
    shown: true,
    write: 'patch',
    max: 200,
    description: 'A color id from GET /api/v1/visualizer/catalog',
  },
  selected_shape_id: {
    kind: 'text',
    column: 'written',
    shown: true,
    write: 'patch',
    max: 200,
    description: 'A roof shape id from GET /api/v1/visualizer/catalog',
  },
  notes: {
    kind: 'text',
    column: 'written',
    shown: true,
    write: 'patch',
    max: 5000,
    description: 'Free-text notes',
  },
  quote_value: {
    kind: 'money',
    column: 'written',
    shown: true,
    write: 'patch',
    description: 'The quoted price, 0 to 10,000,000 in the workspace currency',
  },
  sales_value: {
    kind: 'money',
    column: 'written',
    shown: true,
    write: 'patch',
    description: 'The sold price, 0 to 10,000,000 in the workspace currency',
  },
  follow_up_date: {
    kind: 'date-time',
    column: 'written',
    shown: true,
    write: 'patch',
    description: 'When to follow up, as a date-time like 2026-11-24T15:00:00Z',
  },
  converted_at: { kind: 'date-time', column: 'written', shown: true },
  has_call: { kind: 'flag', column: 'internal' },
  has_sms: { kind: 'flag', column: 'internal' },
  search_text: { kind: 'text', column: 'internal' },
  created_at: { kind: 'timestamp', column: 'read', shown: true },
  updated_at: { kind: 'timestamp', column: 'read', shown: true },
  deleted_at: { kind: 'date-time', column: 'internal' },
  change_xid: { kind: 'change-position', column: 'internal' },
  document: { kind: 'text', column: 'internal' },
} as const satisfies Record<string, LeadFieldSpec>;

type Fields = typeof LEAD_FIELDS;
export type LeadField = keyof Fields;
type FieldsWith<P> = { [K in LeadField]: Fields[K] extends P ? K : never }[LeadField];
export type KindOf<K extends LeadField> = Fields[K]['kind'];

/** Columns lead writes store. */
export type WrittenLeadColumn = FieldsWith<{ column: 'written' }>;
/** Columns storage reads: the written ones and those the database sets. */
export type ReadLeadColumn = FieldsWith<{ column: 'written' | 'read' }>;
export type ShownLeadField = FieldsWith<{ shown: true }>;
export type WritableLeadField = FieldsWith<{ write: 'patch' | 'upsert' }>;
export type PatchableLeadField = FieldsWith<{ write: 'patch' }>;

const names = Object.keys(LEAD_FIELDS) as LeadField[];
const spec = (k: LeadField): LeadFieldSpec => LEAD_FIELDS[k];
const namesWhere = <K extends LeadField>(test: (f: LeadFieldSpec) => boolean) =>
  names.filter((k) => test(spec(k))) as K[];

export const WRITTEN_LEAD_COLUMNS = namesWhere<WrittenLeadColumn>((f) => f.column === 'written');
export const READ_LEAD_COLUMNS = namesWhere<ReadLeadColumn>((f) => f.column === 'written' || f.column === 'read');
export const SHOWN_LEAD_FIELDS = namesWhere<ShownLeadField>((f) => f.shown === true);
export const LEAD_COLUMNS = namesWhere((f) => f.column !== undefined);

/**
 * The order of LeadWrite's keys (LeadPatch keeps it too), which the contract fixed before the
 * declaration existed. It must name every writable field, or the line below it fails to compile.
 */
export const LEAD_WRITE_ORDER = [
  'external_id',
  'external_source',
  'session_id',
  'contact_name',
  'contact_email',
  'contact_phone',
  'property_address',
  'form_data',
  'custom_fields',
  'selected_material_id',
  'selected_color_id',
  'selected_shape_id',
  'status_stage_id',
  'attribution',
  'marketing_attribution_overrides',
  'notes',
  'quote_value',
  'sales_value',
  'follow_up_date',
] as const satisfies readonly WritableLeadField[];
const everyWritableFieldOrdered: Exclude<WritableLeadField, (typeof LEAD_WRITE_ORDER)[number]> extends never
  ? true
  : never = true;
void everyWritableFieldOrdered;

/**
 * The lead export's CSV columns, in the order the contract fixed: Lead's fields, with status as
 * its stage key and the effective attribution spread into columns of its own. A shown field is
 * exported by naming it here.
 */
export const LEAD_EXPORT_COLUMNS = [
  'id',
  'external_id',
  'external_source',
  'contact_name',
  'contact_email',
  'contact_phone',
  'property_address',
  'status',
  'status_label',
  'source',
  'medium',
  'campaign',
  'content',
  'conversion_url',
  'quote_value',
  'sales_value',
  'follow_up_date',
  'converted_at',
  'notes',
  'created_at',
  'updated_at',
] as const satisfies readonly (ShownLeadField | keyof AttributionFields)[];

/** How storage receives each kind from postgres.js (numeric as text, timestamptz as a Date). */
interface StoredAs {
  key: string;
  text: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  money: string | null;
  'date-time': Date | null;
  timestamp: Date;
  record: Record<string, unknown>;
  attribution: AttributionFields;
  'attribution-overrides': Omit<AttributionFields, 'conversion_url'>;
  stage: string;
  'stage-timestamps': PipelineState['stage_timestamps'];
  'funnel-gap': PipelineState['funnel_gap_summary'];
  flag: boolean;
  integer: number | null;
  'communication-summary': never;
}

/** How lead writes hold each kind: as the API shows it. */
type WrittenAs = Omit<StoredAs, 'money' | 'date-time' | 'timestamp'> & {
  money: number | null;
  'date-time': string | null;
  timestamp: string;
};

/** A lead's columns as storage reads them. */
export type LeadColumnsRead = { [K in ReadLeadColumn]: StoredAs[KindOf<K>] };
/** The columns a lead write stores, as it holds them. */
export type LeadColumnValues = { [K in WrittenLeadColumn]: WrittenAs[KindOf<K>] };
/** What a partner may write on a lead (LeadWrite, LeadPatch and form submissions share it). */
export type LeadFieldsInput = { [K in WritableLeadField]?: WrittenAs[KindOf<K>] };

/** A read column's value as a lead write holds it. */
export function writtenValue(kind: LeadFieldKind, value: unknown): unknown {
  if (value === null) return null;
  if (kind === 'money') return Number(value);
  if (kind === 'date-time' || kind === 'timestamp') return value instanceof Date ? value.toISOString() : value;
  return value;
}

/** A written column's value on a new lead before anything is applied: an empty record, or null. */
const RECORD_KINDS: ReadonlySet<LeadFieldKind> = new Set(['record', 'attribution', 'attribution-overrides']);
export const blankValue = (kind: LeadFieldKind) => (RECORD_KINDS.has(kind) ? {} : null);
