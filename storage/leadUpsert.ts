import type { Db } from './db.ts';
import type { WebhookEventType } from '../core/webhookEventTypes.ts';
import { insertKeptAnswers } from './idempotency.ts';
import {
  insertLeadsCtes,
  newLeadRow,
  updateLeadsCtes,
  type LeadMatchKey,
  type LeadValues,
  type WrittenLead,
} from './leads.ts';

/** What the single upsert writes, planned in Node (storage/leadWrites.ts) on the lead it read. */
export type UpsertWrite =
  | { kind: 'create'; values: LeadValues }
  | { kind: 'update'; id: string; values: LeadValues; events: readonly WebhookEventType[] }
  | { kind: 'unchanged'; lead: WrittenLead };

/** What the write was planned on: the match rule's key and lock, and the lead it found then (none for null). */
export interface PlannedOn {
  key: LeadMatchKey | undefined;
  lockName: string | null;
  id: string | null;
  version: string | null;
}

/**
 * The answer the statement keeps under the request's Idempotency-Key: `before`, the lead's
 * document, `after`, as one text (the handler sends those very bytes), unless it is over
 * `maxKeptBytes` (then null: the key stays guarded with nothing to replay, as on every route).
 */
export interface AnswerToKeep {
  apiKeyId: string;
  key: string;
  fingerprint: string;
  ttlHours: number;
  maxKeptBytes: number;
  status: number;
  before: string;
  after: string;
}

export type UpsertStatementResult =
  { verdict: 'open'; lead: WrittenLead; body: string } | { verdict: 'held' | 'recorded' | 'stale' };

/**
 * The single upsert's write as one statement, in its own transaction: the gate
 * (lead_upsert_gate: Idempotency-Key, match key lock, the planned-on lead unchanged) decides
 * first, and only when it is open does the statement write the lead (insertLeadsCtes or
 * updateLeadsCtes, with their lead.* events) and keep the answer. Any other verdict writes nothing.
 */
export async function writeLeadKeepingAnswer(
  sql: Db,
  workspaceId: string,
  write: UpsertWrite,
  on: PlannedOn,
  answer: AnswerToKeep,
): Promise<UpsertStatementResult> {
  const phone = on.key && 'phone' in on.key ? on.key.phone : null;
  const external = on.key && 'external_id' in on.key ? on.key : null;
  const open = sql`(select g.verdict from g) = 'open'`;
  const writes =
    write.kind === 'create'
      ? insertLeadsCtes(sql, workspaceId, [newLeadRow(write.values)], open)
      : write.kind === 'update'
        ? updateLeadsCtes(sql, workspaceId, [{ id: write.id, values: write.values, events: write.events }], open)
        : sql`
    w as (
      select ${write.lead.id}::text as id, ${write.lead.source}::text as source, ${write.lead.medium}::text as medium,
             ${write.lead.campaign}::text as campaign, ${write.lead.doc}::text as document
      where ${open}),
    e as (select)`;
  const [row] = await sql<
    { verdict: UpsertStatementResult['verdict']; id: string | null; body: string | null; doc: string }[]
  >`
    with g as materialized (
      select lead_upsert_gate(${answer.apiKeyId}, ${answer.key}, ${workspaceId}, ${on.lockName}, ${phone},
        ${external?.external_source ?? null}, ${external?.external_id ?? null}, ${on.id}, ${on.version}) as verdict),
    ${writes},
    a as (select w.*, ${answer.before}::text || w.document || ${answer.after}::text as body from w),
    k as (${insertKeptAnswers(
      sql,
      sql`(
        select ${answer.apiKeyId}::text, ${answer.key}::text, ${answer.fingerprint}::text, ${answer.status}::int,
               case when octet_length(a.body) <= ${answer.maxKeptBytes} then a.body end, null::bytea,
               'application/json'::text, ${answer.ttlHours}::int
        from a)`,
    )})
    select g.verdict, a.id, a.source, a.medium, a.campaign, a.document as doc, a.body
    from g cross join e left join a on true`;
  const { verdict, id, body } = row!;
  if (verdict !== 'open') return { verdict };
  if (id === null || body === null) throw new Error('the lead upsert passed its gate and wrote no lead');
  const { source, medium, campaign, doc } = row as unknown as WrittenLead;
  return { verdict, lead: { id, source, medium, campaign, doc }, body };
}
