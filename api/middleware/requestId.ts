import { requestIdFrom } from '../../core/ids.ts';
import type { Ctx, Next } from '../context.ts';

/** Keeps a well-formed caller-supplied X-Request-Id (for tracing across systems), else mints one. */
export async function requestId(ctx: Ctx, next: Next) {
  ctx.state.requestId = requestIdFrom(ctx.get('X-Request-Id'));
  ctx.set('X-Request-Id', ctx.state.requestId);
  await next();
}
