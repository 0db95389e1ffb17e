import { ERRORS } from '../../core/errors.ts';
import type { Ctx, Next } from '../context.ts';

/**
 * After the router: a request whose path names a route but whose method does not is a 405 with
 * `Allow`, so `PUT /api/v1/leads` says what the path takes. The contract's codes have no entry
 * of their own for it: like an unknown route, it is NOT_FOUND.
 */
export async function methodNotAllowed(ctx: Ctx, next: Next) {
  await next();
  if (ctx.status !== 404 || ctx.body !== undefined) return;
  const layers = (ctx as unknown as { matched?: { methods: string[] }[] }).matched ?? [];
  const allowed = [...new Set(layers.flatMap((l) => l.methods))];
  if (allowed.length === 0) return;
  throw ERRORS.methodNotAllowed(ctx.method, ctx.path, allowed);
}
