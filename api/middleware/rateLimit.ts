import { ERRORS } from '../../core/errors.ts';
import type { Ctx } from '../context.ts';

/**
 * Counts one request in `bucket` for the current clock minute. Sets the X-RateLimit-*
 * headers and throws 429 RATE_LIMITED with Retry-After once the limit is passed.
 */
export async function countHit(ctx: Ctx, bucket: string, limit: number): Promise<void> {
  const now = Date.now();
  const windowStart = new Date(now - (now % 60_000));
  const reset = new Date(windowStart.getTime() + 60_000);
  const count = await ctx.deps.rateLimits.hit(bucket, windowStart);
  const headers = {
    'X-RateLimit-Limit': String(limit),
    'X-RateLimit-Remaining': String(Math.max(0, limit - count)),
    'X-RateLimit-Reset': reset.toISOString(),
  };
  if (count > limit) {
    const retryAfter = Math.max(1, Math.ceil((reset.getTime() - now) / 1000));
    throw ERRORS.rateLimited(limit, retryAfter, headers);
  }
  ctx.set(headers);
}
