import { pipelinedTransaction, type Db, type Sql } from './db.ts';
import { ApiError, fieldError, validation, type ItemOutcome } from '../core/errors.ts';
import { idempotencyGateState } from './idempotency.ts';
import { writeLeadKeepingAnswer, type AnswerToKeep, type UpsertWrite } from './leadUpsert.ts';
import { jsonRecordIssues } from '../core/jsonBounds.ts';
import type { WebhookEventType } from '../core/webhookEventTypes.ts';
import { initialPipelineState, moveToStage, type StageInfo } from '../core/pipeline.ts';
import { activeStagesForWrites } from './pipelineStages.ts';
import { findSessionAttribution } from './sessions.ts';
import {
  LEAD_FIELDS,
  WRITTEN_LEAD_COLUMNS,
  blankValue,
  writtenValue,
  type LeadFieldKind,
  type LeadFieldsInput,
  type WritableLeadField,
  type WrittenLeadColumn,
} from '../core/leadFields.ts';
import {
  findLead,
  findLeadsByMatchKeys,
  findUpsertMatch,
  matchLockName,
  insertLead,
  lockLeadMatchKey,
  lockLeadMatchKeys,
  updateLead,
  updateLeads,
  insertLeads,
  type LeadUpdate,
  type AttributionFields,
  type LeadRow,
  type LeadValues,
  type LeadMatchKey,
  type LeadWithDoc,
  type WrittenLead,
} from './leads.ts';

/** Fields a partner may write on a lead (LeadWrite, LeadPatch and form submissions share them). */
export type LeadInput = LeadFieldsInput;

const ATTRIBUTION_KEYS = ['source', 'medium', 'campaign', 'content', 'conversion_url'] as const;
const RULED_KINDS = new Set<LeadFieldKind>(['record', 'attribution', 'attribution-overrides', 'stage']);
/** Writable fields stored as given, each in its own column; the others have rules of their own (applyInput). */
const PLAIN_KEYS = WRITTEN_LEAD_COLUMNS.filter(
  (k): k is WrittenLeadColumn & WritableLeadField => 'write' in LEAD_FIELDS[k] && !RULED_KINDS.has(LEAD_FIELDS[k].kind),
);

function valuesOf(row: LeadRow): LeadValues {
  const values: Record<string, unknown> = {};
  for (const k of WRITTEN_LEAD_COLUMNS) values[k] = writtenValue(LEAD_FIELDS[k].kind, row[k]);
  return values as LeadValues;
}

/** Past this many active stages, the refusal names the first ones and points to the list. */
const STAGES_LISTED = 12;

/**
 * A lead write naming a stage the workspace does not have (or has switched off), listing the ids
 * it may send, each with its key so the right one is found without another call.
 */
export function inactiveStage(stages: readonly Pick<StageInfo, 'id' | 'key'>[]) {
  const listed = stages.slice(0, STAGES_LISTED).map((s) => `${s.id} (${s.key})`);
  const more = stages.length > STAGES_LISTED ? `, …` : '';
  return fieldError(
    'body',
    'status_stage_id',
    `is not an active pipeline stage of this workspace; send one of ${listed.join(', ')}${more} (GET /api/v1/pipeline/stages lists them)`,
  );
}

