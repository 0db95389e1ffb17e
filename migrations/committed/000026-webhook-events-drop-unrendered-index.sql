--! Previous: sha1:4edbbb766fd728e5e1f24337cd546339e3cbd7aa
--! Hash: sha1:222a65082a0ed81806179b1bd54b744a59a1bbb1
--! Message: drop the index of unrendered webhook events by the rule before migration 24

--! no-transaction
-- Every event recorded since migration 24 has no data and so entered this index.
drop index concurrently webhook_events_unrendered_idx;
