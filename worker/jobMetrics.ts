import { EventEmitter } from 'node:events';
import type { Job, WorkerEvents } from 'graphile-worker';
import { jobDuration, jobsFailedForGood } from '../core/metrics.ts';

/**
 * The runner's event emitter, observing every job attempt in worker_job_duration_seconds (by task
 * and outcome) and every job out of attempts in worker_jobs_failed_for_good_total. Handed to run()
 * rather than subscribed on runner.events afterwards, so no job starts before it listens.
 */
export function jobMetricsEvents(): WorkerEvents {
  const events = new EventEmitter() as WorkerEvents;
  // graphile-worker hands the same Job object to job:start and to the attempt's outcome.
  const started = new WeakMap<Job, bigint>();
  const observe = (job: Job, outcome: 'success' | 'failure') => {
    const start = started.get(job);
    if (start === undefined) return;
    started.delete(job);
    jobDuration.observe({ task: job.task_identifier, outcome }, Number(process.hrtime.bigint() - start) / 1e9);
  };
  events.on('job:start', ({ job }) => started.set(job, process.hrtime.bigint()));
  events.on('job:success', ({ job }) => observe(job, 'success'));
  events.on('job:error', ({ job }) => observe(job, 'failure'));
  events.on('job:failed', ({ job }) => jobsFailedForGood.inc({ task: job.task_identifier }));
  return events;
}
