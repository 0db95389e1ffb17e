--! Previous: sha1:a33a8aed083f0aca3b238c54537a9c1130558106
--! Hash: sha1:4edbbb766fd728e5e1f24337cd546339e3cbd7aa
--! Message: the index of unrendered webhook events, by the rule of migration 24

--! no-transaction
-- Built concurrently: lead writes insert into this table all the time. A build that fails leaves
-- an invalid index of this name; drop it before running this again.
create index concurrently webhook_events_to_render_idx on webhook_events (workspace_id)
  where data is null and data_text is null;
