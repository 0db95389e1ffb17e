import type postgres from 'postgres';
import type { Db } from './db.ts';

/** Rows group on the lead's effective first-touch source or campaign. */
export type Dimension = 'source' | 'campaign';

export interface AnalyticsScope {
  from: Date;
  to: Date;
  timezone: string;
  /** Group rows by this column. */
  dimension: Dimension;
  /** Restrict to one value of the other column (null: the value is null). */
  only?: { column: Dimension; value: string | null };
}

export interface DailyPoint {
  date: string;
  lead_count: number;
  conversion_count: number;
  prorated_spend_cents: number;
  form_count: number;
  call_count: number;
}

/** Everything measured for one row (or the summary); turned into AttributionMetrics by the API. */
export interface RowFigures {
  value: string | null;
  medium: string | null;
  lead_count: number;
  conversion_count: number;
  funnel_gap_count: number;
  revenue: number;
  avg_lead_to_sold_seconds: number | null;
  stage_counts: Map<string, number>;
  funnel_gap_stage_counts: Map<string, number>;
  form_count: number;
  call_count: number;
  answered_call_count: number;
  missed_call_count: number;
  call_duration_seconds_total: number;
  avg_call_duration_seconds: number | null;
  sms_inbound_count: number;
  sms_outbound_count: number;
  sms_inbound_thread_count: number;
  sms_responded_thread_count: number;
  automated_spend_cents: number;
  other_costs_cents: number;
  days: Map<string, DailyPoint>;
}

export interface StageRef {
  id: string;
  key: string;
  label: string;
  sort_order: number;
  is_conversion_stage: boolean;
  active: boolean;
}

const col = (sql: Db, alias: string, c: Dimension) => sql(`${alias}.${c}`);

function onlyFilter(sql: Db, alias: string, only: AnalyticsScope['only']) {
  if (!only) return sql``;
  return only.value === null ? sql`and ${col(sql, alias, only.column)} is null` : sql`and ${col(sql, alias, only.column)} = ${only.value}`;
}

/** The local calendar days that [from, to) touches in the timezone, as YYYY-MM-DD. */
export async function rangeDays(sql: Db, from: Date, to: Date, timezone: string): Promise<string[]> {
  const rows = await sql<{ date: string }[]>`
    select d::date::text as date
    from generate_series((${from}::timestamptz at time zone ${timezone})::date::timestamp,
                         ((${to}::timestamptz - interval '1 microsecond') at time zone ${timezone})::date::timestamp,
                         interval '1 day') d`;
  return rows.map((r) => r.date);
}

export async function listAllStages(sql: Db, workspaceId: string): Promise<StageRef[]> {
  return sql<StageRef[]>`
    select id, key, label, sort_order, is_conversion_stage, active from pipeline_stages
    where workspace_id = ${workspaceId} order by sort_order, id`;
}

/** Whether the workspace has ever seen this value: on an active lead, a spend record or a form. */
export async function attributionValueExists(sql: Db, workspaceId: string, column: Dimension, value: string | null): Promise<boolean> {
  const match = (alias: string) => (value === null ? sql`${col(sql, alias, column)} is null` : sql`${col(sql, alias, column)} = ${value}`);
  const [row] = await sql<{ found: boolean }[]>`
    select exists (select 1 from leads l where l.workspace_id = ${workspaceId} and l.deleted_at is null and ${match('l')})
        or exists (select 1 from spend_records s where s.workspace_id = ${workspaceId} and ${match('s')})
        or exists (select 1 from events e where e.workspace_id = ${workspaceId} and e.type = 'form_submission' and ${match('e')})
      as found`;
  return row!.found;
}

interface LeadAggRow {
  k: string | null;
  stage_id: string;
  day: string;
  lead_count: number;
  conversion_count: number;
  funnel_gap_count: number;
  revenue: string | null;
  sold_seconds: number | null;
  min_medium: string | null;
  max_medium: string | null;
  medium_count: number;
}

/**
 * One pass over the leads created in the range, grouped by row, stage and local day: a few
 * thousand groups at most, which attributionFigures folds into rows, stages, days and the
 * summary (every figure is a sum, count, min or max, so folding is exact).
 */
