import type postgres from 'postgres';
import type { Db } from './db.ts';
import { newId } from '../core/ids.ts';
import type { WebhookEventType } from '../core/webhookEventTypes.ts';
import { webhookEventsIn } from './webhookEvents.ts';
import {
  READ_LEAD_COLUMNS,
  WRITTEN_LEAD_COLUMNS as WRITABLE,
  type AttributionFields,
  type LeadColumnsRead,
  type LeadColumnValues,
} from '../core/leadFields.ts';

export type { AttributionFields };

/** A lead as stored (its columns as core/leadFields.ts declares them), with its stage joined in. */
export type LeadRow = LeadColumnsRead & {
  stage_key: string;
  stage_label: string;
  stage_sort_order: number;
  is_conversion_stage: boolean;
  /**
   * The first touch with the overrides applied, as Lead.attribution shows it: read from the
   * document lead_document rendered. The rule's one owner is the SQL function
   * effective_attribution_value (migration 20), which computes the generated source, medium and
   * campaign columns too.
   */
  effective_attribution: Required<AttributionFields>;
  /** created_at in microseconds since the epoch: the keyset position, exact unlike a JS Date. */
  pos: number;
};

/** The writable columns of a lead; what insertLead and updateLead store. */
export type LeadValues = LeadColumnValues;

const columnList = (sql: Db, columns: readonly string[], prefix: string) =>
  sql.unsafe(columns.map((c) => `${prefix}${c}`).join(', '));

/** A stored lead with its API representation (Lead), as rendered into leads.document. */
export type LeadWithDoc = LeadRow & { doc: string };

function selectLeads(sql: Db, opts: { doc?: boolean; version?: boolean } = {}) {
  return sql`
    select ${opts.doc ? sql`l.document as doc,` : sql``} ${opts.version ? sql`l.xmin::text as version,` : sql``}
           ${columnList(sql, READ_LEAD_COLUMNS, 'l.')},
           s.key as stage_key, s.label as stage_label, s.sort_order as stage_sort_order, s.is_conversion_stage,
           l.document::json->'attribution' as effective_attribution,
           (extract(epoch from l.created_at) * 1000000)::int8 as pos
    from leads l join pipeline_stages s on s.id = l.stage_id`;
}

/** The name a lead match key's advisory lock is taken under (hashtextextended(name, 1)). */
export const matchLockName = (workspaceId: string, matchKey: string) => JSON.stringify([workspaceId, matchKey]);

/** Serialises concurrent upserts that could match the same lead (same external id or phone). */
export async function lockLeadMatchKey(tx: Db, workspaceId: string, matchKey: string): Promise<void> {
  await tx`select pg_advisory_xact_lock(hashtextextended(${matchLockName(workspaceId, matchKey)}, 1))`;
}

/**
 * lockLeadMatchKey for many keys at once, in the order of their lock ids: two batches that share
 * keys then wait for each other instead of deadlocking. The transaction holds them to its end, so
 * each item's own lockLeadMatchKey finds its lock taken already.
 */
export async function lockLeadMatchKeys(tx: Db, workspaceId: string, matchKeys: string[]): Promise<void> {
  if (matchKeys.length === 0) return;
  await tx`
    select pg_advisory_xact_lock(k.id) from (
      select distinct hashtextextended(name, 1) as id from unnest(${matchKeys.map((k) => matchLockName(workspaceId, k))}::text[]) name
      order by 1 offset 0) k`;
}

