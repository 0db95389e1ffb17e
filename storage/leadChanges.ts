import type { Db } from './db.ts';

/**
 * A place in a workspace's change order: a lead's writing transaction (xid8, as text) and its id.
 * Every position below a snapshot's xmin is final: the transactions there have all ended, so no
 * write can still appear behind it; a lead written again moves ahead, past any sync's token.
 */
export type ChangePosition = [xid: string, id: string];

/** The start of every workspace's change order: a full sync starts here. */
export const START_OF_CHANGES: ChangePosition = ['0', ''];

export interface LeadChangeRow {
  id: string;
  xid: string;
  /** The lead as the API shows it; null for a deleted one. */
  doc: string | null;
  external_id: string | null;
  external_source: string | null;
  deleted_at: Date | null;
}

/**
 * Up to `limit` leads of the workspace (deleted ones included) changed after `after`, in change
 * order, and `below`: the oldest transaction still running when the page was read. Only
 * positions under it are handed out, so a write that commits after this read, by a transaction
 * that began before a later one's, is never behind the sync's next token. Served by
 * leads_changes_idx (migration 31).
 */
export async function leadChangesAfter(
  sql: Db,
  workspaceId: string,
  after: ChangePosition,
  limit: number,
): Promise<{ rows: LeadChangeRow[]; below: string }> {
  const rows = await sql<(LeadChangeRow & { below: string })[]>`
    with bound as (select pg_snapshot_xmin(pg_current_snapshot()) as below)
    select b.below::text as below, c.id, c.xid, c.doc, c.external_id, c.external_source, c.deleted_at
    from bound b left join lateral (
      select l.id, l.change_xid::text as xid, case when l.deleted_at is null then l.document end as doc,
             l.external_id, l.external_source, l.deleted_at
      from leads l
      where l.workspace_id = ${workspaceId} and (l.change_xid, l.id) > (${after[0]}::xid8, ${after[1]})
        and l.change_xid < b.below
      order by l.change_xid, l.id
      limit ${limit}) c on true`;
  const below = rows[0]!.below;
  return { rows: rows.filter((r) => r.id !== null), below };
}

/** Whether position a comes before b in change order (xids compared as the numbers they are). */
export function positionBefore(a: ChangePosition, b: ChangePosition): boolean {
  const [ax, bx] = [BigInt(a[0]), BigInt(b[0])];
  return ax < bx || (ax === bx && a[1] < b[1]);
}
