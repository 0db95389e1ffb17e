-- Takes the per-(API key, Idempotency-Key) transaction lock and then looks for a kept record
-- (idempotency_gate_state), raising when the request must be turned away: IK423 while another
-- request holds the key, IK409 when a record exists (the caller reads it after rolling back, to
-- replay or refuse it). Raising aborts the transaction, so statements sent right behind the gate
-- fail harmlessly (api/middleware/idempotency.ts pipelines a handler's first statements that way).
-- A volatile function's statements each take a new snapshot: the lookup sees every record
-- committed before the lock was granted.
-- It only looks rows up by key, and its plans are cached for the life of a connection: planned while a table is empty after a vacuum (a fresh deployment, or idempotency
-- records all expired), a lookup would keep a sequential scan that costs milliseconds once the table
-- has grown, until the next analyze. Without sequential scans the key's index is always the plan.
create or replace function idempotency_gate(api_key text, idempotency_key text) returns void language plpgsql volatile
set enable_seqscan = off as $$
declare
  state text := idempotency_gate_state(api_key, idempotency_key);
begin
  if state = 'held' then
    raise exception 'Idempotency-Key is held by a request in progress' using errcode = 'IK423';
  elsif state = 'recorded' then
    raise exception 'Idempotency-Key has a kept record' using errcode = 'IK409';
  end if;
end $$;
