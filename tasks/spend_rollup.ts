import type { TaskFactory } from './context.ts';
import type { Sql } from '../storage/db.ts';
import { firstActivityDay, lastRolledUpDay, rollupDay } from '../storage/rollups.ts';
import { warmAnalyticsCache } from '../storage/analyticsCache.ts';

/** The furthest back a first run (or a long outage) reaches without an explicit --date. */
const MAX_BACKFILL_DAYS = 800;
const DAY_MS = 86_400_000;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The UTC days to roll up: one given day, else every day after the last completed one through
 * yesterday (so missed nights are backfilled), always including yesterday, whose late-arriving
 * data the previous run could not see.
 */
export async function pendingDays(sql: Sql, now: Date, date?: string): Promise<string[]> {
  if (date) return [date];
  const yesterday = Date.parse(dayOf(now.getTime())) - DAY_MS;
  const last = await lastRolledUpDay(sql);
  const first = last ? Date.parse(last) + DAY_MS : Date.parse((await firstActivityDay(sql)) ?? dayOf(yesterday));
  const start = Math.max(Math.min(first, yesterday), yesterday - (MAX_BACKFILL_DAYS - 1) * DAY_MS);
  const days: string[] = [];
  for (let d = start; d <= yesterday; d += DAY_MS) days.push(dayOf(d));
  return days;
}

/** Rolls up each pending day in its own transaction; returns the days and rows written. */
export async function runSpendRollup(sql: Sql, opts: { now?: Date; date?: string } = {}) {
  const days = await pendingDays(sql, opts.now ?? new Date(), opts.date);
  let rows = 0;
  for (const day of days) rows += await sql.begin((tx) => rollupDay(tx, day));
  return { days, rows };
}

/**
 * Cron (nightly): materialises daily attribution totals, then warms the analytics day cache for
 * the last 90 days in every time zone each workspace is read in; payload `{date?: "YYYY-MM-DD"}`.
 */
const spendRollup: TaskFactory<'spend_rollup'> =
  ({ sql, logger }) =>
  async (payload) => {
    const result = await runSpendRollup(sql, { date: payload.date });
    const warmed = await warmAnalyticsCache(sql);
    logger.info({ days: result.days.length, rows: result.rows, warmed }, 'spend rollup');
  };
export default spendRollup;
