import { hash } from 'node:crypto';
import type { Ctx } from '../context.ts';
import { giveBackHit } from '../middleware/rateLimit.ts';

/** A strong tag of the body's bytes: 128 bits of its SHA-256, enough to tell two answers apart. */
function tagOf(bytes: string | Buffer): string {
  return `"${hash('sha256', bytes, 'base64url').slice(0, 22)}"`;
}

/**
 * Whether If-None-Match names the tag: `*`, or a list holding it compared weakly (RFC 9110
 * 13.1.2: a `W/` prefix is ignored), which is what a GET's If-None-Match calls for.
 */
export function noneMatch(header: string, tag: string): boolean {
  const given = header.trim();
  if (given === '*') return true;
  for (const part of given.split(',')) {
    const candidate = part.trim().replace(/^W\//, '');
    if (candidate === tag) return true;
  }
  return false;
}

/**
 * Tags a JSON answer of a GET with a strong ETag (the hash of the bytes it sends) and answers
 * 304 Not Modified, without the body, when the client already holds those bytes. A 304 is not
 * charged: the request's rate-limit hit is given back. Streams (CSV exports, downloads) are left
 * alone: their bytes are not known before they are sent.
 */
export async function answerConditionally(ctx: Ctx): Promise<void> {
  if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.status !== 200) return;
  // The response's own media type, without parsing it as a media range (type-is): every JSON
  // answer here is application/json.
  const type = ctx.response.type;
  if (type !== 'application/json' && !type.endsWith('+json')) return;
  const body = ctx.body;
  let bytes: string | Buffer;
  if (typeof body === 'string' || Buffer.isBuffer(body)) bytes = body;
  else if (body !== null && typeof body === 'object' && typeof (body as { pipe?: unknown }).pipe !== 'function') {
    bytes = JSON.stringify(body);
    ctx.body = bytes;
  } else return;
  const tag = tagOf(bytes);
  ctx.set('ETag', tag);
  const header = ctx.get('If-None-Match');
  if (!header || !noneMatch(header, tag)) return;
  ctx.status = 304;
  ctx.body = null;
  await giveBackHit(ctx);
}
