import { randomUUID } from 'node:crypto';
import type { Ctx, Next } from '../context.ts';

const ACCEPTABLE = /^[A-Za-z0-9._:-]{8,128}$/;

/** Keeps a well-formed caller-supplied X-Request-Id (for tracing across systems), else mints one. */
export async function requestId(ctx: Ctx, next: Next) {
  const given = ctx.get('X-Request-Id');
  ctx.state.requestId = ACCEPTABLE.test(given) ? given : `req_${randomUUID().replaceAll('-', '')}`;
  ctx.set('X-Request-Id', ctx.state.requestId);
  await next();
}