function resolveStage(stages: StageInfo[], id: string): StageInfo {
  const stage = stages.find((s) => s.id === id);
  if (!stage) throw inactiveStage(stages);
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
 * key by key. Values it does not change are the base's own (see changedFrom).
 */
function applyInput(base: LeadValues, input: LeadInput, stages: StageInfo[], now: string): LeadValues {
  const next: LeadValues = { ...base };
  for (const k of PLAIN_KEYS) if (input[k] !== undefined) (next as Record<string, unknown>)[k] = input[k];
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
  return next;
}

/**
 * Whether applyInput changed anything: a value it did not touch is the base's own, so only the
 * others are compared, as JSON (a record merged anew may hold the same keys and values).
 */
function changedFrom(base: LeadValues, next: LeadValues): boolean {
  const b = base as unknown as Record<string, unknown>;
  const n = next as unknown as Record<string, unknown>;
  for (const k in n) if (n[k] !== b[k] && JSON.stringify(n[k]) !== JSON.stringify(b[k])) return true;
  return false;
}

/** A new lead's values from partner input: the first stage unless the input names one. */
function newLeadValues(
  input: LeadInput,
  context: { conversionType: string; stages: StageInfo[]; sessionTouch: AttributionFields | undefined },
): LeadValues {
  const { stages, sessionTouch } = context;
  const now = new Date().toISOString();
  const stage = input.status_stage_id ? resolveStage(stages, input.status_stage_id) : stages[0];
  if (!stage) throw new Error('the workspace has no pipeline stages');
  const blank: Record<string, unknown> = {};
  for (const k of WRITTEN_LEAD_COLUMNS) blank[k] = blankValue(LEAD_FIELDS[k].kind);
  Object.assign(blank, initialPipelineState(stage, now), {
    attribution: { source: null, medium: null, campaign: null, content: null, conversion_url: null },
    conversion_type: context.conversionType,
  });
  // The session's first touch fills whatever the partner's attribution leaves empty.
  const withInput = applyInput(blank as LeadValues, { ...input, status_stage_id: undefined }, stages, now);
  return sessionTouch ? applyInput(withInput, { attribution: sessionTouch }, stages, now) : withInput;
}

/** Which rule matched an upsert to an existing lead; null when it created one. */
export type MatchedBy = 'external_id' | 'phone' | null;

/** The advisory lock key of each match rule (form submissions lock emails alike, storage/events.ts). */
const matchKey = {
  external: (source: string, id: string) => JSON.stringify(['ext', source, id]),
  phone: (phone: string) => JSON.stringify(['phone', phone]),
};

/** The rule an upsert matches by: external_id + external_source when both are given, else the phone. */
function matchRule(input: LeadInput): { by: Exclude<MatchedBy, null>; lockKey: string; key: LeadMatchKey } | undefined {
  const { external_id, external_source, contact_phone } = input;
  if (external_id && external_source) {
    return {
      by: 'external_id',
      lockKey: matchKey.external(external_source, external_id),
      key: { external_source, external_id },
    };
  }
  if (contact_phone) return { by: 'phone', lockKey: matchKey.phone(contact_phone), key: { phone: contact_phone } };
  return undefined;
}

/** The advisory lock keys an upsert of `input` takes (none without a match rule); a batch takes them all first. */
export const upsertLockKeys = (input: LeadInput): string[] => {
  const rule = matchRule(input);
  return rule ? [rule.lockKey] : [];
};

/** The match keys a lead answers to: its external key when it has both fields, and its phone. */
function leadMatchKeys(lead: Pick<LeadValues, 'external_id' | 'external_source' | 'contact_phone'>): string[] {
  const keys: string[] = [];
  if (lead.external_id && lead.external_source) keys.push(matchKey.external(lead.external_source, lead.external_id));
  if (lead.contact_phone) keys.push(matchKey.phone(lead.contact_phone));
  return keys;
}

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

/** What an upsert reads before it decides: the lead its rule matches, and its session's first touch. */
interface UpsertReads {
  existing: LeadWithDoc | undefined;
  sessionTouch: AttributionFields | undefined;
}

/** The lead each input's rule matches, looked up now (the caller holds the rules' locks). */
const findMatches = (tx: Db, workspaceId: string, inputs: readonly LeadInput[]) =>
  findLeadsByMatchKeys(
    tx,
    workspaceId,
    inputs.map((input) => matchRule(input)?.key),
  );

/** Both reads of each upsert, sent together. */
async function upsertReads(tx: Db, workspaceId: string, inputs: readonly LeadInput[]): Promise<UpsertReads[]> {
  const [existing, sessionTouches] = await Promise.all([
    findMatches(tx, workspaceId, inputs),
    Promise.all(
      inputs.map((input) => (input.session_id ? findSessionAttribution(tx, workspaceId, input.session_id) : undefined)),
    ),
  ]);
  return inputs.map((_, i) => ({ existing: existing[i], sessionTouch: sessionTouches[i] }));
}

/**
 * What a write of a lead amounts to, decided in Node before anything is written: a refused input
 * (a 4xx ApiError) is thrown here, so a write is always one statement and an item of a batch is
 * written whole or not at all.
 */
type LeadPlan =
  | { kind: 'create'; values: LeadValues }
  | { kind: 'update'; existing: LeadWithDoc; values: LeadValues; events: WebhookEventType[] }
  | { kind: 'unchanged'; existing: LeadWithDoc };

function planChange(existing: LeadWithDoc, input: LeadInput, stages: StageInfo[]): LeadPlan {
  const before = valuesOf(existing);
  const values = applyInput(before, input, stages, new Date().toISOString());
  return changedFrom(before, values)
    ? { kind: 'update', existing, values, events: changeEvents(before, values) }
    : { kind: 'unchanged', existing };
}

function planUpsert(input: LeadInput, reads: UpsertReads, context: { conversionType: string; stages: StageInfo[] }) {
  return reads.existing
    ? planChange(reads.existing, input, context.stages)
    : ({ kind: 'create', values: newLeadValues(input, { ...context, sessionTouch: reads.sessionTouch }) } as const);
}

/** A lead as read, as a write hands it back. */
function writtenOf(lead: LeadWithDoc): WrittenLead {
  const { source, medium, campaign } = lead.effective_attribution;
  return { id: lead.id, source, medium, campaign, doc: lead.doc };
}

/** Writes a plan: one statement, or none when nothing changes. Its lead.* events are recorded by that statement. */
function writePlan(tx: Db, workspaceId: string, plan: LeadPlan): Promise<WrittenLead> {
  if (plan.kind === 'create') return insertLead(tx, workspaceId, plan.values);
  if (plan.kind === 'update') return updateLead(tx, workspaceId, plan.existing.id, plan.values, plan.events);
  return Promise.resolve(writtenOf(plan.existing));
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
  const [, [reads], stages] = await Promise.all([
    rule ? lockLeadMatchKey(tx, workspaceId, rule.lockKey) : undefined,
    upsertReads(tx, workspaceId, [input]),
    opts.stages ?? activeStagesForWrites(tx, workspaceId),
  ]);
  const plan = planUpsert(input, reads, { conversionType: opts.conversionType, stages });
  const lead = await writePlan(tx, workspaceId, plan);
  return { lead, created: plan.kind === 'create', matchedBy: plan.kind === 'create' ? null : rule!.by };
}

/** The request's Idempotency-Key, as the single upsert's statement keeps its answer under it. */
export type AnswerKey = Pick<AnswerToKeep, 'apiKeyId' | 'key' | 'fingerprint' | 'ttlHours' | 'maxKeptBytes'>;

/** The answer's status and the JSON text around the lead's document, by whether the upsert created it. */
export type AnswerShape = (created: boolean) => Pick<AnswerToKeep, 'status' | 'before' | 'after'>;

export type AnsweredUpsert =
  | { verdict: 'open'; created: boolean; lead: WrittenLead; status: number; body: string }
  | { verdict: 'held' | 'recorded' };

const toWrite = (plan: LeadPlan): UpsertWrite =>
  plan.kind === 'create'
    ? plan
    : plan.kind === 'update'
      ? { kind: 'update', id: plan.existing.id, values: plan.values, events: plan.events }
      : { kind: 'unchanged', lead: writtenOf(plan.existing) };

/**
 * POST /leads: upsertLead's rule in two statements and no transaction of its own. The first reads
 * the lead the rule matches (with its row version) and the session's first touch; the upsert is
 * planned in Node; the second (storage/leadUpsert.ts) passes the Idempotency-Key's gate, locks the
 * match key, checks that the rule still finds that lead unchanged, writes it with its events and
 * keeps the answer. When another write came in between ('stale'), the upsert is read and planned
 * again inside a transaction holding the match key's lock from the read on, as the batch does, so
 * a second try cannot be overtaken. 'held' and 'recorded' are the gate's: nothing was written.
 */
export async function upsertLeadAnswered(
  sql: Sql,
  workspaceId: string,
  input: LeadInput,
  opts: UpsertOptions & { answerKey: AnswerKey; answerShape: AnswerShape },
): Promise<AnsweredUpsert> {
  const rule = matchRule(input);
  const attempt = async (db: Db, locked: boolean) => {
    const [, reads, stages] = await Promise.all([
      locked && rule ? lockLeadMatchKey(db, workspaceId, rule.lockKey) : undefined,
      // With neither a match rule nor a session there is nothing to read: the write is a create.
      rule || input.session_id
        ? findUpsertMatch(db, workspaceId, rule?.key, input.session_id ?? undefined, locked)
        : { existing: undefined, sessionTouch: undefined },
      opts.stages ?? activeStagesForWrites(db, workspaceId),
    ]);
    const plan = planUpsert(input, reads, { conversionType: opts.conversionType, stages });
    const created = plan.kind === 'create';
    const plannedOn = {
      key: rule?.key,
      lockName: rule ? matchLockName(workspaceId, rule.lockKey) : null,
      id: reads.existing?.id ?? null,
      version: reads.existing?.version ?? null,
    };
    const answer = { ...opts.answerKey, ...opts.answerShape(created) };
    const written = await writeLeadKeepingAnswer(db, workspaceId, toWrite(plan), plannedOn, answer);
    return written.verdict === 'open' ? { ...written, created, status: answer.status } : { verdict: written.verdict };
  };
  try {
    for (let locked = false; ; locked = true) {
      const result = locked ? await pipelinedTransaction(sql, (tx) => attempt(tx, true)) : await attempt(sql, false);
      if (result.verdict !== 'stale') return result as AnsweredUpsert;
    }
  } catch (err) {
    // A refusal planned before the gate was passed: a key already answered replays instead.
    if (!(err instanceof ApiError)) throw err;
    const verdict = await idempotencyGateState(sql, opts.answerKey.apiKeyId, opts.answerKey.key);
    if (verdict !== 'open') return { verdict };
    throw err;
  }
}

/**
 * Upserts each input in turn, with the result POST /leads would give one by one, in the caller's
 * transaction and in a few round trips however many there are. The match keys of the whole batch
 * are locked first, in one order (two batches sharing keys wait instead of deadlocking), and every
 * item's reads leave with them. Each item is then planned in Node, and the writes go out together:
 * the new leads in one statement, the changed ones in another. An item reads again, after the
 * writes planned before it, only when an earlier item wrote a lead it could match: one under its
 * match key (before or after that write), or the very lead its first read found. A refused item
 * (its 4xx) writes nothing; the others stay.
 */
export async function upsertLeads(
  tx: Db,
  workspaceId: string,
  inputs: readonly LeadInput[],
  opts: UpsertOptions,
): Promise<ItemOutcome<UpsertResult>[]> {
  const locked = lockLeadMatchKeys(tx, workspaceId, inputs.flatMap(upsertLockKeys));
  const stagesRead = opts.stages ?? activeStagesForWrites(tx, workspaceId);
  const firstReads = upsertReads(tx, workspaceId, inputs);
  const [, stages, reads] = await Promise.all([locked, stagesRead, firstReads]);
  const context = { conversionType: opts.conversionType, stages };
  const writes = new PendingLeadWrites(tx, workspaceId);
  const touchedKeys = new Set<string>();
  const touchedIds = new Set<string>();
  const outcomes: Promise<ItemOutcome<UpsertResult>>[] = [];
  for (const [i, input] of inputs.entries()) {
    const rule = matchRule(input);
    let read = reads[i]!;
    if ((rule && touchedKeys.has(rule.lockKey)) || (read.existing && touchedIds.has(read.existing.id))) {
      writes.send();
      read = { ...read, existing: (await findMatches(tx, workspaceId, [input]))[0] };
    }
    let plan: LeadPlan;
    try {
      plan = planUpsert(input, read, context);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      outcomes.push(Promise.resolve({ ok: false, error }));
      continue;
    }
    if (plan.kind !== 'unchanged') {
      for (const key of [...(read.existing ? leadMatchKeys(read.existing) : []), ...leadMatchKeys(plan.values)])
        touchedKeys.add(key);
      if (read.existing) touchedIds.add(read.existing.id);
    }
    const created = plan.kind === 'create';
    const matchedBy = created ? null : rule!.by;
    const outcome = writes.add(plan).then((lead): ItemOutcome<UpsertResult> => ({
      ok: true,
      value: { lead, created, matchedBy },
    }));
    // A failed write fails the batch: when a later read throws first, nothing awaits this one.
    outcome.catch(() => {});
    outcomes.push(outcome);
  }
  writes.send();
  return Promise.all(outcomes);
}

/**
 * Lead writes planned one after another and sent together: the new leads in one statement, the
 * changed ones in another. A lead is changed at most once between two sends (a batch sends before
 * reading a lead it wrote).
 */
class PendingLeadWrites {
  private creates: { values: LeadValues; settle: Settle }[] = [];
  private updates: (LeadUpdate & { settle: Settle })[] = [];

  constructor(
    private readonly tx: Db,
    private readonly workspaceId: string,
  ) {}

  add(plan: LeadPlan): Promise<WrittenLead> {
    if (plan.kind === 'unchanged') return writePlan(this.tx, this.workspaceId, plan);
    return new Promise((resolve, reject) => {
      const settle = { resolve, reject };
      if (plan.kind === 'create') this.creates.push({ values: plan.values, settle });
      else this.updates.push({ id: plan.existing.id, values: plan.values, events: plan.events, settle });
    });
  }

  /** Sends what was planned since the last send; the connection runs it before anything sent later. */
  send(): void {
    const { creates, updates } = this;
    this.creates = [];
    this.updates = [];
    if (creates.length)
      settleAll(
        insertLeads(
          this.tx,
          this.workspaceId,
          creates.map((c) => c.values),
        ),
        creates,
      );
    if (updates.length) settleAll(updateLeads(this.tx, this.workspaceId, updates), updates);
  }
}

interface Settle {
  resolve: (lead: WrittenLead) => void;
  reject: (err: unknown) => void;
}

function settleAll(write: Promise<WrittenLead[]>, items: { settle: Settle }[]) {
  write.then(
    (leads) => items.forEach((item, k) => item.settle.resolve(leads[k]!)),
    (err) => items.forEach((item) => item.settle.reject(err)),
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
  const plan = planChange(existing, input, stages);
  return { lead: await writePlan(tx, workspaceId, plan), updated: plan.kind === 'update' };
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
