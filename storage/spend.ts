import type { Db } from './db.ts';
import { newId } from '../core/ids.ts';

export interface SpendInput {
  source: string | null;
  medium: string | null;
  campaign: string | null;
  kind: 'automated' | 'other';
  amount_cents: number;
  currency: string;
  starts_at: string;
  ends_at: string;
}

export async function insertSpendRecords(sql: Db, workspaceId: string, items: SpendInput[]): Promise<number> {
  if (!items.length) return 0;
  const rows = items.map((s) => ({ ...s, id: newId('spend'), workspace_id: workspaceId }));
  // Batches keep each statement well under PostgreSQL's 65,535 bind parameters.
  for (let i = 0; i < rows.length; i += 5000) await sql`insert into spend_records ${sql(rows.slice(i, i + 5000))}`;
  return rows.length;
}
