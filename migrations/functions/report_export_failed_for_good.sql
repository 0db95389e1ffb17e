-- An export out of attempts fails its artifacts still pending (ready ones stay), each with an
-- error for partners and a report.export.failed event, rendered later.
create or replace function report_export_failed_for_good(payload jsonb) returns void
language plpgsql set search_path from current as $$
declare
  ws text := payload->>'workspace_id';
  failed_id text;
begin
  for failed_id in
    update report_exports set status = 'failed', completed_at = now(),
      error = 'The export could not be completed because of an internal error; support can run it again'
    where workspace_id = ws and status = 'pending'
      and id in (select jsonb_array_elements_text(payload->'export_ids'))
    returning id
  loop
    perform record_webhook_event(ws, 'report.export.failed', null,
      jsonb_build_object('kind', 'report_export', 'id', failed_id));
  end loop;
end $$;
