import type { Db } from './db.ts';
import type { JobPayload, TaskName } from './jobPayloads.ts';

export interface JobRow {
  id: string;
  task_identifier: string;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  run_at: Date;
  created_at: Date;
  locked_at: Date | null;
  key: string | null;
}

/** graphile-worker's jobs view; a job has failed for good once it has used all its attempts. */
export async function listJobs(sql: Db, opts: { failedOnly: boolean; limit?: number }): Promise<JobRow[]> {
  return sql<JobRow[]>`
    select id::text, task_identifier, attempts, max_attempts, last_error, run_at, created_at, locked_at, key
    from graphile_worker.jobs
    where ${opts.failedOnly ? sql`attempts >= max_attempts` : sql`true`}
    order by created_at desc, id desc
    limit ${opts.limit ?? 200}`;
}

export async function listFailedJobIds(sql: Db): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`
    select id::text from graphile_worker.jobs where attempts >= max_attempts order by id`;
  return rows.map((r) => r.id);
}

/**
 * Enqueues a graphile-worker job through SQL, so it commits (or rolls back) with the caller's
 * transaction. A job_key makes a second enqueue for the same key replace the pending job
 * instead of adding another.
 */
export async function enqueueJob<T extends TaskName>(
  sql: Db,
  task: T,
  payload: JobPayload<T>,
  opts: { jobKey?: string; maxAttempts?: number; runAt?: Date } = {},
): Promise<void> {
  await sql`
    select graphile_worker.add_job(
      ${task}::text, ${sql.json(payload as never)}::json,
      job_key => ${opts.jobKey ?? null}::text, max_attempts => ${opts.maxAttempts ?? 5}::int,
      run_at => ${opts.runAt ?? null}::timestamptz)`;
}

/**
 * Makes jobs runnable now with a fresh set of attempts. Calls graphile-worker's SQL function
 * directly: its JS helper drops `attempts: 0` as falsy. Running (locked) jobs are left alone.
 */
export async function retryJobs(sql: Db, ids: string[]): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`
    select id::text from graphile_worker.reschedule_jobs(${ids}::bigint[], run_at => now(), attempts => 0)`;
  return rows.map((r) => r.id);
}
