import { z } from 'zod';
import type { Ctx } from '../context.ts';
import { consoleCookie, FLASH_COOKIE } from './cookies.ts';

const FlashSchema = z.object({ tone: z.enum(['ok', 'refused']), text: z.string().max(2000) });
export type Flash = z.infer<typeof FlashSchema>;

/** What a retry did, carried across its 303 to the page that shows it once. */
export function setFlash(ctx: Ctx, flash: Flash): void {
  ctx.cookies.set(FLASH_COOKIE, Buffer.from(JSON.stringify(flash)).toString('base64url'), consoleCookie(ctx, 60_000));
}

export function takeFlash(ctx: Ctx): Flash | undefined {
  const value = ctx.cookies.get(FLASH_COOKIE);
  if (!value) return undefined;
  ctx.cookies.set(FLASH_COOKIE, '', consoleCookie(ctx, 0));
  try {
    return FlashSchema.parse(JSON.parse(Buffer.from(value, 'base64url').toString()));
  } catch {
    return undefined;
  }
}
