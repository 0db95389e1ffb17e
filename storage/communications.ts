import type { Db } from './db.ts';
import { newId } from '../core/ids.ts';
import { recordLeadsUpdated } from './leads.ts';

export interface CommunicationInput {
  lead_id: string | null;
  channel: 'call' | 'sms';
  direction: 'inbound' | 'outbound';
  status: string;
  started_at: string;
  duration_seconds?: number | null;
  thread_id?: string | null;
  tracking_label?: string | null;
  tracking_phone_last4?: string | null;
  tracking_national_format?: string | null;
  source?: string | null;
  campaign?: string | null;
  approved?: boolean;
}

/**
 * Stores calls and SMS; their leads' communication summaries follow (migration 2's triggers), and
 * each lead given an approved one gets lead.updated, in the caller's transaction.
 */
export async function insertCommunications(tx: Db, workspaceId: string, items: CommunicationInput[]): Promise<number> {
  if (!items.length) return 0;
  const rows = items.map((c) => ({
    id: newId('comm'),
    workspace_id: workspaceId,
    lead_id: c.lead_id,
    channel: c.channel,
    direction: c.direction,
    status: c.status,
    started_at: c.started_at,
    duration_seconds: c.duration_seconds ?? null,
    thread_id: c.thread_id ?? null,
    tracking_label: c.tracking_label ?? null,
    tracking_phone_last4: c.tracking_phone_last4 ?? null,
    tracking_national_format: c.tracking_national_format ?? null,
    source: c.source ?? null,
    campaign: c.campaign ?? null,
    approved: c.approved ?? true,
  }));
  const counted = [...new Set(rows.filter((r) => r.approved && r.lead_id !== null).map((r) => r.lead_id!))];
  await tx`insert into communications ${tx(rows)}`;
  if (counted.length) await recordLeadsUpdated(tx, workspaceId, counted);
  return rows.length;
}
