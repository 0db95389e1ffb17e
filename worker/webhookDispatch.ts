import type { Logger } from '../core/logger.ts';
import type { Sql } from '../storage/db.ts';
import { dispatchDueDeliveries } from '../storage/webhookDeliveries.ts';
import { every, type Periodic } from './periodic.ts';

/**
 * Enqueues the jobs of endpoints with webhook deliveries due, at once and every `intervalMs`:
 * partners' requests only record deliveries, so that they pay for no job, and this finds them,
 * retries included, within about one interval. Every worker dispatches: one is enough, and two
 * at once make no two jobs of one endpoint run together (storage/webhookDeliveries.ts).
 */
export function startWebhookDispatch(deps: { sql: Sql; logger: Logger; intervalMs: number }): Promise<Periodic> {
  const { sql, logger, intervalMs } = deps;
  return every(
    intervalMs,
    () => dispatchDueDeliveries(sql),
    (err) => logger.error({ err }, 'webhook dispatch failed'),
  );
}
