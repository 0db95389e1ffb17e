--! Previous: sha1:6f293ced647d4c765c77ef6038a1d079a984f465
--! Hash: sha1:134eabf305e124bdb97192ff0c8e8a68f1d1e517
--! Message: standard webhooks signing, delivery answers kept, deliveries re-sent

-- How an endpoint's deliveries are signed (core/webhookSecrets.ts): 'standard_webhooks' (the
-- Standard Webhooks headers, secrets whsec_<base64>) for endpoints created from now on, 'legacy'
-- (Webhook-Signature: t=…,v1=<hex>) for those created before, which keep what their receivers
-- verify. Adding the column with a constant default rewrites nothing; the default then changes
-- for new rows only.
alter table webhook_endpoints add column signature_scheme text not null default 'legacy'
  constraint webhook_endpoints_signature_scheme_check check (signature_scheme in ('standard_webhooks', 'legacy'));
alter table webhook_endpoints alter column signature_scheme set default 'standard_webhooks';

-- The first 1 KB of the receiver's answer, as text, for the deliveries list; never more.
alter table webhook_delivery_attempts add column response_body text
  constraint webhook_delivery_attempts_response_body_bounded check (octet_length(response_body) <= 4096);

-- A partner's re-send is a new delivery of the same event to the same endpoint, naming the one it
-- re-sends; fan-out still makes at most one first delivery per event and endpoint (its
-- `on conflict do nothing` meets this index).
alter table webhook_deliveries add column resent_from text;
create unique index webhook_deliveries_first_idx on webhook_deliveries (event_id, endpoint_id)
  where resent_from is null;
alter table webhook_deliveries drop constraint webhook_deliveries_event_id_endpoint_id_key;
-- An endpoint's deliveries newest first, for its deliveries list; it also serves what the index
-- on endpoint_id alone did (the cascade of an endpoint's delete).
create index webhook_deliveries_endpoint_list_idx on webhook_deliveries (endpoint_id, created_at desc, id desc);
drop index webhook_deliveries_endpoint_idx;
