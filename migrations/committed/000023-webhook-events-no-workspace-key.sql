--! Previous: sha1:6003a2a31bd8f4181e43126ef1ce1c2c65f0a402
--! Hash: sha1:805e39b5ec39a1d7987ecddb62a747e28ca6cdfd
--! Message: webhook events and deliveries: no foreign key to the workspace row every write shares

-- Migration 11's rule, for the tables that every lead write now adds to: each lead a batch writes
-- records an event (and a delivery per subscribed endpoint), so a batch of 100 checked the same
-- workspace row 100 times, taking a KEY SHARE lock on it each time, which concurrent batches of
-- the workspace share through a MultiXact; about 0.5 ms of PostgreSQL's CPU per batch of 100 on
-- its own. The workspace id comes from the authenticated key and workspaces are never deleted.
-- The delivery's keys to its event and its endpoint stay (an event's deliveries go with it).
alter table webhook_events drop constraint webhook_events_workspace_id_fkey;
alter table webhook_deliveries drop constraint webhook_deliveries_workspace_id_fkey;
