-- Events: only form submissions count; a page view stops at the WHEN clause's type test.
create or replace function analytics_log_form() returns trigger language plpgsql as $$
begin
  if tg_op <> 'INSERT' then perform analytics_log_span(old.workspace_id, old.occurred_at, old.occurred_at); end if;
  if tg_op <> 'DELETE' then perform analytics_log_span(new.workspace_id, new.occurred_at, new.occurred_at); end if;
  return null;
end $$;
