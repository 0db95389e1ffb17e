import type { Runner } from 'graphile-worker';
import type { Logger } from '../core/logger.ts';
import type { Sql } from '../storage/db.ts';

/**
 * How long a stopping worker lets its running jobs finish: the platform kills a process 30 s
 * after SIGTERM, and closing the pool afterwards may take up to 5 s more.
 */
export const JOB_GRACE_MS = 20_000;

/**
 * Stops `runner`: it takes no new job, and the running ones get `graceMs` to finish. Those still
 * running then are unlocked, due at once, so another worker runs them now. graphile-worker
 * 0.17's runner.stop() waits for every running job without a limit, and a process killed
 * meanwhile leaves its jobs locked until the 4-hour lock timeout.
 */
export function stopHandingBackJobs(
  runner: Runner,
  sql: Sql,
  logger: Logger,
  graceMs = JOB_GRACE_MS,
): () => Promise<void> {
  const running = new Map<string, string>();
  runner.events.on('job:start', ({ job }) => running.set(job.id, job.locked_by!));
  runner.events.on('job:complete', ({ job }) => running.delete(job.id));
  return async () => {
    const stopped = runner.stop();
    let timer: NodeJS.Timeout | undefined;
    const outOfTime = new Promise<'out of time'>(
      (resolve) => (timer = setTimeout(() => resolve('out of time'), graceMs)),
    );
    const outcome = await Promise.race([stopped, outOfTime]);
    clearTimeout(timer);
    if (outcome !== 'out of time' || running.size === 0) return;
    const poolIds = [...new Set(running.values())];
    await sql`select graphile_worker.force_unlock_workers(${poolIds}::text[])`;
    await sql`select pg_notify('jobs:insert', ${JSON.stringify({ count: running.size })})`;
    logger.warn({ jobs: [...running.keys()] }, 'jobs still running at shutdown handed back to other workers');
  };
}
