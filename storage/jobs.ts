import type { Db, Sql } from './db.ts';
import type { JobPayload, TaskName } from './jobPayloads.ts';
import { JOB_POLICIES, laneQueue, workspaceFlag, type JobPolicy } from './jobPolicies.ts';
import { reopenJobSubject } from './jobSubjects.ts';
import type { RenderDeps } from './webhookEventRender.ts';

/**
 * queued: waiting for its run_at (retries included); running: locked by a live worker;
 * failed: all attempts used; stuck: locked by a worker whose heartbeat lease ran out.
 */
export const JOB_STATES = ['queued', 'running', 'failed', 'stuck'] as const;
export type JobState = (typeof JOB_STATES)[number];

export interface JobRow {
  id: string;
  task_identifier: string;
  state: JobState;
  payload: unknown;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  run_at: Date;
  created_at: Date;
  /** When a worker last took or let go of it: its last run, once it has had an attempt. */
  updated_at: Date;
  locked_by: string | null;
  locked_at: Date | null;
  key: string | null;
}

/**
 * Each job of graphile-worker's jobs view `j` with its state. A lock is dead once its worker's
 * lease ran out; a worker with no lease at all (one that just started and has not beaten yet,
 * or one from before the heartbeat) is given a lease's length from the lock.
 */
function jobsWithState(sql: Db, staleAfterSeconds: number) {
  return sql`
    select j.*, p.payload,
      case
        when j.locked_by is null then case when j.attempts >= j.max_attempts then 'failed' else 'queued' end
        when h.alive_until > now() then 'running'
        when h.worker_id is not null or j.locked_at < now() - make_interval(secs => ${staleAfterSeconds}) then 'stuck'
        else 'running'
      end as state
    from graphile_worker.jobs j
    join graphile_worker._private_jobs p on p.id = j.id
    left join worker_heartbeats h on h.worker_id = j.locked_by`;
}

/** Narrows a listing to one task and/or one workspace (the payload's workspace_id). */
export interface JobFilter {
  task?: string;
  workspaceId?: string;
}

function matching(sql: Db, filter: JobFilter) {
  return sql`${filter.task ? sql`task_identifier = ${filter.task}` : sql`true`}
    and ${filter.workspaceId ? sql`payload->>'workspace_id' = ${filter.workspaceId}` : sql`true`}`;
}

export async function listJobs(
  sql: Db,
  opts: JobFilter & { staleAfterSeconds: number; state?: JobState; limit?: number },
): Promise<JobRow[]> {
  return sql<JobRow[]>`
    select id::text, task_identifier, state, payload, attempts, max_attempts, last_error, run_at, created_at, updated_at, locked_by, locked_at, key
    from (${jobsWithState(sql, opts.staleAfterSeconds)}) jobs
    where ${opts.state ? sql`state = ${opts.state}` : sql`true`} and ${matching(sql, opts)}
    order by created_at desc, id desc
    limit ${opts.limit ?? 200}`;
}

export async function countJobsByState(
  sql: Db,
  opts: JobFilter & { staleAfterSeconds: number },
): Promise<Record<JobState, number>> {
  const rows = await sql<{ state: JobState; n: number }[]>`
    select state, count(*)::int as n
    from (${jobsWithState(sql, opts.staleAfterSeconds)}) jobs
    where ${matching(sql, opts)}
    group by state`;
  const counts = Object.fromEntries(JOB_STATES.map((s) => [s, 0])) as Record<JobState, number>;
  for (const row of rows) counts[row.state] = row.n;
  return counts;
}

export async function listFailedJobIds(sql: Db, filter: JobFilter = {}): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`
    select j.id::text
    from graphile_worker.jobs j
    join graphile_worker._private_jobs p on p.id = j.id
    where j.attempts >= j.max_attempts and j.locked_by is null and ${matching(sql, filter)}
    order by j.id`;
  return rows.map((r) => r.id);
}

/**
 * Unlocks every job held by a dead worker (graphile-worker's force_unlock_workers), so a live
 * worker runs it again; a job that died on its last attempt becomes failed, which marks its
 * object failed (migration 14). Returns the jobs unlocked.
 */
export async function unlockJobsOfDeadWorkers(
  sql: Sql,
  staleAfterSeconds: number,
): Promise<{ id: string; locked_by: string }[]> {
  return sql.begin(async (tx) => {
    const stuck = await tx<{ id: string; locked_by: string }[]>`
      select id::text, locked_by from (${jobsWithState(tx, staleAfterSeconds)}) jobs where state = 'stuck'`;
    if (stuck.length)
      await tx`select graphile_worker.force_unlock_workers(${[...new Set(stuck.map((j) => j.locked_by))]}::text[])`;
    return stuck;
  }) as Promise<{ id: string; locked_by: string }[]>;
}

