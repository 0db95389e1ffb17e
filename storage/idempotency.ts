import { promisify } from 'node:util';
import { deflateRawSync, inflateRaw } from 'node:zlib';
import type postgres from 'postgres';
import type { Db } from './db.ts';

const inflate = promisify(inflateRaw);

export interface IdempotencyRecord {
  fingerprint: string;
  state: 'running' | 'done';
  response_status: number | null;
  response_body: string | null;
  response_content_type: string | null;
  created_at: Date;
}

/**
 * Takes the per-(key, Idempotency-Key) transaction lock, then looks for a kept record (the
 * idempotency_gate function). 'open' lets the request run; 'held' (another request has the key)
 * and 'recorded' leave the transaction aborted, to be rolled back.
 */
export type GateVerdict = 'open' | 'held' | 'recorded';

export async function passIdempotencyGate(tx: Db, apiKeyId: string, key: string): Promise<GateVerdict> {
  try {
    await tx`select idempotency_gate(${apiKeyId}, ${key})`;
    return 'open';
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'IK423') return 'held';
    if (code === 'IK409') return 'recorded';
    throw err;
  }
}

export async function findIdempotencyRecord(
  sql: Db,
  apiKeyId: string,
  key: string,
): Promise<IdempotencyRecord | undefined> {
  const [row] = await sql<(IdempotencyRecord & { response_deflated: Buffer | null })[]>`
    select fingerprint, state, response_status, response_body, response_deflated, response_content_type, created_at
    from idempotency_records
    where api_key_id = ${apiKeyId} and key = ${key} and expires_at > now()`;
  if (!row) return undefined;
  const { response_deflated: deflated, ...record } = row;
  return deflated ? { ...record, response_body: (await inflate(deflated)).toString() } : record;
}

/**
 * Claims a key for a request that commits before it answers. An expired record is taken over,
 * and so is a claim still 'running' after staleAfterMs: its process died before answering.
 */
export async function claimIdempotencyKey(
  sql: Db,
  input: { apiKeyId: string; key: string; fingerprint: string; ttlHours: number; staleAfterMs: number },
): Promise<boolean> {
  const rows = await sql`
    insert into idempotency_records (api_key_id, key, fingerprint, state, expires_at)
    values (${input.apiKeyId}, ${input.key}, ${input.fingerprint}, 'running', now() + make_interval(hours => ${input.ttlHours}))
    on conflict (api_key_id, key) do update
      set fingerprint = excluded.fingerprint, state = 'running', response_status = null,
          response_body = null, response_deflated = null, response_content_type = null, created_at = now(),
          expires_at = excluded.expires_at
      where idempotency_records.expires_at <= now()
         or (idempotency_records.state = 'running'
             and idempotency_records.created_at < now() - make_interval(secs => ${input.staleAfterMs / 1000}))
    returning 1`;
  return rows.length > 0;
}

/** A 2xx answer to keep under its Idempotency-Key. */
export interface KeptResponse {
  apiKeyId: string;
  key: string;
  fingerprint: string;
  ttlHours: number;
  status: number;
  /** Null for an answer too large to keep: the key stays guarded, with nothing to replay. */
  body: string | null;
  contentType: string;
}

/**
 * From this many characters a lone answer is kept deflated. Smaller ones stay text: PostgreSQL
 * keeps a row under 2 kB inline, without compressing it.
 */
const DEFLATE_FROM_LENGTH = 2048;

/**
 * A lone answer's stored forms: text, or deflated when large. As text, a lead batch's answer
 * (about 120 kB) cost PostgreSQL about 0.9 ms of pglz and a run of TOAST chunks, for a third of its
 * size; deflated here it is about 4.5 kB, for 0.2–0.4 ms of this thread. That is on the event loop
 * on purpose: zlib's asynchronous form cost about 0.2 ms more CPU in all, and the largest answer
 * kept (IDEMPOTENCY_MAX_KEPT_BYTES, 1 MB) deflates in a few milliseconds.
 */
function storedForms(body: string | null): { text: string | null; deflated: Buffer | null } {
  if (body === null || body.length < DEFLATE_FROM_LENGTH) return { text: body, deflated: null };
  return { text: null, deflated: deflateRawSync(body, { level: 1 }) };
}

/**
 * Keeps 2xx answers, one or a batch's worth. A pending query, so a pipelined transaction can send
 * COMMIT right behind it. One answer (every idempotent request but a page-view group commit) goes
 * as parameters of its own: as an element of a text[] a 100-lead batch's answer (about 100 kB of
 * JSON) was escaped quote by quote in Node and parsed back by PostgreSQL, 0.5 ms of each. Many
 * small answers go as arrays: one statement whatever their number, prepared once.
 */
export function saveIdempotentResponses(sql: Db, kept: KeptResponse[]) {
  const column = <K extends keyof KeptResponse>(k: K) => kept.map((r) => r[k]);
  const [one] = kept;
  // A group commit's answers (page views) are small: they stay text.
  const stored = kept.length === 1 && one ? { ...one, ...storedForms(one.body) } : undefined;
  const answers = stored
    ? sql`(select ${stored.apiKeyId}::text, ${stored.key}::text, ${stored.fingerprint}::text, ${stored.status}::int,
                  ${stored.text}::text, ${stored.deflated}::bytea, ${stored.contentType}::text, ${stored.ttlHours}::int)`
    : sql`(select u.a, u.k, u.f, u.s, u.b, null::bytea, u.c, u.t
             from unnest(${column('apiKeyId')}::text[], ${column('key')}::text[], ${column('fingerprint')}::text[],
               ${column('status')}::int[], ${column('body')}::text[], ${column('contentType')}::text[],
               ${column('ttlHours')}::int[]) u (a, k, f, s, b, c, t))`;
  return sql`${insertKeptAnswers(sql, answers)}`;
}

/**
 * The insert of kept answers: `answers` is a relation of rows (api_key_id, key, fingerprint,
 * status, body, deflated, content_type, ttl_hours). It replaces a record the gate let through
 * (an expired one, or a claim).
 */
export const insertKeptAnswers = (sql: Db, answers: postgres.Fragment) => sql`
    insert into idempotency_records
      (api_key_id, key, fingerprint, state, response_status, response_body, response_deflated, response_content_type,
       expires_at)
    select r.api_key_id, r.key, r.fingerprint, 'done', r.status, r.body, r.deflated, r.content_type,
           now() + make_interval(hours => r.ttl_hours)
    from ${answers} as r (api_key_id, key, fingerprint, status, body, deflated, content_type, ttl_hours)
    on conflict (api_key_id, key) do update
      set fingerprint = excluded.fingerprint, state = 'done', response_status = excluded.response_status,
          response_body = excluded.response_body, response_deflated = excluded.response_deflated,
          response_content_type = excluded.response_content_type, created_at = now(), expires_at = excluded.expires_at`;

/** The gate's verdict on a key, without raising (the lock it takes ends with the caller's statement or transaction). */
export async function idempotencyGateState(sql: Db, apiKeyId: string, key: string): Promise<GateVerdict> {
  const [row] = await sql<{ verdict: GateVerdict }[]>`select idempotency_gate_state(${apiKeyId}, ${key}) as verdict`;
  return row!.verdict;
}

export async function releaseIdempotencyKey(sql: Db, apiKeyId: string, key: string): Promise<void> {
  await sql`delete from idempotency_records where api_key_id = ${apiKeyId} and key = ${key} and state = 'running'`;
}

export async function deleteExpiredIdempotencyRecords(sql: Db): Promise<number> {
  const rows = await sql`delete from idempotency_records where expires_at <= now() returning 1`;
  return rows.length;
}
