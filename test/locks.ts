import type { Sql } from '../storage/db.ts';
import { lockLeadMatchKey } from '../storage/leads.ts';

/**
 * Holds a lead-match lock from outside, so a request upserting that phone stops inside its
 * transaction until the returned release function is called.
 */
export async function holdLeadMatchLock(sql: Sql, workspaceId: string, phoneDigits: string): Promise<() => Promise<void>> {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let locked!: () => void;
  const isLocked = new Promise<void>((r) => (locked = r));
  const holder = sql.begin(async (tx) => {
    await lockLeadMatchKey(tx, workspaceId, JSON.stringify(['phone', phoneDigits]));
    locked();
    await held;
  });
  await isLocked;
  return async () => {
    release();
    await holder;
  };
}
