import { run, Logger as WorkerLogger, type Runner } from 'graphile-worker';
import type { TaskDeps } from '../tasks/context.ts';
import { buildTaskList } from './taskList.ts';
import { crontab } from './crontab.ts';

export interface RunningWorker {
  runner: Runner;
  /** Stops taking jobs and waits for the running ones to finish. */
  stop: () => Promise<void>;
}

export async function startWorker(deps: TaskDeps & { connectionString: string; concurrency?: number; withCron?: boolean }): Promise<RunningWorker> {
  const { logger } = deps;
  const workerLogger = new WorkerLogger((scope) => (level, message, meta) => {
    const method = level === 'error' ? 'error' : level === 'warning' ? 'warn' : level === 'debug' ? 'debug' : 'info';
    logger[method]({ ...scope, ...meta }, message);
  });
  const runner = await run({
    connectionString: deps.connectionString,
    concurrency: deps.concurrency ?? deps.config.WORKER_CONCURRENCY,
    taskList: buildTaskList(deps),
    crontab: deps.withCron === false ? '' : crontab,
    noHandleSignals: true,
    pollInterval: 1000,
    logger: workerLogger,
  });
  return { runner, stop: () => runner.stop() };
}
