import { eachInSavepoint, type Db } from './db.ts';
import { ApiError, fieldError, validation } from '../core/errors.ts';
import { jsonRecordIssues } from '../core/jsonBounds.ts';
import type { WebhookEventType } from '../core/webhookEventTypes.ts';
import { initialPipelineState, moveToStage, type StageInfo } from '../core/pipeline.ts';
import { activeStagesForWrites } from './pipelineStages.ts';
import { findSessionAttribution } from './sessions.ts';
import {
  effectiveAttribution,
  findLead,
  findLeadByExternalId,
  findLeadByPhone,
  insertLead,
  lockLeadMatchKey,
  lockLeadMatchKeys,
  updateLead,
  type AttributionFields,
  type LeadRow,
  type LeadValues,
  type LeadWithDoc,
  type WrittenLead,
} from './leads.ts';

/** Fields a partner may write on a lead (LeadWrite, LeadPatch and form submissions share them). */
export interface LeadInput {
  external_id?: string | null;
  external_source?: string | null;
  session_id?: string | null;
  contact_name?: string | null;
  contact_email?: string | null;
  contact_phone?: string | null;
  property_address?: string | null;
  form_data?: Record<string, unknown>;
  custom_fields?: Record<string, unknown>;
  selected_material_id?: string | null;
  selected_color_id?: string | null;
  selected_shape_id?: string | null;
  status_stage_id?: string;
  attribution?: AttributionFields;
  marketing_attribution_overrides?: Omit<AttributionFields, 'conversion_url'>;
  notes?: string | null;
  quote_value?: number | null;
  sales_value?: number | null;
  follow_up_date?: string | null;
}

const ATTRIBUTION_KEYS = ['source', 'medium', 'campaign', 'content', 'conversion_url'] as const;
const PLAIN_KEYS = [
  'session_id',
  'contact_name',
  'contact_email',
  'contact_phone',
  'property_address',
  'selected_material_id',
  'selected_color_id',
  'selected_shape_id',
  'notes',
  'quote_value',
  'sales_value',
  'follow_up_date',
] as const;

const iso = (d: Date | string | null) => (d === null ? null : typeof d === 'string' ? d : d.toISOString());

function valuesOf(row: LeadRow): LeadValues {
  return {
    ...row,
    quote_value: row.quote_value === null ? null : Number(row.quote_value),
    sales_value: row.sales_value === null ? null : Number(row.sales_value),
    follow_up_date: iso(row.follow_up_date),
    converted_at: iso(row.converted_at),
  };
}

function resolveStage(stages: StageInfo[], id: string): StageInfo {
  const stage = stages.find((s) => s.id === id);
  if (!stage) {
    throw fieldError('body', 'status_stage_id', 'is not an active pipeline stage of this workspace');
  }
  return stage;
}

/**
 * A lead's record with the input's keys merged in, refused (400, so nothing is written) when the
 * result breaks JSON_RECORD_LIMITS: two requests within them can together exceed them.
 */
function mergeRecord(
  field: 'form_data' | 'custom_fields',
  base: Record<string, unknown>,
  input: Record<string, unknown>,
) {
  const merged = { ...base, ...input };
  const issues = jsonRecordIssues(merged).map(({ path, message }) => ({
    location: 'body',
    path: [field, ...path].join('.'),
    message,
  }));
  if (issues.length) throw validation(`Invalid body field ${issues[0]!.path}: ${issues[0]!.message}`, { issues });
  return merged;
}

/**
 * Applies partner input to a lead's values. Attribution is first touch: input only fills fields
 * that are still null; overrides (null clears one) correct it. form_data and custom_fields merge
 * key by key. Returns whether anything changed.
 */
function applyInput(
  base: LeadValues,
  input: LeadInput,
  stages: StageInfo[],
  now: string,
): { values: LeadValues; changed: boolean } {
  const next: LeadValues = { ...base };
  for (const k of PLAIN_KEYS) if (input[k] !== undefined) (next as Record<string, unknown>)[k] = input[k];
  if (input.external_id !== undefined) next.external_id = input.external_id;
  if (input.external_source !== undefined) next.external_source = input.external_source;
  if (input.attribution) {
    const a: AttributionFields = { ...base.attribution };
    for (const k of ATTRIBUTION_KEYS) if (a[k] == null && input.attribution[k] != null) a[k] = input.attribution[k];
    next.attribution = a;
  }
  if (input.marketing_attribution_overrides) {
    next.attribution_overrides = { ...base.attribution_overrides, ...input.marketing_attribution_overrides };
  }
  if (input.form_data) next.form_data = mergeRecord('form_data', base.form_data, input.form_data);
  if (input.custom_fields) next.custom_fields = mergeRecord('custom_fields', base.custom_fields, input.custom_fields);
  if (input.status_stage_id !== undefined && input.status_stage_id !== base.stage_id) {
    Object.assign(next, moveToStage(base, resolveStage(stages, input.status_stage_id), stages, now));
  }
  const changed = JSON.stringify(next) !== JSON.stringify(base);
  return { values: next, changed };
}

