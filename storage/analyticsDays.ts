import type postgres from 'postgres';
import type { Db } from './db.ts';

/**
 * The figures of attribution analytics, per local day and per (source, campaign) pair, over any
 * set of time windows. The day cache stores them for whole days (analyticsCache.ts) and the
 * queries of analytics.ts compute the rest of a range with the same fragments, so a cached day
 * and a live one are the same numbers by construction.
 *
 * Each fragment yields `win_day`, the local day whose [lo, hi) holds the row's instant (the
 * cache files the row under it), and `day`, the local date the trends show; they differ only in
 * zones whose midnight happens twice.
 */

/** Rows group on the lead's effective first-touch source or campaign. */
export type Dimension = 'source' | 'campaign';
/** Restrict to one value of a column (null: the value is null). */
export type Only = { column: Dimension; value: string | null } | undefined;

/** [lo, hi) in UTC. */
export interface Window {
  lo: Date;
  hi: Date;
}

export const col = (sql: Db, alias: string, c: Dimension) => sql(`${alias}.${c}`);

export function onlyFilter(sql: Db, alias: string, only: Only) {
  if (!only) return sql``;
  return only.value === null
    ? sql`and ${col(sql, alias, only.column)} is null`
    : sql`and ${col(sql, alias, only.column)} = ${only.value}`;
}

/** The windows as a relation w(lo, hi). */
function windowsRelation(sql: Db, windows: Window[]) {
  return sql`unnest(${windows.map((w) => w.lo.toISOString())}::timestamptz[], ${windows.map((w) => w.hi.toISOString())}::timestamptz[]) w(lo, hi)`;
}

/**
 * `query` for each window, concatenated: one index range per window with its own bounds (a
 * join with a list of windows would make the planner scan the whole workspace).
 */
function eachWindow(sql: Db, windows: Window[], query: (w: Window) => postgres.Fragment) {
  const list = windows.length ? windows : [{ lo: new Date(0), hi: new Date(0) }];
  return list.map(query).reduce((all, q) => sql`${all} union all ${q}`);
}

const localDay = (sql: Db, t: postgres.Fragment, tz: string) => sql`(${t} at time zone ${tz})::date`;

/** The local day whose [midnight, next midnight) holds t: its date, or the day before when t precedes that date's (second) midnight. */
const windowDay = (sql: Db, t: postgres.Fragment, tz: string) =>
  sql`(${localDay(sql, t, tz)} - ((${localDay(sql, t, tz)}::timestamp at time zone ${tz}) > ${t})::int)`;

/**
 * The cents of spend record `s` that fall in [lo, hi): C(hi) − C(lo) with
 * C(t) = round(amount × elapsed(t) / duration), cumulative rounding, so the pieces of any split
 * of a range (days, months, any timezone) add up exactly to the whole.
 */
export function proratedCents(sql: Db, lo: postgres.Fragment, hi: postgres.Fragment) {
  // float8 epochs: C is deterministic, which is all the telescoping needs, and far cheaper than numeric.
  const share = (t: postgres.Fragment) => sql`round(s.amount_cents
    * (least(greatest(date_part('epoch', ${t}), date_part('epoch', s.starts_at)), date_part('epoch', s.ends_at)) - date_part('epoch', s.starts_at))
    / (date_part('epoch', s.ends_at) - date_part('epoch', s.starts_at)))`;
  return sql`(${share(hi)} - ${share(lo)})`;
}

export interface FigureFragments {
  workspaceId: string;
  timezone: string;
  only?: Only;
}

/** Active leads created in the windows: l(id, created_at, source, campaign, …) for the fragments below. */
export function leadsIn(sql: Db, f: FigureFragments, windows: Window[]) {
  return eachWindow(
    sql,
    windows,
    (w) => sql`
    select l.* from leads l
    where l.workspace_id = ${f.workspaceId} and l.deleted_at is null and l.created_at >= ${w.lo} and l.created_at < ${w.hi}
      ${onlyFilter(sql, 'l', f.only)}`,
  );
}

