--! Previous: sha1:222a65082a0ed81806179b1bd54b744a59a1bbb1
--! Hash: sha1:24d46dafc0ce7db20e64d33342efa96c8e4ce023
--! Message: idempotency answers of 2 kB and more are kept deflated

-- A lead batch's answer is about 120 kB of JSON, kept for replay under its Idempotency-Key. As
-- text, PostgreSQL compressed each one with pglz (about 0.9 ms of its CPU per batch on a 2-core
-- VM, for a third of the size) and wrote it out in TOAST chunks. The API now deflates such
-- answers itself (to about 4.5 kB, for 0.2–0.4 ms) and keeps them here;
-- STORAGE EXTERNAL spares PostgreSQL a second try at compressing them. Smaller answers stay in
-- response_body. Adding a nullable column rewrites nothing.
alter table idempotency_records add column response_deflated bytea;
alter table idempotency_records alter column response_deflated set storage external;
