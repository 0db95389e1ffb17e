import type { Db, Sql } from './db.ts';
import {
  COMMUNICATION_COLUMNS,
  LEAD_COLUMNS,
  communicationDays,
  formDays,
  funnelGapDays,
  leadDays,
  leadsIn,
  smsThreadDays,
  spendDays,
  type FigureFragments,
  type Window,
} from './analyticsDays.ts';

/*
 * The analytics day cache: the figures of whole local days of a workspace in a timezone
 * (analytics_days and its analytics_day_* rows, migration 000006), so a range reads a few rows
 * per day and computes live only its partial first and last days, a day that ended less than an
 * hour ago, and days not cached yet or no longer valid.
 *
 * What a day holds. Everything is filed under the day of one instant, so a write to that
 * instant's day is all that can change it: leads, their skipped funnel stages and their stage
 * counts under the day they were created; forms under the day they occurred; spend prorated to
 * the day; calls, SMS and SMS threads under the day their lead was created (a call counts only
 * when it and its lead are both in the range, so each cached row also says the day the call
 * started). Thread counts are not sums of days; a day caches them only for threads whose SMS all
 * fall within the range's whole days and whose thread_id no other lead shares (it records the
 * days of its threads' first and last SMS, and whether one is shared); otherwise its leads'
 * threads are counted live.
 *
 * Validity. A cached day records the xmin of the snapshot it was computed in: every transaction
 * below it had finished, so the day saw all of their writes; a transaction at or above it may
 * not have been seen. Writers append (workspace, UTC date, their xid) to analytics_changes for
 * every settled date they touch (triggers of migration 000006: a lead's created_at before and
 * after, a form's occurred_at, a spend period, the created_at of a call's or SMS's lead and of
 * the leads sharing its thread). A day is valid while no change of a UTC date it overlaps has an
 * xid ≥ its xmin. A writer T that the day's snapshot missed has an xid ≥ that xmin (it was
 * running or not yet begun), and its change row becomes visible together with its data, when it
 * commits: readers either see neither or both. (The call and SMS trigger reads its leads'
 * created_at FOR SHARE, so it logs a lead's new creation day if a move of it is in flight.)
 *
 * Settled days. Writers skip times at or after analytics_settled_before(now()) (their own start
 * minus an hour), so new leads and forms log nothing. A day may be cached only when it ends by
 * H = analytics_settled_before(least(now(), oldest xact_start in pg_stat_activity)), read in a
 * statement before the one computing the day: a writer the computing snapshot misses either was
 * running when pg_stat_activity was read (so it started at or after that oldest start) or began
 * later (after this now()); either way the day ends before its own settled-before instant and
 * it logs the day. (Writers must be visible in pg_stat_activity: the same role, or a role with
 * pg_read_all_stats; prepared transactions are not used.)
 *
 * Compaction (cleanup task). Change rows are needed only by days computed before them. Under an
 * exclusive lock that every fill holds shared for its whole transaction, one statement deletes
 * the invalid days and the change rows with an xid below its own snapshot's xmin X. No fill is
 * in flight, every committed day is visible to that statement and deleted if such a change
 * invalidates it, and any day computed later comes from a snapshot whose xmin is ≥ X, which no
 * deleted change row could invalidate.
 *
 * Readers take one repeatable-read snapshot for the list of valid days and all their rows, so a
 * day deleted or refilled meanwhile still reads whole.
 */

/** Held shared by fills, exclusively by compaction. */
const GATE = 'analytics-day-cache';

/** Whether a write the computation of cache day h may have missed has touched one of its UTC dates. */
const changedSince = (sql: Db) => sql`exists (
  select 1 from analytics_changes c
  where c.workspace_id = h.workspace_id and c.xid >= h.snapshot_xmin
    and c.day between (h.lo at time zone 'UTC')::date and ((h.hi - interval '1 microsecond') at time zone 'UTC')::date)`;

/** A whole local day of a range; `id` is its cache row when that is valid. */
export interface WholeDay {
  day: string;
  lo: Date;
  hi: Date;
  settled: boolean;
  id: number | null;
  sms_first_day: string | null;
  sms_last_day: string | null;
  sms_shared: boolean | null;
}

interface Range {
  from: Date;
  to: Date;
  timezone: string;
}

