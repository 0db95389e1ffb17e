import { DatabaseDeadlineError } from '../../storage/cluster/databaseUnavailable.ts';
import type { Ctx, Next } from '../context.ts';

/** How long a request may go unanswered before it asks whether PostgreSQL is reachable: connect_timeout's 2 s. */
export const DATABASE_DEADLINE_MS = 2000;
/** How often it asks again while PostgreSQL is reachable (a long export, a held upload). */
const ASK_AGAIN_MS = 1000;

/**
 * A request still running DATABASE_DEADLINE_MS after it began fails with the 500 INTERNAL_ERROR
 * envelope and Retry-After (errorEnvelope) as soon as PostgreSQL is judged unreachable
 * (DatabaseOutages), instead of waiting for it: through PgBouncer a statement sent just as the
 * server went down waits for a server connection until `query_wait_timeout`, and with it every
 * request whose rate-limit hit shares its batch. A request that runs long against a reachable
 * database (an export, analytics, an upload) is never cut, nor one whose answer has begun.
 * The handler is not stopped: a statement that finally runs after PostgreSQL is back commits with
 * its Idempotency-Key's kept answer, so the retry the 500 asks for replays it.
 */
export async function databaseDeadline(ctx: Ctx, next: Next) {
  const handling = next();
  let settled = false;
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<never>((_, reject) => {
    const ask = async () => {
      const unreachable = !ctx.headerSent && (await ctx.deps.outages.unreachableNow());
      if (settled) return;
      if (unreachable) reject(new DatabaseDeadlineError());
      else timer = setTimeout(ask, ASK_AGAIN_MS);
    };
    timer = setTimeout(ask, DATABASE_DEADLINE_MS);
  });
  try {
    await Promise.race([handling, gaveUp]);
  } finally {
    settled = true;
    clearTimeout(timer);
  }
}
