import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export const SESSION_SECONDS = 12 * 60 * 60;

const sha256 = (text: string) => createHash('sha256').update(text).digest();

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The console's credentials, all derived from ADMIN_TOKEN: the token itself (typed once, or sent
 * as a Bearer header), a session that expires (kept in the cookie instead of the token), and a
 * CSRF token per session. Keyed by the token rather than a per-process secret, so every web
 * process and dyno accepts what another issued, and a new ADMIN_TOKEN ends every session.
 */
export class AdminAuth {
  private readonly key: Buffer;
  private readonly tokenDigest: Buffer;

  constructor(token: string) {
    this.key = createHmac('sha256', token).update('partner-api admin console').digest();
    this.tokenDigest = sha256(token);
  }

  /** Digests of equal length, so the comparison takes the same time whatever was typed. */
  isToken(presented: string): boolean {
    return timingSafeEqual(sha256(presented), this.tokenDigest);
  }

  newSession(now = Date.now()): string {
    const expires = String(Math.floor(now / 1000) + SESSION_SECONDS);
    return `${expires}.${this.mac('session', expires)}`;
  }

  isSession(value: string, now = Date.now()): boolean {
    const [expires, mac] = value.split('.');
    if (!expires || !mac || !/^\d{1,12}$/.test(expires) || Number(expires) * 1000 <= now) return false;
    return sameText(mac, this.mac('session', expires));
  }

  /** When a session (already found valid by isSession) expires. */
  expiresAt(session: string): Date {
    return new Date(Number(session.split('.')[0]) * 1000);
  }

  csrfToken(session: string): string {
    return this.mac('csrf', session);
  }

  isCsrfToken(session: string, presented: string): boolean {
    return sameText(presented, this.csrfToken(session));
  }

  private mac(purpose: string, data: string): string {
    return createHmac('sha256', this.key).update(`${purpose}|${data}`).digest('base64url');
  }
}
