--! Previous: sha1:a83340e63c0b730d89b84ad05fb136a4958346f2
--! Hash: sha1:9a5d24f4e15231aa716a336ad0960930188cbfc5
--! Message: leads: list and phone indexes carry the equality filters' columns

-- A search or an updated_at bound combined with an equality filter (stage, source, medium,
-- campaign, conversion type, call or SMS) walks the newest leads on leads_list_idx and collects
-- phone-prefix matches on leads_phone_idx: with the equality columns in their entries both stay
-- index-only, where a walk of an equality index fetched every walked lead from the heap for its
-- search text (storage/leads.ts listLeads). Built in the migration's transaction: lead writes wait
-- for the build, a few seconds per million leads.
drop index leads_list_idx;
create index leads_list_idx on leads (workspace_id, created_at desc, id desc)
  include (updated_at, search_text, contact_phone, stage_id, source, medium, campaign, conversion_type, has_call, has_sms)
  where deleted_at is null;

drop index leads_phone_idx;
create index leads_phone_idx on leads (workspace_id, contact_phone, updated_at desc, id desc)
  include (created_at, stage_id, source, medium, campaign, conversion_type, has_call, has_sms)
  where deleted_at is null;
