import type { TaskFactory } from './context.ts';
import { deleteExpiredIdempotencyRecords } from '../storage/idempotency.ts';
import { deleteOldRateLimitWindows } from '../storage/rateLimits.ts';
import { compactAnalyticsCache } from '../storage/analyticsCache.ts';

/**
 * Cron: drops expired idempotency records and finished rate-limit windows, and compacts the
 * analytics day cache (its invalid days and the change rows no cached day can need any more).
 */
const cleanup: TaskFactory<'cleanup'> = ({ sql, logger }) => async () => {
  const idempotency = await deleteExpiredIdempotencyRecords(sql);
  const windows = await deleteOldRateLimitWindows(sql);
  const analytics = await compactAnalyticsCache(sql);
  if (idempotency || windows || analytics.days || analytics.changes) logger.info({ idempotency, windows, analytics }, 'cleanup');
};
export default cleanup;