/** Active leads created in `range` outside the windows `except`, as a relation like leadsIn's. */
export function leadsOutside(sql: Db, f: FigureFragments, range: Window, except: Window[]) {
  return sql`
    select l.* from leads l
    where l.workspace_id = ${f.workspaceId} and l.deleted_at is null and l.created_at >= ${range.lo} and l.created_at < ${range.hi}
      and not exists (select 1 from ${windowsRelation(sql, except)} where l.created_at >= w.lo and l.created_at < w.hi)
      ${onlyFilter(sql, 'l', f.only)}`;
}

export const LEAD_COLUMNS = [
  'lead_count',
  'conversion_count',
  'funnel_gap_count',
  'revenue',
  'sold_seconds',
  'min_medium',
  'max_medium',
  'medium_count',
];

/** Leads by day, pair and current stage. Revenue and lead-to-sold seconds are exact numeric sums. */
export function leadDays(sql: Db, f: FigureFragments, windows: Window[]) {
  const tz = f.timezone;
  return eachWindow(
    sql,
    windows,
    (w) => sql`
    select ${windowDay(sql, sql`l.created_at`, tz)} as win_day, ${localDay(sql, sql`l.created_at`, tz)} as day,
           l.source, l.campaign, l.stage_id,
           count(*)::int as lead_count,
           count(l.converted_at)::int as conversion_count,
           count(*) filter (where l.funnel_gap)::int as funnel_gap_count,
           sum(l.sales_value) filter (where l.converted_at is not null) as revenue,
           sum(extract(epoch from l.converted_at - l.created_at)) as sold_seconds,
           min(l.medium) as min_medium, max(l.medium) as max_medium, count(l.medium)::int as medium_count
    from leads l
    where l.workspace_id = ${f.workspaceId} and l.deleted_at is null and l.created_at >= ${w.lo} and l.created_at < ${w.hi}
      ${onlyFilter(sql, 'l', f.only)}
    group by 1, 2, l.source, l.campaign, l.stage_id`,
  );
}

/** Leads per skipped funnel stage (of the leads with a gap), by creation day and pair. */
export function funnelGapDays(sql: Db, f: FigureFragments, windows: Window[]) {
  return eachWindow(
    sql,
    windows,
    (w) => sql`
    select ${windowDay(sql, sql`l.created_at`, f.timezone)} as win_day, l.source, l.campaign, st.stage, count(*)::int as n
    from leads l cross join jsonb_array_elements_text(l.funnel_gap_summary->'skipped_stages') as st(stage)
    where l.workspace_id = ${f.workspaceId} and l.deleted_at is null and l.funnel_gap
      and l.created_at >= ${w.lo} and l.created_at < ${w.hi} ${onlyFilter(sql, 'l', f.only)}
    group by 1, l.source, l.campaign, st.stage`,
  );
}

/** Form submissions by day and the attribution they were recorded under. */
export function formDays(sql: Db, f: FigureFragments, windows: Window[]) {
  const tz = f.timezone;
  return eachWindow(
    sql,
    windows,
    (w) => sql`
    select ${windowDay(sql, sql`e.occurred_at`, tz)} as win_day, ${localDay(sql, sql`e.occurred_at`, tz)} as day, e.source, e.campaign, count(*)::int as form_count
    from events e
    where e.workspace_id = ${f.workspaceId} and e.type = 'form_submission' and e.occurred_at >= ${w.lo} and e.occurred_at < ${w.hi}
      ${onlyFilter(sql, 'e', f.only)}
    group by 1, 2, e.source, e.campaign`,
  );
}

/**
 * Spend prorated to each local day of the windows by overlap time (see proratedCents), by kind. Each
 * record expands only to the local days it overlaps, so the work grows with spend, not spend × days.
 */
