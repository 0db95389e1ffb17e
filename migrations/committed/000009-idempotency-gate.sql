--! Previous: sha1:09dd8dcfc5c7c1b58c7a17634d4267892a4f1256
--! Hash: sha1:413da9d4f5ab9b10a601f51d23446a149ba2dcdc
--! Message: idempotency gate: the key's lock and its record lookup in one statement

-- Takes the per-(API key, Idempotency-Key) transaction lock and then looks for a kept record,
-- raising when the request must be turned away: IK423 while another request holds the key,
-- IK409 when a record exists (the caller reads it after rolling back, to replay or refuse it).
-- Raising aborts the transaction, so statements sent right behind the gate fail harmlessly
-- (api/middleware/idempotency.ts pipelines a handler's first statements that way). A volatile
-- function's statements each take a new snapshot: the lookup sees every record committed
-- before the lock was granted.
create function idempotency_gate(api_key text, idempotency_key text) returns void language plpgsql volatile as $$
begin
  if not pg_try_advisory_xact_lock(hashtextextended(api_key || ':' || idempotency_key, 0)) then
    raise exception 'Idempotency-Key is held by a request in progress' using errcode = 'IK423';
  end if;
  perform 1 from idempotency_records r
  where r.api_key_id = api_key and r.key = idempotency_key and r.expires_at > now();
  if found then
    raise exception 'Idempotency-Key has a kept record' using errcode = 'IK409';
  end if;
end $$;
