import { ApiError, ERRORS, errorBody } from '../../core/errors.ts';
import type { Ctx } from '../context.ts';
import { isDatabaseUnavailable } from '../../storage/cluster/databaseUnavailable.ts';

/** Seconds a client should wait before retrying while PostgreSQL is unreachable (a restart or failover takes a few). */
const DATABASE_RETRY_AFTER_SECONDS = '2';

export function renderError(ctx: Ctx, err: ApiError) {
  ctx.status = err.status;
  for (const [k, v] of Object.entries(err.headers ?? {})) ctx.set(k, v);
  if (ctx.state.errorPage) ctx.state.errorPage(ctx, err);
  else ctx.body = errorBody(err, ctx.state.requestId);
}

/** An answer no route gave (404 with no body) is the NOT_FOUND envelope naming the method and path. */
export function rejectUnknownRoute(ctx: Ctx): void {
  if (ctx.status === 404 && ctx.body === undefined) throw ERRORS.noRoute(ctx.method, ctx.path);
}

/**
 * Renders every failure as the ErrorResponse envelope (or as the page of a request a route
 * answers with one), including Koa's own HTTP errors. Unexpected errors become 500
 * INTERNAL_ERROR and are logged, never leaked; while the database is unreachable that 500
 * carries Retry-After.
 */
export function renderFailure(ctx: Ctx, err: unknown): void {
  if (err instanceof ApiError) return renderError(ctx, err);
  const e = err as { status?: number; expose?: boolean; message?: string; type?: string };
  if (e.status && e.status >= 400 && e.status < 500 && e.expose) {
    return renderError(ctx, ERRORS.http(e.status, e.message ?? 'Bad request'));
  }
  if (isDatabaseUnavailable(err)) {
    ctx.deps.outages.note(err);
    ctx.deps.logger.warn({ err, request_id: ctx.state.requestId, path: ctx.path }, 'database unavailable');
    return renderError(ctx, ERRORS.databaseUnavailable(DATABASE_RETRY_AFTER_SECONDS));
  }
  ctx.deps.logger.error({ err, request_id: ctx.state.requestId, path: ctx.path }, 'unhandled error');
  renderError(ctx, ERRORS.internal());
}
