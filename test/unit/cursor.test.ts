// Cursors and sync tokens (api/http/pagination.ts) are accepted only exactly as they were issued.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from '../../api/http/pagination.ts';

const secret = randomBytes(32);
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

describe('a signed cursor', () => {
  it('decodes as issued', () => {
    expect(decodeCursor(secret, 'leads', encodeCursor(secret, 'leads', [1, 'a']))).toEqual([1, 'a']);
  });

  it("is refused with any other last character, even one that differs only in base64url's unused bits", () => {
    const cursor = encodeCursor(secret, 'leads', [1, 'a']);
    for (const c of ALPHABET) {
      if (c === cursor.at(-1)) continue;
      expect(() => decodeCursor(secret, 'leads', cursor.slice(0, -1) + c)).toThrow();
    }
  });
});
