create or replace function analytics_log_communication_rows() returns trigger language plpgsql as $$
begin
  if tg_op in ('INSERT', 'UPDATE') then
    perform analytics_log_communications(array(select lead_id from new_rows where lead_id is not null),
      array(select workspace_id from new_rows where thread_id is not null), array(select thread_id from new_rows where thread_id is not null));
  end if;
  if tg_op in ('DELETE', 'UPDATE') then
    perform analytics_log_communications(array(select lead_id from old_rows where lead_id is not null),
      array(select workspace_id from old_rows where thread_id is not null), array(select thread_id from old_rows where thread_id is not null));
  end if;
  return null;
end $$;
