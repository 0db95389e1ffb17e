import { randomBytes, randomUUID } from 'node:crypto';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** Public identifiers: a readable prefix and 20 random base32 characters (100 bits). */
export function newId(prefix: string): string {
  const bytes = randomBytes(20);
  let out = '';
  for (const b of bytes) out += ALPHABET[b & 31];
  return `${prefix}_${out}`;
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

const ACCEPTABLE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** A well-formed caller-supplied X-Request-Id (for tracing across systems), else a new one. */
export function requestIdFrom(given: string | undefined): string {
  return given !== undefined && ACCEPTABLE_REQUEST_ID.test(given) ? given : `req_${randomUUID().replaceAll('-', '')}`;
}
