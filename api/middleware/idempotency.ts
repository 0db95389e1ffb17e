import { createHash } from 'node:crypto';
import { z } from 'zod';
import { conflict } from '../../core/errors.ts';
import {
  claimIdempotencyKey,
  findIdempotencyRecord,
  passIdempotencyGate,
  releaseIdempotencyKey,
  saveIdempotentResponses,
  type IdempotencyRecord,
  type KeptResponse,
} from '../../storage/idempotency.ts';
import type { Ctx } from '../context.ts';
import { pipelinedTransaction, type Db } from '../../storage/db.ts';
import type { RouteDef } from '../route.ts';
import { canonicalJson, parseInput } from '../validation.ts';

export const IdempotencyKeyHeader = z.string().min(1).max(160);

function replay(ctx: Ctx, record: IdempotencyRecord, route: RouteDef) {
  ctx.status = route.idempotent?.replayStatus ?? record.response_status!;
  ctx.set('Idempotency-Replayed', 'true');
  ctx.type = record.response_content_type ?? 'application/json';
  ctx.body = record.response_body;
}

function responseText(ctx: Ctx): string {
  return typeof ctx.body === 'string' ? ctx.body : JSON.stringify(ctx.body);
}

/**
 * Stripe-style idempotency per API key and Idempotency-Key. The fingerprint is method, path
 * and canonical body. A finished 2xx is replayed byte for byte; a different fingerprint, or a
 * request still running under the same key, is 409. By default the handler's writes and the
 * record commit in one transaction, so a crash in between leaves neither behind.
 */
export async function withIdempotency(ctx: Ctx, route: RouteDef, body: unknown, run: () => Promise<void>) {
  const key = parseInput(IdempotencyKeyHeader, ctx.get('Idempotency-Key') || undefined, 'header');
  const apiKeyId = ctx.state.apiKey!.id;
  const fingerprint = createHash('sha256')
    .update(`${ctx.method} ${ctx.path}\n${canonicalJson(body ?? null)}`)
    .digest('hex');
  const { sql, config } = ctx.deps;
  const ttlHours = config.IDEMPOTENCY_TTL_HOURS;
  const mismatch = () =>
    conflict('Idempotency-Key was already used with a different request', { idempotency_key: key });
  const inFlight = () => conflict('A request with this Idempotency-Key is still in progress', { idempotency_key: key });
  const answerFrom = (record: IdempotencyRecord | undefined) => {
    if (record && record.fingerprint !== fingerprint) throw mismatch();
    if (!record || record.state === 'running') throw inFlight();
    replay(ctx, record, route);
  };
  /** The 2xx answer to keep; the response is sent as exactly the bytes a replay will send. */
  const kept = (): KeptResponse => {
    const text = responseText(ctx);
    ctx.type = 'application/json';
    ctx.body = text;
    return { apiKeyId, key, fingerprint, ttlHours, status: ctx.status, body: text, contentType: 'application/json' };
  };
  /** Stores the 2xx answer: a pending query. */
  const keep = (db: Db) => saveIdempotentResponses(db, [kept()]);
  const turnedAway = async (err: unknown) => {
    if (!(err instanceof GateClosed)) throw err;
    if (err.state === 'held') throw inFlight();
    return answerFrom(await findIdempotencyRecord(sql, apiKeyId, key));
  };
  const succeeded = () => ctx.status >= 200 && ctx.status < 300;

  if (route.idempotent?.commitsEarly) {
    // A live claim answers within GENERATE_WAIT_MS; one much older belongs to a dead process.
    const staleAfterMs = config.GENERATE_WAIT_MS + 60_000;
    const claimed = await claimIdempotencyKey(sql, { apiKeyId, key, fingerprint, ttlHours, staleAfterMs });
    if (!claimed) return answerFrom(await findIdempotencyRecord(sql, apiKeyId, key));
    try {
      await run();
    } catch (err) {
      await releaseIdempotencyKey(sql, apiKeyId, key);
      throw err;
    }
    if (succeeded()) await keep(sql);
    else await releaseIdempotencyKey(sql, apiKeyId, key);
    return;
  }

  if (route.idempotent?.batched) {
    ctx.state.idempotency = { apiKeyId, key, kept };
    return run().catch(turnedAway);
  }

  await pipelinedTransaction(sql, async (tx, commitWith) => {
    const gate = passIdempotencyGate(tx, apiKeyId, key);
    ctx.state.db = tx;
    let outcome: [PromiseSettledResult<'open' | 'held' | 'recorded'>, PromiseSettledResult<void>];
    try {
      const handled = route.idempotent?.pipelined ? run() : gate.then((g) => (g === 'open' ? run() : undefined));
      outcome = await Promise.allSettled([gate, handled]);
    } finally {
      ctx.state.db = sql;
    }
    const [g, handled] = outcome;
    if (g.status === 'rejected') throw g.reason;
    // A closed gate aborted the transaction: whatever a pipelined handler sent failed with it.
    if (g.value !== 'open') throw new GateClosed(g.value);
    if (handled.status === 'rejected') throw handled.reason;
    if (succeeded()) await commitWith(keep(tx));
    else throw new RollbackWith(ctx.status, ctx.body);
  }).catch(async (err) => {
    if (err instanceof RollbackWith) {
      ctx.status = err.status;
      ctx.body = err.body;
      return;
    }
    return turnedAway(err);
  });
}

/**
 * The idempotency gate turned the request away; its transaction is rolled back before answering.
 * A batched route's handler throws it when its batch reports the gate closed.
 */
export class GateClosed extends Error {
  constructor(readonly state: 'held' | 'recorded') {
    super(`idempotency gate ${state}`);
  }
}

/** A non-2xx answer produced without throwing: roll the transaction back but keep the answer. */
class RollbackWith extends Error {
  constructor(readonly status: number, readonly body: unknown) {
    super('rollback');
  }
}

