--! Previous: sha1:90120a7582f4626c2d7948bcc2b54c8f84f4853f
--! Hash: sha1:7bc03efbf04be624828e834c5ca385be2a02d5cf
--! Message: leads

create table leads (
  id text primary key,
  workspace_id text not null references workspaces(id),
  external_id text,
  external_source text,
  session_id text,
  contact_name text,
  contact_email text,
  contact_phone text,
  property_address text,
  stage_id text not null references pipeline_stages(id),
  stage_timestamps jsonb,
  funnel_gap_summary jsonb,
  -- analytics count gaps over millions of leads: a column, not a jsonb lookup per row
  funnel_gap boolean generated always as (coalesce((funnel_gap_summary->>'has_gap')::boolean, false)) stored,
  -- first touch as recorded; overrides correct it field by field (a JSON null means no override)
  attribution jsonb not null default '{}',
  attribution_overrides jsonb not null default '{}',
  source text generated always as (coalesce(attribution_overrides->>'source', attribution->>'source')) stored,
  medium text generated always as (coalesce(attribution_overrides->>'medium', attribution->>'medium')) stored,
  campaign text generated always as (coalesce(attribution_overrides->>'campaign', attribution->>'campaign')) stored,
  conversion_type text,
  form_data jsonb not null default '{}',
  custom_fields jsonb not null default '{}',
  selected_material_id text,
  selected_color_id text,
  selected_shape_id text,
  notes text,
  quote_value numeric,
  sales_value numeric,
  follow_up_date timestamptz,
  converted_at timestamptz,
  -- whether the lead has an approved call / SMS; kept by a trigger on communications so the
  -- communication_channel filter is an indexed column, not a join over every lead
  has_call boolean not null default false,
  has_sms boolean not null default false,
  search_text text generated always as (lower(
    coalesce(contact_name, '') || ' ' || coalesce(contact_email, '') || ' ' ||
    coalesce(contact_phone, '') || ' ' || coalesce(property_address, ''))) stored,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  -- the Lead JSON the API returns, rendered by leads_document on every write (see lead_document)
  document text not null
);
create index leads_list_idx on leads (workspace_id, created_at desc, id desc) where deleted_at is null;
-- includes the keyset columns, so an updated_at range collects its matches from the index alone
create index leads_updated_idx on leads (workspace_id, updated_at) include (created_at, id) where deleted_at is null;
create unique index leads_external_idx on leads (workspace_id, external_source, external_id)
  where deleted_at is null and external_id is not null and external_source is not null;
create index leads_phone_idx on leads (workspace_id, contact_phone) where deleted_at is null;
create index leads_source_idx on leads (workspace_id, source, created_at desc, id desc) where deleted_at is null;
create index leads_medium_idx on leads (workspace_id, medium, created_at desc, id desc) where deleted_at is null;
create index leads_campaign_idx on leads (workspace_id, campaign, created_at desc, id desc) where deleted_at is null;
create index leads_stage_idx on leads (workspace_id, stage_id, created_at desc, id desc) where deleted_at is null;
create index leads_conversion_type_idx on leads (workspace_id, conversion_type, created_at desc, id desc) where deleted_at is null;
create index leads_call_idx on leads (workspace_id, created_at desc, id desc) where deleted_at is null and has_call;
create index leads_sms_idx on leads (workspace_id, created_at desc, id desc) where deleted_at is null and has_sms;
create index leads_search_idx on leads using gin (search_text gin_trgm_ops) where deleted_at is null;

create table conversions (
  id text primary key,
  workspace_id text not null references workspaces(id),
  lead_id text not null references leads(id),
  external_event_id text not null,
  conversion_number integer not null,
  session_id text not null,
  visualization_id text,
  conversion_url text,
  contact_name text,
  contact_email text,
  contact_phone text,
  property_address text,
  attribution jsonb not null,
  occurred_at timestamptz,
  created_at timestamptz not null default now(),
  unique (lead_id, conversion_number),
  -- an external event converts one lead only; repeating it on another lead is a conflict
  unique (workspace_id, external_event_id)
);
create index conversions_lead_idx on conversions (lead_id, conversion_number);
create index conversions_workspace_idx on conversions (workspace_id, created_at);

-- Calls and SMS, imported by operators (admin communications import).
create table communications (
  id text primary key,
  workspace_id text not null references workspaces(id),
  lead_id text references leads(id),
  channel text not null check (channel in ('call', 'sms')),
  direction text not null check (direction in ('inbound', 'outbound')),
  status text not null,
  started_at timestamptz not null,
  duration_seconds integer check (duration_seconds >= 0),
  thread_id text,
  tracking_label text,
  tracking_phone_last4 text,
  tracking_national_format text,
  source text,
  campaign text,
  approved boolean not null default true,
  created_at timestamptz not null default now()
);
create index communications_lead_idx on communications (workspace_id, lead_id, channel, started_at desc);
create index communications_started_idx on communications (workspace_id, started_at);

create function set_lead_channels(ids text[]) returns void language sql as $$
  update leads l set
    has_call = exists (select 1 from communications c where c.lead_id = l.id and c.channel = 'call' and c.approved),
    has_sms = exists (select 1 from communications c where c.lead_id = l.id and c.channel = 'sms' and c.approved)
  where l.id = any(ids)
$$;

