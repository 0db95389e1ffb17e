-- record_webhook_events_from_text for objects built as jsonb: record_webhook_event's, and those of
-- statements of the release before migration 24 still running while it is applied. PL/pgSQL,
-- whose body is checked when it runs: the function it calls is defined by a later file.
create or replace function record_webhook_events(ws text, types text[], objects jsonb[], subjects jsonb[],
  only_endpoint text default null) returns text[]
language plpgsql set search_path from current as $$
begin
  return record_webhook_events_from_text(ws, types, objects::text[], subjects, only_endpoint);
end $$;
