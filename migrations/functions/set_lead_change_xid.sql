-- Trigger leads_change_xid (migration 31): the transaction that last wrote a lead, its position in
-- the changes feed (GET /api/v1/leads?changed_since=). Every update moves the lead ahead, so no
-- statement that writes a lead needs to know about the feed.
create or replace function set_lead_change_xid() returns trigger language plpgsql as $$
begin
  new.change_xid := pg_current_xact_id();
  return new;
end $$;
