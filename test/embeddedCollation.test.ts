import { afterAll, describe, expect, inject, it } from 'vitest';
import { createSql } from '../storage/db.ts';

// The suite's server is an embedded cluster, initialised as storage/cluster/embedded.ts initialises every one.
const sql = createSql(`${inject('pgServerUrl')}/postgres`, 1);
afterAll(() => sql.end());

describe('an embedded cluster', () => {
  it("compares text with PostgreSQL's own C.UTF-8: code point order, Unicode case mapping", async () => {
    const [row] = await sql`
      select d.datlocprovider as provider, d.datcollate as collate,
        'B' < 'a' as upper_first, 'z' < 'é' as accents_after_ascii,
        lower('ÉMILE ÇA') as lowered, upper('çà et là') as uppered
      from pg_database d where d.datname = current_database()`;
    expect(row).toEqual({
      provider: 'b',
      collate: 'C.UTF-8',
      upper_first: true,
      accents_after_ascii: true,
      lowered: 'émile ça',
      uppered: 'ÇÀ ET LÀ',
    });
  });
});
