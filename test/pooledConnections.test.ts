import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createSql, settledUnlessConnectionLost, type Sql } from '../storage/db.ts';

/**
 * postgres.js as web uses it behind PgBouncer: nothing prepared and no array-type lookup on a new
 * connection (createPooledSql), against the suite's PostgreSQL. Each test ends only connections
 * of its own, by their backend pid.
 */
const url = `${inject('pgServerUrl')}/postgres`;
let admin: Sql;

beforeAll(() => {
  admin = createSql(url, 1);
});
afterAll(() => admin.end({ timeout: 5 }));

function pooledPool(max: number): Sql {
  const sql = createSql(url, max, { pooled: true });
  sql.options.fetch_types = false;
  return sql;
}

/** `promise`'s outcome, or 'pending' if it has none after `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | 'pending'> {
  return Promise.race([promise, sleep(ms).then(() => 'pending' as const)]);
}

describe('reserving a connection of a pool without the array-type lookup (patches/postgres+3.4.9.patch)', () => {
  it('gets one that has to log in first (porsager/postgres#751)', async () => {
    const sql = pooledPool(2);
    try {
      const tx = await within(sql.reserve(), 5000);
      expect(tx).not.toBe('pending');
      if (tx === 'pending') return;
      expect(await tx`select 1 as one`).toEqual([{ one: 1 }]);
      tx.release();
    } finally {
      await sql.end({ timeout: 5 });
    }
  });

  it('gets the connection that replaces one the server closed while it waited (porsager/postgres#1195)', async () => {
    const sql = pooledPool(1);
    try {
      const held = await sql.reserve();
      const [{ pid }] = await held<{ pid: number }[]>`select pg_backend_pid() as pid`;
      const waiting = sql.reserve();
      await admin`select pg_terminate_backend(${pid})`;
      // The held handle's connection is gone: it is neither used nor released again.
      const next = await within(waiting, 5000);
      expect(next).not.toBe('pending');
      if (next === 'pending') return;
      const [{ other }] = await next<{ other: number }[]>`select pg_backend_pid() as other`;
      expect(other).not.toBe(pid);
      next.release();
      // And the pool's one connection serves ordinary statements again.
      expect(await within(sql`select 2 as two`, 5000)).toEqual([{ two: 2 }]);
    } finally {
      await sql.end({ timeout: 5 });
    }
  });
});

describe('settledUnlessConnectionLost', () => {
  it('rejects once a statement of a transaction loses its connection, not waiting for one queued behind it (porsager/postgres#1186)', async () => {
    const sql = pooledPool(1);
    try {
      const tx = await sql.reserve();
      const [{ pid }] = await tx<{ pid: number }[]>`select pg_backend_pid() as pid`;
      await tx`begin`;
      // A statement with a parameter waits for its types before the next one may leave, so the
      // second waits in the reserved connection's own queue.
      const first = tx`select pg_sleep(${5})`.execute();
      const second = tx`select ${1}::int as one`.execute();
      // Watched before the backend ends: the first statement may fail before the terminating
      // statement has even answered, and a rejection nobody watches yet fails the run.
      const settled = settledUnlessConnectionLost([first, second]).then(
        () => 'settled',
        (err: { code?: string }) => err.code,
      );
      await sleep(200);
      await admin`select pg_terminate_backend(${pid})`;
      expect(await within(settled, 5000)).toBe('CONNECTION_CLOSED');
    } finally {
      await sql.end({ timeout: 1 });
    }
  });
});
