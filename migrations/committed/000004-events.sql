--! Previous: sha1:64ae7b35a058c453f4a7b5fd37a1883f0aa27912
--! Hash: sha1:6fd68e4b8864d2c1fb1723c1eaf93270a7f6208a
--! Message: events and spend

-- A session is born from its first page view; its UTM parameters are the first touch.
create table sessions (
  workspace_id text not null references workspaces(id),
  id text not null,
  first_seen_at timestamptz not null,
  utm_source text,
  utm_medium text,
  utm_campaign text,
  utm_content text,
  referrer_url text,
  landing_page_url text,
  landing_id text,
  landing_name text,
  landing_slug text,
  created_at timestamptz not null default now(),
  primary key (workspace_id, id)
);

create table events (
  id text primary key,
  workspace_id text not null references workspaces(id),
  external_event_id text not null,
  type text not null check (type in ('page_view', 'form_submission')),
  session_id text not null,
  payload jsonb not null,
  occurred_at timestamptz not null,
  lead_id text references leads(id),
  analytics_only boolean not null default false,
  created_at timestamptz not null default now(),
  unique (workspace_id, external_event_id)
);
create index events_session_idx on events (workspace_id, session_id, occurred_at);
create index events_occurred_idx on events (workspace_id, type, occurred_at);

create table spend_records (
  id text primary key,
  workspace_id text not null references workspaces(id),
  source text,
  medium text,
  campaign text,
  kind text not null check (kind in ('automated', 'other')),
  amount_cents bigint not null check (amount_cents >= 0),
  currency text not null,
  starts_at timestamptz not null,
  ends_at timestamptz not null check (ends_at > starts_at),
  created_at timestamptz not null default now()
);
create index spend_records_range_idx on spend_records (workspace_id, starts_at, ends_at);