export function spendDays(sql: Db, f: FigureFragments, windows: Window[]) {
  const tz = f.timezone;
  const day = sql`s.day::timestamp at time zone ${tz}`;
  const dayEnd = sql`(s.day + 1)::timestamp at time zone ${tz}`;
  return eachWindow(sql, windows, (w) => {
    const cents = proratedCents(
      sql,
      sql`greatest(${day}, ${w.lo}::timestamptz)`,
      sql`least(${dayEnd}, ${w.hi}::timestamptz)`,
    );
    return sql`
      select s.day as win_day, s.day, s.source, s.campaign,
             coalesce(sum(${cents}) filter (where s.kind = 'automated'), 0)::int8 as automated_cents,
             coalesce(sum(${cents}) filter (where s.kind = 'other'), 0)::int8 as other_cents
      from (
        select s.source, s.campaign, s.kind, s.amount_cents, s.starts_at, s.ends_at, d::date as day
        from spend_records s
        cross join lateral generate_series((greatest(s.starts_at, ${w.lo}::timestamptz) at time zone ${tz})::date::timestamp,
                                           ((least(s.ends_at, ${w.hi}::timestamptz) - interval '1 microsecond') at time zone ${tz})::date::timestamp,
                                           interval '1 day') d
        where s.workspace_id = ${f.workspaceId} and s.starts_at < ${w.hi} and s.ends_at > ${w.lo} ${onlyFilter(sql, 's', f.only)}
      ) s
      group by s.day, s.source, s.campaign`;
  });
}

export const COMMUNICATION_COLUMNS = [
  'call_count',
  'answered_call_count',
  'missed_call_count',
  'call_duration_seconds_total',
  'timed_call_count',
  'sms_inbound_count',
  'sms_outbound_count',
];

/**
 * Approved calls and SMS of the leads `leads` (a relation l) that meet `started`, by the lead's
 * creation day and pair and the day the communication started.
 */
export function communicationDays(sql: Db, f: FigureFragments, leads: postgres.Fragment, started: postgres.Fragment) {
  const tz = f.timezone;
  return sql`
    select ${windowDay(sql, sql`l.created_at`, tz)} as win_day, ${localDay(sql, sql`c.started_at`, tz)} as day,
           ${windowDay(sql, sql`c.started_at`, tz)} as started_day, l.source, l.campaign,
           count(*) filter (where c.channel = 'call')::int as call_count,
           count(*) filter (where c.channel = 'call' and c.status = 'answered')::int as answered_call_count,
           count(*) filter (where c.channel = 'call' and c.status in ('missed', 'voicemail'))::int as missed_call_count,
           coalesce(sum(c.duration_seconds) filter (where c.channel = 'call'), 0)::int8 as call_duration_seconds_total,
           count(c.duration_seconds) filter (where c.channel = 'call')::int as timed_call_count,
           count(*) filter (where c.channel = 'sms' and c.direction = 'inbound')::int as sms_inbound_count,
           count(*) filter (where c.channel = 'sms' and c.direction = 'outbound')::int as sms_outbound_count
    from (${leads}) l
    join communications c on c.workspace_id = ${f.workspaceId} and c.lead_id = l.id and c.approved ${started}
    group by 1, 2, 3, l.source, l.campaign`;
}

/** An SMS's thread: its thread_id, else its lead. */
export const thread = (sql: Db) => sql`coalesce(c.thread_id, 'lead:' || c.lead_id)`;

/**
 * The SMS threads of leads created in the windows, over all their approved messages, one row per
 * thread and creation day and pair of its leads: its first inbound and last outbound message,
 * the local days of its first and last message, and whether it has SMS of another lead too.
 */
export function smsThreadDays(sql: Db, f: FigureFragments, windows: Window[]) {
  const tz = f.timezone;
  return sql`
    select win_day, source, campaign, first_in, last_out, ${windowDay(sql, sql`first_at`, tz)} as first_day,
           ${windowDay(sql, sql`last_at`, tz)} as last_day, shared
    from (
      select ${windowDay(sql, sql`l.created_at`, tz)} as win_day, l.source, l.campaign, ${thread(sql)} as thread,
             min(c.started_at) filter (where c.direction = 'inbound') as first_in,
             max(c.started_at) filter (where c.direction = 'outbound') as last_out,
             min(c.started_at) as first_at, max(c.started_at) as last_at,
             bool_or(c.thread_id is not null and exists (
               select 1 from communications o
               where o.workspace_id = ${f.workspaceId} and o.thread_id = c.thread_id and o.lead_id <> c.lead_id)) as shared
      from (${leadsIn(sql, f, windows)}) l
      join communications c on c.workspace_id = ${f.workspaceId} and c.lead_id = l.id and c.approved and c.channel = 'sms'
      group by 1, 2, 3, 4
    ) t`;
}
