--! Previous: sha1:90120a7582f4626c2d7948bcc2b54c8f84f4853f
--! Hash: sha1:d6d1f29f49da82ed6e67b2b6cb6fb67c0b55bbc0
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
  deleted_at timestamptz
);
create index leads_list_idx on leads (workspace_id, created_at desc, id desc) where deleted_at is null;
create index leads_updated_idx on leads (workspace_id, updated_at) where deleted_at is null;
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
