import { fieldError } from '../../core/errors.ts';
import type { Ctx } from '../context.ts';

/**
 * Routes percent-decode their paths (file keys, ids); a broken escape such as `%E0%A4%A` is the
 * caller's mistake, refused here for every route rather than surfacing as a URIError's 500.
 */
export function rejectMalformedPath(ctx: Ctx): void {
  if (!ctx.path.includes('%')) return;
  try {
    decodeURIComponent(ctx.path);
  } catch {
    throw fieldError('path', '', 'the URL path has a malformed percent-escape');
  }
}
