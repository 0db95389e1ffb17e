-- The single lead upsert's gate, evaluated first by the one statement that writes the lead,
-- records its events and keeps its answer (storage/leadUpsert.ts): the Idempotency-Key's verdict
-- (idempotency_gate_state: 'held' or 'recorded' turn the request away), then the lead match key's
-- lock (`match_lock`, named as storage/leads.ts names it, null without a match rule), then whether
-- the rule still finds the lead the write was planned on, as it was read: the same id (null for
-- none) and the same row version (xmin, which every write of the row changes). Otherwise the
-- verdict is 'stale' and nothing is written: the caller reads again and plans anew. The lead found
-- stays locked to the end of the transaction, so no write can come between this check and the
-- statement's own. A volatile function's statements each take a new snapshot: the check sees every
-- write committed before the lock was granted.
create or replace function lead_upsert_gate(api_key text, idempotency_key text, ws text, match_lock text,
  phone text, ext_source text, ext_id text, planned_id text, planned_version text) returns text
language plpgsql volatile set enable_seqscan = off as $$
declare
  verdict text := idempotency_gate_state(api_key, idempotency_key);
  found_id text;
  found_version text;
begin
  if verdict <> 'open' then
    return verdict;
  end if;
  if match_lock is not null then
    perform pg_advisory_xact_lock(hashtextextended(match_lock, 1));
  end if;
  if phone is not null then
    select l.id, l.xmin::text into found_id, found_version from leads l
    where l.workspace_id = ws and l.contact_phone = phone and l.deleted_at is null
    order by l.updated_at desc, l.id desc limit 1
    for update;
  elsif ext_id is not null then
    select l.id, l.xmin::text into found_id, found_version from leads l
    where l.workspace_id = ws and l.external_source = ext_source and l.external_id = ext_id and l.deleted_at is null
    for update;
  end if;
  if found_id is distinct from planned_id or found_version is distinct from planned_version then
    return 'stale';
  end if;
  return 'open';
end $$;
