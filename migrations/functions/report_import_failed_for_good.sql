-- An import out of attempts fails its report, with a reason for partners (the job's last_error
-- stays for support staff), and records report.import.failed, rendered later
-- (webhook_event_render: the API's shapes are built in Node).
create or replace function report_import_failed_for_good(payload jsonb) returns void
language plpgsql set search_path from current as $$
declare
  ws text := payload->>'workspace_id';
  failed_id text;
begin
  for failed_id in
    update reports set status = 'failed', updated_at = now(), summary = summary || jsonb_build_object(
      'failure_reason', 'The import could not be completed because of an internal error; support can run it again')
    where workspace_id = ws and id = payload->>'report_id' and status = 'importing'
    returning id
  loop
    perform record_webhook_event(ws, 'report.import.failed', null,
      jsonb_build_object('kind', 'report', 'id', failed_id));
  end loop;
end $$;
