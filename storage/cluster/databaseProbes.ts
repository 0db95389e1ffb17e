import type { Logger } from '../../core/logger.ts';
import {
  POOL_STATES,
  QUEUE_STATES,
  poolConnections as poolGauge,
  poolMaxConnections,
  queueJobs,
} from '../../core/metrics.ts';
import type { Probes } from '../../core/probes.ts';
import type { Sql } from '../db.ts';
import { poolConnections } from './poolUsage.ts';
import { countJobsByState, countJobsLockedByGoneWorkers } from '../queueDepth.ts';
import { committedMigrations, missingMigrations } from '../migrationStatus.ts';

/**
 * How long a probe waits for PostgreSQL: an unreachable server can leave a connection attempt
 * pending for the whole connect timeout (30 s), longer than any platform waits for a probe.
 */
const DATABASE_DEADLINE_MS = 2000;

/**
 * The probes of a process whose work needs `sql`'s database: ready while the database answers
 * and has every committed migration (read once, here), and whatever `alsoNotReadyBecause` adds.
 */
export async function databaseProbes(
  sql: Sql,
  logger: Logger,
  alsoNotReadyBecause: () => string | undefined = () => undefined,
): Promise<Probes> {
  const committed = await committedMigrations();
  return {
    async notReadyBecause() {
      const own = alsoNotReadyBecause();
      if (own !== undefined) return own;
      let missing;
      try {
        missing = await withDeadline(missingMigrations(sql, committed));
      } catch (err) {
        logger.warn({ err }, 'not ready: database unreachable');
        return 'Database unreachable';
      }
      if (missing.length === 0) return undefined;
      return `Migrations behind: ${missing.length} of ${committed.length} committed migrations not applied (first: ${missing[0]!.file})`;
    },

    async refreshGauges() {
      poolMaxConnections.set(sql.options.max);
      try {
        const [jobs, orphaned, pool] = await withDeadline(
          Promise.all([countJobsByState(sql), countJobsLockedByGoneWorkers(sql), poolConnections(sql)]),
        );
        // The two queue counts are two statements: a lock taken between them must not go negative.
        const running = Math.max(0, jobs.locked - orphaned);
        const byState = { ready: jobs.ready, scheduled: jobs.scheduled, running, orphaned, failed: jobs.failed };
        for (const state of QUEUE_STATES) queueJobs.set({ state }, byState[state]);
        for (const state of POOL_STATES) poolGauge.set({ state }, pool[state]);
      } catch (err) {
        // Figures from an earlier scrape would pass for current ones: this scrape goes without them.
        queueJobs.reset();
        poolGauge.reset();
        logger.warn({ err }, 'metrics: the queue and pool gauges could not be read');
      }
    },
  };
}

async function withDeadline<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`PostgreSQL did not answer within ${DATABASE_DEADLINE_MS} ms`)),
      DATABASE_DEADLINE_MS,
    );
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
