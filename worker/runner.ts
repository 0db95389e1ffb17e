import { run, Logger as WorkerLogger, type Runner } from 'graphile-worker';
import type { TaskDeps } from '../tasks/context.ts';
import { buildTaskList } from './taskList.ts';
import { crontab } from './crontab.ts';
import { storageSigningSecret } from '../storage/secrets.ts';
import { createBlobStore } from '../storage/blobs.ts';
import { jobMetricsEvents } from './jobMetrics.ts';
import { collectAfterImageJobs } from './collectAfterImageJobs.ts';
import { startLiveness } from './liveness.ts';
import { startWebhookDispatch } from './webhookDispatch.ts';
import { startFirstStatistics } from './firstStatistics.ts';
import { stopHandingBackJobs } from './handBackOnStop.ts';
import { holdParsePool } from '../tasks/report_import/sandbox.ts';
import { Segmenter } from '../core/segmenter/segmenter.ts';

import { SlotShares } from './workspaceShares.ts';
import { JOB_POLICIES, workspaceFlag } from '../storage/jobPolicies.ts';
import type { TaskName } from '../storage/jobPayloads.ts';

/** How often a worker looks for tables written to before their first analyze (a query on pg_stat_user_tables). */
const FIRST_STATISTICS_INTERVAL_MS = 1_000;

export interface RunningWorker {
  runner: Runner;
  /** Stops taking jobs and waits for the running ones to finish, handing back those that take too long. */
  stop: () => Promise<void>;
}

export async function startWorker(
  deps: Omit<TaskDeps, 'blobs' | 'segmenter'> & { connectionString: string; concurrency?: number; withCron?: boolean },
): Promise<RunningWorker> {
  const { logger } = deps;
  const workerLogger = new WorkerLogger((scope) => (level, message, meta) => {
    const method = level === 'error' ? 'error' : level === 'warning' ? 'warn' : level === 'debug' ? 'debug' : 'info';
    logger[method]({ ...scope, ...meta }, message);
  });
  // Report parse threads start now; jobs are taken once they are up, so the first import finds them warm.
  const parsePool = holdParsePool({ threads: deps.config.REPORT_PARSE_THREADS });
  const [secret] = await Promise.all([
    storageSigningSecret(deps.sql, deps.config.STORAGE_SIGNING_SECRET),
    parsePool.warm,
  ]);
  const slots = deps.concurrency ?? deps.config.WORKER_CONCURRENCY;
  const shares = new SlotShares(slots, workspaceFlag, ({ task_identifier, payload }) =>
    JOB_POLICIES[task_identifier as TaskName]?.lane
      ? (payload as { workspace_id?: string } | null)?.workspace_id
      : undefined,
  );
  const taskDeps: TaskDeps = {
    config: deps.config,
    logger,
    sql: deps.sql,
    blobs: createBlobStore(deps.config, secret),
    segmenter: new Segmenter(deps.config.SEGMENTER_THREADS),
    shares,
  };
  // The pool id is what graphile-worker writes into locked_by: the heartbeat's worker id.
  const events = jobMetricsEvents();
  shares.watch(events);
  collectAfterImageJobs(events);
  let poolId = '';
  events.once('pool:create', ({ workerPool }) => (poolId = workerPool.id));
  // No localQueue (batched job fetching): with it graphile-worker 0.17 runs jobs of one named queue
  // at the same time (graphile/worker#621), and the workspaces' lanes (storage/jobPolicies.ts)
  // rely on theirs running one at a time: that is what keeps one endpoint's deliveries in order.
  // Twice the slots: the second half is the reserve in which another workspace's job starts
  // while one workspace holds every slot (worker/workspaceShares.ts); forbiddenFlags keeps the
  // workspace jobs running at once to the slots otherwise.
  const runner = await run({
    events,
    connectionString: deps.connectionString,
    concurrency: 2 * slots,
    forbiddenFlags: shares.forbiddenFlags,
    taskList: buildTaskList(taskDeps),
    crontab: deps.withCron === false ? '' : crontab,
    noHandleSignals: true,
    pollInterval: 1000,
    logger: workerLogger,
  });
  const liveness = await startLiveness({
    sql: deps.sql,
    logger,
    workerId: poolId,
    heartbeatSeconds: deps.config.WORKER_HEARTBEAT_SECONDS,
    staleAfterSeconds: deps.config.WORKER_STALE_AFTER_SECONDS,
  });
  const intervalMs = deps.config.WEBHOOK_DISPATCH_INTERVAL_MS;
  const dispatch = await startWebhookDispatch({ sql: deps.sql, logger, intervalMs });
  const firstStatistics = await startFirstStatistics({
    sql: deps.sql,
    logger,
    intervalMs: FIRST_STATISTICS_INTERVAL_MS,
  });
  const handBack = stopHandingBackJobs(runner, deps.sql, logger);
  // No more jobs enqueued by a worker that stops; the lease outlives the runner's stop: its jobs
  // are still running (or being handed back) until then.
  let stopped: Promise<void> | undefined;
  return {
    runner,
    stop: () =>
      (stopped ??= Promise.all([dispatch.stop(), firstStatistics.stop()])
        .then(handBack)
        .finally(() => Promise.all([liveness.stop(), parsePool.release(), taskDeps.segmenter.close()]))),
  };
}
