import { givenBackHit, leasedHit } from '../../storage/rateLimits.ts';
import type { Ctx } from '../context.ts';

/**
 * Counts one request in `bucket` for the current clock minute, through the process's lease on the
 * window (storage/rateLimits.ts RateLimitLeases). Sets the X-RateLimit-* and RateLimit headers
 * and throws 429 RATE_LIMITED with Retry-After once the limit is passed. `policy` names the quota
 * in the RateLimit headers; the per-key one is `default`.
 */
export async function countHit(ctx: Ctx, bucket: string, limit: number, policy = 'default'): Promise<void> {
  const { headers, hit } = await leasedHit(ctx.deps.rateLimitLeases, bucket, limit, policy);
  ctx.set(headers);
  ctx.state.countedHit = hit;
}

/** Gives back the hit this request counted (a 304 is not charged), with the headers it then answers with. */
export async function giveBackHit(ctx: Ctx): Promise<void> {
  const hit = ctx.state.countedHit;
  if (!hit) return;
  ctx.state.countedHit = undefined;
  const headers = await givenBackHit(ctx.deps.rateLimitLeases, hit);
  if (headers) ctx.set(headers);
}
