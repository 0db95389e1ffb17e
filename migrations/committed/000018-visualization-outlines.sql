--! Previous: sha1:e56aad8e96a23e96b8a458aff51e59dc02ce20c8
--! Hash: sha1:4b9cc152cd6c3de80e6119df7fa53e4abab6c876
--! Message: visualization roof outlines and the reason of a failed attempt

-- The partner's roof outline: polygons of [x, y] points in 0..1 of the photo (api/schemas).
alter table visualizations add column roof_outline jsonb;
-- Why the last attempt failed, in words for partners ("The image model could not be reached…"),
-- while the queue retries; it becomes processing_error if no attempt succeeds. The technical
-- error stays in the job's last_error for support staff.
alter table visualizations add column retry_reason text;

-- A generation out of attempts fails with the reason its last attempt gave, when it gave one.
create or replace function job_failed_for_good() returns trigger
language plpgsql set search_path from current as $$
declare
  task text := (select identifier from graphile_worker._private_tasks where id = new.task_id);
  ws text := new.payload->>'workspace_id';
  failed_id text;
begin
  if task = 'report_import' then
    for failed_id in
      update reports set status = 'failed', updated_at = now(), summary = summary || jsonb_build_object(
        'failure_reason', 'The import could not be completed because of an internal error; support can run it again')
      where workspace_id = ws and id = new.payload->>'report_id' and status = 'importing'
      returning id
    loop
      perform record_webhook_event(ws, 'report.import.failed', null,
        jsonb_build_object('kind', 'report', 'id', failed_id));
    end loop;
  elsif task = 'report_export' then
    for failed_id in
      update report_exports set status = 'failed', completed_at = now(),
        error = 'The export could not be completed because of an internal error; support can run it again'
      where workspace_id = ws and status = 'pending'
        and id in (select json_array_elements_text(new.payload->'export_ids'))
      returning id
    loop
      perform record_webhook_event(ws, 'report.export.failed', null,
        jsonb_build_object('kind', 'report_export', 'id', failed_id));
    end loop;
  elsif task = 'visualization_generate' then
    for failed_id in
      update visualizations set status = 'failed', updated_at = now(), retry_reason = null,
        processing_error = coalesce(retry_reason,
          'Generation failed repeatedly because of an internal error; try again later')
      where workspace_id = ws and id = new.payload->>'visualization_id' and status = 'processing'
      returning id
    loop
      -- The attempt is released only with the row's move out of processing, so at most once.
      update visualization_attempts set status = 'released', updated_at = now()
      where workspace_id = ws and visualization_id = failed_id and status = 'reserved';
      perform record_webhook_event(ws, 'visualization.failed', null,
        jsonb_build_object('kind', 'visualization', 'id', failed_id));
    end loop;
  end if;
  return null;
end $$;