export interface RetryOutcome {
  retried: string[];
  /** Jobs left as they were, with the reason (a visualization's workspace is out of quota). */
  refused: { id: string; reason: string }[];
}

/**
 * Runs jobs again now with a fresh set of attempts, in one transaction: a stuck job's dead
 * worker is unlocked first, and a job that had failed for good puts its object back in
 * progress (rendering its failure events first, hence `render`). Jobs running on a live worker
 * (and unknown ids) are left alone.
 */
export async function retryJobs(
  sql: Sql,
  ids: string[],
  staleAfterSeconds: number,
  render: RenderDeps,
): Promise<RetryOutcome> {
  return sql.begin(async (tx) => {
    const jobs = await tx<JobRow[]>`
      select id::text, task_identifier, state, payload, locked_by
      from (${jobsWithState(tx, staleAfterSeconds)}) jobs
      where id = any(${ids}::bigint[]) and state <> 'running'
      order by id`;
    const deadWorkers = [...new Set(jobs.filter((j) => j.state === 'stuck').map((j) => j.locked_by!))];
    if (deadWorkers.length) await tx`select graphile_worker.force_unlock_workers(${deadWorkers}::text[])`;
    const failedNow = new Set(
      (
        await tx<{ id: string }[]>`
        select id::text from graphile_worker.jobs where id = any(${ids}::bigint[]) and locked_by is null and attempts >= max_attempts`
      ).map((r) => r.id),
    );
    const refused: RetryOutcome['refused'] = [];
    const toRun: string[] = [];
    for (const job of jobs) {
      const refusal = failedNow.has(job.id)
        ? await reopenJobSubject(tx, job.task_identifier as TaskName, job.payload as JobPayload<TaskName>, render)
        : undefined;
      if (refusal) refused.push({ id: job.id, reason: refusal });
      else toRun.push(job.id);
    }
    // graphile-worker's SQL function, since its JS helper drops `attempts: 0` as falsy.
    const rows = await tx<{ id: string }[]>`
      select id::text from graphile_worker.reschedule_jobs(${toRun}::bigint[], run_at => now(), attempts => 0)`;
    return { retried: rows.map((r) => r.id), refused };
  }) as Promise<RetryOutcome>;
}

/**
 * Enqueues a graphile-worker job through SQL, so it commits (or rolls back) with the caller's
 * transaction, as its task's policy says (storage/jobPolicies.ts): its key, attempts, lane and
 * workspace flag.
 * Tests override the key and attempts.
 */
export async function enqueueJob<T extends TaskName>(
  sql: Db,
  task: T,
  payload: JobPayload<T>,
  opts: { jobKey?: string; maxAttempts?: number; runAt?: Date } = {},
): Promise<void> {
  const policy: JobPolicy<T> = JOB_POLICIES[task];
  const lane = policy.lane?.(payload);
  await sql`
    select graphile_worker.add_job(
      ${task}::text, ${sql.json(payload as never)}::json,
      queue_name => ${lane ? laneQueue(sql, lane.workspaceId, lane.by) : (policy.queue?.(payload) ?? null)}::text,
      job_key => ${opts.jobKey ?? policy.jobKey?.(payload) ?? null}::text,
      max_attempts => ${opts.maxAttempts ?? policy.maxAttempts}::int,
      priority => ${policy.priority ?? 0}::int,
      run_at => ${opts.runAt ?? null}::timestamptz,
      flags => ${lane ? [workspaceFlag(lane.workspaceId)] : null}::text[])`;
}

/**
 * Makes the running job's next attempt wait at least `delayMs` (a model's Retry-After):
 * graphile-worker schedules a failed attempt's retry at greatest(now(), run_at) + its backoff,
 * so moving run_at forward before the attempt fails delays the retry by that much.
 */
export async function deferNextAttempt(sql: Db, jobId: string, delayMs: number): Promise<void> {
  await sql`
    update graphile_worker._private_jobs set run_at = now() + make_interval(secs => ${delayMs / 1000})
    where id = ${jobId}::bigint`;
}

/** The pending job of a key: when its next attempt runs and how many it has used; undefined when none. */
export async function findKeyedJob(
  sql: Db,
  key: string,
): Promise<{ run_at: Date; attempts: number; max_attempts: number; locked: boolean } | undefined> {
  const [row] = await sql<{ run_at: Date; attempts: number; max_attempts: number; locked: boolean }[]>`
    select run_at, attempts, max_attempts, locked_at is not null as locked
    from graphile_worker._private_jobs where key = ${key}`;
  return row;
}
