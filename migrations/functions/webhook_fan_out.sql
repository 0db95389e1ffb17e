-- Creates a pending delivery, due now, for each endpoint that receives the event
-- (webhook_endpoint_receives), in the caller's transaction. That is all a partner's request pays for:
-- the deliveries are the queue, and a dispatcher in each worker enqueues one graphile-worker job
-- per endpoint with deliveries due (storage/webhookDeliveries.ts), outside any partner's
-- transaction: add_job's upserts and its NOTIFY (whose commit-time lock is global) cost several
-- times the inserts. PL/pgSQL, whose plans last the session: a SQL function's are made anew on
-- every call. The number of deliveries made.
create or replace function webhook_fan_out(event_id text, only_endpoint text default null) returns integer
language plpgsql set search_path from current as $$
declare
  n integer;
begin
  insert into webhook_deliveries (id, workspace_id, event_id, endpoint_id, status, next_attempt_at)
  select public_id('whd'), ev.workspace_id, ev.id, ep.id, 'pending', now()
  from webhook_events ev join webhook_endpoints ep on ep.workspace_id = ev.workspace_id
  where ev.id = webhook_fan_out.event_id and webhook_endpoint_receives(ep, ev.type, only_endpoint)
  on conflict do nothing;
  get diagnostics n = row_count;
  return n;
end $$;
