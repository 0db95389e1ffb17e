import { leasedHit } from '../../storage/rateLimits.ts';
import type { Ctx } from '../context.ts';

/**
 * Counts one request in `bucket` for the current clock minute, through the process's lease on the
 * window (storage/rateLimits.ts RateLimitLeases). Sets the X-RateLimit-* headers and throws 429
 * RATE_LIMITED with Retry-After once the limit is passed.
 */
export async function countHit(ctx: Ctx, bucket: string, limit: number): Promise<void> {
  ctx.set(await leasedHit(ctx.deps.rateLimitLeases, bucket, limit));
}
