-- Leads: a change moves figures of the day the lead was created (and of its calls and SMS,
-- which are cached under that day too).
create or replace function analytics_log_lead() returns trigger language plpgsql as $$
begin
  if tg_op <> 'INSERT' then perform analytics_log_span(old.workspace_id, old.created_at, old.created_at); end if;
  if tg_op <> 'DELETE' then perform analytics_log_span(new.workspace_id, new.created_at, new.created_at); end if;
  return null;
end $$;
