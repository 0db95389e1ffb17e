--! Previous: sha1:805e39b5ec39a1d7987ecddb62a747e28ca6cdfd
--! Hash: sha1:a33a8aed083f0aca3b238c54537a9c1130558106
--! Message: webhook events keep their data as the JSON text they are given

-- Every lead write records an event carrying the lead's document, which the write statement
-- renders as text (migration 22). A jsonb column parsed each document again and rebuilt it inside
-- {"object": …}: about 1 ms of PostgreSQL's CPU per batch of 100 leads, for data that is only ever
-- sent on as text. New events keep it in data_text (record_webhook_events_from_text); data stays
-- for the events recorded before, which retention deletes within 30 days. Adding a column without
-- a default rewrites nothing. An event neither column holds is one still to be rendered
-- (webhook_event_render): migrations 25 and 26 move the index of those to the new rule without
-- blocking writes.
alter table webhook_events add column data_text text;
