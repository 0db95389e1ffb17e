import type postgres from 'postgres';
import type { Db, Sql } from './db.ts';
import {
  COMMUNICATION_COLUMNS,
  LEAD_COLUMNS,
  col,
  communicationDays,
  formDays,
  funnelGapDays,
  leadDays,
  leadsIn,
  leadsOutside,
  onlyFilter,
  spendDays,
  thread,
  type Dimension,
  type FigureFragments,
  type Only,
  type Window,
} from './analyticsDays.ts';
import { fillDays, runs, wholeDays, type WholeDay } from './analyticsCache.ts';

export type { Dimension } from './analyticsDays.ts';

export interface AnalyticsScope {
  from: Date;
  to: Date;
  timezone: string;
  /** Group rows by this column. */
  dimension: Dimension;
  /** Restrict to one value of the other column (null: the value is null). */
  only?: Only;
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
export async function attributionValueExists(
  sql: Db,
  workspaceId: string,
  column: Dimension,
  value: string | null,
): Promise<boolean> {
  const match = (alias: string) =>
    value === null ? sql`${col(sql, alias, column)} is null` : sql`${col(sql, alias, column)} = ${value}`;
  const [row] = await sql<{ found: boolean }[]>`
    select exists (select 1 from leads l where l.workspace_id = ${workspaceId} and l.deleted_at is null and ${match('l')})
        or exists (select 1 from spend_records s where s.workspace_id = ${workspaceId} and ${match('s')})
        or exists (select 1 from events e where e.workspace_id = ${workspaceId} and e.type = 'form_submission' and ${match('e')})
      as found`;
  return row!.found;
}

/**
 * Where a range's figures come from: the valid cached days, and the rest of [from, to) computed
 * live. Calls and SMS count when they and their lead are both in the range, so those of cached
 * leads that started outside the whole days (`edges`) are live too; SMS threads are live for the
 * leads of live days and of cached days whose threads reach beyond the whole days.
 */
interface Parts {
  fragments: FigureFragments;
  /** Which pair grouping of the cached rows the scope reads (analytics_day_* grain). */
  grain: number;
  cached: number[];
  live: Window[];
  edges: Window[];
  whole: { first: string; last: string } | null;
  threadsCached: number[];
  threadsLive: Window[];
}

function partsOf(workspaceId: string, s: AnalyticsScope, days: WholeDay[]): Parts {
  const cached = days.filter((d) => d.id !== null);
  const live: Window[] = [];
  let at = s.from;
  for (const d of [...cached, { lo: s.to, hi: s.to }]) {
    if (d.lo > at) live.push({ lo: at, hi: d.lo });
    at = d.hi;
  }
  const first = days[0];
  const last = days.at(-1);
  const edges =
    !first || !last
      ? [{ lo: s.from, hi: s.to }]
      : [
          { lo: s.from, hi: first.lo },
          { lo: last.hi, hi: s.to },
        ].filter((w) => w.lo < w.hi);
  const whole = first && last ? { first: first.day, last: last.day } : null;
  const threadsOutside = (d: WholeDay) =>
    d.sms_shared ||
    (d.sms_first_day !== null && d.sms_first_day < whole!.first) ||
    (d.sms_last_day !== null && d.sms_last_day > whole!.last);
  const liveThreadDays = cached.filter(threadsOutside);
  return {
    fragments: { workspaceId, timezone: s.timezone, only: s.only },
    grain: s.only ? 0 : s.dimension === 'source' ? 1 : 2,
    cached: cached.map((d) => d.id!),
    live,
    edges,
    whole,
    threadsCached: cached.filter((d) => !threadsOutside(d)).map((d) => d.id!),
    threadsLive: runs([...live, ...liveThreadDays].sort((a, b) => a.lo.getTime() - b.lo.getTime())),
  };
}

const ids = (list: number[]) => list.map(String);

/** The cached rows of `table` in the scope's grouping and the live rows `live`, as relation u(k, …columns). */
function cachedAndLive(
  sql: Db,
  s: AnalyticsScope,
  p: Parts,
  table: string,
  columns: string[],
  live: postgres.Fragment,
  cachedFilter = sql``,
) {
  return sql`(
    select ${col(sql, 'x', s.dimension)} as k, ${sql(columns.map((c) => `x.${c}`))} from ${sql(table)} x
    where x.day_id = any(${ids(p.cached)}::int8[]) and x.grain = ${p.grain} ${onlyFilter(sql, 'x', s.only)} ${cachedFilter}
    union all
    select ${col(sql, 'f', s.dimension)} as k, ${sql(columns.map((c) => `f.${c}`))} from (${live}) f
  ) u`;
}

/** Every per-day figure column, typed: each family's relation (aggregateFigures) pads the others' with nulls. */
const FIGURE_COLUMNS: [string, string][] = [
  ['day', 'date'],
  ['stage_id', 'text'],
  ['lead_count', 'int'],
  ['conversion_count', 'int'],
  ['funnel_gap_count', 'int'],
  ['revenue', 'numeric'],
  ['sold_seconds', 'numeric'],
  ['min_medium', 'text'],
  ['max_medium', 'text'],
  ['medium_count', 'int'],
  ['form_count', 'int'],
  ['automated_cents', 'int8'],
  ['other_cents', 'int8'],
  ...COMMUNICATION_COLUMNS.map((c): [string, string] => [c, c === 'call_duration_seconds_total' ? 'int8' : 'int']),
];

/**
 * Leads, forms, spend, calls and SMS of the range in two kinds of rows per row key k: day rows
 * (day set) with what the daily trends need, and total rows (day null), one per current stage
 * for the leads (stage_id set) and one for the rest. Every total is summed in SQL, so revenue
 * and lead-to-sold seconds are exact numeric sums until their one conversion to a number.
 */
interface FigureRow {
  k: string | null;
  day: string | null;
  stage_id: string | null;
  lead_count: number | null;
  conversion_count: number | null;
  form_count: number | null;
  automated_cents: number | null;
  other_cents: number | null;
  call_count: number | null;
  funnel_gap_count: number | null;
  revenue: string | null;
  sold_seconds: number | null;
  /** The medium of all the group's leads when they share one, else null. */
  medium: string | null;
  answered_call_count: number | null;
  missed_call_count: number | null;
  call_duration_seconds_total: number | null;
  timed_call_count: number | null;
  sms_inbound_count: number | null;
  sms_outbound_count: number | null;
}

const startedIn = (sql: Db, windows: Window[]) =>
  sql`and (${windows.reduce((cond, w) => sql`${cond} or (c.started_at >= ${w.lo} and c.started_at < ${w.hi})`, sql`false`)})`;

async function aggregateFigures(sql: Db, s: AnalyticsScope, p: Parts): Promise<FigureRow[]> {
  const f = p.fragments;
  const range = { lo: s.from, hi: s.to };
  // Calls and SMS: cached under whole days of their leads when they started in the whole days;
  // live for the leads of live windows, and for cached leads' ones that started at the edges.
  const liveCommunications = sql`
    ${communicationDays(sql, f, leadsIn(sql, f, p.live), startedIn(sql, [range]))}
    union all
    ${communicationDays(sql, f, leadsOutside(sql, f, range, p.live), startedIn(sql, p.edges))}`;
  // One family's cached and live rows, padded with nulls to every figure column.
  const family = (table: string, columns: string[], live: postgres.Fragment, cachedFilter?: postgres.Fragment) => sql`
    select k, ${sql.unsafe(FIGURE_COLUMNS.map(([c, type]) => (columns.includes(c) ? c : `null::${type} as ${c}`)).join(', '))}
    from ${cachedAndLive(sql, s, p, table, columns, live, cachedFilter)}`;
  const families = [
    family('analytics_day_leads', ['stage_id', 'day', ...LEAD_COLUMNS], leadDays(sql, f, p.live)),
    family('analytics_day_forms', ['day', 'form_count'], formDays(sql, f, p.live)),
    family('analytics_day_spend', ['day', 'automated_cents', 'other_cents'], spendDays(sql, f, p.live)),
    family(
      'analytics_day_communications',
      ['day', ...COMMUNICATION_COLUMNS],
      liveCommunications,
      sql`and x.started_day between ${p.whole?.first ?? null}::date and ${p.whole?.last ?? null}::date`,
    ),
  ];
  const total = (expression: string, as: string) =>
    sql.unsafe(`case when grouping(day) = 1 then ${expression} end as ${as}`);
  return sql<FigureRow[]>`
    select k, day::text as day, stage_id,
           sum(lead_count)::int as lead_count, sum(conversion_count)::int as conversion_count, sum(form_count)::int as form_count,
           sum(automated_cents)::int8 as automated_cents, sum(other_cents)::int8 as other_cents, sum(call_count)::int as call_count,
           ${total('sum(funnel_gap_count)::int', 'funnel_gap_count')}, ${total('sum(revenue)::text', 'revenue')},
           ${total('sum(sold_seconds)::float8', 'sold_seconds')},
           ${total('case when sum(medium_count) = sum(lead_count) and min(min_medium) = max(max_medium) then min(min_medium) end', 'medium')},
           ${total('sum(answered_call_count)::int', 'answered_call_count')}, ${total('sum(missed_call_count)::int', 'missed_call_count')},
           ${total('sum(call_duration_seconds_total)::int8', 'call_duration_seconds_total')}, ${total('sum(timed_call_count)::int', 'timed_call_count')},
           ${total('sum(sms_inbound_count)::int', 'sms_inbound_count')}, ${total('sum(sms_outbound_count)::int', 'sms_outbound_count')}
    from (${families.reduce((all, family) => sql`${all} union all ${family}`)}) u
    group by grouping sets ((k, day), (k, stage_id))`;
}

/** Leads per skipped stage, per row and overall. */
async function aggregateFunnelGaps(sql: Db, s: AnalyticsScope, p: Parts) {
  return sql<{ g: number; k: string | null; stage: string; n: number }[]>`
    select grouping(k) as g, k, stage, sum(n)::int as n
    from ${cachedAndLive(sql, s, p, 'analytics_day_gaps', ['stage', 'n'], funnelGapDays(sql, p.fragments, p.live))}
    group by grouping sets ((k, stage), (stage))`;
}

/**
 * SMS threads (thread_id, else the lead) of the same messages, per row: those with an inbound
 * message, and those with an outbound reply after their first inbound one.
 */
async function aggregateSmsThreads(sql: Db, s: AnalyticsScope, p: Parts) {
  return sql<{ k: string | null; sms_inbound_thread_count: number; sms_responded_thread_count: number }[]>`
    select k, sum(inbound)::int as sms_inbound_thread_count, sum(responded)::int as sms_responded_thread_count
    from (
      select ${col(sql, 'x', s.dimension)} as k, x.inbound_thread_count as inbound, x.responded_thread_count as responded
      from analytics_day_sms_threads x
      where x.day_id = any(${ids(p.threadsCached)}::int8[]) and x.grain = ${p.grain} ${onlyFilter(sql, 'x', s.only)}
      union all
      select k, count(*) filter (where first_in is not null), count(*) filter (where last_out > first_in)
      from (
        select ${col(sql, 'l', s.dimension)} as k, ${thread(sql)} as thread,
               min(c.started_at) filter (where c.direction = 'inbound') as first_in,
               max(c.started_at) filter (where c.direction = 'outbound') as last_out
        from (${leadsIn(sql, p.fragments, p.threadsLive)}) l
        join communications c on c.workspace_id = ${p.fragments.workspaceId} and c.lead_id = l.id and c.approved and c.channel = 'sms'
          and c.started_at >= ${s.from} and c.started_at < ${s.to}
        group by 1, 2
      ) t
      group by k
    ) u
    group by k`;
}

function blank(value: string | null, days: string[]): RowFigures {
  return {
    value,
    medium: null,
    lead_count: 0,
    conversion_count: 0,
    funnel_gap_count: 0,
    revenue: 0,
    avg_lead_to_sold_seconds: null,
    stage_counts: new Map(),
    funnel_gap_stage_counts: new Map(),
    form_count: 0,
    call_count: 0,
    answered_call_count: 0,
    missed_call_count: 0,
    call_duration_seconds_total: 0,
    avg_call_duration_seconds: null,
    sms_inbound_count: 0,
    sms_outbound_count: 0,
    sms_inbound_thread_count: 0,
    sms_responded_thread_count: 0,
    automated_spend_cents: 0,
    other_costs_cents: 0,
    days: new Map(
      days.map((date) => [
        date,
        { date, lead_count: 0, conversion_count: 0, prorated_spend_cents: 0, form_count: 0, call_count: 0 },
      ]),
    ),
  };
}

export interface AttributionFigures {
  days: string[];
  stages: StageRef[];
  rows: RowFigures[];
  summary: RowFigures;
}

/**
 * Every figure of every row of the scope and of their summary: whole settled days from the day
 * cache (storing the ones it lacks first), the rest live, all read in one snapshot.
 */
export async function attributionFigures(
  sql: Sql,
  workspaceId: string,
  s: AnalyticsScope,
): Promise<AttributionFigures> {
  // Undefined when `untilFilled` and some settled day lacks a valid cache row: fill, then read again.
  const read = (untilFilled: boolean) =>
    sql.begin('isolation level repeatable read read only', async (tx) => {
      // Every query reads a few thousand cached rows and thin live slices whose bounds decide the
      // plan: plan each execution for its own parameters (postgres.js prepares statements, and a
      // generic plan would scan the workspace); price index lookups as the in-memory reads they
      // are, so the few live leads fetch their calls by lead rather than hashing every call of the
      // range; start no parallel workers, which would cost more than they save; and sort in memory
      // also on a pooled connection, which has no session work_mem (storage/db.ts).
      await tx`select set_config('plan_cache_mode', 'force_custom_plan', true), set_config('random_page_cost', '1.1', true),
                    set_config('max_parallel_workers_per_gather', '0', true), set_config('work_mem', '64MB', true)`;
      const days = await wholeDays(tx, workspaceId, s);
      if (untilFilled && days.some((d) => d.id === null && d.settled)) return undefined;
      const p = partsOf(workspaceId, s, days);
      return Promise.all([
        rangeDays(tx, s.from, s.to, s.timezone),
        listAllStages(tx, workspaceId),
        aggregateFigures(tx, s, p),
        aggregateFunnelGaps(tx, s, p),
        aggregateSmsThreads(tx, s, p),
      ]);
    });
  let results = await read(true);
  if (!results) {
    await fillDays(sql, workspaceId, s);
    results = (await read(false))!;
  }
  const [days, stages, figures, gaps, threads] = results;
  const stageKey = new Map(stages.map((st) => [st.id, st.key]));
  const summary = blank(null, days);
  const rows = new Map<string | null, RowFigures>();
  const row = (k: string | null) => {
    let r = rows.get(k);
    if (!r) rows.set(k, (r = blank(k, days)));
    return r;
  };
  const add = (
    r: RowFigures,
    day: string,
    field: 'lead_count' | 'conversion_count' | 'prorated_spend_cents' | 'form_count' | 'call_count',
    n: number,
  ) => {
    const point = r.days.get(day);
    if (point) point[field] += n;
  };
  // Sums behind the averages, and the medium all leads share so far (null once they differ), per row and for the summary.
  const extra = new Map<RowFigures, { sold: number; timed: number; medium: string | null | undefined }>();
  const extraOf = (r: RowFigures) => {
    let e = extra.get(r);
    if (!e) extra.set(r, (e = { sold: 0, timed: 0, medium: undefined }));
    return e;
  };

  for (const f of figures) {
    const stage = f.stage_id === null ? undefined : stageKey.get(f.stage_id)!;
    for (const t of [row(f.k), summary]) {
      if (f.day !== null) {
        add(t, f.day, 'lead_count', f.lead_count ?? 0);
        add(t, f.day, 'conversion_count', f.conversion_count ?? 0);
        add(t, f.day, 'form_count', f.form_count ?? 0);
        add(t, f.day, 'prorated_spend_cents', (f.automated_cents ?? 0) + (f.other_cents ?? 0));
        add(t, f.day, 'call_count', f.call_count ?? 0);
      } else if (stage !== undefined) {
        t.lead_count += f.lead_count!;
        t.conversion_count += f.conversion_count!;
        t.funnel_gap_count += f.funnel_gap_count!;
        t.revenue += Number(f.revenue ?? 0);
        t.stage_counts.set(stage, (t.stage_counts.get(stage) ?? 0) + f.lead_count!);
        const e = extraOf(t);
        e.sold += f.sold_seconds ?? 0;
        e.medium = e.medium === undefined || e.medium === f.medium ? f.medium : null;
      } else {
        t.form_count += f.form_count ?? 0;
        t.automated_spend_cents += f.automated_cents ?? 0;
        t.other_costs_cents += f.other_cents ?? 0;
        t.call_count += f.call_count ?? 0;
        t.answered_call_count += f.answered_call_count ?? 0;
        t.missed_call_count += f.missed_call_count ?? 0;
        t.call_duration_seconds_total += f.call_duration_seconds_total ?? 0;
        t.sms_inbound_count += f.sms_inbound_count ?? 0;
        t.sms_outbound_count += f.sms_outbound_count ?? 0;
        extraOf(t).timed += f.timed_call_count ?? 0;
      }
    }
  }
  for (const g of gaps) (g.g & 1 ? summary : row(g.k)).funnel_gap_stage_counts.set(g.stage, g.n);
  for (const th of threads) {
    for (const t of [row(th.k), summary]) {
      t.sms_inbound_thread_count += th.sms_inbound_thread_count;
      t.sms_responded_thread_count += th.sms_responded_thread_count;
    }
  }
  for (const [t, e] of extra) {
    t.avg_lead_to_sold_seconds = t.conversion_count ? e.sold / t.conversion_count : null;
    t.avg_call_duration_seconds = e.timed ? t.call_duration_seconds_total / e.timed : null;
    t.medium = e.medium ?? null;
  }
  return { days, stages, rows: [...rows.values()], summary };
}
