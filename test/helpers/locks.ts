import type { Db, Sql } from '../../storage/db.ts';
import { lockLeadMatchKey } from '../../storage/leads.ts';

/**
 * Runs `lock` in a transaction held open until the returned release function is called, so
 * whatever needs those locks waits, mid-request or mid-job, for as long as a test decides.
 */
async function holdTransaction(sql: Sql, lock: (tx: Db) => Promise<unknown>): Promise<() => Promise<void>> {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let locked!: () => void;
  const isLocked = new Promise<void>((r) => (locked = r));
  const holder = sql.begin(async (tx) => {
    await lock(tx);
    locked();
    await held;
  });
  await Promise.race([isLocked, holder]);
  return async () => {
    release();
    await holder;
  };
}

/**
 * Holds a lead-match lock from outside, so a request upserting that phone stops inside its
 * transaction until the returned release function is called.
 */
export function holdLeadMatchLock(sql: Sql, workspaceId: string, phoneDigits: string): Promise<() => Promise<void>> {
  return holdTransaction(sql, (tx) => lockLeadMatchKey(tx, workspaceId, JSON.stringify(['phone', phoneDigits])));
}

/** Holds `for update` on rows of `table` by id: a job writing one of them waits mid-run. */
export function holdRowLocks(sql: Sql, table: string, ids: string[]): Promise<() => Promise<void>> {
  return holdTransaction(sql, (tx) => tx`select 1 from ${tx(table)} where id = any(${ids}) for update`);
}

/** Sessions of the current database waiting on a heavyweight lock (row, table or advisory). */
export async function sessionsWaitingOnLocks(sql: Sql): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`;
  return row!.n;
}
