--! Previous: sha1:a4af2d8001adf89e4d2aa95e80f1817f9427cab2
--! Hash: sha1:208a90993b67b3104cac4598eca7d6f410e8421d
--! Message: webhook endpoints, events and deliveries

insert into app_secrets (name, value) values ('webhooks', gen_random_bytes(32)) on conflict do nothing;

-- The public id format of core/ids.ts (prefix, 20 base32 characters), for rows made in SQL:
-- base64's 64 symbols map two to one onto the 32 of core/ids.ts (value & 31, as there), 15 random
-- bytes giving 20 characters, 100 bits. Inlinable: every lead write records an event, and a
-- string_agg over generate_series cost about 120 µs a call inside a request's transaction.
create function public_id(prefix text) returns text
language sql volatile as $$
  select prefix || '_' || translate(encode(gen_random_bytes(15), 'base64'),
    'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/',
    '0123456789abcdefghjkmnpqrstvwxyz0123456789abcdefghjkmnpqrstvwxyz')
$$;

create table webhook_endpoints (
  id text primary key,
  workspace_id text not null references workspaces(id),
  url text not null,
  -- event types, or '{*}' for every type
  events text[] not null,
  description text,
  enabled boolean not null default true,
  -- why the platform disabled it (failing for the retry window); null when the partner did
  disabled_reason text,
  disabled_at timestamptz,
  -- the first failed delivery since the last successful one
  failing_since timestamptz,
  -- AES-256-GCM sealed (core/webhookSecrets.ts); never stored or logged in the clear
  secret_sealed bytea not null,
  -- after a rotation the old secret keeps signing beside the new one until it expires
  previous_secret_sealed bytea,
  previous_secret_expires_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index webhook_endpoints_workspace_idx on webhook_endpoints (workspace_id, created_at, id);

create table webhook_events (
  id text primary key,
  workspace_id text not null references workspaces(id),
  type text not null,
  -- {object: ...} in the shape the API answers with; null until rendered (events recorded in SQL
  -- by the job failure trigger carry only their subject and are rendered by webhook_event_render)
  data jsonb,
  -- {kind, id} of what the event is about
  subject jsonb,
  created_at timestamptz not null default now()
);
create index webhook_events_list_idx on webhook_events (workspace_id, created_at desc, id desc);
create index webhook_events_type_idx on webhook_events (workspace_id, type, created_at desc, id desc);
-- The cleanup task deletes events past the 30 days the events API shows, oldest first, across
-- workspaces; the two indexes above lead with workspace_id.
create index webhook_events_created_idx on webhook_events (created_at);
-- Events still to render, found by a job's retry (their subject) or by id: few at any time.
create index webhook_events_unrendered_idx on webhook_events (workspace_id) where data is null;

-- One row per event and endpoint; each try is a webhook_delivery_attempts row.
create table webhook_deliveries (
  id text primary key,
  workspace_id text not null references workspaces(id),
  event_id text not null references webhook_events(id) on delete cascade,
  endpoint_id text not null references webhook_endpoints(id) on delete cascade,
  status text not null check (status in ('pending', 'succeeded', 'failed')),
  attempt_count integer not null default 0,
  next_attempt_at timestamptz,
  -- creation, or the last redelivery: retries stop (and the delivery fails) once the next try
  -- would fall WEBHOOK_RETRY_WINDOW_SECONDS after it, so a redelivered delivery gets a whole window
  retry_window_start timestamptz not null default now(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (event_id, endpoint_id)
);
-- An endpoint's due deliveries, oldest first, for its job (tasks/webhook_deliver.ts); and, taking
-- each endpoint's first entry, the endpoints with anything due, for the dispatcher's tick.
create index webhook_deliveries_due_idx on webhook_deliveries (endpoint_id, next_attempt_at) where status = 'pending';
create index webhook_deliveries_failed_idx on webhook_deliveries (status, created_at) where status = 'failed';
create index webhook_deliveries_endpoint_idx on webhook_deliveries (endpoint_id);

create table webhook_delivery_attempts (
  id bigint generated always as identity primary key,
  delivery_id text not null references webhook_deliveries(id) on delete cascade,
  attempted_at timestamptz not null default now(),
  -- the receiver's HTTP status, null when none came back (timeout, refused, blocked address)
  response_status integer,
  error text,
  duration_ms integer not null
);
create index webhook_delivery_attempts_delivery_idx on webhook_delivery_attempts (delivery_id, attempted_at);

-- Creates a pending delivery, due now, for each enabled endpoint subscribed to the event (or for
-- the one endpoint given), in the caller's transaction. That is all a partner's request pays for:
-- the deliveries are the queue, and a dispatcher in each worker enqueues one graphile-worker job
-- per endpoint with deliveries due (storage/webhookDeliveries.ts), outside any partner's
-- transaction: add_job's upserts and its NOTIFY (whose commit-time lock is global) cost several
-- times the inserts. PL/pgSQL, whose plans last the session: a SQL function's are made anew on
-- every call. The number of deliveries made.
create function webhook_fan_out(event_id text, only_endpoint text default null) returns integer
language plpgsql set search_path from current as $$
declare
  n integer;
begin
  insert into webhook_deliveries (id, workspace_id, event_id, endpoint_id, status, next_attempt_at)
  select public_id('whd'), ev.workspace_id, ev.id, ep.id, 'pending', now()
  from webhook_events ev join webhook_endpoints ep on ep.workspace_id = ev.workspace_id
  where ev.id = webhook_fan_out.event_id
    and case when only_endpoint is null
      then ep.enabled and (ep.events @> array[ev.type] or ep.events @> array['*'])
      else ep.id = only_endpoint end
  on conflict do nothing;
  get diagnostics n = row_count;
  return n;
end $$;

-- Records an event in the caller's transaction: no event for a change that rolls back, none
-- lost for one that commits. `object` null means the event is rendered later (webhook_event_render).
create function record_webhook_event(ws text, event_type text, object jsonb, subject jsonb default null,
  only_endpoint text default null) returns text
language plpgsql set search_path from current as $$
declare
  new_id text := public_id('evt');
begin
  insert into webhook_events (id, workspace_id, type, data, subject)
  values (new_id, ws, event_type, case when object is null then null else jsonb_build_object('object', object) end, subject);
  if object is null then
    perform graphile_worker.add_job('webhook_event_render',
      json_build_object('workspace_id', ws, 'event_id', new_id), max_attempts => 25,
      job_key => 'webhook_event_render:' || new_id);
  else
    perform webhook_fan_out(new_id, only_endpoint);
  end if;
  return new_id;
end $$;

-- Failures made by SQL emit their events too. A job out of attempts fails its objects
-- (migration 14) and, in the same transaction, records one event per object it moved to failed.
-- The API's shapes are built in Node, so these events carry only their subject until the
-- webhook_event_render task renders them (a retry of the job renders them first, see
-- storage/webhookEventRender.ts).
create or replace function job_failed_for_good() returns trigger
language plpgsql set search_path from current as $$
declare
  task text := (select identifier from graphile_worker._private_tasks where id = new.task_id);
  ws text := new.payload->>'workspace_id';
  failed_id text;
begin
  if task = 'report_import' then
    for failed_id in
      update reports set status = 'failed', updated_at = now(), summary = summary || jsonb_build_object(
        'failure_reason', 'The import could not be completed because of an internal error; support can run it again')
      where workspace_id = ws and id = new.payload->>'report_id' and status = 'importing'
      returning id
    loop
      perform record_webhook_event(ws, 'report.import.failed', null,
        jsonb_build_object('kind', 'report', 'id', failed_id));
    end loop;
  elsif task = 'report_export' then
    for failed_id in
      update report_exports set status = 'failed', completed_at = now(),
        error = 'The export could not be completed because of an internal error; support can run it again'
      where workspace_id = ws and status = 'pending'
        and id in (select json_array_elements_text(new.payload->'export_ids'))
      returning id
    loop
      perform record_webhook_event(ws, 'report.export.failed', null,
        jsonb_build_object('kind', 'report_export', 'id', failed_id));
    end loop;
  elsif task = 'visualization_generate' then
    for failed_id in
      update visualizations set status = 'failed', updated_at = now(),
        processing_error = 'Generation failed repeatedly because of an internal error; try again later'
      where workspace_id = ws and id = new.payload->>'visualization_id' and status = 'processing'
      returning id
    loop
      -- The attempt is released only with the row's move out of processing, so at most once.
      update visualization_attempts set status = 'released', updated_at = now()
      where workspace_id = ws and visualization_id = failed_id and status = 'reserved';
      perform record_webhook_event(ws, 'visualization.failed', null,
        jsonb_build_object('kind', 'visualization', 'id', failed_id));
    end loop;
  end if;
  return null;
end $$;
