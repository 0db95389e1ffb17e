-- Records an event in the caller's transaction: no event for a change that rolls back, none
-- lost for one that commits. A rendered object's event is recorded by record_webhook_events;
-- `object` null means the event is rendered later: by a
-- webhook_event_render job, enqueued with its policy's attempts (job_policies) and the key
-- JOB_POLICIES.webhook_event_render.jobKey builds (storage/jobPolicies.ts).
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
    json_build_object('workspace_id', ws, 'event_id', new_id),
    max_attempts => (select max_attempts from job_policies where task = 'webhook_event_render'),
    job_key => 'webhook_event_render:' || new_id);
  return new_id;
end $$;
