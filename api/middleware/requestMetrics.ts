import { httpRequestDuration, UNMATCHED_ROUTE } from '../../core/metrics.ts';
import type { Ctx, Next } from '../context.ts';

/**
 * Observes every request in http_request_duration_seconds under its route template (the path
 * @koa/router matched, never the raw path, whose ids would make a series per lead).
 */
export async function requestMetrics(ctx: Ctx, next: Next) {
  const start = process.hrtime.bigint();
  try {
    await next();
  } finally {
    const route = (ctx as { _matchedRoute?: string })._matchedRoute ?? UNMATCHED_ROUTE;
    httpRequestDuration.observe(
      { route, method: ctx.method, status: ctx.status },
      Number(process.hrtime.bigint() - start) / 1e9,
    );
  }
}
