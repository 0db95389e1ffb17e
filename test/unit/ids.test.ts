// Public ids come from a pool of random bytes drawn 256 ids at a time (core/ids.ts): the ids on
// either side of a refill must be as well-formed and as unique as any others.
import { describe, expect, it } from 'vitest';
import { newId } from '../../core/ids.ts';

describe('newId', () => {
  it('makes well-formed, distinct ids across several refills of its random pool', () => {
    const ids = Array.from({ length: 256 * 3 + 7 }, () => newId('lead'));
    for (const id of ids) expect(id).toMatch(/^lead_[0-9abcdefghjkmnpqrstvwxyz]{20}$/);
    expect(new Set(ids).size).toBe(ids.length);
    // 775 ids × 20 characters: every one of the 32 symbols turns up, as random bytes would give.
    expect(new Set(ids.flatMap((id) => [...id.slice(5)])).size).toBe(32);
  });
});
