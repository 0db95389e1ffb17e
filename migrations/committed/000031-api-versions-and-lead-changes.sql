--! Previous: sha1:134eabf305e124bdb97192ff0c8e8a68f1d1e517
--! Hash: sha1:a83340e63c0b730d89b84ad05fb136a4958346f2
--! Message: dated API versions on keys and webhook endpoints; lead change positions for the changes feed

-- The dated API version (core/apiVersions.ts) a key answers in when a request names none, and
-- the one an endpoint's events are rendered in. Rows created before versions existed were made
-- against the first version's contract.
alter table api_keys add column api_version text not null default '2026-11-27';
alter table webhook_endpoints add column api_version text not null default '2026-11-27';

-- The transaction that last wrote the lead. The changes feed (GET /api/v1/leads?changed_since=)
-- hands out positions below the oldest transaction still running, so a write that commits after
-- a sync read a later one is still ahead of the sync's token. Inserts take the default; every
-- update (a soft delete included) takes the trigger's, whichever statement writes the row.
alter table leads add column change_xid xid8 not null default pg_current_xact_id();

create function set_lead_change_xid() returns trigger language plpgsql as $$
begin
  new.change_xid := pg_current_xact_id();
  return new;
end $$;

create trigger leads_change_xid before update on leads for each row execute function set_lead_change_xid();

-- The feed's walk: a workspace's leads, deleted ones included, in change order.
create index leads_changes_idx on leads (workspace_id, change_xid, id);
