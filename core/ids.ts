import { randomBytes, randomFillSync, randomUUID } from 'node:crypto';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const ID_CHARS = 20;
/**
 * Random bytes for 256 ids, drawn at once: a lead batch makes 100 ids, and a call to the
 * generator per id was about 1% of the batch's API CPU.
 */
const idBytes = Buffer.alloc(ID_CHARS * 256);
let idOffset = idBytes.length;

/** Public identifiers: a readable prefix and 20 random base32 characters (100 bits). */
export function newId(prefix: string): string {
  if (idOffset === idBytes.length) {
    randomFillSync(idBytes);
    idOffset = 0;
  }
  let out = '';
  for (let i = idOffset; i < idOffset + ID_CHARS; i++) out += ALPHABET[idBytes[i]! & 31];
  idOffset += ID_CHARS;
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
