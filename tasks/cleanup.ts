import type { TaskFactory } from './context.ts';
import { deleteExpiredIdempotencyRecords } from '../storage/idempotency.ts';
import { deleteOldRateLimitWindows } from '../storage/rateLimits.ts';

/** Cron: drops expired idempotency records and finished rate-limit windows. */
const cleanup: TaskFactory = ({ sql, logger }) => async () => {
  const idempotency = await deleteExpiredIdempotencyRecords(sql);
  const windows = await deleteOldRateLimitWindows(sql);
  if (idempotency || windows) logger.info({ idempotency, windows }, 'cleanup');
};
export default cleanup;
