import { requestIdFrom } from '../../core/ids.ts';
import type { Ctx } from '../context.ts';

/** Keeps a well-formed caller-supplied X-Request-Id (for tracing across systems), else mints one. */
export function assignRequestId(ctx: Ctx): void {
  ctx.state.requestId = requestIdFrom(ctx.get('X-Request-Id'));
  ctx.res.setHeader('X-Request-Id', ctx.state.requestId);
}
