--! Previous: sha1:83e19f30c24975b1cfe937274c37ad49758a7b71
--! Hash: sha1:a4af2d8001adf89e4d2aa95e80f1817f9427cab2
--! Message: job outcomes on their objects, worker heartbeats

-- Each worker process's lease: it renews alive_until every few seconds, and a job locked by a
-- worker whose lease ran out is unlocked by any live worker (worker/liveness.ts), where
-- graphile-worker would wait 4 hours.
create table worker_heartbeats (
  worker_id text primary key,
  hostname text not null,
  pid integer not null,
  started_at timestamptz not null default now(),
  beat_at timestamptz not null default now(),
  alive_until timestamptz not null
);

-- A job that has used its last attempt marks what it concerns failed in the same transaction
-- as the update that failed it, whichever path that was: graphile-worker's failure of a last
-- attempt, the unlock of a dead worker's last attempt, or permanently_fail_jobs. The reasons
-- are for partners; the job's last_error stays for support staff.
create function job_failed_for_good() returns trigger
language plpgsql set search_path from current as $$
declare
  task text := (select identifier from graphile_worker._private_tasks where id = new.task_id);
  ws text := new.payload->>'workspace_id';
begin
  if task = 'report_import' then
    update reports set status = 'failed', updated_at = now(), summary = summary || jsonb_build_object(
      'failure_reason', 'The import could not be completed because of an internal error; support can run it again')
    where workspace_id = ws and id = new.payload->>'report_id' and status = 'importing';
  elsif task = 'report_export' then
    update report_exports set status = 'failed', completed_at = now(),
      error = 'The export could not be completed because of an internal error; support can run it again'
    where workspace_id = ws and status = 'pending'
      and id in (select json_array_elements_text(new.payload->'export_ids'));
  elsif task = 'visualization_generate' then
    -- The attempt is released only with the row's move out of processing, so at most once.
    with failed as (
      update visualizations set status = 'failed', updated_at = now(),
        processing_error = 'Generation failed repeatedly because of an internal error; try again later'
      where workspace_id = ws and id = new.payload->>'visualization_id' and status = 'processing'
      returning id)
    update visualization_attempts a set status = 'released', updated_at = now()
    from failed where a.workspace_id = ws and a.visualization_id = failed.id and a.status = 'reserved';
  end if;
  return null;
end $$;

create trigger job_failed_for_good after update on graphile_worker._private_jobs
for each row
when (new.attempts >= new.max_attempts and new.locked_by is null
      and not (old.attempts >= old.max_attempts and old.locked_by is null))
execute function job_failed_for_good();