export async function aggregateLeads(sql: Db, workspaceId: string, s: AnalyticsScope): Promise<LeadAggRow[]> {
  return sql<LeadAggRow[]>`
    select k, stage_id, day::text as day,
           count(*)::int as lead_count,
           count(converted_at)::int as conversion_count,
           count(*) filter (where gap)::int as funnel_gap_count,
           sum(sales_value) filter (where converted_at is not null)::text as revenue,
           sum(extract(epoch from converted_at - created_at))::float8 as sold_seconds,
           min(medium) as min_medium, max(medium) as max_medium, count(medium)::int as medium_count
    from (
      select ${col(sql, 'l', s.dimension)} as k, l.medium, l.stage_id, l.converted_at, l.created_at, l.sales_value,
             l.funnel_gap as gap, (l.created_at at time zone ${s.timezone})::date as day
      from leads l
      where l.workspace_id = ${workspaceId} and l.deleted_at is null
        and l.created_at >= ${s.from} and l.created_at < ${s.to} ${onlyFilter(sql, 'l', s.only)}
    ) l
    group by k, stage_id, day`;
}

/** Leads per skipped stage, per row and overall. */
export async function aggregateFunnelGaps(sql: Db, workspaceId: string, s: AnalyticsScope) {
  return sql<{ g: number; k: string | null; stage: string; n: number }[]>`
    select grouping(k) as g, k, stage, count(*)::int as n
    from (
      select ${col(sql, 'l', s.dimension)} as k, st.stage
      from leads l cross join jsonb_array_elements_text(l.funnel_gap_summary->'skipped_stages') as st(stage)
      where l.workspace_id = ${workspaceId} and l.deleted_at is null
        and l.created_at >= ${s.from} and l.created_at < ${s.to} ${onlyFilter(sql, 'l', s.only)}
        and l.funnel_gap
    ) x
    group by grouping sets ((k, stage), (stage))`;
}

interface CommunicationAggRow {
  k: string | null;
  day: string;
  call_count: number;
  answered_call_count: number;
  missed_call_count: number;
  call_duration_seconds_total: number;
  timed_call_count: number;
  sms_inbound_count: number;
  sms_outbound_count: number;
}

const inRangeLeads = (sql: Db, workspaceId: string, s: AnalyticsScope) => sql`
  select l.id, ${col(sql, 'l', s.dimension)} as k from leads l
  where l.workspace_id = ${workspaceId} and l.deleted_at is null
    and l.created_at >= ${s.from} and l.created_at < ${s.to} ${onlyFilter(sql, 'l', s.only)}`;

/** Approved calls and SMS that started in the range, of leads created in the range, per row and local day. */
export async function aggregateCommunications(sql: Db, workspaceId: string, s: AnalyticsScope): Promise<CommunicationAggRow[]> {
  return sql<CommunicationAggRow[]>`
    select l.k, (c.started_at at time zone ${s.timezone})::date::text as day,
           count(*) filter (where c.channel = 'call')::int as call_count,
           count(*) filter (where c.channel = 'call' and c.status = 'answered')::int as answered_call_count,
           count(*) filter (where c.channel = 'call' and c.status in ('missed', 'voicemail'))::int as missed_call_count,
           coalesce(sum(c.duration_seconds) filter (where c.channel = 'call'), 0)::int8 as call_duration_seconds_total,
           count(c.duration_seconds) filter (where c.channel = 'call')::int as timed_call_count,
           count(*) filter (where c.channel = 'sms' and c.direction = 'inbound')::int as sms_inbound_count,
           count(*) filter (where c.channel = 'sms' and c.direction = 'outbound')::int as sms_outbound_count
    from communications c
    join (${inRangeLeads(sql, workspaceId, s)}) l on l.id = c.lead_id
    where c.workspace_id = ${workspaceId} and c.approved and c.started_at >= ${s.from} and c.started_at < ${s.to}
    group by 1, 2`;
}

/**
 * SMS threads (thread_id, else the lead) of the same messages, per row: those with an inbound
 * message, and those with an outbound reply after their first inbound one.
 */