function createLead(
  tx: Db,
  workspaceId: string,
  input: LeadInput,
  context: { conversionType: string; stages: StageInfo[]; sessionTouch: AttributionFields | undefined },
): Promise<WrittenLead> {
  const { stages, sessionTouch } = context;
  const now = new Date().toISOString();
  const stage = input.status_stage_id ? resolveStage(stages, input.status_stage_id) : stages[0];
  if (!stage) throw new Error(`workspace ${workspaceId} has no pipeline stages`);
  const blank: LeadValues = {
    external_id: null,
    external_source: null,
    session_id: null,
    contact_name: null,
    contact_email: null,
    contact_phone: null,
    property_address: null,
    ...initialPipelineState(stage, now),
    attribution: { source: null, medium: null, campaign: null, content: null, conversion_url: null },
    attribution_overrides: {},
    conversion_type: context.conversionType,
    form_data: {},
    custom_fields: {},
    selected_material_id: null,
    selected_color_id: null,
    selected_shape_id: null,
    notes: null,
    quote_value: null,
    sales_value: null,
    follow_up_date: null,
  };
  // The session's first touch fills whatever the partner's attribution leaves empty.
  const withInput = applyInput(blank, { ...input, status_stage_id: undefined }, stages, now).values;
  const values = sessionTouch ? applyInput(withInput, { attribution: sessionTouch }, stages, now).values : withInput;
  return insertLead(tx, workspaceId, values);
}

/** Which rule matched an upsert to an existing lead; null when it created one. */
export type MatchedBy = 'external_id' | 'phone' | null;

/** The rule an upsert matches by: external_id + external_source when both are given, else the phone. */
function matchRule(input: LeadInput): { by: Exclude<MatchedBy, null>; lockKey: string } | undefined {
  if (input.external_id && input.external_source) {
    return { by: 'external_id', lockKey: JSON.stringify(['ext', input.external_source, input.external_id]) };
  }
  if (input.contact_phone) return { by: 'phone', lockKey: JSON.stringify(['phone', input.contact_phone]) };
  return undefined;
}

/** The advisory lock keys an upsert of `input` takes (none without a match rule); a batch takes them all first. */
export const upsertLockKeys = (input: LeadInput): string[] => {
  const rule = matchRule(input);
  return rule ? [rule.lockKey] : [];
};

export interface UpsertResult {
  lead: WrittenLead;
  created: boolean;
  matchedBy: MatchedBy;
}

export interface UpsertOptions {
  conversionType: string;
  /** The workspace's active stages when the caller read them already (a batch reads them once). */
  stages?: StageInfo[];
}

/**
 * The spec's upsert: external_id + external_source, when both are given, alone decide the match
 * (no match means a new lead); otherwise the normalized phone does. Runs inside the caller's
 * transaction under an advisory lock on the match key, so concurrent identical upserts cannot
 * create two leads.
 */
export async function upsertLead(
  tx: Db,
  workspaceId: string,
  input: LeadInput,
  opts: UpsertOptions,
): Promise<UpsertResult> {
  const rule = matchRule(input);
  // Sent in one go: the connection runs them in order, so the lookup's snapshot is taken once
  // the lock is held.
  const [, existing, stages, sessionTouch] = await Promise.all([
    rule ? lockLeadMatchKey(tx, workspaceId, rule.lockKey) : undefined,
    rule?.by === 'external_id'
      ? findLeadByExternalId(tx, workspaceId, input.external_source!, input.external_id!)
      : rule?.by === 'phone'
        ? findLeadByPhone(tx, workspaceId, input.contact_phone!)
        : undefined,
    opts.stages ?? activeStagesForWrites(tx, workspaceId),
    input.session_id ? findSessionAttribution(tx, workspaceId, input.session_id) : undefined,
  ]);
  if (!existing) {
    const lead = await createLead(tx, workspaceId, input, { ...opts, stages, sessionTouch });
    return { lead, created: true, matchedBy: null };
  }
  const { lead } = await patchLeadRow(tx, workspaceId, existing, input, stages);
  return { lead, created: false, matchedBy: rule!.by };
}

/**
 * Upserts each input in turn, as POST /leads would one by one, in one transaction: the match keys
 * of the whole batch are locked first in one order, stages are read once, and each upsert runs in
 * its own savepoint, so one refused (its 4xx) leaves the others written.
 */
export async function upsertLeads(tx: Db, workspaceId: string, inputs: readonly LeadInput[], opts: UpsertOptions) {
  const [, stages] = await Promise.all([
    lockLeadMatchKeys(tx, workspaceId, inputs.flatMap(upsertLockKeys)),
    opts.stages ?? activeStagesForWrites(tx, workspaceId),
  ]);
  return eachInSavepoint(
    tx,
    inputs,
    (input) => upsertLead(tx, workspaceId, input, { ...opts, stages }),
    (err) => err instanceof ApiError,
  );
}

/**
 * The webhook events a change of a lead amounts to: lead.updated, plus lead.stage_changed when it
 * moved to another stage, plus lead.converted when it reached a conversion stage for the first
 * time (converted_at set). A write that changes nothing is no change and records none.
 */
function changeEvents(before: LeadValues, after: LeadValues): WebhookEventType[] {
  const events: WebhookEventType[] = ['lead.updated'];
  if (after.stage_id !== before.stage_id) events.push('lead.stage_changed');
  if (before.converted_at === null && after.converted_at !== null) events.push('lead.converted');
  return events;
}

async function patchLeadRow(tx: Db, workspaceId: string, existing: LeadWithDoc, input: LeadInput, stages: StageInfo[]) {
  const before = valuesOf(existing);
  const { values, changed } = applyInput(before, input, stages, new Date().toISOString());
  if (!changed) {
    const { source, medium, campaign } = effectiveAttribution(existing);
    return { lead: { id: existing.id, source, medium, campaign, doc: existing.doc }, updated: false };
  }
  return { lead: await updateLead(tx, workspaceId, existing.id, values, changeEvents(before, values)), updated: true };
}

/** PATCH: the lead's own fields and its pipeline stage; undefined when no such active lead. */
export async function patchLead(tx: Db, workspaceId: string, id: string, input: LeadInput) {
  const [existing, stages] = await Promise.all([
    findLead(tx, workspaceId, id, { forUpdate: true }),
    activeStagesForWrites(tx, workspaceId),
  ]);
  if (!existing) return undefined;
  return patchLeadRow(tx, workspaceId, existing, input, stages);
}
