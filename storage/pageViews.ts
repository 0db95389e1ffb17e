import { GroupCommit } from '../core/groupCommit.ts';
import { newId } from '../core/ids.ts';
import { pipelinedTransaction, type Sql } from './db.ts';
import type { EventRow } from './events.ts';
import { saveIdempotentResponses, type KeptResponse } from './idempotency.ts';
import type { SessionTouch } from './sessions.ts';
import { occurredAt, pageTouch } from '../core/touches.ts';

/** The idempotency gate's verdict on a page view's key: only an open gate records anything. */
export type Gate = 'open' | 'held' | 'recorded';

/** The event recorded under a page view's external_event_id: the new one, or the one before it. */
export interface RecordedEvent {
  event: Pick<EventRow, 'id' | 'type' | 'session_id'>;
  created: boolean;
}

export interface PageView {
  workspaceId: string;
  idempotency: { apiKeyId: string; key: string };
  external_event_id: string;
  session_id: string;
  payload: Record<string, unknown>;
  occurred_at: Date;
  /** The page's touch: the event is counted under it, and it may become the session's first touch. */
  touch: SessionTouch;
  /**
   * The 2xx answer to keep under the Idempotency-Key, given what was recorded. Called before
   * COMMIT (again if the batch is retried). A throw fails this page view alone: a repeat is
   * refused, and a new event is rolled back with its batch, whose other page views are retried.
   */
  answer(recorded: RecordedEvent): KeptResponse;
}

/** A page view as POST /events/page-view (or an item of /events/batch) carries it. */
export interface PageViewBody {
  external_event_id: string;
  session_id: string;
  page_url?: string | null;
  referrer_url?: string | null;
  occurred_at?: string;
  landing_id?: string | null;
  landing_name?: string | null;
  landing_slug?: string | null;
}

/** What a page view records, from its body: the raw body as payload, and the touch its URLs tell. */
export function pageViewOf(
  body: PageViewBody & Record<string, unknown>,
): Pick<PageView, 'external_event_id' | 'session_id' | 'payload' | 'occurred_at' | 'touch'> {
  return {
    external_event_id: body.external_event_id,
    session_id: body.session_id,
    payload: body,
    occurred_at: occurredAt(body.occurred_at),
    touch: {
      ...pageTouch(body.page_url, body.referrer_url),
      referrer_url: body.referrer_url ?? null,
      landing_page_url: body.page_url ?? null,
      landing_id: body.landing_id ?? null,
      landing_name: body.landing_name ?? null,
      landing_slug: body.landing_slug ?? null,
    },
  };
}

interface Pending {
  view: PageView;
  resolve: (gate: Gate) => void;
  reject: (err: unknown) => void;
}

interface IngestRow {
  gate: Gate;
  event_id: string | null;
  event_type: EventRow['type'] | null;
  event_session_id: string | null;
  created: boolean | null;
}

/** Above this many page views a batch's parameter and transaction grow for little more gain. */
const MAX_BATCH = 100;

/**
 * Page views are recorded in group-committed batches: one transaction, two round trips and one
 * COMMIT for every page view that arrived while the previous batch was being written
 * (core/groupCommit.ts). Each page view keeps the semantics it has alone: its own idempotency
 * gate and record, dedupe on external_event_id, its session's first touch
 * (ingest_page_views in migration 13), and its own answer.
 */
export class PageViewIngest {
  private readonly views: GroupCommit<Pending>;

  constructor(private readonly sql: Sql) {
    this.views = new GroupCommit('page_views', (batch) => this.write(batch), MAX_BATCH);
  }

  /** Resolves once the page view and its kept answer are committed ('open'), or with the closed gate. */
  record(view: PageView): Promise<Gate> {
    return new Promise((resolve, reject) => this.views.add({ view, resolve, reject }));
  }

  private async write(batch: Pending[]): Promise<void> {
    // Every batch takes its row locks in one order (session, then external id), so the batches of
    // two API processes that share sessions wait for each other instead of deadlocking.
    batch.sort(lockOrder);
    try {
      const outcomes = await pipelinedTransaction(this.sql, async (tx, { commitWith }) => {
        const rows = await tx<
          IngestRow[]
        >`select * from ingest_page_views(${tx.json(batch.map(({ view }) => ingestItem(view)) as never)})`;
        const outcomes = batch.map(({ view }, i) => settle(view, rows[i]!));
        const kept = outcomes.flatMap((o) => (o.kept ? [o.kept] : []));
        if (kept.length > 0) await commitWith(saveIdempotentResponses(tx, kept));
        return outcomes;
      });
      batch.forEach((p, i) => {
        const o = outcomes[i]!;
        if ('error' in o) p.reject(o.error);
        else p.resolve(o.gate);
      });
    } catch (err) {
      if (batch.length === 1) return batch[0]!.reject(err);
      // A batch fails for one page view (a value Postgres refuses) or for all of them (a deadlock
      // with another process's batch, a lost connection). Nothing of it was committed: each page
      // view is tried again alone, so only one that fails alone fails.
      await Promise.all(batch.map((p) => this.write([p])));
    }
  }
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const lockOrder = ({ view: a }: Pending, { view: b }: Pending) =>
  compare(a.workspaceId, b.workspaceId) ||
  compare(a.session_id, b.session_id) ||
  compare(a.external_event_id, b.external_event_id);

function ingestItem(view: PageView) {
  return {
    ...view.touch,
    id: newId('evt'),
    workspace_id: view.workspaceId,
    api_key_id: view.idempotency.apiKeyId,
    idempotency_key: view.idempotency.key,
    external_event_id: view.external_event_id,
    session_id: view.session_id,
    payload: view.payload,
    occurred_at: view.occurred_at.toISOString(),
  };
}

function settle(view: PageView, row: IngestRow): { gate: Gate; kept?: KeptResponse; error?: unknown } {
  if (row.gate !== 'open') return { gate: row.gate };
  try {
    const event = { id: row.event_id!, type: row.event_type!, session_id: row.event_session_id! };
    return { gate: 'open', kept: view.answer({ event, created: row.created! }) };
  } catch (error) {
    // A repeat wrote nothing and can be refused alone; a new event must not outlive its answer.
    if (row.created) throw error;
    return { gate: 'open', error };
  }
}
