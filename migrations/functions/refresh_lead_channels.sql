-- The communications triggers: the channel flags of the leads whose calls and SMS changed.
create or replace function refresh_lead_channels() returns trigger language plpgsql as $$
begin
  -- statement-level: one update per import, whatever its size
  if tg_op in ('INSERT', 'UPDATE') then
    perform set_lead_channels(array(select lead_id from new_rows where lead_id is not null));
  end if;
  if tg_op in ('DELETE', 'UPDATE') then
    perform set_lead_channels(array(select lead_id from old_rows where lead_id is not null));
  end if;
  return null;
end $$;
