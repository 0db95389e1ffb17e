-- Events of rendered objects (types[i] about objects[i] and subjects[i]) in the caller's
-- transaction, with their deliveries; their ids in the same order. A statement that writes many
-- rows records their events here together: one insert of the events, one of their deliveries
-- (record_webhook_event per event cost a 100-lead batch about 80 µs an event: plpgsql, an insert
-- and a fan-out query each). The deliveries are made from the events in hand, not read back by
-- id: a lookup of many ids in a table without statistics yet can be planned as a walk of it.
create or replace function record_webhook_events(ws text, types text[], objects jsonb[], subjects jsonb[],
  only_endpoint text default null) returns text[]
language plpgsql set search_path from current as $$
declare
  ids text[];
begin
  select array_agg(public_id('evt') order by u.n) into ids from unnest(types) with ordinality u(type, n);
  insert into webhook_events (id, workspace_id, type, data, subject)
  select u.id, ws, u.type, jsonb_build_object('object', u.object), u.subject
  from unnest(ids, types, objects, subjects) u(id, type, object, subject);
  insert into webhook_deliveries (id, workspace_id, event_id, endpoint_id, status, next_attempt_at)
  select public_id('whd'), ws, u.id, ep.id, 'pending', now()
  from unnest(ids, types) u(id, type) join webhook_endpoints ep on ep.workspace_id = ws
  where webhook_endpoint_receives(ep, u.type, only_endpoint)
  on conflict do nothing;
  return coalesce(ids, '{}');
end $$;
