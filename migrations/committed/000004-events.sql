--! Previous: sha1:c8520197439ed1d385fb5b433e5142ed105b28b6
--! Hash: sha1:29458e8cfda5eeadbffbeea03583f24c3a9fa7c9
--! Message: events and spend

-- A session is born from its page views; the earliest one (by occurred_at) is its first touch:
-- its UTM parameters, or the referring host as a referral when it carries none.
create table sessions (
  workspace_id text not null references workspaces(id),
  id text not null,
  first_seen_at timestamptz not null,
  source text,
  medium text,
  campaign text,
  content text,
  referrer_url text,
  landing_page_url text,
  landing_id text,
  landing_name text,
  landing_slug text,
  created_at timestamptz not null default now(),
  primary key (workspace_id, id)
);

-- source, medium, campaign: the event's first-touch attribution when it was recorded (page
-- views: their own page's touch; form submissions: the upserted lead's effective attribution,
-- else attribution_params, else the session's first touch). form_count groups on them.
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
  source text,
  medium text,
  campaign text,
  created_at timestamptz not null default now(),
  unique (workspace_id, external_event_id)
);
create index events_session_idx on events (workspace_id, session_id, occurred_at);
create index events_occurred_idx on events (workspace_id, type, occurred_at) include (source, campaign);

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

-- Nightly materialisation per UTC day, workspace, source and campaign (tasks/spend_rollup.ts).
-- A day is rewritten whole, so re-running it gives the same rows.
create table attribution_daily (
  workspace_id text not null references workspaces(id),
  day date not null,
  source text,
  campaign text,
  automated_spend_cents bigint not null,
  other_costs_cents bigint not null,
  lead_count integer not null,
  conversion_count integer not null,
  form_count integer not null,
  call_count integer not null,
  sms_count integer not null,
  computed_at timestamptz not null default now(),
  unique nulls not distinct (workspace_id, day, source, campaign)
);

-- Days the rollup has completed for every workspace; the next run resumes after the latest.
create table attribution_rollup_runs (
  day date primary key,
  completed_at timestamptz not null default now()
);

-- Analytics scan leads by creation time and read only these columns: an index-only scan.
-- (Owned by the leads migration's table; kept here beside the queries that need it.)
create index leads_analytics_idx on leads (workspace_id, created_at)
  include (id, source, medium, campaign, stage_id, converted_at, sales_value, funnel_gap)
  where deleted_at is null;
-- Skipped-stage counts read only the leads that have a funnel gap.
create index leads_funnel_gap_idx on leads (workspace_id, created_at)
  include (source, campaign, funnel_gap_summary) where deleted_at is null and funnel_gap;
-- Form submissions with an email but no phone match the lead with that email.
create index leads_email_idx on leads (workspace_id, lower(contact_email)) where deleted_at is null and contact_email is not null;
