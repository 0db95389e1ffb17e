-- Events of rendered objects (types[i] about objects[i], JSON texts, and subjects[i]) in the
-- caller's transaction, with their deliveries; their ids in the same order. A statement that
-- writes many rows records their events here together: one insert of the events, one of their
-- deliveries (record_webhook_event per event cost a 100-lead batch about 80 µs an event: plpgsql,
-- an insert and a fan-out query each). The deliveries are made from the events in hand, not read
-- back by id: a lookup of many ids in a table without statistics yet can be planned as a walk of
-- it. The data is kept as the text it is given (migration 24): a lead's document is text already,
-- and jsonb cost a 100-lead batch about 1 ms to parse and wrap. `ids`, when the caller made them
-- (core/ids.ts), name the events; else they are made here, about 8 µs an event.
create or replace function record_webhook_events_from_text(ws text, types text[], objects text[], subjects jsonb[],
  only_endpoint text default null, ids text[] default null) returns text[]
language plpgsql set search_path from current as $$
begin
  if cardinality(ids) is distinct from cardinality(types) then
    select array_agg(public_id('evt') order by u.n) into ids from unnest(types) with ordinality u(type, n);
  end if;
  insert into webhook_events (id, workspace_id, type, data_text, subject)
  select u.id, ws, u.type, '{"object":' || u.object || '}', u.subject
  from unnest(ids, types, objects, subjects) u(id, type, object, subject);
  insert into webhook_deliveries (id, workspace_id, event_id, endpoint_id, status, next_attempt_at)
  select public_id('whd'), ws, u.id, ep.id, 'pending', now()
  from unnest(ids, types) u(id, type) join webhook_endpoints ep on ep.workspace_id = ws
  where webhook_endpoint_receives(ep, u.type, only_endpoint)
  on conflict do nothing;
  return coalesce(ids, '{}');
end $$;