export async function aggregateSmsThreads(sql: Db, workspaceId: string, s: AnalyticsScope) {
  return sql<{ k: string | null; sms_inbound_thread_count: number; sms_responded_thread_count: number }[]>`
    select k,
           count(*) filter (where first_in is not null)::int as sms_inbound_thread_count,
           count(*) filter (where last_out > first_in)::int as sms_responded_thread_count
    from (
      select l.k, coalesce(c.thread_id, 'lead:' || c.lead_id) as thread,
             min(c.started_at) filter (where c.direction = 'inbound') as first_in,
             max(c.started_at) filter (where c.direction = 'outbound') as last_out
      from communications c
      join (${inRangeLeads(sql, workspaceId, s)}) l on l.id = c.lead_id
      where c.workspace_id = ${workspaceId} and c.approved and c.channel = 'sms'
        and c.started_at >= ${s.from} and c.started_at < ${s.to}
      group by 1, 2
    ) t
    group by k`;
}

/** Form submissions that happened in the range, by the attribution they were recorded under. */
export async function aggregateForms(sql: Db, workspaceId: string, s: AnalyticsScope) {
  return sql<{ g: number; k: string | null; day: string | null; n: number }[]>`
    select grouping(k, day) as g, k, day, count(*)::int as n
    from (
      select ${col(sql, 'e', s.dimension)} as k, (e.occurred_at at time zone ${s.timezone})::date::text as day
      from events e
      where e.workspace_id = ${workspaceId} and e.type = 'form_submission'
        and e.occurred_at >= ${s.from} and e.occurred_at < ${s.to} ${onlyFilter(sql, 'e', s.only)}
    ) x
    group by grouping sets ((k), (k, day), (), (day))`;
}

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

/**
 * Spend prorated to each local day of the range by overlap time (see proratedCents). Each record
 * expands only to the local days it overlaps, so the work grows with spend, not spend × days.
 */
export async function prorateSpend(sql: Db, workspaceId: string, s: AnalyticsScope) {
  const tz = s.timezone;
  return sql<{ k: string | null; kind: 'automated' | 'other'; day: string; cents: number }[]>`
    select k, kind, day::date::text as day, sum(${proratedCents(sql, sql`greatest(day::timestamp at time zone ${tz}, ${s.from}::timestamptz)`, sql`least((day + interval '1 day')::timestamp at time zone ${tz}, ${s.to}::timestamptz)`)})::int8 as cents
    from (
      select ${col(sql, 's', s.dimension)} as k, s.kind, s.amount_cents, s.starts_at, s.ends_at, day
      from spend_records s
      cross join lateral generate_series((greatest(s.starts_at, ${s.from}::timestamptz) at time zone ${tz})::date::timestamp,
                                         ((least(s.ends_at, ${s.to}::timestamptz) - interval '1 microsecond') at time zone ${tz})::date::timestamp,
                                         interval '1 day') day
      where s.workspace_id = ${workspaceId} and s.starts_at < ${s.to} and s.ends_at > ${s.from} ${onlyFilter(sql, 's', s.only)}
    ) s
    group by 1, 2, 3`;
}

function blank(value: string | null, days: string[]): RowFigures {
  return {
    value, medium: null, lead_count: 0, conversion_count: 0, funnel_gap_count: 0, revenue: 0, avg_lead_to_sold_seconds: null,
    stage_counts: new Map(), funnel_gap_stage_counts: new Map(), form_count: 0, call_count: 0, answered_call_count: 0,
    missed_call_count: 0, call_duration_seconds_total: 0, avg_call_duration_seconds: null, sms_inbound_count: 0,
    sms_outbound_count: 0, sms_inbound_thread_count: 0, sms_responded_thread_count: 0, automated_spend_cents: 0, other_costs_cents: 0,
    days: new Map(days.map((date) => [date, { date, lead_count: 0, conversion_count: 0, prorated_spend_cents: 0, form_count: 0, call_count: 0 }])),
  };
}

export interface AttributionFigures {
  days: string[];
  stages: StageRef[];
  rows: RowFigures[];
  summary: RowFigures;
}

