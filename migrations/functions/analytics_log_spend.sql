-- Spend: every UTC date its period covers.
create or replace function analytics_log_spend() returns trigger language plpgsql as $$
begin
  if tg_op in ('INSERT', 'UPDATE') then
    perform analytics_log_span(workspace_id, starts_at, ends_at) from (select distinct workspace_id, starts_at, ends_at from new_rows) s;
  end if;
  if tg_op in ('DELETE', 'UPDATE') then
    perform analytics_log_span(workspace_id, starts_at, ends_at) from (select distinct workspace_id, starts_at, ends_at from old_rows) s;
  end if;
  return null;
end $$;
