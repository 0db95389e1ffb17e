import { createHash } from 'node:crypto';
import { z } from 'zod';
import { conflict, fieldError } from '../../core/errors.ts';
import {
  claimIdempotencyKey,
  findIdempotencyRecord,
  passIdempotencyGate,
  releaseIdempotencyKey,
  saveIdempotentResponses,
  type GateVerdict,
  type IdempotencyRecord,
  type KeptResponse,
} from '../../storage/idempotency.ts';
import type { Ctx } from '../context.ts';
import { pipelinedTransaction, settledUnlessConnectionLost } from '../../storage/db.ts';
import type { RouteDef } from '../route.ts';
import { canonicalJson } from '../http/validation.ts';
import { openSecret, sealSecret } from '../../core/webhookSecrets.ts';

export const IDEMPOTENCY_KEY_RULE = 'send a unique value of 1 to 160 characters (e.g. a UUID) per operation';

/** Every refusal names the header and the whole rule, so a partner can fix the request from the message alone. */
export const IdempotencyKeyHeader = z
  .string({ error: `Idempotency-Key is required on this write: ${IDEMPOTENCY_KEY_RULE}` })
  .min(1, `Idempotency-Key is empty: ${IDEMPOTENCY_KEY_RULE}`)
  .max(160, `Idempotency-Key is longer than 160 characters: ${IDEMPOTENCY_KEY_RULE}`);

/**
 * How a route's writes meet its Idempotency-Key; each route declares exactly one.
 * - `transaction`: the key passes the gate, then the handler runs, in one transaction with the
 *   kept answer.
 * - `pipelined`: as `transaction`, but the handler's first statements leave in the same packet as
 *   the gate; when the gate turns the request away they fail in the aborted transaction.
 * - `claimed`: the key is claimed and committed up front, for a handler that commits before it
 *   answers (generate waits on the worker).
 * - `batched`: the handler writes in a batch shared with concurrent requests, which passes the key
 *   through the gate and keeps the answer itself (page views).
 * - `statement`: the handler's one writing statement passes the key through the gate, writes and
 *   keeps the answer itself, in no transaction of the middleware's (the single lead upsert).
 */
export type IdempotencyMode = 'transaction' | 'pipelined' | 'claimed' | 'batched' | 'statement';

/** What the request came to: its handler ran, or a kept answer was replayed. */
export type IdempotencyOutcome = 'ran' | 'replayed';

/** The request's Idempotency-Key, checked before its body is read: a write without one is refused unread. */
export function idempotencyKey(ctx: Ctx): string {
  const parsed = IdempotencyKeyHeader.safeParse(ctx.get('Idempotency-Key') || undefined);
  if (!parsed.success) throw fieldError('header', 'idempotency-key', parsed.error.issues[0]!.message);
  return parsed.data;
}

/** One request under its Idempotency-Key: what each mode needs to gate, keep and replay. */
export interface IdempotentRequest {
  apiKeyId: string;
  key: string;
  fingerprint: string;
  /** How long a kept answer lives, and the largest one kept whole (for a handler that keeps its own). */
  ttlHours: number;
  maxKeptBytes: number;
  /** The answer to keep; it also fixes the response's bytes to those a replay will send. */
  kept: () => KeptResponse;
  /** The gate turned the request away: replay the kept answer, or 409. */
  turnedAway: (verdict: Exclude<GateVerdict, 'open'>) => Promise<IdempotencyOutcome>;
}

type Mode = (ctx: Ctx, request: IdempotentRequest, run: () => Promise<void>) => Promise<IdempotencyOutcome>;

const succeeded = (ctx: Ctx) => ctx.status >= 200 && ctx.status < 300;

async function inTransaction(
  ctx: Ctx,
  request: IdempotentRequest,
  run: () => Promise<void>,
  pipelined: boolean,
): Promise<IdempotencyOutcome> {
  const verdict = await pipelinedTransaction(ctx.deps.sql, async (tx, { commitWith, rollback }) => {
    const gate = passIdempotencyGate(tx, request.apiKeyId, request.key);
    ctx.state.db = tx;
    const handling = pipelined ? run() : gate.then((g) => (g === 'open' ? run() : undefined));
    // When the connection is lost this rejects at once, and a handler still waiting keeps the
    // dead transaction as its db, never the pool: it must not write outside the transaction.
    const [g, handled] = await settledUnlessConnectionLost([gate, handling]);
    ctx.state.db = ctx.deps.sql;
    if (g.status === 'rejected') throw g.reason;
    // A closed gate aborted the transaction: whatever a pipelined handler sent failed with it.
    if (g.value !== 'open') {
      rollback();
      return g.value;
    }
    if (handled.status === 'rejected') throw handled.reason;
    // A non-2xx answer produced without throwing keeps its answer and writes nothing.
    if (!succeeded(ctx)) {
      rollback();
      return 'open';
    }
    await commitWith(saveIdempotentResponses(tx, [request.kept()]));
    return 'open';
  });
  return verdict === 'open' ? 'ran' : request.turnedAway(verdict);
}

