-- A job that has used its last attempt does what its task's policy says (storage/jobPolicies.ts,
-- which every migrate writes into job_policies) in the same transaction as the update that failed
-- it, whichever path that was: graphile-worker's failure of a last attempt, the unlock of a dead
-- worker's last attempt, or permanently_fail_jobs. The policy names a function of the job's
-- payload (a TASK_failed_for_good file of this folder), or none: then nothing happens.
create or replace function job_failed_for_good() returns trigger
language plpgsql set search_path from current as $$
declare
  action text := (select p.failed_for_good from job_policies p
    join graphile_worker._private_tasks t on t.identifier = p.task where t.id = new.task_id);
begin
  if action is not null then
    execute format('select %I($1)', action) using new.payload::jsonb;
  end if;
  return null;
end $$;
