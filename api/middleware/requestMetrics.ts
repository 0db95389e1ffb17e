import { httpRequestDuration, UNMATCHED_ROUTE } from '../../core/metrics.ts';
import type { Ctx } from '../context.ts';

/**
 * Observes a request that took `seconds` in http_request_duration_seconds under its route
 * template (the path @koa/router matched, never the raw path, whose ids would make a series per
 * lead).
 */
export function observeRequest(ctx: Ctx, seconds: number): void {
  const route = (ctx as { _matchedRoute?: string })._matchedRoute ?? UNMATCHED_ROUTE;
  httpRequestDuration.observe({ route, method: ctx.method, status: ctx.status }, seconds);
}
