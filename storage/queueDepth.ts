import type { Sql } from './db.ts';

export interface JobCounts {
  /** Runnable now, waiting for a worker. */
  ready: number;
  /** Waiting for their run_at: scheduled, or a retry's backoff. */
  scheduled: number;
  /** Taken by a worker (graphile-worker counts an attempt as it locks the job). */
  locked: number;
  /** Not locked and without attempts left: they wait for `jobs retry`. */
  failed: number;
}

/** graphile-worker's queue by state, counted through its public jobs view. */
export async function countJobsByState(sql: Sql): Promise<JobCounts> {
  const [counts] = await sql<JobCounts[]>`
    select count(*) filter (where locked_at is null and attempts < max_attempts and run_at <= now()) as ready,
           count(*) filter (where locked_at is null and attempts < max_attempts and run_at > now()) as scheduled,
           count(*) filter (where locked_at is not null) as locked,
           count(*) filter (where locked_at is null and attempts >= max_attempts) as failed
    from graphile_worker.jobs`;
  return counts!;
}

/**
 * Locked jobs whose worker is gone (crashed or killed mid-job): graphile-worker frees them only
 * after 4 hours. Until workers record heartbeats, a lock older than any job runs is the sign.
 */
export async function countJobsLockedByGoneWorkers(sql: Sql): Promise<number> {
  const [{ n }] = await sql<{ n: number }[]>`
    select count(*) as n from graphile_worker.jobs where locked_at < now() - interval '5 minutes'`;
  return n;
}
