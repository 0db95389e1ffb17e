import { fieldError } from '../../core/errors.ts';
import type { Ctx, Next } from '../context.ts';

/**
 * Routes percent-decode their paths (file keys, ids); a broken escape such as `%E0%A4%A` is the
 * caller's mistake, refused here for every route rather than surfacing as a URIError's 500.
 */
export async function rejectMalformedPath(ctx: Ctx, next: Next) {
  if (ctx.path.includes('%')) {
    try {
      decodeURIComponent(ctx.path);
    } catch {
      throw fieldError('path', '', 'the URL path has a malformed percent-escape');
    }
  }
  await next();
}
