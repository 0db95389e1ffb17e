import { ERRORS } from '../../core/errors.ts';
import type { Ctx } from '../context.ts';

/**
 * After the router: a request whose path names a route but whose method does not is a 405 with
 * `Allow`, so `PUT /api/v1/leads` says what the path takes. The contract's codes have no entry
 * of their own for it: like an unknown route, it is NOT_FOUND.
 */
export function rejectWrongMethod(ctx: Ctx): void {
  if (ctx.status !== 404 || ctx.body !== undefined) return;
  const matched = (ctx as unknown as { matched?: { methods: string[]; paramNames: unknown[] }[] }).matched ?? [];
  const routes = matched.filter((l) => l.methods.length > 0);
  // A path a route spells out is that route's alone: PUT /api/v1/leads/batch takes POST, not the
  // methods of /api/v1/leads/:lead_id, whose parameter would also match it (as api/router.ts rules).
  const spelledOut = routes.filter((l) => l.paramNames.length === 0);
  const allowed = [...new Set((spelledOut.length > 0 ? spelledOut : routes).flatMap((l) => l.methods))];
  if (allowed.length === 0) return;
  throw ERRORS.methodNotAllowed(ctx.method, ctx.path, allowed);
}
