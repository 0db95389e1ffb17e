--! Previous: sha1:413da9d4f5ab9b10a601f51d23446a149ba2dcdc
--! Hash: sha1:fd590040e725276f14e67fbe25d7d37ce2cb2de9
--! Message: leads: search text keeps fields apart and the phone's local number; phone prefixes by range

-- Search matches a term inside one field: the fields are joined with a unit separator, which a
-- term never spans. Of the phone, the text keeps only the local number (exchange and line): the
-- area code is shared by nearly every lead of a local business, and trigrams that every row has
-- make the trigram index read its longest lists for nothing. Digits matching from the phone's
-- first digit are answered by leads_phone_idx as a range, in index order.
alter table leads drop column search_text;
alter table leads add column search_text text generated always as (lower(
  coalesce(contact_name, '') || E'\x1f' || coalesce(contact_email, '') || E'\x1f' ||
  coalesce(property_address, '') || E'\x1f' || coalesce(substr(contact_phone, 4), ''))) stored;
create index leads_search_idx on leads using gin (search_text gin_trgm_ops) where deleted_at is null;

-- The list's first pass checks search on index entries alone, so the entries carry the phone too.
create index leads_list_idx on leads (workspace_id, created_at desc, id desc) include (updated_at, search_text, contact_phone)
  where deleted_at is null;

-- A phone-prefix search collects its matches here and orders them by created_at without
-- visiting the heap.
drop index leads_phone_idx;
create index leads_phone_idx on leads (workspace_id, contact_phone, updated_at desc, id desc) include (created_at)
  where deleted_at is null;
