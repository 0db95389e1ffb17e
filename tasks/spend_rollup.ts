import type { TaskFactory } from './context.ts';
import { warmAnalyticsCache } from '../storage/analyticsCache.ts';

/**
 * Cron (nightly): warms the analytics day cache for the last 90 days in every time zone each
 * workspace is read in, so the morning's reads compute only their partial first and last days.
 * The identifier is the job's original name, kept so queued jobs and the crontab's bookkeeping
 * (last run, backfill) carry over.
 */
const spendRollup: TaskFactory<'spend_rollup'> =
  ({ sql, logger }) =>
  async () => {
    const warmed = await warmAnalyticsCache(sql);
    logger.info({ warmed }, 'analytics cache warmed');
  };
export default spendRollup;