create function refresh_lead_channels() returns trigger language plpgsql as $$
begin
  -- statement-level: one update per import, whatever its size
  if tg_op in ('INSERT', 'UPDATE') then
    perform set_lead_channels(array(select lead_id from new_rows where lead_id is not null));
  end if;
  if tg_op in ('DELETE', 'UPDATE') then
    perform set_lead_channels(array(select lead_id from old_rows where lead_id is not null));
  end if;
  return null;
end $$;
create trigger communications_channels_insert after insert on communications
  referencing new table as new_rows for each statement execute function refresh_lead_channels();
create trigger communications_channels_update after update on communications
  referencing new table as new_rows old table as old_rows for each statement execute function refresh_lead_channels();
create trigger communications_channels_delete after delete on communications
  referencing old table as old_rows for each statement execute function refresh_lead_channels();

-- Lead responses are rendered here, once per write, and stored in leads.document: every endpoint
-- that returns a Lead sends that text as it is, so a page of fifty leads costs the database and
-- Node next to nothing to produce. Pipeline stages are never edited once created; if that
-- changes, their leads must be re-rendered.

-- Instants as the API shows them everywhere: UTC to the millisecond, like JavaScript's toISOString.
create function api_time(t timestamptz) returns text language sql stable parallel safe as $$
  select to_char(t at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;

-- Approved calls and SMS of the lead. The channel flags say when there are none, so most leads
-- never touch the communications table. plpgsql keeps its query plan per connection, where a SQL
-- function with a query would be planned again for every row of an INSERT or UPDATE.
create function lead_communication_summary(l leads) returns json language plpgsql stable parallel safe as $$
begin
  if not (l.has_call or l.has_sms) then
    return '{"last_call_at":null,"last_sms_at":null,"call_count":0,"answered_call_count":0,"missed_call_count":0,'
           '"sms_inbound_count":0,"sms_outbound_count":0,"last_tracking_number":null,'
           '"last_communication_source":null,"last_communication_campaign":null}'::json;
  end if;
  return (
    select json_build_object(
      'last_call_at', api_time(max(started_at) filter (where channel = 'call')),
      'last_sms_at', api_time(max(started_at) filter (where channel = 'sms')),
      'call_count', count(*) filter (where channel = 'call'),
      'answered_call_count', count(*) filter (where channel = 'call' and status = 'answered'),
      'missed_call_count', count(*) filter (where channel = 'call' and status in ('missed', 'voicemail')),
      'sms_inbound_count', count(*) filter (where channel = 'sms' and direction = 'inbound'),
      'sms_outbound_count', count(*) filter (where channel = 'sms' and direction = 'outbound'),
      'last_tracking_number', (array_agg(json_build_object('label', tracking_label, 'phone_last4', tracking_phone_last4,
                                                           'national_format', tracking_national_format) order by started_at desc)
        filter (where coalesce(tracking_label, tracking_phone_last4, tracking_national_format) is not null))[1],
      'last_communication_source', (array_agg(source order by started_at desc) filter (where source is not null))[1],
      'last_communication_campaign', (array_agg(campaign order by started_at desc) filter (where campaign is not null))[1])
    from communications c
    where c.workspace_id = l.workspace_id and c.lead_id = l.id and c.approved);
end $$;

-- The Lead schema of the spec, field for field, from the lead and its stage (s.id = l.stage_id).
-- attribution is the effective first touch: each override that is not null replaces the recorded
-- value (the rule of the generated source/medium/campaign columns, which a BEFORE trigger cannot
-- read yet).
create function lead_document(l leads, s pipeline_stages) returns json language sql stable parallel safe as $$
  select json_build_object(
    'id', l.id, 'external_id', l.external_id, 'external_source', l.external_source,
    'contact_name', l.contact_name, 'contact_email', l.contact_email, 'contact_phone', l.contact_phone,
    'property_address', l.property_address,
    'status', s.key, 'status_stage_id', s.id, 'status_label', s.label, 'status_sort_order', s.sort_order,
    'is_conversion_stage', s.is_conversion_stage,
    'stage_timestamps', l.stage_timestamps, 'funnel_gap_summary', l.funnel_gap_summary,
    'attribution', json_build_object(
      'source', coalesce(l.attribution_overrides->>'source', l.attribution->>'source'),
      'medium', coalesce(l.attribution_overrides->>'medium', l.attribution->>'medium'),
      'campaign', coalesce(l.attribution_overrides->>'campaign', l.attribution->>'campaign'),
      'content', coalesce(l.attribution_overrides->>'content', l.attribution->>'content'),
      'conversion_url', l.attribution->>'conversion_url'),
    'communication_summary', lead_communication_summary(l),
    'form_data', l.form_data, 'custom_fields', l.custom_fields,
    'selected_material_id', l.selected_material_id, 'selected_color_id', l.selected_color_id,
    'selected_shape_id', l.selected_shape_id, 'notes', l.notes,
    'quote_value', l.quote_value, 'sales_value', l.sales_value,
    'follow_up_date', api_time(l.follow_up_date), 'converted_at', api_time(l.converted_at),
    'created_at', api_time(l.created_at), 'updated_at', api_time(l.updated_at))
$$;

-- Every insert and update renders the lead again: its fields, its stage, and its communication
-- summary (calls and SMS reach the lead through set_lead_channels, which updates it).
create function render_lead_document() returns trigger language plpgsql as $$
begin
  new.document := (select lead_document(new, s) from pipeline_stages s where s.id = new.stage_id)::text;
  return new;
end $$;
create trigger leads_document before insert or update on leads
  for each row execute function render_lead_document();
