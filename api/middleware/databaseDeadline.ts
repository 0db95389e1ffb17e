import { performance } from 'node:perf_hooks';
import { DatabaseDeadlineError } from '../../storage/cluster/databaseUnavailable.ts';
import type { DatabaseOutages } from '../../storage/cluster/databaseOutages.ts';
import type { Ctx } from '../context.ts';

/** How long a request may go unanswered before it asks whether PostgreSQL is reachable: connect_timeout's 2 s. */
export const DATABASE_DEADLINE_MS = 2000;
/** How often it asks again while PostgreSQL is reachable (a long export, a held upload). */
const ASK_AGAIN_MS = 1000;
/**
 * How often the requests in flight are looked at: a request asks between its deadline and this
 * much after it. One clock for all of them, rather than a timer per request, which the shortest
 * answers would pay for on every request.
 */
const LOOK_EVERY_MS = 250;

interface Waiting {
  ctx: Ctx;
  /** When it next asks (performance.now()); Infinity while its question is out. */
  askAt: number;
  giveUp: (err: DatabaseDeadlineError) => void;
}

/**
 * A request still running DATABASE_DEADLINE_MS after it began fails with the 500 INTERNAL_ERROR
 * envelope and Retry-After (renderFailure) as soon as PostgreSQL is judged unreachable
 * (DatabaseOutages), instead of waiting for it: through PgBouncer a statement sent just as the
 * server went down waits for a server connection until `query_wait_timeout`, and with it every
 * request whose rate-limit hit shares its batch. A request that runs long against a reachable
 * database (an export, analytics, an upload) is never cut, nor one whose answer has begun.
 * The handler is not stopped: a statement that finally runs after PostgreSQL is back commits with
 * its Idempotency-Key's kept answer, so the retry the 500 asks for replays it.
 */
export class DatabaseDeadline {
  private readonly waiting = new Set<Waiting>();
  private clock: NodeJS.Timeout | undefined;

  constructor(private readonly outages: DatabaseOutages) {}

  /** Settles as `handling` does, or rejects with DatabaseDeadlineError once the deadline above says so. */
  within(ctx: Ctx, handling: Promise<unknown>): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const entry: Waiting = {
        ctx,
        askAt: performance.now() + DATABASE_DEADLINE_MS,
        giveUp: (err) => {
          this.waiting.delete(entry);
          reject(err);
        },
      };
      this.waiting.add(entry);
      // Unref'd: a process with nothing else to do is not kept alive by it.
      this.clock ??= setInterval(() => void this.look(), LOOK_EVERY_MS).unref();
      handling.then(
        () => {
          this.waiting.delete(entry);
          resolve();
        },
        (err: unknown) => {
          this.waiting.delete(entry);
          reject(err);
        },
      );
    });
  }

  private async look(): Promise<void> {
    if (this.waiting.size === 0) {
      clearInterval(this.clock);
      this.clock = undefined;
      return;
    }
    const now = performance.now();
    const due: Waiting[] = [];
    for (const w of this.waiting) if (w.askAt <= now) due.push(w);
    if (due.length === 0) return;
    for (const w of due) w.askAt = Infinity;
    // A request whose answer has begun is never cut, so only the others' deadlines need the question.
    const unreachable = due.some((w) => !w.ctx.headerSent) && (await this.outages.unreachableNow());
    const next = performance.now() + ASK_AGAIN_MS;
    for (const w of due) {
      if (!this.waiting.has(w)) continue;
      if (unreachable && !w.ctx.headerSent) w.giveUp(new DatabaseDeadlineError());
      else w.askAt = next;
    }
  }
}
