import type { Ctx } from '../context.ts';

export const SESSION_COOKIE = 'admin_session';
export const FLASH_COOKIE = 'admin_flash';

/**
 * Out of scripts' reach, never sent on a request another site starts (so a forged form post
 * arrives without a session, besides lacking the CSRF token), only to the console's paths,
 * and only over TLS when the console is reached over TLS.
 */
export function consoleCookie(ctx: Ctx, maxAgeMs: number) {
  return {
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: ctx.secure,
    path: '/admin',
    maxAge: maxAgeMs,
    overwrite: true,
  };
}
