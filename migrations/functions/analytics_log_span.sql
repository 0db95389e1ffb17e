-- The UTC dates of [lo, hi] that lie before analytics_settled_before(now()), logged under this
-- transaction. One plain insert per date: its plan is prepared once per session, which matters
-- when a bulk load of old rows calls this once per row.
create or replace function analytics_log_span(ws text, lo timestamptz, hi timestamptz) returns void language plpgsql as $$
declare
  settled constant timestamptz := analytics_settled_before(now());
  d date := (lo at time zone 'UTC')::date;
begin
  if lo >= settled then return; end if;
  loop
    insert into analytics_changes (workspace_id, day, xid) values (ws, d, pg_current_xact_id()) on conflict do nothing;
    d := d + 1;
    exit when d > (least(hi, settled) at time zone 'UTC')::date;
  end loop;
end $$;
