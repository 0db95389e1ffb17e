import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { fieldError } from '../../core/errors.ts';
import type { NewestFirstPosition } from '../../storage/newestFirst.ts';

export const paginationQuery = {
  cursor: z.string().min(1).max(500).optional().describe('Opaque cursor from a previous response'),
  limit: z.coerce.number().int().min(1).max(100).default(50).describe('Page size, 1..100'),
};

export const CursorPagination = z
  .object({
    limit: z.number().int().min(1).max(10000),
    next_cursor: z.string().nullable(),
    has_more: z.boolean(),
  })
  .strict();

type Position = (string | number)[];

function sign(secret: Buffer, payload: string) {
  return createHmac('sha256', secret).update(payload).digest().subarray(0, 16);
}

/** Cursor = base64url(JSON [endpoint, position]) + '.' + base64url(truncated HMAC). */
export function encodeCursor(secret: Buffer, endpoint: string, position: Position): string {
  const payload = Buffer.from(JSON.stringify([endpoint, position])).toString('base64url');
  return `${payload}.${sign(secret, payload).toString('base64url')}`;
}

/** The 400 for a cursor that is malformed, tampered with or from another endpoint. */
export const malformedCursor = () =>
  fieldError('query', 'cursor', 'Cursor is malformed, tampered with or from another endpoint');

export function decodeCursor(secret: Buffer, endpoint: string, cursor: string): Position {
  const [payload, mac, extra] = cursor.split('.');
  if (!payload || !mac || extra !== undefined) throw malformedCursor();
  // Compared as text: base64url's last character carries unused bits, so decoding would take a
  // signature with those bits changed (a tampered cursor) for the one that was issued.
  const expected = Buffer.from(sign(secret, payload).toString('base64url'));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw malformedCursor();
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw malformedCursor();
  }
  if (!Array.isArray(decoded) || decoded[0] !== endpoint || !Array.isArray(decoded[1])) throw malformedCursor();
  return decoded[1] as Position;
}

/**
 * Shapes a keyset page: callers fetch limit + 1 rows; the extra row only tells whether
 * another page exists, and the last returned row is the next cursor's position.
 */
export function pageOf<T>(
  rows: T[],
  limit: number,
  next: { secret: Buffer; endpoint: string; position: (row: T) => Position },
): { items: T[]; pagination: z.infer<typeof CursorPagination> } {
  const has_more = rows.length > limit;
  const items = has_more ? rows.slice(0, limit) : rows;
  const last = items[items.length - 1];
  return {
    items,
    pagination: {
      limit,
      has_more,
      next_cursor: has_more && last ? encodeCursor(next.secret, next.endpoint, next.position(last)) : null,
    },
  };
}

/**
 * A page of a newest-first list (storage/newestFirst.ts), its cursor signed for that list alone:
 * `fetch` is asked for limit + 1 rows after the cursor's position, each with its `position`.
 */
export async function newestFirstPage<R extends { position: string; id: string }>(
  secret: Buffer,
  list: string,
  query: { cursor?: string; limit: number },
  fetch: (page: { after?: NewestFirstPosition; limit: number }) => Promise<R[]>,
) {
  let after: NewestFirstPosition | undefined;
  if (query.cursor) {
    const [at, id, ...rest] = decodeCursor(secret, list, query.cursor);
    if (typeof at !== 'string' || typeof id !== 'string' || rest.length > 0) throw malformedCursor();
    after = [at, id];
  }
  const rows = await fetch({ after, limit: query.limit + 1 });
  return pageOf(rows, query.limit, { secret, endpoint: list, position: (r) => [r.position, r.id] });
}
