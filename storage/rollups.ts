import type { Db } from './db.ts';
import { proratedCents } from './analytics.ts';

export interface DailyRollupRow {
  workspace_id: string;
  day: string;
  source: string | null;
  campaign: string | null;
  automated_spend_cents: number;
  other_costs_cents: number;
  lead_count: number;
  conversion_count: number;
  form_count: number;
  call_count: number;
  sms_count: number;
}

/**
 * Rewrites one UTC day of attribution_daily for every workspace from live data: leads created,
 * of them converted, form submissions, approved calls and SMS (by their lead's first touch) and
 * spend prorated to the day. Delete and insert in the caller's transaction: re-running a day
 * gives the same rows.
 */
export async function rollupDay(tx: Db, day: string): Promise<number> {
  await tx`delete from attribution_daily where day = ${day}::date`;
  const lo = tx`${day}::date::timestamp at time zone 'UTC'`;
  const hi = tx`(${day}::date + 1)::timestamp at time zone 'UTC'`;
  const rows = await tx`
    insert into attribution_daily (workspace_id, day, source, campaign, automated_spend_cents, other_costs_cents,
                                   lead_count, conversion_count, form_count, call_count, sms_count)
    select workspace_id, ${day}::date, source, campaign,
           sum(automated)::int8, sum(other)::int8, sum(leads)::int, sum(conversions)::int, sum(forms)::int,
           sum(calls)::int, sum(sms)::int
    from (
      select l.workspace_id, l.source, l.campaign, 0 as automated, 0 as other, count(*) as leads,
             count(l.converted_at) as conversions, 0 as forms, 0 as calls, 0 as sms
      from leads l where l.deleted_at is null and l.created_at >= ${lo} and l.created_at < ${hi}
      group by 1, 2, 3
      union all
      select e.workspace_id, e.source, e.campaign, 0, 0, 0, 0, count(*), 0, 0
      from events e where e.type = 'form_submission' and e.occurred_at >= ${lo} and e.occurred_at < ${hi}
      group by 1, 2, 3
      union all
      select c.workspace_id, l.source, l.campaign, 0, 0, 0, 0, 0,
             count(*) filter (where c.channel = 'call'), count(*) filter (where c.channel = 'sms')
      from communications c join leads l on l.id = c.lead_id
      where c.approved and l.deleted_at is null and c.started_at >= ${lo} and c.started_at < ${hi}
      group by 1, 2, 3
      union all
      select s.workspace_id, s.source, s.campaign,
             coalesce(sum(${proratedCents(tx, lo, hi)}) filter (where s.kind = 'automated'), 0),
             coalesce(sum(${proratedCents(tx, lo, hi)}) filter (where s.kind = 'other'), 0), 0, 0, 0, 0, 0
      from spend_records s where s.starts_at < ${hi} and s.ends_at > ${lo}
      group by 1, 2, 3
    ) parts
    group by workspace_id, source, campaign
    returning 1`;
  await tx`
    insert into attribution_rollup_runs (day) values (${day}::date)
    on conflict (day) do update set completed_at = now()`;
  return rows.length;
}

/** The latest UTC day the rollup completed, as YYYY-MM-DD. */
export async function lastRolledUpDay(sql: Db): Promise<string | null> {
  const [row] = await sql<{ day: string | null }[]>`select max(day)::text as day from attribution_rollup_runs`;
  return row!.day;
}

/** The first UTC day with any lead, form, communication or spend, as YYYY-MM-DD. */
export async function firstActivityDay(sql: Db): Promise<string | null> {
  const [row] = await sql<{ day: string | null }[]>`
    select (least((select min(created_at) from leads), (select min(occurred_at) from events where type = 'form_submission'),
                  (select min(started_at) from communications), (select min(starts_at) from spend_records))
            at time zone 'UTC')::date::text as day`;
  return row!.day;
}

export async function listDailyRollups(
  sql: Db,
  workspaceId: string,
  from: string,
  to: string,
): Promise<DailyRollupRow[]> {
  return sql<DailyRollupRow[]>`
    select workspace_id, day::text as day, source, campaign, automated_spend_cents, other_costs_cents, lead_count,
           conversion_count, form_count, call_count, sms_count
    from attribution_daily
    where workspace_id = ${workspaceId} and day >= ${from}::date and day <= ${to}::date
    order by day, source nulls first, campaign nulls first`;
}