const transaction: Mode = (ctx, request, run) => inTransaction(ctx, request, run, false);
const pipelined: Mode = (ctx, request, run) => inTransaction(ctx, request, run, true);

const claimed: Mode = async (ctx, request, run) => {
  const { sql, config } = ctx.deps;
  // A live claim answers within GENERATE_WAIT_MS; one much older belongs to a dead process.
  const staleAfterMs = config.GENERATE_WAIT_MS + 60_000;
  const { apiKeyId, key, fingerprint } = request;
  if (
    !(await claimIdempotencyKey(sql, {
      apiKeyId,
      key,
      fingerprint,
      ttlHours: config.IDEMPOTENCY_TTL_HOURS,
      staleAfterMs,
    }))
  ) {
    return request.turnedAway('recorded');
  }
  try {
    await run();
  } catch (err) {
    await releaseIdempotencyKey(sql, apiKeyId, key);
    throw err;
  }
  if (succeeded(ctx)) await saveIdempotentResponses(sql, [request.kept()]);
  else await releaseIdempotencyKey(sql, apiKeyId, key);
  return 'ran';
};

/** `batched` and `statement`: the handler passes the gate and keeps its answer itself. */
const keptByHandler: Mode = async (ctx, request, run) => {
  let outcome: IdempotencyOutcome = 'ran';
  ctx.state.idempotency = { ...request, turnedAway: async (verdict) => (outcome = await request.turnedAway(verdict)) };
  await run();
  return outcome;
};

/** Marks a kept answer stored sealed (routes with sealAnswer); JSON answers never start with it. */
const SEALED = 'sealed:';

const MODES: Record<IdempotencyMode, Mode> = {
  transaction,
  pipelined,
  claimed,
  batched: keptByHandler,
  statement: keptByHandler,
};

/**
 * Stripe-style idempotency per API key and Idempotency-Key, in the route's declared mode. The
 * fingerprint is method, path and the canonical identity of the body. A finished 2xx is
 * replayed byte for byte; a different fingerprint, or a request still running under the same
 * key, is 409.
 */
export function withIdempotency(
  ctx: Ctx,
  route: RouteDef,
  key: string,
  identity: unknown,
  run: () => Promise<void>,
): Promise<IdempotencyOutcome> {
  const declared = route.idempotent!;
  const apiKeyId = ctx.state.apiKey!.id;
  const fingerprint = createHash('sha256')
    .update(`${ctx.method} ${ctx.path}\n${canonicalJson(identity ?? null)}`)
    .digest('hex');
  const ttlHours = ctx.deps.config.IDEMPOTENCY_TTL_HOURS;
  const maxKeptBytes = ctx.deps.config.IDEMPOTENCY_MAX_KEPT_BYTES;

  const kept = (): KeptResponse => {
    const text = typeof ctx.body === 'string' ? ctx.body : JSON.stringify(ctx.body);
    ctx.type = 'application/json';
    ctx.body = text;
    // A larger answer is not kept whole: the record still guards the key (a repeat does not write
    // twice), but a replay answers 409, pointing at the resource, instead of the bytes.
    const body = Buffer.byteLength(text) <= maxKeptBytes ? text : null;
    const stored =
      body !== null && declared.sealAnswer
        ? SEALED + sealSecret(ctx.deps.webhookSealingKey, body).toString('base64')
        : body;
    return { apiKeyId, key, fingerprint, ttlHours, status: ctx.status, body: stored, contentType: 'application/json' };
  };

  const replay = (record: IdempotencyRecord): IdempotencyOutcome => {
    if (record.response_body === null) {
      throw conflict(
        'This Idempotency-Key was used by a request that succeeded; its answer was too large to keep, so read the resource instead',
        {
          idempotency_key: key,
        },
      );
    }
    ctx.status = declared.replayStatus ?? record.response_status!;
    ctx.set('Idempotency-Replayed', 'true');
    ctx.type = record.response_content_type ?? 'application/json';
    ctx.body = record.response_body.startsWith(SEALED)
      ? openSecret(ctx.deps.webhookSealingKey, Buffer.from(record.response_body.slice(SEALED.length), 'base64'))
      : record.response_body;
    return 'replayed';
  };

  const turnedAway = async (verdict: Exclude<GateVerdict, 'open'>): Promise<IdempotencyOutcome> => {
    const record = verdict === 'held' ? undefined : await findIdempotencyRecord(ctx.deps.sql, apiKeyId, key);
    if (record && record.fingerprint !== fingerprint) {
      throw conflict('Idempotency-Key was already used with a different request', { idempotency_key: key });
    }
    if (!record || record.state === 'running')
      throw conflict('A request with this Idempotency-Key is still in progress', { idempotency_key: key });
    return replay(record);
  };

  return MODES[declared.mode](ctx, { apiKeyId, key, fingerprint, ttlHours, maxKeptBytes, kept, turnedAway }, run);
}
