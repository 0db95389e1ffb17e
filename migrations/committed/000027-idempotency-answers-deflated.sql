--! Previous: sha1:222a65082a0ed81806179b1bd54b744a59a1bbb1
--! Hash: sha1:f5836d6c1ffc3305c2ce3cd3349d61262aa49ed7
--! Message: idempotency answers of 2 kB and more are kept deflated

-- A lead batch's answer is about 120 kB of JSON, kept for replay under its Idempotency-Key. As
-- text, PostgreSQL compressed each one with pglz (about 0.9 ms of its CPU per batch on a 2-core
-- VM, for a third of the size) and wrote it out in TOAST chunks. The API now deflates such
-- answers off its event loop (zlib's threads: about 4.5 kB, for 0.2 ms) and keeps them here;
-- STORAGE EXTERNAL spares PostgreSQL a second try at compressing them. Smaller answers stay in
-- response_body. Adding a nullable column rewrites nothing.
alter table idempotency_records add column response_deflated bytea;
alter table idempotency_records alter column response_deflated set storage external;
