-- The idempotency gate's verdict, without raising: 'held' while another transaction holds the
-- key, 'recorded' when a record is kept, else 'open' (the key's lock is then taken). One
-- transaction can pass many keys through it (ingest_page_views); idempotency_gate raises on it,
-- as before, for the requests that run alone.
create or replace function idempotency_gate_state(api_key text, idempotency_key text) returns text language plpgsql volatile as $$
declare
  kept_until timestamptz;
begin
  if not pg_try_advisory_xact_lock(hashtextextended(api_key || ':' || idempotency_key, 0)) then
    return 'held';
  end if;
  -- Looked up by key alone: with `expires_at > now()` in the condition, a plan made while the
  -- table looked empty scanned the expiry index, every unexpired record, for each key.
  select r.expires_at into kept_until from idempotency_records r
  where r.api_key_id = api_key and r.key = idempotency_key;
  return case when kept_until > now() then 'recorded' else 'open' end;
end $$;
