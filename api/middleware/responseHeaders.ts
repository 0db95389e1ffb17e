import type { Ctx } from '../context.ts';

/**
 * Set before anything else runs, so errors, 404s and 429s carry them too. `nosniff`: a browser
 * keeps to the declared type, so no answer that echoes input (a JSON error, a CSV cell) is ever
 * read as HTML or script. `no-store`: answers hold a workspace's data or a share link's, which
 * no shared or browser cache should keep; the one exception, signed file URLs, sets its own.
 */
export function setStandingHeaders(ctx: Ctx): void {
  ctx.res.setHeader('X-Content-Type-Options', 'nosniff');
  ctx.res.setHeader('Cache-Control', 'no-store');
}
