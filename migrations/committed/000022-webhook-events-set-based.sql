--! Previous: sha1:cee64b72225d3d96989779499aac48350cc18216
--! Hash: sha1:ced8605e2e5fe9359f792893f79853690850898a
--! Message: webhooks: events of many rows recorded in one go

-- A 100-lead batch recorded its 100 events one record_webhook_event call at a time: plpgsql, an
-- insert and a fan-out query per event, about 80 µs each (measured). record_webhook_events
-- records a statement's events together: one insert of the events, one of their deliveries, made
-- from the events it holds rather than read back (a lookup of many ids in a table without
-- statistics yet can be planned as a walk of it). The rules stay stated once: which endpoints get
-- an event (webhook_endpoint_receives, which webhook_fan_out now uses too) and what an event row
-- holds (record_webhook_events, which record_webhook_event now calls for every rendered event).

create function webhook_endpoint_receives(ep webhook_endpoints, event_type text, only_endpoint text)
  returns boolean language sql stable parallel safe as $$
  select case when only_endpoint is null
    then ep.enabled and (ep.events @> array[event_type] or ep.events @> array['*'])
    else ep.id = only_endpoint end
$$;

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

-- Events of rendered objects (types[i] about objects[i] and subjects[i]) in the caller's
-- transaction, with their deliveries; their ids in the same order.
create function record_webhook_events(ws text, types text[], objects jsonb[], subjects jsonb[],
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

-- As in migration 15; a rendered object's event is recorded by record_webhook_events.
create or replace function record_webhook_event(ws text, event_type text, object jsonb, subject jsonb default null,
  only_endpoint text default null) returns text
language plpgsql set search_path from current as $$
declare
  new_id text;
begin
  if object is not null then
    return (record_webhook_events(ws, array[event_type], array[object], array[subject], only_endpoint))[1];
  end if;
  new_id := public_id('evt');
  insert into webhook_events (id, workspace_id, type, data, subject) values (new_id, ws, event_type, null, subject);
  perform graphile_worker.add_job('webhook_event_render',
    json_build_object('workspace_id', ws, 'event_id', new_id), max_attempts => 25,
    job_key => 'webhook_event_render:' || new_id);
  return new_id;
end $$;
