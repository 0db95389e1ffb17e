import type { TaskFactory } from './context.ts';
import { deleteExpiredIdempotencyRecords } from '../storage/idempotency.ts';
import { deleteOldRateLimitWindows } from '../storage/rateLimits.ts';
import { compactAnalyticsCache } from '../storage/analyticsCache.ts';
import { deleteExpiredWebhookEvents } from '../storage/webhookEvents.ts';
import { deleteExpiredLeases } from '../storage/capacityLeases.ts';

/**
 * Cron: drops expired idempotency records, finished rate-limit windows, crashed processes' capacity
 * leases and webhook events past their retention (with their deliveries), and compacts the analytics day cache (its invalid days
 * and the change rows no cached day can need any more).
 */
const cleanup: TaskFactory<'cleanup'> =
  ({ sql, logger }) =>
  async () => {
    const idempotency = await deleteExpiredIdempotencyRecords(sql);
    const windows = await deleteOldRateLimitWindows(sql);
    const analytics = await compactAnalyticsCache(sql);
    const webhookEvents = await deleteExpiredWebhookEvents(sql);
    const leases = await deleteExpiredLeases(sql);
    if (idempotency || windows || analytics.days || analytics.changes || webhookEvents || leases) {
      logger.info({ idempotency, windows, analytics, webhook_events: webhookEvents, leases }, 'cleanup');
    }
  };
export default cleanup;
