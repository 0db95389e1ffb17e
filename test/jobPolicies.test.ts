import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { createSql, type Sql } from '../storage/db.ts';
import { enqueueJob } from '../storage/jobs.ts';
import { JOB_PAYLOADS, type TaskName } from '../storage/jobPayloads.ts';
import { JOB_POLICIES } from '../storage/jobPolicies.ts';
import { createWorkspace } from '../storage/workspaces.ts';
import { TEMPLATE_DB } from './helpers/globalSetup.ts';

const server = inject('pgServerUrl');
const dbName = `p_${randomBytes(6).toString('hex')}`;
let sql: Sql;

beforeAll(async () => {
  const admin = createSql(`${server}/postgres`, 1);
  await admin.unsafe(`create database ${dbName} template ${TEMPLATE_DB}`);
  await admin.end();
  sql = createSql(`${server}/${dbName}`, 2);
});

afterAll(async () => {
  await sql.end();
  const admin = createSql(`${server}/postgres`, 1);
  await admin.unsafe(`drop database ${dbName} with (force)`);
  await admin.end();
});

const tasks = Object.keys(JOB_PAYLOADS) as TaskName[];

/** Uses up the job's attempts as permanently_fail_jobs does, from the admin CLI or by hand. */
async function failForGood(jobKey: string): Promise<void> {
  await sql`
    select graphile_worker.permanently_fail_jobs(array(select id from graphile_worker.jobs where key = ${jobKey}), 'test')`;
}

describe('job policies (storage/jobPolicies.ts)', () => {
  it('say for every task what failing for good does and what a retry reopens, null when nothing', () => {
    expect(Object.keys(JOB_POLICIES).sort()).toEqual([...tasks].sort());
    for (const task of tasks) {
      const policy = JOB_POLICIES[task];
      expect(Object.hasOwn(policy, 'failedForGood'), task).toBe(true);
      expect(Object.hasOwn(policy, 'retry'), task).toBe(true);
    }
  });

  it('are what the database reads: each named failure function exists and takes the payload', async () => {
    const rows = await sql<{ task: string; max_attempts: number; failed_for_good: string | null }[]>`
      select task, max_attempts, failed_for_good from job_policies order by task`;
    expect(rows).toEqual(
      [...tasks].sort().map((task) => ({
        task,
        max_attempts: JOB_POLICIES[task].maxAttempts,
        failed_for_good: JOB_POLICIES[task].failedForGood,
      })),
    );
    for (const task of tasks) {
      const fn = JOB_POLICIES[task].failedForGood;
      if (fn === null) continue;
      const [row] = await sql<{ returns: string }[]>`
        select format_type(prorettype, null) as returns from pg_proc where oid = to_regprocedure(${fn + '(jsonb)'})`;
      expect(row?.returns, `${task}: ${fn}(jsonb)`).toBe('void');
    }
  });

  it('decide what the failure trigger calls: the function a task names, with the payload; nothing when none', async () => {
    await sql`create table failed_for_good_calls (payload jsonb)`;
    await sql`
      create function test_cleanup_failed_for_good(payload jsonb) returns void language sql as $$
        insert into failed_for_good_calls values (payload)
      $$`;
    await enqueueJob(sql, 'cleanup', { marker: 'nothing' }, { jobKey: 'cleanup:none', maxAttempts: 1 });
    await failForGood('cleanup:none');
    expect(await sql`select * from failed_for_good_calls`).toEqual([]);

    await sql`update job_policies set failed_for_good = 'test_cleanup_failed_for_good' where task = 'cleanup'`;
    await enqueueJob(sql, 'cleanup', { marker: 'called' }, { jobKey: 'cleanup:called', maxAttempts: 1 });
    await failForGood('cleanup:called');
    expect(await sql`select payload from failed_for_good_calls`).toEqual([{ payload: { marker: 'called' } }]);
    await sql`update job_policies set failed_for_good = null where task = 'cleanup'`;
  });

  it('hold for the jobs the database enqueues itself: webhook_event_render has its key and attempts', async () => {
    const ws = await createWorkspace(sql, 'Policies');
    const [{ id }] = await sql<{ id: string }[]>`
      select record_webhook_event(${ws.id}, 'report.import.failed', null, '{"kind": "report", "id": "rep_x"}') as id`;
    const policy = JOB_POLICIES.webhook_event_render;
    const key = policy.jobKey!({ workspace_id: ws.id, event_id: id });
    const [job] = await sql<{ max_attempts: number; queue_name: string | null; payload: unknown }[]>`
      select j.max_attempts, j.queue_name, p.payload
      from graphile_worker.jobs j join graphile_worker._private_jobs p on p.id = j.id where j.key = ${key}`;
    expect(job).toEqual({
      max_attempts: policy.maxAttempts,
      queue_name: null,
      payload: { workspace_id: ws.id, event_id: id },
    });
  });
});
