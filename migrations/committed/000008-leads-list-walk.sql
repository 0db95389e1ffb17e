--! Previous: sha1:4266c2b7eacc1e77bb7b06d7b12209aad421ac36
--! Hash: sha1:09dd8dcfc5c7c1b58c7a17634d4267892a4f1256
--! Message: leads: covering list index, updated_at never before created_at, phone index in match order

-- A lead's updated_at is set when it is created and only moves forward, so `updated_at < to`
-- implies `created_at < to`: the list adds that bound to start its newest-first walk at `to`
-- (storage/leads.ts listLeads). The constraint makes the implication a rule the database keeps.
alter table leads add constraint leads_updated_after_created check (updated_at >= created_at);

-- The list index carries what the search and updated_at filters read, so the first pass of a
-- filtered list checks them on index entries alone (an index-only scan) instead of fetching
-- every walked lead from the heap.
drop index leads_list_idx;
create index leads_list_idx on leads (workspace_id, created_at desc, id desc) include (updated_at, search_text)
  where deleted_at is null;

-- The upsert's phone match takes the most recently updated lead with the phone: with the order
-- in the index, that is the first entry whatever the statistics say (a young, unanalysed
-- workspace otherwise got a plan that walked every lead by updated_at looking for the phone).
drop index leads_phone_idx;
create index leads_phone_idx on leads (workspace_id, contact_phone, updated_at desc, id desc) where deleted_at is null;