/** Every figure of every row of the scope and of their summary, from live data. */
export async function attributionFigures(sql: Db, workspaceId: string, s: AnalyticsScope): Promise<AttributionFigures> {
  const [days, stages, leads, gaps, comms, threads, forms, spend] = await Promise.all([
    rangeDays(sql, s.from, s.to, s.timezone),
    listAllStages(sql, workspaceId),
    aggregateLeads(sql, workspaceId, s),
    aggregateFunnelGaps(sql, workspaceId, s),
    aggregateCommunications(sql, workspaceId, s),
    aggregateSmsThreads(sql, workspaceId, s),
    aggregateForms(sql, workspaceId, s),
    prorateSpend(sql, workspaceId, s),
  ]);
  const stageKey = new Map(stages.map((st) => [st.id, st.key]));
  const summary = blank(null, days);
  const rows = new Map<string | null, RowFigures>();
  const row = (k: string | null) => {
    let r = rows.get(k);
    if (!r) rows.set(k, (r = blank(k, days)));
    return r;
  };
  const add = (r: RowFigures, day: string | null, field: 'lead_count' | 'conversion_count' | 'prorated_spend_cents' | 'form_count' | 'call_count', n: number) => {
    const point = day === null ? undefined : r.days.get(day);
    if (point) point[field] += n;
  };
  // Sums behind the averages and the single-medium test, per row and for the summary.
  const extra = new Map<RowFigures, { sold: number; timed: number; minMedium: string | null; maxMedium: string | null; media: number }>();
  const extraOf = (r: RowFigures) => {
    let e = extra.get(r);
    if (!e) extra.set(r, (e = { sold: 0, timed: 0, minMedium: null, maxMedium: null, media: 0 }));
    return e;
  };

  for (const a of leads) {
    const key = stageKey.get(a.stage_id)!;
    for (const t of [row(a.k), summary]) {
      t.lead_count += a.lead_count;
      t.conversion_count += a.conversion_count;
      t.funnel_gap_count += a.funnel_gap_count;
      t.revenue += Number(a.revenue ?? 0);
      t.stage_counts.set(key, (t.stage_counts.get(key) ?? 0) + a.lead_count);
      add(t, a.day, 'lead_count', a.lead_count);
      add(t, a.day, 'conversion_count', a.conversion_count);
      const e = extraOf(t);
      e.sold += a.sold_seconds ?? 0;
      e.media += a.medium_count;
      if (a.min_medium !== null && (e.minMedium === null || a.min_medium < e.minMedium)) e.minMedium = a.min_medium;
      if (a.max_medium !== null && (e.maxMedium === null || a.max_medium > e.maxMedium)) e.maxMedium = a.max_medium;
    }
  }
  for (const g of gaps) (g.g & 1 ? summary : row(g.k)).funnel_gap_stage_counts.set(g.stage, g.n);
  for (const c of comms) {
    for (const t of [row(c.k), summary]) {
      t.call_count += c.call_count;
      t.answered_call_count += c.answered_call_count;
      t.missed_call_count += c.missed_call_count;
      t.call_duration_seconds_total += c.call_duration_seconds_total;
      t.sms_inbound_count += c.sms_inbound_count;
      t.sms_outbound_count += c.sms_outbound_count;
      extraOf(t).timed += c.timed_call_count;
      add(t, c.day, 'call_count', c.call_count);
    }
  }
  for (const th of threads) {
    for (const t of [row(th.k), summary]) {
      t.sms_inbound_thread_count += th.sms_inbound_thread_count;
      t.sms_responded_thread_count += th.sms_responded_thread_count;
    }
  }
  for (const [t, e] of extra) {
    t.avg_lead_to_sold_seconds = t.conversion_count ? e.sold / t.conversion_count : null;
    t.avg_call_duration_seconds = e.timed ? t.call_duration_seconds_total / e.timed : null;
    t.medium = e.media === t.lead_count && e.minMedium === e.maxMedium ? e.minMedium : null;
  }
  for (const f of forms) {
    const target = f.g & 2 ? summary : row(f.k);
    if (f.g & 1) target.form_count = f.n;
    else add(target, f.day, 'form_count', f.n);
  }
  for (const p of spend) {
    for (const target of [row(p.k), summary]) {
      if (p.kind === 'automated') target.automated_spend_cents += p.cents;
      else target.other_costs_cents += p.cents;
      add(target, p.day, 'prorated_spend_cents', p.cents);
    }
  }
  return { days, stages, rows: [...rows.values()], summary };
}
