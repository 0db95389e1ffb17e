-- A generation out of attempts fails with the reason its last attempt gave, when it gave one,
-- gives its reserved attempt back to the quota and records visualization.failed, rendered later.
create or replace function visualization_generate_failed_for_good(payload jsonb) returns void
language plpgsql set search_path from current as $$
declare
  ws text := payload->>'workspace_id';
  failed_id text;
begin
  for failed_id in
    update visualizations set status = 'failed', updated_at = now(), retry_reason = null,
      processing_error = coalesce(retry_reason,
        'Generation failed repeatedly because of an internal error; try again later')
    where workspace_id = ws and id = payload->>'visualization_id' and status = 'processing'
    returning id
  loop
    -- The attempt is released only with the row's move out of processing, so at most once.
    update visualization_attempts set status = 'released', updated_at = now()
    where workspace_id = ws and visualization_id = failed_id and status = 'reserved';
    perform record_webhook_event(ws, 'visualization.failed', null,
      jsonb_build_object('kind', 'visualization', 'id', failed_id));
  end loop;
end $$;
