import type { z } from 'zod';
import { ApiError, conflict } from '../../../core/errors.ts';
import { workspaceId, type Ctx } from '../../context.ts';
import { InvalidItem, itemError } from '../../batch.ts';
import { idempotencyKey } from '../../middleware/idempotency.ts';
import type { EventBatchItem, EventBatchResultItem } from '../../schemas/events.ts';
import { pipelinedTransaction, settledUnlessConnectionLost } from '../../../storage/db.ts';
import { sameEventOrConflict } from '../../../storage/events.ts';
import { recordFormSubmission } from '../../../storage/formSubmissions.ts';
import {
  findIdempotencyRecord,
  passIdempotencyGate,
  saveIdempotentResponses,
  type GateVerdict,
  type KeptResponse,
} from '../../../storage/idempotency.ts';
import { pageViewOf } from '../../../storage/pageViews.ts';

type ValidItem = z.output<typeof EventBatchItem>;
type Item = ValidItem | InvalidItem;
type Result = Omit<EventBatchResultItem, 'index'>;

/**
 * Each item of POST /events/batch is recorded as its single endpoint records it: a page view
 * through the page views' group commit, a form submission in a transaction of its own, each with
 * its own idempotency record under the batch's Idempotency-Key and the item's index. No request
 * can send that key (a header value holds no control character). A batch cut short (a lost
 * connection, a crash) and sent again under its key answers the items it recorded from their
 * records, exactly as the first time, and records only the others.
 */
const itemKey = (batchKey: string, index: number) => `${batchKey}\u001f${index}`;

/** Marks the records of batch items; a partner's request is never compared with them. */
const ITEM_FINGERPRINT = 'events.batch item';

/** The results of the items, in request order, as the JSON of the batch's answer. */
export async function recordEventBatch(ctx: Ctx, items: Item[]): Promise<string> {
  const batchKey = idempotencyKey(ctx);
  const results: Result[] = [];
  const isForm = (item: Item) => !(item instanceof InvalidItem) && item.type === 'form_submission';
  // Items apply in request order: a run of page views goes to the group commit together (it
  // keeps their order), a form submission after everything before it.
  for (let i = 0; i < items.length;) {
    let end = i + 1;
    while (end < items.length && !isForm(items[i]!) && !isForm(items[end]!)) end++;
    const run = items.slice(i, end).map((item, k) => recordItem(ctx, itemKey(batchKey, i + k), item));
    results.push(...(await Promise.all(run)));
    i = end;
  }
  return `{"results":[${results.map((r, index) => JSON.stringify({ index, ...r })).join(',')}]}`;
}

async function recordItem(ctx: Ctx, key: string, item: Item): Promise<Result> {
  try {
    if (item instanceof InvalidItem) throw item.error;
    return item.type === 'page_view' ? await pageViewItem(ctx, key, item) : await formSubmissionItem(ctx, key, item);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return {
      status: err.status,
      event: null,
      duplicate: null,
      created: null,
      lead_id: null,
      error: itemError(err, ctx.state.requestId),
    };
  }
}

function kept(ctx: Ctx, key: string, result: Result): KeptResponse {
  return {
    apiKeyId: ctx.state.apiKey!.id,
    key,
    fingerprint: ITEM_FINGERPRINT,
    ttlHours: ctx.deps.config.IDEMPOTENCY_TTL_HOURS,
    status: result.status,
    body: JSON.stringify(result),
    contentType: 'application/json',
  };
}

/** An item recorded before, by an earlier try of the same batch: its result as it was. */
async function recordedResult(ctx: Ctx, key: string, gate: Exclude<GateVerdict, 'open'>): Promise<Result> {
  const record = gate === 'recorded' ? await findIdempotencyRecord(ctx.deps.sql, ctx.state.apiKey!.id, key) : undefined;
  if (record?.state !== 'done' || record.response_body === null) {
    throw conflict('A request with this Idempotency-Key is still in progress');
  }
  return JSON.parse(record.response_body) as Result;
}

async function pageViewItem(ctx: Ctx, key: string, item: Extract<ValidItem, { type: 'page_view' }>): Promise<Result> {
  const { type: _type, ...body } = item;
  let result: Result | undefined;
  const gate = await ctx.deps.pageViews.record({
    workspaceId: workspaceId(ctx),
    idempotency: { apiKeyId: ctx.state.apiKey!.id, key },
    ...pageViewOf(body),
    answer: ({ event, created }) => {
      sameEventOrConflict(event, {
        type: 'page_view',
        session_id: body.session_id,
        external_event_id: body.external_event_id,
      });
      result = {
        status: created ? 201 : 200,
        event: { id: event.id },
        duplicate: !created,
        created,
        lead_id: null,
        error: null,
      };
      return kept(ctx, key, result);
    },
  });
  return gate === 'open' ? result! : recordedResult(ctx, key, gate);
}

async function formSubmissionItem(
  ctx: Ctx,
  key: string,
  item: Extract<ValidItem, { type: 'form_submission' }>,
): Promise<Result> {
  const { type: _type, ...body } = item;
  const outcome = await pipelinedTransaction(ctx.deps.sql, async (tx, { commitWith, rollback }) => {
    // The item's statements leave with its gate, as a single request's do (mode `pipelined`).
    const gate = passIdempotencyGate(tx, ctx.state.apiKey!.id, key);
    const recorded = recordFormSubmission(tx, workspaceId(ctx), body);
    const [g, r] = await settledUnlessConnectionLost([gate, recorded]);
    if (g.status === 'rejected') throw g.reason;
    if (g.value !== 'open') {
      rollback();
      return g.value;
    }
    if (r.status === 'rejected') throw r.reason;
    const { event, created, lead_id } = r.value;
    const result: Result = { status: created ? 201 : 200, event, duplicate: !created, created, lead_id, error: null };
    await commitWith(saveIdempotentResponses(tx, [kept(ctx, key, result)]));
    return result;
  });
  return typeof outcome === 'string' ? recordedResult(ctx, key, outcome) : outcome;
}