/** The local days that lie wholly in [from, to), in order, with their valid cache rows. */
export async function wholeDays(sql: Db, workspaceId: string, r: Range): Promise<WholeDay[]> {
  const tz = r.timezone;
  return sql<WholeDay[]>`
    select f.day::text as day, f.lo, f.hi, f.hi <= analytics_settled_before(now()) as settled,
           h.id, h.sms_first_day::text as sms_first_day, h.sms_last_day::text as sms_last_day, h.sms_shared
    from (
      select d::date as day, d at time zone ${tz} as lo, (d + interval '1 day') at time zone ${tz} as hi
      from generate_series(((${r.from}::timestamptz at time zone ${tz})::date - 1)::timestamp,
                           (${r.to}::timestamptz at time zone ${tz})::date::timestamp, interval '1 day') d
    ) f
    left join analytics_days h on h.workspace_id = ${workspaceId} and h.timezone = ${tz} and h.day = f.day
      and h.lo = f.lo and h.hi = f.hi
      and not ${changedSince(sql)}
    where f.lo >= ${r.from} and f.hi <= ${r.to}
    order by f.day`;
}

/** Consecutive days as one window each. */
export function runs(days: Window[]): Window[] {
  const out: Window[] = [];
  for (const d of days) {
    const last = out.at(-1);
    if (last && last.hi.getTime() === d.lo.getTime()) last.hi = d.hi;
    else out.push({ lo: d.lo, hi: d.hi });
  }
  return out;
}

/** The pair groupings stored per day: grain 0 by source and campaign, 1 by source, 2 by campaign. */
const GRAINS = 'grouping sets ((f.source, f.campaign), (f.source), (f.campaign))';

/**
 * Computes and stores the settled whole days of the range that have no valid cache row, in one
 * statement: one snapshot for the figures and the xmin recorded with them. Fills of one
 * workspace and timezone take turns, so concurrent requests for the same range compute it once.
 */
export async function fillDays(sql: Sql, workspaceId: string, r: Range): Promise<void> {
  const timezone = r.timezone;
  return sql.begin(async (tx) => {
    const [lock] = await tx<{ horizon: Date }[]>`
      select pg_advisory_xact_lock_shared(hashtextextended(${GATE}, 0)),
             pg_advisory_xact_lock(hashtextextended(${JSON.stringify([workspaceId, timezone])}, 2)),
             analytics_settled_before(least(now(), (select min(xact_start) from pg_stat_activity))) as horizon`;
    const todo = (await wholeDays(tx, workspaceId, r)).filter((d) => d.id === null && d.hi <= lock!.horizon);
    if (!todo.length) return;
    await tx`
      delete from analytics_days
      where workspace_id = ${workspaceId} and timezone = ${timezone} and day = any(${todo.map((d) => d.day)}::date[])`;
    const f: FigureFragments = { workspaceId, timezone };
    const windows = runs(todo);
    const stored = tx`
      insert into analytics_days (workspace_id, timezone, day, lo, hi, snapshot_xmin, sms_first_day, sms_last_day, sms_shared)
      select ${workspaceId}, ${timezone}, d.day, d.lo, d.hi, pg_snapshot_xmin(pg_current_snapshot()), t.first_day, t.last_day, coalesce(t.shared, false)
      from unnest(${todo.map((d) => d.day)}::date[], ${todo.map((d) => d.lo.toISOString())}::timestamptz[],
                  ${todo.map((d) => d.hi.toISOString())}::timestamptz[]) d(day, lo, hi)
      left join (select win_day, min(first_day) as first_day, max(last_day) as last_day, bool_or(shared) as shared
                 from threads group by win_day) t on t.win_day = d.day
      on conflict do nothing
      returning id, day`;
    await tx`
      with threads as materialized (${smsThreadDays(tx, f, windows)}),
      h as (${stored}),
      stored_leads as (
        insert into analytics_day_leads (day_id, grain, day, source, campaign, stage_id, ${tx.unsafe(LEAD_COLUMNS.join(', '))})
        select h.id, grouping(f.source, f.campaign), f.day, f.source, f.campaign, f.stage_id,
               sum(f.lead_count), sum(f.conversion_count), sum(f.funnel_gap_count), sum(f.revenue), sum(f.sold_seconds),
               min(f.min_medium), max(f.max_medium), sum(f.medium_count)
        from (${leadDays(tx, f, windows)}) f join h on h.day = f.win_day
        group by h.id, f.day, f.stage_id, ${tx.unsafe(GRAINS)}),
      stored_gaps as (
        insert into analytics_day_gaps (day_id, grain, source, campaign, stage, n)
        select h.id, grouping(f.source, f.campaign), f.source, f.campaign, f.stage, sum(f.n)
        from (${funnelGapDays(tx, f, windows)}) f join h on h.day = f.win_day
        group by h.id, f.stage, ${tx.unsafe(GRAINS)}),
      stored_forms as (
        insert into analytics_day_forms (day_id, grain, day, source, campaign, form_count)
        select h.id, grouping(f.source, f.campaign), f.day, f.source, f.campaign, sum(f.form_count)
        from (${formDays(tx, f, windows)}) f join h on h.day = f.win_day
        group by h.id, f.day, ${tx.unsafe(GRAINS)}),
      stored_spend as (
        insert into analytics_day_spend (day_id, grain, day, source, campaign, automated_cents, other_cents)
        select h.id, grouping(f.source, f.campaign), f.day, f.source, f.campaign, sum(f.automated_cents), sum(f.other_cents)
        from (${spendDays(tx, f, windows)}) f join h on h.day = f.win_day
        group by h.id, f.day, ${tx.unsafe(GRAINS)}),
      stored_communications as (
        insert into analytics_day_communications (day_id, grain, day, started_day, source, campaign, ${tx.unsafe(COMMUNICATION_COLUMNS.join(', '))})
        select h.id, grouping(f.source, f.campaign), f.day, f.started_day, f.source, f.campaign,
               ${tx.unsafe(COMMUNICATION_COLUMNS.map((c) => `sum(f.${c})`).join(', '))}
        from (${communicationDays(tx, f, leadsIn(tx, f, windows), tx``)}) f join h on h.day = f.win_day
        group by h.id, f.day, f.started_day, ${tx.unsafe(GRAINS)}),
      stored_sms_threads as (
        insert into analytics_day_sms_threads (day_id, grain, source, campaign, inbound_thread_count, responded_thread_count)
        select h.id, grouping(f.source, f.campaign), f.source, f.campaign,
               count(*) filter (where f.first_in is not null), count(*) filter (where f.last_out > f.first_in)
        from threads f join h on h.day = f.win_day
        group by h.id, ${tx.unsafe(GRAINS)})
      select count(*) from h`;
  });
}