export async function findLead(
  sql: Db,
  workspaceId: string,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<LeadWithDoc | undefined> {
  const [row] = await sql<LeadWithDoc[]>`
    ${selectLeads(sql, { doc: true })}
    where l.workspace_id = ${workspaceId} and l.id = ${id} and l.deleted_at is null
    ${opts.forUpdate ? sql`for update of l` : sql``}`;
  return row;
}

export async function findLeadByExternalId(
  sql: Db,
  workspaceId: string,
  source: string,
  externalId: string,
): Promise<LeadWithDoc | undefined> {
  return (await findLeadsByMatchKeys(sql, workspaceId, [{ external_source: source, external_id: externalId }]))[0];
}

/** The most recently updated active lead with this phone (several may share one). */
export async function findLeadByPhone(sql: Db, workspaceId: string, phone: string): Promise<LeadWithDoc | undefined> {
  return (await findLeadsByMatchKeys(sql, workspaceId, [{ phone }]))[0];
}

/** What an upsert looks a lead up by: its external key, or its phone. */
export type LeadMatchKey = { external_source: string; external_id: string } | { phone: string };

/**
 * A lead match rule's WHERE onwards, the one lead it finds (and locks, unless `lock` is false): by
 * external key the one active lead holding it, by phone the most recently updated of the active
 * leads sharing it. The key's values are parameters, or columns of a LATERAL lookup's row.
 */
const matchByPhone = (sql: Db, workspaceId: string, phone: string | postgres.Fragment, lock = true) => sql`
  where l.workspace_id = ${workspaceId} and l.contact_phone = ${phone} and l.deleted_at is null
  order by l.updated_at desc, l.id desc limit 1 ${lock ? sql`for update of l` : sql``}`;
const matchByExternalKey = (
  sql: Db,
  workspaceId: string,
  source: string | postgres.Fragment,
  id: string | postgres.Fragment,
  lock = true,
) => sql`
  where l.workspace_id = ${workspaceId} and l.external_source = ${source} and l.external_id = ${id}
    and l.deleted_at is null ${lock ? sql`for update of l` : sql``}`;

/** A lead as an upsert plans on it: `version` names the row version read (xmin), which any write changes. */
export type VersionedLead = LeadWithDoc & { version: string };

/**
 * What the single upsert plans on, in one statement: the lead `key` matches (see matchByPhone),
 * with its row version, and the first touch of `sessionId`'s session. Unlocked unless `lock`: the
 * statement that writes checks the version under the key's lock (storage/leadUpsert.ts).
 */
export async function findUpsertMatch(
  sql: Db,
  workspaceId: string,
  key: LeadMatchKey | undefined,
  sessionId: string | undefined,
  lock: boolean,
): Promise<{ existing: VersionedLead | undefined; sessionTouch: AttributionFields | undefined }> {
  const rule = !key
    ? sql`where false`
    : 'phone' in key
      ? matchByPhone(sql, workspaceId, key.phone, lock)
      : matchByExternalKey(sql, workspaceId, key.external_source, key.external_id, lock);
  const [row] = await sql<(VersionedLead & { session_touch: AttributionFields | null })[]>`
    select m.*, (
      select json_build_object('source', t.source, 'medium', t.medium, 'campaign', t.campaign, 'content', t.content,
                               'conversion_url', t.landing_page_url)
      from sessions t where t.workspace_id = ${workspaceId} and t.id = ${sessionId ?? null}) as session_touch
    from (select) one
    left join (${selectLeads(sql, { doc: true, version: true })} ${rule}) m on true`;
  const { session_touch: sessionTouch, ...existing } = row!;
  return { existing: existing.id ? existing : undefined, sessionTouch: sessionTouch ?? undefined };
}

/**
 * The active lead each key matches (see matchByPhone), locked FOR UPDATE, in the order of `keys`
 * (undefined for no key or no match). Many keys are looked up in one statement, a LATERAL lookup
 * per rule, each key through its rule's index: a statement per key cost a batch of 100 about
 * 2 ms of PostgreSQL and 3.5 ms of Node more, measured on an analyzed table (without statistics,
 * any index of the workspace looks as cheap: storage/tableStatistics.ts). One key has a statement
 * of its own: PostgreSQL plans the LATERAL form anew on each execution, which doubled a single
 * upsert's database time.
 */
export async function findLeadsByMatchKeys(
  sql: Db,
  workspaceId: string,
  keys: readonly (LeadMatchKey | undefined)[],
): Promise<(LeadWithDoc | undefined)[]> {
  const found: (LeadWithDoc | undefined)[] = keys.map(() => undefined);
  const phones: { n: number; phone: string }[] = [];
  const externals: { n: number; source: string; id: string }[] = [];
  keys.forEach((key, n) => {
    if (key && 'phone' in key) phones.push({ n, phone: key.phone });
    else if (key) externals.push({ n, source: key.external_source, id: key.external_id });
  });
  if (phones.length + externals.length === 1) {
    const rule = phones[0]
      ? matchByPhone(sql, workspaceId, phones[0].phone)
      : matchByExternalKey(sql, workspaceId, externals[0]!.source, externals[0]!.id);
    const [row] = await sql<LeadWithDoc[]>`${selectLeads(sql, { doc: true })} ${rule}`;
    found[(phones[0] ?? externals[0])!.n] = row;
    return found;
  }
  const lookups = [
    phones.length > 0 &&
      sql`
        select k.n, m.* from unnest(${phones.map((k) => k.n)}::int[], ${phones.map((k) => k.phone)}::text[]) k(n, phone)
        cross join lateral (${selectLeads(sql, { doc: true })} ${matchByPhone(sql, workspaceId, sql`k.phone`)}) m`,
    externals.length > 0 &&
      sql`
        select k.n, m.* from unnest(${externals.map((k) => k.n)}::int[], ${externals.map((k) => k.source)}::text[],
          ${externals.map((k) => k.id)}::text[]) k(n, source, id)
        cross join lateral (
          ${selectLeads(sql, { doc: true })} ${matchByExternalKey(sql, workspaceId, sql`k.source`, sql`k.id`)}) m`,
  ].filter((lookup) => lookup !== false);
  if (lookups.length === 0) return found;
  const rows = await sql<(LeadWithDoc & { n: number })[]>`${lookups.reduce((a, b) => sql`${a} union all ${b}`)}`;
  // Each row as it came, its position kept: a copy of each without it (45 columns) cost about
  // 0.3 ms of a batch's API CPU.
  for (const row of rows) found[row.n] = row;
  return found;
}

/** What a write hands back: the stored lead's id, effective attribution and representation. */
export interface WrittenLead {
  id: string;
  source: string | null;
  medium: string | null;
  campaign: string | null;
  doc: string;
}

/**
 * The events of the leads a statement writes, recorded by that statement from the documents it
 * renders; `rows` are those leads (id and document), `types` a text[] expression over their row
 * w (one list per lead) or one list for all, `count` how many events they make when known.
 */
const leadEvents = (
  sql: Db,
  workspaceId: string,
  rows: postgres.Fragment,
  types: readonly WebhookEventType[] | postgres.Fragment,
  count?: number,
) =>
  webhookEventsIn(
    sql,
    workspaceId,
    rows,
    types,
    sql`w.document`,
    sql`jsonb_build_object('kind', 'lead', 'id', w.id)`,
    count,
  );

/** Lead values as one jsonb parameter, each a row of the leads table's type (jsonb_populate_record). */
const valuesJson = (sql: Db, rows: Record<string, unknown>[]) => sql.json(rows as never);

/** Just the writable columns of `values`, which may carry more of the row it was read from. */
function writableOf(values: LeadValues): Record<string, unknown> {
  // A loop, not fromEntries over pairs: a batch makes one of these per lead.
  const row: Record<string, unknown> = {};
  for (const c of WRITABLE) row[c] = values[c];
  return row;
}

const writableList = (sql: Db, prefix: string) => sql.unsafe(WRITABLE.map((c) => `${prefix}${c}`).join(', '));

/**
 * The leads table's row a new lead starts from: the columns its values do not hold, as the
 * table's defaults would fill them.
 */
const newLeadBase = (sql: Db, workspaceId: string) =>
  sql`jsonb_populate_record(null::leads, jsonb_build_object('workspace_id', ${workspaceId}::text,
    'created_at', now(), 'updated_at', now(), 'has_call', false, 'has_sms', false))`;

/**
 * The CTEs w (the new leads inserted, each document rendered from the row it inserts: migration
 * 22, set-based where the trigger would run a query per lead) and e (their lead.created events,
 * recorded by the same statement). `rows` are writable values with their new ids; nothing is
 * inserted unless `when` holds.
 */
export const insertLeadsCtes = (
  sql: Db,
  workspaceId: string,
  rows: Record<string, unknown>[],
  when: postgres.Fragment = sql`true`,
) => sql`
    w as (
      insert into leads (id, workspace_id, created_at, updated_at, ${writableList(sql, '')}, document)
      select v.id, v.workspace_id, v.created_at, v.updated_at, ${writableList(sql, 'v.')}, lead_document(v, s)::text
      from jsonb_populate_recordset(${newLeadBase(sql, workspaceId)}, ${valuesJson(sql, rows)}) v
      left join pipeline_stages s on s.id = v.stage_id
      where ${when}
      returning id, source, medium, campaign, document),
    e as (select ${leadEvents(sql, workspaceId, sql`w`, ['lead.created'], rows.length)} as event_ids)`;

/** A new lead's writable values and its id, as insertLeadsCtes takes them. */
export const newLeadRow = (values: LeadValues) => Object.assign(writableOf(values), { id: newId('lead') });

/**
 * Inserts the leads in one statement and records lead.created for each with it; the written
 * leads come back in the order of `values`.
 */
export async function insertLeads(sql: Db, workspaceId: string, values: readonly LeadValues[]): Promise<WrittenLead[]> {
  if (values.length === 0) return [];
  const rows = values.map(newLeadRow);
  const written = await sql<WrittenLead[]>`
    with ${insertLeadsCtes(sql, workspaceId, rows)}
    select w.id, w.source, w.medium, w.campaign, w.document as doc from w, e`;
  const byId = new Map(written.map((w) => [w.id, w]));
  return rows.map((r) => byId.get(r.id)!);
}

/** Inserts the lead and records lead.created with it. */
export async function insertLead(sql: Db, workspaceId: string, values: LeadValues): Promise<WrittenLead> {
  return (await insertLeads(sql, workspaceId, [values]))[0]!;
}

export interface LeadUpdate {
  id: string;
  values: LeadValues;
  /** What the change amounts to (see leadWrites.ts), recorded with it. */
  events: readonly WebhookEventType[];
}

/**
 * The CTEs input, w (each lead's new values stored, its document rendered from the row as it
 * writes it: migration 22) and e (its events, recorded by the same statement). The statement reads
 * that row's other columns (channel flags, created_at) unlocked, which is the row it updates
 * because every caller read the lead FOR UPDATE or checked its version under a lock. Nothing is
 * written unless `when` holds.
 */
export function updateLeadsCtes(
  sql: Db,
  workspaceId: string,
  updates: readonly LeadUpdate[],
  when: postgres.Fragment = sql`true`,
) {
  const rows = updates.map((u) => Object.assign(writableOf(u.values), { id: u.id, _events: u.events }));
  // One update is asked as an equality: PostgreSQL estimates an array parameter at ten elements,
  // so for the single upsert the prepared statement's generic plan looked dearer than a plan made
  // for the one id, and the statement (17 indexes on leads) was planned anew on every call.
  const ofUpdates = updates.length === 1 ? sql`o.id = ${updates[0]!.id}` : sql`o.id = any(${updates.map((u) => u.id)})`;
  return sql`
    input as (
      select o.id, n, s, e.item->'_events' as events
      from leads o
      join jsonb_array_elements(${valuesJson(sql, rows)}) e(item) on e.item->>'id' = o.id
      cross join lateral jsonb_populate_record(o, e.item || jsonb_build_object('updated_at', now())) n
      left join pipeline_stages s on s.id = n.stage_id
      where o.workspace_id = ${workspaceId} and ${ofUpdates} and o.deleted_at is null
        and ${when}),
    w as (
      update leads l set (${writableList(sql, '')}, updated_at, document) =
        (${writableList(sql, '(i.n).')}, (i.n).updated_at, lead_document(i.n, i.s)::text)
      from input i
      where l.workspace_id = ${workspaceId} and l.id = i.id and l.deleted_at is null
      returning l.id, l.source, l.medium, l.campaign, l.document, i.events),
    e as (
      select ${leadEvents(
        sql,
        workspaceId,
        sql`w`,
        sql`array(select jsonb_array_elements_text(w.events))`,
        updates.reduce((n, u) => n + u.events.length, 0),
      )} as event_ids)`;
}

/**
 * Stores each lead's new values and records its events with them, in one statement; the written
 * leads come back in the order of `updates` (each id once).
 */
export async function updateLeads(
  sql: Db,
  workspaceId: string,
  updates: readonly LeadUpdate[],
): Promise<WrittenLead[]> {
  if (updates.length === 0) return [];
  const written = await sql<WrittenLead[]>`
    with ${updateLeadsCtes(sql, workspaceId, updates)}
    select w.id, w.source, w.medium, w.campaign, w.document as doc from w, e`;
  const byId = new Map(written.map((w) => [w.id, w]));
  return updates.map((u) => byId.get(u.id)!);
}

/** Stores the lead's new values and records `events` (what the change amounts to, see leadWrites.ts) with them. */
export async function updateLead(
  sql: Db,
  workspaceId: string,
  id: string,
  values: LeadValues,
  events: readonly WebhookEventType[],
): Promise<WrittenLead> {
  return (await updateLeads(sql, workspaceId, [{ id, values, events }]))[0]!;
}

/**
 * Records lead.updated for active leads whose representation changed without a write of their
 * own: new approved calls or SMS change their communication summary (updated_at stays).
 */
export async function recordLeadsUpdated(sql: Db, workspaceId: string, ids: string[]): Promise<void> {
  await sql`
    with changed as (
      select id, document from leads
      where workspace_id = ${workspaceId} and id = any(${ids}) and deleted_at is null)
    select ${leadEvents(sql, workspaceId, sql`changed`, ['lead.updated'])}`;
}

/**
 * Soft-deletes the lead and records lead.deleted carrying the lead as the deletion left it: its
 * last state, updated_at being the moment of deletion (GET answers 404 from then on).
 */
export async function softDeleteLead(sql: Db, workspaceId: string, id: string): Promise<boolean> {
  const rows = await sql`
    with w as (
      update leads set deleted_at = now(), updated_at = now()
      where workspace_id = ${workspaceId} and id = ${id} and deleted_at is null
      returning id, document),
    e as (select ${leadEvents(sql, workspaceId, sql`w`, ['lead.deleted'])} as event_ids)
    select w.id from w, e`;
  return rows.length > 0;
}

export interface LeadFilter {
  source?: string;
  medium?: string;
  campaign?: string;
  conversion_type?: string;
  communication_channel?: 'call' | 'sms';
  from?: string;
  to?: string;
  status_stage_id?: string;
  search?: string;
  searchDigits?: string | null;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Conditions on l that the list indexes serve directly: equality filters and channel flags. Each
 * has its own (workspace, column, created_at) index, and leads_list_idx and leads_phone_idx carry
 * their columns too, so a search or an updated_at bound checks them on index entries alone.
 */
function equalityConditions(sql: Db, f: LeadFilter): postgres.Fragment[] {
  const conds: postgres.Fragment[] = [];
  if (f.source !== undefined) conds.push(sql`l.source = ${f.source}`);
  if (f.medium !== undefined) conds.push(sql`l.medium = ${f.medium}`);
  if (f.campaign !== undefined) conds.push(sql`l.campaign = ${f.campaign}`);
  if (f.conversion_type !== undefined) conds.push(sql`l.conversion_type = ${f.conversion_type}`);
  if (f.status_stage_id !== undefined) conds.push(sql`l.stage_id = ${f.status_stage_id}`);
  if (f.communication_channel === 'call') conds.push(sql`l.has_call`);
  if (f.communication_channel === 'sms') conds.push(sql`l.has_sms`);
  return conds;
}

/** updated_at bounds: served by leads_updated_idx, and carried by leads_list_idx. */
function updatedConditions(sql: Db, f: LeadFilter): postgres.Fragment[] {
  const conds: postgres.Fragment[] = [];
  if (f.from !== undefined) conds.push(sql`l.updated_at >= ${f.from}`);
  // Timestamps are shown to the millisecond; `to` includes that whole millisecond.
  if (f.to !== undefined) conds.push(sql`l.updated_at < ${f.to}::timestamptz + interval '1 millisecond'`);
  return conds;
}

/** The search term as the lead's search_text holds it, and its digits when it has any. */
function searchTerms(f: LeadFilter): string[] {
  if (!f.search) return [];
  const text = f.search.toLowerCase();
  const digits = f.searchDigits;
  return digits && digits !== text ? [text, digits] : [text];
}

/**
 * The ways a lead can match the search, as conditions on a list index's entries: a term inside
 * name, email, address or the phone's local number (search_text), or the digits at the start of
 * the phone (a range of leads_phone_idx).
 */
function searchBranches(sql: Db, f: LeadFilter): postgres.Fragment[] {
  const terms = searchTerms(f);
  if (terms.length === 0) return [];
  const contains = terms.map((term) => sql`l.search_text like ${`%${escapeLike(term)}%`}`);
  return f.searchDigits ? [...contains, phonePrefix(sql, f.searchDigits)] : contains;
}

const phonePrefix = (sql: Db, digits: string) => {
  const upper = nextPrefix(digits);
  return upper ? sql`(l.contact_phone >= ${digits} and l.contact_phone < ${upper})` : sql`l.contact_phone >= ${digits}`;
};

/** The least digit string above every string starting with `digits` ("2129" → "213"); null for all nines. */
function nextPrefix(digits: string): string | null {
  const stem = digits.replace(/9+$/, '');
  return stem ? stem.slice(0, -1) + String(Number(stem.at(-1)) + 1) : null;
}

/**
 * Six digits or more: at most 10,000 phones of a workspace start with them, and their trigrams
 * are rare elsewhere, so the indexes answer faster than a walk of the newest leads.
 */
const selectiveSearch = (f: LeadFilter) => (f.searchDigits?.length ?? 0) >= 6;

const and = (sql: Db, conds: postgres.Fragment[]) => conds.reduce((a, b) => sql`${a} and ${b}`, sql`true`);

/** One condition that holds when any of conds does; none when there are none. */
const anyOf = (sql: Db, conds: postgres.Fragment[]) =>
  conds.length ? [sql`(${conds.reduce((a, b) => sql`${a} or ${b}`)})`] : [];

/**
 * The workspace, the cursor, and the created_at bound that `to` implies: updated_at never precedes
 * created_at (a table constraint), so a newest-first walk starts at `to` instead of passing every
 * lead created after it.
 */
function scopeConditions(sql: Db, workspaceId: string, f: LeadFilter, after?: [number, string]): postgres.Fragment[] {
  const conds = [sql`l.workspace_id = ${workspaceId}`, sql`l.deleted_at is null`];
  if (after) {
    conds.push(sql`(l.created_at, l.id) < (timestamptz 'epoch' + ${after[0]} * interval '1 microsecond', ${after[1]})`);
  }
  if (f.to !== undefined) conds.push(sql`l.created_at < ${f.to}::timestamptz + interval '1 millisecond'`);
  return conds;
}

/**
 * A filter's conditions on l, by what serves them: `scope` the list index's key (workspace,
 * cursor), `equal` the equality filters, `updated` the updated_at bounds, `search` the ways a lead
 * can match the search term (any one will do). leads_list_idx carries the columns of all of them.
 */
function leadConditions(sql: Db, workspaceId: string, f: LeadFilter, after?: [number, string]) {
  return {
    scope: scopeConditions(sql, workspaceId, f, after),
    equal: equalityConditions(sql, f),
    updated: updatedConditions(sql, f),
    search: searchBranches(sql, f),
  };
}

function whereLeads(sql: Db, workspaceId: string, f: LeadFilter, after?: [number, string]) {
  const { scope, equal, updated, search } = leadConditions(sql, workspaceId, f, after);
  return and(sql, [...scope, ...equal, ...updated, ...anyOf(sql, search)]);
}

/**
 * How many of the newest leads the first pass of a search or updated_at-bounded list walks: an
 * index-only walk of this many entries costs a few milliseconds, and a filter that matches less
 * often than 1 in 100 of them is found faster through its own index.
 */
export const NEWEST_WINDOW = 5_000;

/**
 * How many of the newest leads a search looks at first: a match found in fewer than a tenth of
 * them would not fill a page from the window either. The same leads tell which part of a search
 * term is rarest.
 */
const FIRST_LOOK = 500;

/** Fragments of a term the trigram index is asked for: 4 characters, two trigrams, each. */
const FRAGMENT_LENGTH = 4;

/**
 * A term of digits alone is asked for whole: digit trigrams have a thousand values spread over
 * phones, house numbers and ids, so none is the word every lead holds, and the index reads all of
 * them faster than counting fragments takes to choose one.
 */
const DIGITS_ONLY = /^\d+$/;

/** pg_trgm's words: runs of letters and digits; everything else separates them. */
const WORDS = /[\p{L}\p{N}]+/gu;

/**
 * The trigram index reads every trigram's whole list of leads, so a term with a word every lead
 * has ("homeowner 123", "owner77@example") costs as much as reading the index. Each term is
 * therefore asked for by the fragment the fewest of the newest FIRST_LOOK leads hold, and checked
 * whole on what that finds. These are each term's candidate fragments: the term itself when it is
 * short or all digits, otherwise the 4-character pieces of its words (a word of 3 whole). A piece
 * inside a word is read as its own trigrams only; one across a space or "@" also brings the padded
 * trigrams of a word's start or end ("  1", "r  "), whose lists hold nearly every lead.
 */
function fragmentCandidates(terms: string[]): string[][] {
  return terms.map((term) => {
    if (term.length <= FRAGMENT_LENGTH || DIGITS_ONLY.test(term)) return [term];
    const pieces = (term.match(WORDS) ?? [])
      .filter((word) => word.length >= 3)
      .flatMap((word) =>
        Array.from({ length: Math.max(1, word.length - FRAGMENT_LENGTH + 1) }, (_, i) =>
          word.slice(i, i + FRAGMENT_LENGTH),
        ),
      );
    return pieces.length ? [...new Set(pieces)] : [term];
  });
}

/** How the search is asked of the trigram index: the candidates, and the fragments to count among them. */
interface FragmentChoice {
  candidates: string[][];
  counted: string[];
}

function fragmentChoice(terms: string[]): FragmentChoice {
  const candidates = fragmentCandidates(terms);
  return { candidates, counted: candidates.some((c) => c.length > 1) ? [...new Set(candidates.flat())] : [] };
}

/**
 * Columns n0, n1, … counting the rows of `s` holding each fragment, in one pass: a LIKE per
 * fragment a row, where a row per fragment would rescan the rows once for each.
 */
const fragmentCounts = (sql: Db, counted: string[]) =>
  counted
    .map(
      (fragment, i) =>
        sql`count(*) filter (where s.search_text like ${`%${escapeLike(fragment)}%`})::int as ${sql(`n${i}`)}`,
    )
    .reduce((a, b) => sql`${a}, ${b}`);

/** Each term's candidate held by the fewest leads counted (the first of them on a tie). */
function rarestFragments({ candidates, counted }: FragmentChoice, counts: Record<string, number>): string[] {
  if (counted.length === 0) return candidates.map((c) => c[0]!);
  const held = new Map(counted.map((fragment, i) => [fragment, counts[`n${i}`]!]));
  return candidates.map((c) => c.reduce((best, x) => (held.get(x)! < held.get(best)! ? x : best)));
}

/**
 * The newest `walk` leads in list order with every column a list filter reads, off leads_list_idx
 * alone. Only the workspace and the cursor are inside its LIMIT: the planner cannot trade the walk
 * for an equality index (whose entries do not carry the other columns) or a filter's own index. The
 * walk's length is written into the statement rather than sent as a parameter: PostgreSQL then
 * keeps the statement's generic plan instead of planning it again on every execution.
 */
const newestLeads = (sql: Db, scope: postgres.Fragment[], walk: number) => sql`
  select l.id, l.created_at, l.updated_at, l.search_text, l.contact_phone, l.stage_id, l.source, l.medium,
         l.campaign, l.conversion_type, l.has_call, l.has_sms
  from leads l
  where ${and(sql, scope)}
  order by l.created_at desc, l.id desc
  limit ${sql.unsafe(String(walk))}`;

/**
 * The search as conditions the indexes answer: each term through the trigram index asked for its
 * rarest fragment (the whole term checked on what it finds), and the phone's leading digits as a
 * range of leads_phone_idx.
 */
function indexedSearchBranches(sql: Db, f: LeadFilter, terms: string[], fragments: string[]): postgres.Fragment[] {
  const contains = terms.map(
    (term, i) => sql`(l.search_text like ${`%${escapeLike(fragments[i]!)}%`} and strpos(l.search_text, ${term}) > 0)`,
  );
  return f.searchDigits ? [...contains, phonePrefix(sql, f.searchDigits)] : contains;
}

/**
 * Sends `query` unnamed, so PostgreSQL plans it for its parameters on every execution. A named
 * (prepared) statement may switch to a generic plan after five executions, and a generic plan
 * cannot see how selective a LIKE pattern is: it can walk a whole workspace's list index where the
 * trigram index reads a rare fragment's few leads.
 */
function plannedForItsParameters<T extends object>(query: T): T {
  (query as unknown as { options: { prepare?: boolean } }).options.prepare = false;
  return query;
}

/** A list entry: the keyset position and the Lead JSON, passed through to the response as is. */
export interface LeadPageRow {
  id: string;
  pos: number;
  doc: string;
}

/** The page's rows in list order; `page` yields their (id, created_at). */
const pageRows = (sql: Db, page: postgres.Fragment) => sql<LeadPageRow[]>`
  with page as (${page})
  select l.id, (extract(epoch from l.created_at) * 1000000)::int8 as pos, l.document as doc
  from leads l join page p on p.id = l.id
  order by p.created_at desc, p.id desc`;

/** The page among the leads of a `newest` CTE (newestLeads) that pass the list's filters. */
const pageOfNewest = (sql: Db, filters: postgres.Fragment, limit: number) => sql`
  select l.id, l.created_at from newest l
  where ${filters}
  order by l.created_at desc, l.id desc
  limit ${limit + 1}`;

/** The page among the newest `walk` leads. */
const walkNewest = (sql: Db, scope: postgres.Fragment[], filters: postgres.Fragment, walk: number, limit: number) =>
  pageRows(sql, sql`with newest as (${newestLeads(sql, scope, walk)}) ${pageOfNewest(sql, filters, limit)}`);

/**
 * The page among the newest FIRST_LOOK leads, and, when it is not full and there are fragments to
 * count, how many of those leads hold each fragment: one statement walks them once for both, since
 * a search that does not fill its page there goes to the trigram index next.
 */
async function firstLook(
  sql: Db,
  scope: postgres.Fragment[],
  filters: postgres.Fragment,
  limit: number,
  counted: string[],
): Promise<{ page: LeadPageRow[]; counts?: Record<string, number> }> {
  if (counted.length === 0) return { page: await walkNewest(sql, scope, filters, FIRST_LOOK, limit) };
  const rows = await sql<(LeadPageRow & Record<string, number>)[]>`
    with newest as materialized (${newestLeads(sql, scope, FIRST_LOOK)}),
    page as (${pageOfNewest(sql, filters, limit)}),
    counts as (select ${fragmentCounts(sql, counted)} from newest s where (select count(*) from page) <= ${limit})
    select p.id, (extract(epoch from p.created_at) * 1000000)::int8 as pos, l.document as doc, c.*
    from counts c left join (page p join leads l on l.id = p.id) on true
    order by p.created_at desc, p.id desc`;
  return { page: rows.filter((r) => r.id !== null), counts: rows[0] };
}

/**
 * One page, newest first; fetches limit + 1 rows so the caller knows whether more exist.
 * Equality filters (and the communication flags) have their own (workspace, column, created_at)
 * indexes and read the page straight off them. Search and updated_at bounds have no index in
 * list order, and a rare match would make the ordered scan walk the whole workspace: for them a
 * first pass walks only the newest NEWEST_WINDOW leads, checking every filter on the list index's
 * own entries (enough whenever matches are common), and only if that cannot fill the page does a
 * second pass collect every match through the filter's own indexes (trigram, phone, updated_at)
 * and sort just those.
 */
export async function listLeads(
  sql: Db,
  workspaceId: string,
  f: LeadFilter,
  limit: number,
  after?: [number, string],
): Promise<LeadPageRow[]> {
  const { scope, equal, updated, search } = leadConditions(sql, workspaceId, f, after);
  if (updated.length === 0 && search.length === 0) {
    return pageRows(
      sql,
      sql`
      select l.id, l.created_at from leads l
      where ${and(sql, [...scope, ...equal])}
      order by l.created_at desc, l.id desc
      limit ${limit + 1}`,
    );
  }
  const filters = and(sql, [...equal, ...updated, ...anyOf(sql, search)]);
  const terms = searchTerms(f);
  const choice = fragmentChoice(terms);
  let counts: Record<string, number> | undefined;
  if (!selectiveSearch(f)) {
    // A first look at the newest few: a common match fills the page there, and one that matches
    // too seldom to fill it from the whole window goes straight to its own indexes.
    const look = await firstLook(sql, scope, filters, limit, choice.counted);
    if (look.page.length > limit) return look.page;
    counts = look.counts;
    if (look.page.length * (NEWEST_WINDOW / FIRST_LOOK) > limit) {
      const window = await walkNewest(sql, scope, filters, NEWEST_WINDOW, limit);
      if (window.length > limit) return window;
    }
  }
  if (choice.counted.length && !counts) {
    [counts] = await sql<Record<string, number>[]>`
      select ${fragmentCounts(sql, choice.counted)} from (${newestLeads(sql, scope, FIRST_LOOK)}) s`;
  }
  // Each way of matching collects every match through its own index and keeps the newest; OFFSET
  // 0 plans the collection for all its rows, so the planner cannot turn it back into an ordered
  // walk hoping to stop early.
  const branches = search.length
    ? indexedSearchBranches(sql, f, terms, rarestFragments(choice, counts ?? {}))
    : [sql`true`];
  const newest = branches.map(
    (branch) => sql`(
    select id, created_at from (
      select l.id, l.created_at from leads l where ${and(sql, [...scope, ...equal, ...updated, branch])} offset 0) m
    order by created_at desc, id desc limit ${limit + 1})`,
  );
  return plannedForItsParameters(
    pageRows(
      sql,
      sql`
    select id, created_at from (${newest.reduce((a, b) => sql`${a} union ${b}`)}) m
    order by created_at desc, id desc limit ${limit + 1}`,
    ),
  );
}

/**
 * The limit-th matching lead and the one after it: two rows when more than `limit` match, the first
 * being the last one an export of `limit` holds. Unawaited, so an export can cancel it.
 */
export function exportBoundary(sql: Db, workspaceId: string, f: LeadFilter, limit: number, after?: [number, string]) {
  return sql<{ id: string; pos: number }[]>`
    select l.id, (extract(epoch from l.created_at) * 1000000)::int8 as pos
    from leads l
    where ${whereLeads(sql, workspaceId, f, after)}
    order by l.created_at desc, l.id desc
    offset ${limit - 1} limit 2`;
}

/** Matching leads, newest first, for an export to read through a cursor; unawaited, so it can cancel it. */
export function leadsToExport(sql: Db, workspaceId: string, f: LeadFilter, limit: number, after?: [number, string]) {
  return sql<LeadRow[]>`
    ${selectLeads(sql)}
    where ${whereLeads(sql, workspaceId, f, after)}
    order by l.created_at desc, l.id desc
    limit ${limit}`;
}
