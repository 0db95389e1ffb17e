import type { TaskFactory } from './context.ts';
import { deleteExpiredIdempotencyRecords } from '../storage/idempotency.ts';
import { deleteOldRateLimitWindows } from '../storage/rateLimits.ts';
import { compactAnalyticsCache } from '../storage/analyticsCache.ts';
import { deleteExpiredWebhookEvents } from '../storage/webhookEvents.ts';

/**
 * Cron: drops expired idempotency records, finished rate-limit windows and webhook events past
 * their retention (with their deliveries), and compacts the analytics day cache (its invalid days
 * and the change rows no cached day can need any more).
 */
const cleanup: TaskFactory<'cleanup'> =
  ({ sql, logger }) =>
  async () => {
    const idempotency = await deleteExpiredIdempotencyRecords(sql);
    const windows = await deleteOldRateLimitWindows(sql);
    const analytics = await compactAnalyticsCache(sql);
    const webhookEvents = await deleteExpiredWebhookEvents(sql);
    if (idempotency || windows || analytics.days || analytics.changes || webhookEvents) {
      logger.info({ idempotency, windows, analytics, webhook_events: webhookEvents }, 'cleanup');
    }
  };
export default cleanup;
