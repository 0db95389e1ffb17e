import { performance } from 'node:perf_hooks';
import type { Sql } from '../db.ts';
import { isDatabaseUnavailable } from './databaseUnavailable.ts';

/** An unreachable database met this recently is believed without asking again. */
const MET_RECENTLY_MS = 1000;
/**
 * A probe unanswered by then says nothing: a busy pool queues it behind long statements, and
 * only a database that refuses or drops it is judged unreachable.
 */
const PROBE_DEADLINE_MS = 1000;

/**
 * Whether PostgreSQL is unreachable now, as this process sees it: an unavailable error met within
 * the last second (whoever meets one notes it), else one `select 1` of its own, shared by every
 * caller asking meanwhile. Through PgBouncer the probe fails at once while its server login
 * fails ("server login has been failing"), even when a statement sent a moment earlier still
 * waits there for a server.
 */
export class DatabaseOutages {
  private metAt = -Infinity;
  private probing: Promise<boolean> | undefined;

  constructor(private readonly sql: Sql) {}

  note(err: unknown): void {
    if (isDatabaseUnavailable(err)) this.metAt = performance.now();
  }

  unreachableNow(): Promise<boolean> {
    if (performance.now() - this.metAt < MET_RECENTLY_MS) return Promise.resolve(true);
    this.probing ??= this.probe().finally(() => (this.probing = undefined));
    return this.probing;
  }

  private async probe(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const unanswered = new Promise<boolean>((resolve) => (timer = setTimeout(resolve, PROBE_DEADLINE_MS, false)));
    const answered = this.sql`select 1`.then(
      () => false,
      (err: unknown) => {
        this.note(err);
        return isDatabaseUnavailable(err);
      },
    );
    try {
      return await Promise.race([answered, unanswered]);
    } finally {
      clearTimeout(timer);
    }
  }
}