/** How far back the nightly warm-up fills: the longest range partners commonly ask for. */
export const WARM_DAYS = 90;

/**
 * The time zones each workspace is read in: those its cached days were filled for (every
 * analytics read fills the whole days of its range), and UTC, the read's default, for every
 * active workspace.
 */
export async function readTimezones(sql: Db): Promise<{ workspace_id: string; timezone: string }[]> {
  return sql<{ workspace_id: string; timezone: string }[]>`
    select distinct workspace_id, timezone from analytics_days
    union
    select id, 'UTC' from workspaces where active`;
}

/**
 * Fills the last WARM_DAYS settled days of every workspace in every time zone it is read in, so
 * the first request of the morning reads cached days instead of computing them (two years of
 * the benchmark's data set once took about 15 s). One transaction per workspace and zone.
 */
export async function warmAnalyticsCache(sql: Sql, now = new Date()): Promise<number> {
  const from = new Date(now.getTime() - (WARM_DAYS + 1) * 86_400_000);
  const pairs = await readTimezones(sql);
  for (const { workspace_id, timezone } of pairs) await fillDays(sql, workspace_id, { from, to: now, timezone });
  return pairs.length;
}

/**
 * Drops invalid cache days and the change rows no current or future cache day can need (the
 * argument is at the top of this file). Skips its turn while a fill is running.
 */
export async function compactAnalyticsCache(sql: Sql): Promise<{ days: number; changes: number }> {
  return sql.begin(async (tx) => {
    const [gate] = await tx<
      { locked: boolean }[]
    >`select pg_try_advisory_xact_lock(hashtextextended(${GATE}, 0)) as locked`;
    if (!gate!.locked) return { days: 0, changes: 0 };
    const [counts] = await tx<{ days: number; changes: number }[]>`
      with stale as (
        delete from analytics_days h
        where ${changedSince(tx)}
        returning 1),
      spent as (delete from analytics_changes where xid < pg_snapshot_xmin(pg_current_snapshot()) returning 1)
      select (select count(*) from stale)::int as days, (select count(*) from spent)::int as changes`;
    return counts!;
  });
}
