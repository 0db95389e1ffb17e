-- The schema that the migrations (migrations/committed, then migrations/functions) leave, read
-- from the catalog of a freshly migrated database: each table, index, constraint, trigger,
-- function and view as it is now, however many migrations made it. Written by
-- `npm run schema:snapshot`; do not edit (test/schemaSnapshot.test.ts fails when it differs).

-- Extensions

create extension pg_trgm;
create extension pgcrypto;

-- Tables

create table admin_sessions_ended (
  session text not null,
  expires_at timestamp with time zone not null
);

create table analytics_changes (
  workspace_id text not null,
  day date not null,
  xid xid8 not null
);

create table analytics_day_communications (
  day_id bigint not null,
  grain smallint not null,
  day date not null,
  started_day date not null,
  source text,
  campaign text,
  call_count integer not null,
  answered_call_count integer not null,
  missed_call_count integer not null,
  call_duration_seconds_total bigint not null,
  timed_call_count integer not null,
  sms_inbound_count integer not null,
  sms_outbound_count integer not null
);

create table analytics_day_forms (
  day_id bigint not null,
  grain smallint not null,
  day date not null,
  source text,
  campaign text,
  form_count integer not null
);

create table analytics_day_gaps (
  day_id bigint not null,
  grain smallint not null,
  source text,
  campaign text,
  stage text not null,
  n integer not null
);

create table analytics_day_leads (
  day_id bigint not null,
  grain smallint not null,
  day date not null,
  source text,
  campaign text,
  stage_id text not null,
  lead_count integer not null,
  conversion_count integer not null,
  funnel_gap_count integer not null,
  revenue numeric,
  sold_seconds numeric,
  min_medium text,
  max_medium text,
  medium_count integer not null
);

create table analytics_day_sms_threads (
  day_id bigint not null,
  grain smallint not null,
  source text,
  campaign text,
  inbound_thread_count integer not null,
  responded_thread_count integer not null
);

create table analytics_day_spend (
  day_id bigint not null,
  grain smallint not null,
  day date not null,
  source text,
  campaign text,
  automated_cents bigint not null,
  other_cents bigint not null
);

create table analytics_days (
  id bigint not null generated always as identity,
  workspace_id text not null,
  timezone text not null,
  day date not null,
  lo timestamp with time zone not null,
  hi timestamp with time zone not null,
  snapshot_xmin xid8 not null,
  sms_first_day date,
  sms_last_day date,
  sms_shared boolean not null,
  computed_at timestamp with time zone not null default now()
);

create table api_keys (
  id text not null,
  workspace_id text not null,
  name text not null,
  secret_hash bytea not null,
  secret_last4 text not null,
  scopes text[] not null,
  revoked_at timestamp with time zone,
  deleted_at timestamp with time zone,
  created_at timestamp with time zone not null default now(),
  api_version text not null default '2026-11-27'::text
);

create table app_secrets (
  name text not null,
  value bytea not null
);

create table capacity_leases (
  id bigint not null generated always as identity,
  bucket text not null,
  holder text not null,
  expires_at timestamp with time zone not null
);

create table catalog_colors (
  id text not null,
  workspace_id text not null,
  name text not null,
  hex_code text,
  sort_order integer not null default 0
);

create table catalog_materials (
  id text not null,
  workspace_id text not null,
  name text not null,
  sort_order integer not null default 0
);

create table catalog_shapes (
  id text not null,
  workspace_id text not null,
  name text not null,
  roof_type text,
  sort_order integer not null default 0
);

create table communications (
  id text not null,
  workspace_id text not null,
  lead_id text,
  channel text not null,
  direction text not null,
  status text not null,
  started_at timestamp with time zone not null,
  duration_seconds integer,
  thread_id text,
  tracking_label text,
  tracking_phone_last4 text,
  tracking_national_format text,
  source text,
  campaign text,
  approved boolean not null default true,
  created_at timestamp with time zone not null default now()
);

create table conversions (
  id text not null,
  workspace_id text not null,
  lead_id text not null,
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
  occurred_at timestamp with time zone,
  created_at timestamp with time zone not null default now()
);

create table events (
  id text not null,
  workspace_id text not null,
  external_event_id text not null,
  type text not null,
  session_id text not null,
  payload jsonb not null,
  occurred_at timestamp with time zone not null,
  lead_id text,
  analytics_only boolean not null default false,
  source text,
  medium text,
  campaign text,
  created_at timestamp with time zone not null default now()
);

create table idempotency_records (
  api_key_id text not null,
  key text not null,
  fingerprint text not null,
  state text not null,
  response_status integer,
  response_body text,
  response_content_type text,
  created_at timestamp with time zone not null default now(),
  expires_at timestamp with time zone not null,
  response_deflated bytea
);

create table job_policies (
  task text not null,
  max_attempts integer not null,
  failed_for_good text
);

create table leads (
  id text not null,
  workspace_id text not null,
  external_id text,
  external_source text,
  session_id text,
  contact_name text,
  contact_email text,
  contact_phone text,
  property_address text,
  stage_id text not null,
  stage_timestamps jsonb,
  funnel_gap_summary jsonb,
  funnel_gap boolean generated always as (COALESCE(((funnel_gap_summary ->> 'has_gap'::text))::boolean, false)) stored,
  attribution jsonb not null default '{}'::jsonb,
  attribution_overrides jsonb not null default '{}'::jsonb,
  source text generated always as (effective_attribution_value(attribution, attribution_overrides, 'source'::text)) stored,
  medium text generated always as (effective_attribution_value(attribution, attribution_overrides, 'medium'::text)) stored,
  campaign text generated always as (effective_attribution_value(attribution, attribution_overrides, 'campaign'::text)) stored,
  conversion_type text,
  form_data jsonb not null default '{}'::jsonb,
  custom_fields jsonb not null default '{}'::jsonb,
  selected_material_id text,
  selected_color_id text,
  selected_shape_id text,
  notes text,
  quote_value numeric,
  sales_value numeric,
  follow_up_date timestamp with time zone,
  converted_at timestamp with time zone,
  has_call boolean not null default false,
  has_sms boolean not null default false,
  created_at timestamp with time zone not null default now(),
  updated_at timestamp with time zone not null default now(),
  deleted_at timestamp with time zone,
  document text not null,
  search_text text generated always as (lower(((((((COALESCE(contact_name, ''::text) || ''::text) || COALESCE(contact_email, ''::text)) || ''::text) || COALESCE(property_address, ''::text)) || ''::text) || COALESCE(substr(contact_phone, 4), ''::text)))) stored,
  change_xid xid8 not null default pg_current_xact_id()
);

create table pipeline_stages (
  id text not null,
  workspace_id text not null,
  key text not null,
  label text not null,
  sort_order integer not null,
  is_conversion_stage boolean not null default false,
  active boolean not null default true,
  created_at timestamp with time zone not null default now()
);

create table rate_limit_counters (
  bucket text not null,
  window_start timestamp with time zone not null,
  count integer not null
);

create table report_exports (
  id text not null,
  workspace_id text not null,
  report_id text not null,
  revision_id text,
  format text not null,
  file_name text not null,
  mime_type text not null,
  size_bytes bigint,
  checksum text,
  storage_key text,
  status text not null,
  error text,
  created_at timestamp with time zone not null default now(),
  completed_at timestamp with time zone
);

create table report_files (
  id text not null,
  workspace_id text not null,
  report_id text not null,
  "position" integer not null,
  file_name text not null,
  format text,
  mime_type text,
  size_bytes bigint not null,
  checksum text not null,
  storage_key text not null,
  created_at timestamp with time zone not null default now()
);

create table report_revisions (
  id text not null,
  workspace_id text not null,
  report_id text not null,
  revision_number integer not null,
  summary jsonb not null,
  geometry jsonb,
  created_at timestamp with time zone not null default now()
);

create table reports (
  id text not null,
  workspace_id text not null,
  project_name text not null,
  external_report_id text,
  status text not null,
  current_revision_id text,
  baseline_revision_id text,
  approved_revision_id text,
  source_formats text[] not null default '{}'::text[],
  summary jsonb not null default '{}'::jsonb,
  project_address text,
  location_label text,
  location_lat double precision,
  location_long double precision,
  created_at timestamp with time zone not null default date_trunc('milliseconds'::text, now()),
  updated_at timestamp with time zone not null default now()
);

create table sessions (
  workspace_id text not null,
  id text not null,
  first_seen_at timestamp with time zone not null,
  source text,
  medium text,
  campaign text,
  content text,
  referrer_url text,
  landing_page_url text,
  landing_id text,
  landing_name text,
  landing_slug text,
  created_at timestamp with time zone not null default now()
);

create table share_links (
  token text not null,
  workspace_id text not null,
  visualization_id text not null,
  expires_at timestamp with time zone not null,
  revoked_at timestamp with time zone,
  created_at timestamp with time zone not null default now()
);

create table spend_records (
  id text not null,
  workspace_id text not null,
  source text,
  medium text,
  campaign text,
  kind text not null,
  amount_cents bigint not null,
  currency text not null,
  starts_at timestamp with time zone not null,
  ends_at timestamp with time zone not null,
  created_at timestamp with time zone not null default now()
);

create table visualization_attempts (
  id text not null,
  workspace_id text not null,
  visualization_id text not null,
  period_month date not null,
  status text not null,
  created_at timestamp with time zone not null default now(),
  updated_at timestamp with time zone not null default now()
);

create table visualizations (
  id text not null,
  workspace_id text not null,
  session_id text not null,
  lead_id text,
  status text not null,
  material_id text,
  color_id text,
  shape_id text,
  original_image_url text,
  original_image_key text,
  original_image_type text,
  generated_image_key text,
  generated_image_type text,
  processing_error text,
  created_at timestamp with time zone not null default now(),
  updated_at timestamp with time zone not null default now(),
  completed_at timestamp with time zone,
  deleted_at timestamp with time zone,
  roof_outline jsonb,
  retry_reason text,
  embedding_state text not null default 'pending'::text,
  embedding_key text,
  embedding_error text,
  roof_selection jsonb
);

create table webhook_deliveries (
  id text not null,
  workspace_id text not null,
  event_id text not null,
  endpoint_id text not null,
  status text not null,
  attempt_count integer not null default 0,
  next_attempt_at timestamp with time zone,
  retry_window_start timestamp with time zone not null default now(),
  created_at timestamp with time zone not null default now(),
  updated_at timestamp with time zone not null default now(),
  resent_from text
);

create table webhook_delivery_attempts (
  id bigint not null generated always as identity,
  delivery_id text not null,
  attempted_at timestamp with time zone not null default now(),
  response_status integer,
  error text,
  duration_ms integer not null,
  response_body text
);

create table webhook_endpoints (
  id text not null,
  workspace_id text not null,
  url text not null,
  events text[] not null,
  description text,
  enabled boolean not null default true,
  disabled_reason text,
  disabled_at timestamp with time zone,
  failing_since timestamp with time zone,
  secret_sealed bytea not null,
  previous_secret_sealed bytea,
  previous_secret_expires_at timestamp with time zone,
  created_at timestamp with time zone not null default now(),
  updated_at timestamp with time zone not null default now(),
  signature_scheme text not null default 'standard_webhooks'::text,
  api_version text not null default '2026-11-27'::text
);

create table webhook_events (
  id text not null,
  workspace_id text not null,
  type text not null,
  data jsonb,
  subject jsonb,
  created_at timestamp with time zone not null default now(),
  data_text text
);

create table worker_heartbeats (
  worker_id text not null,
  hostname text not null,
  pid integer not null,
  started_at timestamp with time zone not null default now(),
  beat_at timestamp with time zone not null default now(),
  alive_until timestamp with time zone not null
);

create table workspaces (
  id text not null,
  name text not null,
  active boolean not null default true,
  currency text not null default 'USD'::text,
  visualization_quota_monthly integer,
  created_at timestamp with time zone not null default now(),
  updated_at timestamp with time zone not null default now(),
  mode text not null default 'live'::text,
  live_workspace_id text
);

-- Constraints

alter table admin_sessions_ended add constraint admin_sessions_ended_pkey PRIMARY KEY (session);
alter table analytics_changes add constraint analytics_changes_pkey PRIMARY KEY (workspace_id, day, xid);
alter table analytics_day_communications add constraint analytics_day_communications_day_id_fkey FOREIGN KEY (day_id) REFERENCES analytics_days(id) ON DELETE CASCADE;
alter table analytics_day_forms add constraint analytics_day_forms_day_id_fkey FOREIGN KEY (day_id) REFERENCES analytics_days(id) ON DELETE CASCADE;
alter table analytics_day_gaps add constraint analytics_day_gaps_day_id_fkey FOREIGN KEY (day_id) REFERENCES analytics_days(id) ON DELETE CASCADE;
alter table analytics_day_leads add constraint analytics_day_leads_day_id_fkey FOREIGN KEY (day_id) REFERENCES analytics_days(id) ON DELETE CASCADE;
alter table analytics_day_sms_threads add constraint analytics_day_sms_threads_day_id_fkey FOREIGN KEY (day_id) REFERENCES analytics_days(id) ON DELETE CASCADE;
alter table analytics_day_spend add constraint analytics_day_spend_day_id_fkey FOREIGN KEY (day_id) REFERENCES analytics_days(id) ON DELETE CASCADE;
alter table analytics_days add constraint analytics_days_pkey PRIMARY KEY (id);
alter table analytics_days add constraint analytics_days_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces(id);
alter table analytics_days add constraint analytics_days_workspace_id_timezone_day_key UNIQUE (workspace_id, timezone, day);
alter table api_keys add constraint api_keys_pkey PRIMARY KEY (id);
alter table api_keys add constraint api_keys_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces(id);
alter table app_secrets add constraint app_secrets_pkey PRIMARY KEY (name);
alter table capacity_leases add constraint capacity_leases_pkey PRIMARY KEY (id);
alter table catalog_colors add constraint catalog_colors_pkey PRIMARY KEY (id);
alter table catalog_colors add constraint catalog_colors_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces(id);
alter table catalog_materials add constraint catalog_materials_pkey PRIMARY KEY (id);
alter table catalog_materials add constraint catalog_materials_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces(id);
alter table catalog_shapes add constraint catalog_shapes_pkey PRIMARY KEY (id);
alter table catalog_shapes add constraint catalog_shapes_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces(id);
alter table communications add constraint communications_channel_check CHECK ((channel = ANY (ARRAY['call'::text, 'sms'::text])));
alter table communications add constraint communications_direction_check CHECK ((direction = ANY (ARRAY['inbound'::text, 'outbound'::text])));
alter table communications add constraint communications_duration_seconds_check CHECK ((duration_seconds >= 0));
alter table communications add constraint communications_lead_id_fkey FOREIGN KEY (lead_id) REFERENCES leads(id);
alter table communications add constraint communications_pkey PRIMARY KEY (id);
alter table communications add constraint communications_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces(id);
alter table conversions add constraint conversions_lead_id_conversion_number_key UNIQUE (lead_id, conversion_number);
alter table conversions add constraint conversions_lead_id_fkey FOREIGN KEY (lead_id) REFERENCES leads(id);
alter table conversions add constraint conversions_pkey PRIMARY KEY (id);
alter table conversions add constraint conversions_workspace_id_external_event_id_key UNIQUE (workspace_id, external_event_id);
alter table conversions add constraint conversions_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces(id);
alter table events add constraint events_lead_id_fkey FOREIGN KEY (lead_id) REFERENCES leads(id);
alter table events add constraint events_pkey PRIMARY KEY (id);
alter table events add constraint events_type_check CHECK ((type = ANY (ARRAY['page_view'::text, 'form_submission'::text])));
alter table events add constraint events_workspace_id_external_event_id_key UNIQUE (workspace_id, external_event_id);
alter table idempotency_records add constraint idempotency_records_pkey PRIMARY KEY (api_key_id, key);
alter table idempotency_records add constraint idempotency_records_state_check CHECK ((state = ANY (ARRAY['running'::text, 'done'::text])));
alter table job_policies add constraint job_policies_pkey PRIMARY KEY (task);
alter table leads add constraint leads_pkey PRIMARY KEY (id);
alter table leads add constraint leads_updated_after_created CHECK ((updated_at >= created_at));
alter table pipeline_stages add constraint pipeline_stages_pkey PRIMARY KEY (id);
alter table pipeline_stages add constraint pipeline_stages_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces(id);
alter table pipeline_stages add constraint pipeline_stages_workspace_id_key_key UNIQUE (workspace_id, key);
alter table rate_limit_counters add constraint rate_limit_counters_pkey PRIMARY KEY (bucket, window_start);
alter table report_exports add constraint report_exports_pkey PRIMARY KEY (id);
alter table report_exports add constraint report_exports_report_id_fkey FOREIGN KEY (report_id) REFERENCES reports(id);
alter table report_exports add constraint report_exports_revision_id_fkey FOREIGN KEY (revision_id) REFERENCES report_revisions(id);
alter table report_exports add constraint report_exports_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'ready'::text, 'failed'::text])));
alter table report_exports add constraint report_exports_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces(id);
alter table report_files add constraint report_files_pkey PRIMARY KEY (id);
alter table report_files add constraint report_files_report_id_fkey FOREIGN KEY (report_id) REFERENCES reports(id);
alter table report_files add constraint report_files_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces(id);
alter table report_revisions add constraint report_revisions_pkey PRIMARY KEY (id);
alter table report_revisions add constraint report_revisions_report_id_fkey FOREIGN KEY (report_id) REFERENCES reports(id);
alter table report_revisions add constraint report_revisions_report_id_revision_number_key UNIQUE (report_id, revision_number);
alter table report_revisions add constraint report_revisions_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces(id);
alter table reports add constraint reports_pkey PRIMARY KEY (id);
alter table reports add constraint reports_status_check CHECK ((status = ANY (ARRAY['importing'::text, 'needs_review'::text, 'draft'::text, 'ready_for_review'::text, 'approved'::text, 'exporting'::text, 'failed'::text, 'archived'::text])));
alter table reports add constraint reports_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces(id);
alter table sessions add constraint sessions_pkey PRIMARY KEY (workspace_id, id);
alter table share_links add constraint share_links_pkey PRIMARY KEY (token);
alter table share_links add constraint share_links_visualization_id_fkey FOREIGN KEY (visualization_id) REFERENCES visualizations(id);
alter table share_links add constraint share_links_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces(id);
alter table spend_records add constraint spend_records_amount_cents_check CHECK ((amount_cents >= 0));
alter table spend_records add constraint spend_records_check CHECK ((ends_at > starts_at));
alter table spend_records add constraint spend_records_kind_check CHECK ((kind = ANY (ARRAY['automated'::text, 'other'::text])));
alter table spend_records add constraint spend_records_pkey PRIMARY KEY (id);
alter table spend_records add constraint spend_records_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces(id);
alter table visualization_attempts add constraint visualization_attempts_pkey PRIMARY KEY (id);
alter table visualization_attempts add constraint visualization_attempts_status_check CHECK ((status = ANY (ARRAY['reserved'::text, 'succeeded'::text, 'released'::text])));
alter table visualization_attempts add constraint visualization_attempts_visualization_id_fkey FOREIGN KEY (visualization_id) REFERENCES visualizations(id);
alter table visualization_attempts add constraint visualization_attempts_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces(id);
alter table visualizations add constraint visualizations_check CHECK (((original_image_url IS NOT NULL) OR (original_image_key IS NOT NULL)));
alter table visualizations add constraint visualizations_color_id_fkey FOREIGN KEY (color_id) REFERENCES catalog_colors(id);
alter table visualizations add constraint visualizations_embedding_state_check CHECK ((embedding_state = ANY (ARRAY['pending'::text, 'ready'::text, 'failed'::text])));
alter table visualizations add constraint visualizations_lead_id_fkey FOREIGN KEY (lead_id) REFERENCES leads(id);
alter table visualizations add constraint visualizations_material_id_fkey FOREIGN KEY (material_id) REFERENCES catalog_materials(id);
alter table visualizations add constraint visualizations_pkey PRIMARY KEY (id);
alter table visualizations add constraint visualizations_shape_id_fkey FOREIGN KEY (shape_id) REFERENCES catalog_shapes(id);
alter table visualizations add constraint visualizations_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'processing'::text, 'failed'::text, 'completed'::text])));
alter table visualizations add constraint visualizations_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces(id);
alter table webhook_deliveries add constraint webhook_deliveries_endpoint_id_fkey FOREIGN KEY (endpoint_id) REFERENCES webhook_endpoints(id) ON DELETE CASCADE;
alter table webhook_deliveries add constraint webhook_deliveries_event_id_fkey FOREIGN KEY (event_id) REFERENCES webhook_events(id) ON DELETE CASCADE;
alter table webhook_deliveries add constraint webhook_deliveries_pkey PRIMARY KEY (id);
alter table webhook_deliveries add constraint webhook_deliveries_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'succeeded'::text, 'failed'::text])));
alter table webhook_delivery_attempts add constraint webhook_delivery_attempts_delivery_id_fkey FOREIGN KEY (delivery_id) REFERENCES webhook_deliveries(id) ON DELETE CASCADE;
alter table webhook_delivery_attempts add constraint webhook_delivery_attempts_pkey PRIMARY KEY (id);
alter table webhook_delivery_attempts add constraint webhook_delivery_attempts_response_body_bounded CHECK ((octet_length(response_body) <= 4096));
alter table webhook_endpoints add constraint webhook_endpoints_pkey PRIMARY KEY (id);
alter table webhook_endpoints add constraint webhook_endpoints_signature_scheme_check CHECK ((signature_scheme = ANY (ARRAY['standard_webhooks'::text, 'legacy'::text])));
alter table webhook_endpoints add constraint webhook_endpoints_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces(id);
alter table webhook_events add constraint webhook_events_pkey PRIMARY KEY (id);
alter table worker_heartbeats add constraint worker_heartbeats_pkey PRIMARY KEY (worker_id);
alter table workspaces add constraint workspaces_live_workspace_id_fkey FOREIGN KEY (live_workspace_id) REFERENCES workspaces(id);
alter table workspaces add constraint workspaces_live_workspace_id_key UNIQUE (live_workspace_id);
alter table workspaces add constraint workspaces_mode_check CHECK ((mode = ANY (ARRAY['live'::text, 'test'::text])));
alter table workspaces add constraint workspaces_pkey PRIMARY KEY (id);
alter table workspaces add constraint workspaces_test_twin_check CHECK (((mode = 'test'::text) = (live_workspace_id IS NOT NULL)));
alter table workspaces add constraint workspaces_visualization_quota_monthly_check CHECK ((visualization_quota_monthly >= 0));

-- Indexes

CREATE UNIQUE INDEX admin_sessions_ended_pkey ON public.admin_sessions_ended USING btree (session);
CREATE UNIQUE INDEX analytics_changes_pkey ON public.analytics_changes USING btree (workspace_id, day, xid);
CREATE INDEX analytics_day_communications_idx ON public.analytics_day_communications USING btree (day_id, grain);
CREATE INDEX analytics_day_forms_idx ON public.analytics_day_forms USING btree (day_id, grain);
CREATE INDEX analytics_day_gaps_idx ON public.analytics_day_gaps USING btree (day_id, grain);
CREATE INDEX analytics_day_leads_idx ON public.analytics_day_leads USING btree (day_id, grain);
CREATE INDEX analytics_day_sms_threads_idx ON public.analytics_day_sms_threads USING btree (day_id, grain);
CREATE INDEX analytics_day_spend_idx ON public.analytics_day_spend USING btree (day_id, grain);
CREATE UNIQUE INDEX analytics_days_pkey ON public.analytics_days USING btree (id);
CREATE UNIQUE INDEX analytics_days_workspace_id_timezone_day_key ON public.analytics_days USING btree (workspace_id, timezone, day);
CREATE UNIQUE INDEX api_keys_pkey ON public.api_keys USING btree (id);
CREATE INDEX api_keys_workspace_idx ON public.api_keys USING btree (workspace_id);
CREATE UNIQUE INDEX app_secrets_pkey ON public.app_secrets USING btree (name);
CREATE INDEX capacity_leases_bucket ON public.capacity_leases USING btree (bucket, expires_at);
CREATE INDEX capacity_leases_holder ON public.capacity_leases USING btree (holder);
CREATE UNIQUE INDEX capacity_leases_pkey ON public.capacity_leases USING btree (id);
CREATE UNIQUE INDEX catalog_colors_pkey ON public.catalog_colors USING btree (id);
CREATE UNIQUE INDEX catalog_materials_pkey ON public.catalog_materials USING btree (id);
CREATE UNIQUE INDEX catalog_shapes_pkey ON public.catalog_shapes USING btree (id);
CREATE INDEX communications_lead_idx ON public.communications USING btree (workspace_id, lead_id, channel, started_at DESC);
CREATE UNIQUE INDEX communications_pkey ON public.communications USING btree (id);
CREATE INDEX communications_started_idx ON public.communications USING btree (workspace_id, started_at);
CREATE INDEX communications_thread_idx ON public.communications USING btree (workspace_id, thread_id, lead_id) WHERE (thread_id IS NOT NULL);
CREATE UNIQUE INDEX conversions_lead_id_conversion_number_key ON public.conversions USING btree (lead_id, conversion_number);
CREATE INDEX conversions_lead_idx ON public.conversions USING btree (lead_id, conversion_number);
CREATE UNIQUE INDEX conversions_pkey ON public.conversions USING btree (id);
CREATE UNIQUE INDEX conversions_workspace_id_external_event_id_key ON public.conversions USING btree (workspace_id, external_event_id);
CREATE INDEX conversions_workspace_idx ON public.conversions USING btree (workspace_id, created_at);
CREATE INDEX events_occurred_idx ON public.events USING btree (workspace_id, type, occurred_at) INCLUDE (source, campaign);
CREATE UNIQUE INDEX events_pkey ON public.events USING btree (id);
CREATE UNIQUE INDEX events_workspace_id_external_event_id_key ON public.events USING btree (workspace_id, external_event_id);
CREATE INDEX idempotency_records_expires_idx ON public.idempotency_records USING btree (expires_at);
CREATE UNIQUE INDEX idempotency_records_pkey ON public.idempotency_records USING btree (api_key_id, key);
CREATE UNIQUE INDEX job_policies_pkey ON public.job_policies USING btree (task);
CREATE INDEX leads_analytics_idx ON public.leads USING btree (workspace_id, created_at) INCLUDE (id, source, medium, campaign, stage_id, converted_at, sales_value, funnel_gap) WHERE (deleted_at IS NULL);
CREATE INDEX leads_call_idx ON public.leads USING btree (workspace_id, created_at DESC, id DESC) WHERE ((deleted_at IS NULL) AND has_call);
CREATE INDEX leads_campaign_idx ON public.leads USING btree (workspace_id, campaign, created_at DESC, id DESC) WHERE (deleted_at IS NULL);
CREATE INDEX leads_changes_idx ON public.leads USING btree (workspace_id, change_xid, id);
CREATE INDEX leads_conversion_type_idx ON public.leads USING btree (workspace_id, conversion_type, created_at DESC, id DESC) WHERE (deleted_at IS NULL);
CREATE INDEX leads_email_idx ON public.leads USING btree (workspace_id, lower(contact_email)) WHERE ((deleted_at IS NULL) AND (contact_email IS NOT NULL));
CREATE UNIQUE INDEX leads_external_idx ON public.leads USING btree (workspace_id, external_source, external_id) WHERE ((deleted_at IS NULL) AND (external_id IS NOT NULL) AND (external_source IS NOT NULL));
CREATE INDEX leads_funnel_gap_idx ON public.leads USING btree (workspace_id, created_at) INCLUDE (source, campaign, funnel_gap_summary) WHERE ((deleted_at IS NULL) AND funnel_gap);
CREATE INDEX leads_list_idx ON public.leads USING btree (workspace_id, created_at DESC, id DESC) INCLUDE (updated_at, search_text, contact_phone, stage_id, source, medium, campaign, conversion_type, has_call, has_sms) WHERE (deleted_at IS NULL);
CREATE INDEX leads_medium_idx ON public.leads USING btree (workspace_id, medium, created_at DESC, id DESC) WHERE (deleted_at IS NULL);
CREATE INDEX leads_phone_idx ON public.leads USING btree (workspace_id, contact_phone, updated_at DESC, id DESC) INCLUDE (created_at, stage_id, source, medium, campaign, conversion_type, has_call, has_sms) WHERE (deleted_at IS NULL);
CREATE UNIQUE INDEX leads_pkey ON public.leads USING btree (id);
CREATE INDEX leads_search_idx ON public.leads USING gin (search_text gin_trgm_ops) WHERE (deleted_at IS NULL);
CREATE INDEX leads_sms_idx ON public.leads USING btree (workspace_id, created_at DESC, id DESC) WHERE ((deleted_at IS NULL) AND has_sms);
CREATE INDEX leads_source_idx ON public.leads USING btree (workspace_id, source, created_at DESC, id DESC) WHERE (deleted_at IS NULL);
CREATE INDEX leads_stage_idx ON public.leads USING btree (workspace_id, stage_id, created_at DESC, id DESC) WHERE (deleted_at IS NULL);
CREATE INDEX leads_updated_idx ON public.leads USING btree (workspace_id, updated_at) INCLUDE (created_at, id) WHERE (deleted_at IS NULL);
CREATE UNIQUE INDEX pipeline_stages_pkey ON public.pipeline_stages USING btree (id);
CREATE UNIQUE INDEX pipeline_stages_workspace_id_key_key ON public.pipeline_stages USING btree (workspace_id, key);
CREATE INDEX pipeline_stages_workspace_idx ON public.pipeline_stages USING btree (workspace_id, sort_order);
CREATE UNIQUE INDEX rate_limit_counters_pkey ON public.rate_limit_counters USING btree (bucket, window_start);
CREATE UNIQUE INDEX report_exports_pkey ON public.report_exports USING btree (id);
CREATE INDEX report_exports_report_idx ON public.report_exports USING btree (report_id, created_at);
CREATE UNIQUE INDEX report_files_pkey ON public.report_files USING btree (id);
CREATE INDEX report_files_report_idx ON public.report_files USING btree (report_id);
CREATE UNIQUE INDEX report_revisions_pkey ON public.report_revisions USING btree (id);
CREATE UNIQUE INDEX report_revisions_report_id_revision_number_key ON public.report_revisions USING btree (report_id, revision_number);
CREATE INDEX reports_list_idx ON public.reports USING btree (workspace_id, created_at DESC, id DESC) WHERE (status <> 'archived'::text);
CREATE UNIQUE INDEX reports_pkey ON public.reports USING btree (id);
CREATE INDEX reports_updated_idx ON public.reports USING btree (workspace_id, updated_at) WHERE (status <> 'archived'::text);
CREATE UNIQUE INDEX sessions_pkey ON public.sessions USING btree (workspace_id, id);
CREATE UNIQUE INDEX share_links_pkey ON public.share_links USING btree (token);
CREATE UNIQUE INDEX spend_records_pkey ON public.spend_records USING btree (id);
CREATE INDEX spend_records_range_idx ON public.spend_records USING btree (workspace_id, starts_at, ends_at);
CREATE UNIQUE INDEX visualization_attempts_one_reserved_idx ON public.visualization_attempts USING btree (visualization_id) WHERE (status = 'reserved'::text);
CREATE UNIQUE INDEX visualization_attempts_pkey ON public.visualization_attempts USING btree (id);
CREATE INDEX visualization_attempts_quota_idx ON public.visualization_attempts USING btree (workspace_id, period_month) WHERE (status <> 'released'::text);
CREATE INDEX visualizations_lead_idx ON public.visualizations USING btree (workspace_id, lead_id, created_at DESC) WHERE (deleted_at IS NULL);
CREATE UNIQUE INDEX visualizations_pkey ON public.visualizations USING btree (id);
CREATE INDEX visualizations_session_idx ON public.visualizations USING btree (workspace_id, session_id, created_at DESC, id DESC) WHERE (deleted_at IS NULL);
CREATE INDEX webhook_deliveries_due_idx ON public.webhook_deliveries USING btree (endpoint_id, next_attempt_at) WHERE (status = 'pending'::text);
CREATE INDEX webhook_deliveries_endpoint_list_idx ON public.webhook_deliveries USING btree (endpoint_id, created_at DESC, id DESC);
CREATE INDEX webhook_deliveries_failed_idx ON public.webhook_deliveries USING btree (status, created_at) WHERE (status = 'failed'::text);
CREATE UNIQUE INDEX webhook_deliveries_first_idx ON public.webhook_deliveries USING btree (event_id, endpoint_id) WHERE (resent_from IS NULL);
CREATE UNIQUE INDEX webhook_deliveries_pkey ON public.webhook_deliveries USING btree (id);
CREATE INDEX webhook_delivery_attempts_delivery_idx ON public.webhook_delivery_attempts USING btree (delivery_id, attempted_at);
CREATE UNIQUE INDEX webhook_delivery_attempts_pkey ON public.webhook_delivery_attempts USING btree (id);
CREATE UNIQUE INDEX webhook_endpoints_pkey ON public.webhook_endpoints USING btree (id);
CREATE INDEX webhook_endpoints_workspace_idx ON public.webhook_endpoints USING btree (workspace_id, created_at, id);
CREATE INDEX webhook_events_created_idx ON public.webhook_events USING btree (created_at);
CREATE INDEX webhook_events_list_idx ON public.webhook_events USING btree (workspace_id, created_at DESC, id DESC);
CREATE UNIQUE INDEX webhook_events_pkey ON public.webhook_events USING btree (id);
CREATE INDEX webhook_events_to_render_idx ON public.webhook_events USING btree (workspace_id) WHERE ((data IS NULL) AND (data_text IS NULL));
CREATE INDEX webhook_events_type_idx ON public.webhook_events USING btree (workspace_id, type, created_at DESC, id DESC);
CREATE UNIQUE INDEX worker_heartbeats_pkey ON public.worker_heartbeats USING btree (worker_id);
CREATE UNIQUE INDEX workspaces_live_workspace_id_key ON public.workspaces USING btree (live_workspace_id);
CREATE UNIQUE INDEX workspaces_pkey ON public.workspaces USING btree (id);

-- Views

-- (none)

-- Triggers

CREATE TRIGGER job_failed_for_good AFTER UPDATE ON graphile_worker._private_jobs FOR EACH ROW WHEN (((new.attempts >= new.max_attempts) AND (new.locked_by IS NULL) AND (NOT ((old.attempts >= old.max_attempts) AND (old.locked_by IS NULL))))) EXECUTE FUNCTION job_failed_for_good();
CREATE TRIGGER communications_channels_delete AFTER DELETE ON public.communications REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION refresh_lead_channels();
CREATE TRIGGER communications_channels_insert AFTER INSERT ON public.communications REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION refresh_lead_channels();
CREATE TRIGGER communications_channels_update AFTER UPDATE ON public.communications REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION refresh_lead_channels();
CREATE TRIGGER communications_log_analytics_delete AFTER DELETE ON public.communications REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_log_communication_rows();
CREATE TRIGGER communications_log_analytics_insert AFTER INSERT ON public.communications REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_log_communication_rows();
CREATE TRIGGER communications_log_analytics_update AFTER UPDATE ON public.communications REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_log_communication_rows();
CREATE TRIGGER events_analytics_delete AFTER DELETE ON public.events FOR EACH ROW WHEN (((old.type = 'form_submission'::text) AND (old.occurred_at < analytics_settled_before(now())))) EXECUTE FUNCTION analytics_log_form();
CREATE TRIGGER events_analytics_insert AFTER INSERT ON public.events FOR EACH ROW WHEN (((new.type = 'form_submission'::text) AND (new.occurred_at < analytics_settled_before(now())))) EXECUTE FUNCTION analytics_log_form();
CREATE TRIGGER events_analytics_update AFTER UPDATE ON public.events FOR EACH ROW WHEN ((((old.type = 'form_submission'::text) OR (new.type = 'form_submission'::text)) AND ((old.occurred_at < analytics_settled_before(now())) OR (new.occurred_at < analytics_settled_before(now()))) AND ((((old.type IS DISTINCT FROM new.type) OR (old.occurred_at IS DISTINCT FROM new.occurred_at)) OR (old.source IS DISTINCT FROM new.source)) OR (old.campaign IS DISTINCT FROM new.campaign)))) EXECUTE FUNCTION analytics_log_form();
CREATE TRIGGER leads_analytics_delete AFTER DELETE ON public.leads FOR EACH ROW WHEN ((old.created_at < analytics_settled_before(now()))) EXECUTE FUNCTION analytics_log_lead();
CREATE TRIGGER leads_analytics_insert AFTER INSERT ON public.leads FOR EACH ROW WHEN ((new.created_at < analytics_settled_before(now()))) EXECUTE FUNCTION analytics_log_lead();
CREATE TRIGGER leads_analytics_update AFTER UPDATE ON public.leads FOR EACH ROW WHEN ((((old.created_at < analytics_settled_before(now())) OR (new.created_at < analytics_settled_before(now()))) AND (((((((((old.created_at IS DISTINCT FROM new.created_at) OR (old.deleted_at IS DISTINCT FROM new.deleted_at)) OR (old.source IS DISTINCT FROM new.source)) OR (old.medium IS DISTINCT FROM new.medium)) OR (old.campaign IS DISTINCT FROM new.campaign)) OR (old.stage_id IS DISTINCT FROM new.stage_id)) OR (old.converted_at IS DISTINCT FROM new.converted_at)) OR (old.sales_value IS DISTINCT FROM new.sales_value)) OR (old.funnel_gap_summary IS DISTINCT FROM new.funnel_gap_summary)))) EXECUTE FUNCTION analytics_log_lead();
CREATE TRIGGER leads_change_xid BEFORE UPDATE ON public.leads FOR EACH ROW EXECUTE FUNCTION set_lead_change_xid();
CREATE TRIGGER leads_document_insert BEFORE INSERT ON public.leads FOR EACH ROW WHEN ((new.document IS NULL)) EXECUTE FUNCTION render_lead_document();
CREATE TRIGGER leads_document_update BEFORE UPDATE ON public.leads FOR EACH ROW WHEN ((NOT (new.document IS DISTINCT FROM old.document))) EXECUTE FUNCTION render_lead_document();
CREATE TRIGGER spend_records_analytics_delete AFTER DELETE ON public.spend_records REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_log_spend();
CREATE TRIGGER spend_records_analytics_insert AFTER INSERT ON public.spend_records REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_log_spend();
CREATE TRIGGER spend_records_analytics_update AFTER UPDATE ON public.spend_records REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_log_spend();

-- Functions

CREATE OR REPLACE FUNCTION public.analytics_log_communication_rows()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  if tg_op in ('INSERT', 'UPDATE') then
    perform analytics_log_communications(array(select lead_id from new_rows where lead_id is not null),
      array(select workspace_id from new_rows where thread_id is not null), array(select thread_id from new_rows where thread_id is not null));
  end if;
  if tg_op in ('DELETE', 'UPDATE') then
    perform analytics_log_communications(array(select lead_id from old_rows where lead_id is not null),
      array(select workspace_id from old_rows where thread_id is not null), array(select thread_id from old_rows where thread_id is not null));
  end if;
  return null;
end $function$
;

CREATE OR REPLACE FUNCTION public.analytics_log_communications(lead_ids text[], thread_ws text[], thread_ids text[])
 RETURNS void
 LANGUAGE sql
AS $function$
  with touched as (
    select id from unnest(lead_ids) id
    union
    select c.lead_id from unnest(thread_ws, thread_ids) t(ws, thread)
    join communications c on c.workspace_id = t.ws and c.thread_id = t.thread
  ), locked as (
    select l.workspace_id, l.created_at from leads l
    where l.id in (select id from touched) and l.created_at < analytics_settled_before(now())
    for share
  )
  insert into analytics_changes (workspace_id, day, xid)
  select distinct workspace_id, (created_at at time zone 'UTC')::date, pg_current_xact_id() from locked
  on conflict do nothing
$function$
;

CREATE OR REPLACE FUNCTION public.analytics_log_form()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  if tg_op <> 'INSERT' then perform analytics_log_span(old.workspace_id, old.occurred_at, old.occurred_at); end if;
  if tg_op <> 'DELETE' then perform analytics_log_span(new.workspace_id, new.occurred_at, new.occurred_at); end if;
  return null;
end $function$
;

CREATE OR REPLACE FUNCTION public.analytics_log_lead()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  if tg_op <> 'INSERT' then perform analytics_log_span(old.workspace_id, old.created_at, old.created_at); end if;
  if tg_op <> 'DELETE' then perform analytics_log_span(new.workspace_id, new.created_at, new.created_at); end if;
  return null;
end $function$
;

CREATE OR REPLACE FUNCTION public.analytics_log_span(ws text, lo timestamp with time zone, hi timestamp with time zone)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
declare
  settled constant timestamptz := analytics_settled_before(now());
  d date := (lo at time zone 'UTC')::date;
begin
  if lo >= settled then return; end if;
  loop
    insert into analytics_changes (workspace_id, day, xid) values (ws, d, pg_current_xact_id()) on conflict do nothing;
    d := d + 1;
    exit when d > (least(hi, settled) at time zone 'UTC')::date;
  end loop;
end $function$
;

CREATE OR REPLACE FUNCTION public.analytics_log_spend()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  if tg_op in ('INSERT', 'UPDATE') then
    perform analytics_log_span(workspace_id, starts_at, ends_at) from (select distinct workspace_id, starts_at, ends_at from new_rows) s;
  end if;
  if tg_op in ('DELETE', 'UPDATE') then
    perform analytics_log_span(workspace_id, starts_at, ends_at) from (select distinct workspace_id, starts_at, ends_at from old_rows) s;
  end if;
  return null;
end $function$
;

CREATE OR REPLACE FUNCTION public.analytics_settled_before(at timestamp with time zone)
 RETURNS timestamp with time zone
 LANGUAGE sql
 STABLE PARALLEL SAFE
AS $function$ select at - interval '1 hour' $function$
;

CREATE OR REPLACE FUNCTION public.api_time(t timestamp with time zone)
 RETURNS text
 LANGUAGE sql
 STABLE PARALLEL SAFE
AS $function$
  select to_char(t at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$function$
;

CREATE OR REPLACE FUNCTION public.effective_attribution_value(attribution jsonb, overrides jsonb, field text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  select coalesce(overrides->>field, attribution->>field)
$function$
;

CREATE OR REPLACE FUNCTION public.idempotency_gate(api_key text, idempotency_key text)
 RETURNS void
 LANGUAGE plpgsql
 SET enable_seqscan TO 'off'
AS $function$
declare
  state text := idempotency_gate_state(api_key, idempotency_key);
begin
  if state = 'held' then
    raise exception 'Idempotency-Key is held by a request in progress' using errcode = 'IK423';
  elsif state = 'recorded' then
    raise exception 'Idempotency-Key has a kept record' using errcode = 'IK409';
  end if;
end $function$
;

CREATE OR REPLACE FUNCTION public.idempotency_gate_state(api_key text, idempotency_key text)
 RETURNS text
 LANGUAGE plpgsql
AS $function$
declare
  kept_until timestamptz;
begin
  if not pg_try_advisory_xact_lock(hashtextextended(api_key || ':' || idempotency_key, 0)) then
    return 'held';
  end if;
  -- Looked up by key alone: with `expires_at > now()` in the condition, a plan made while the
  -- table looked empty scanned the expiry index, every unexpired record, for each key.
  select r.expires_at into kept_until from idempotency_records r
  where r.api_key_id = api_key and r.key = idempotency_key;
  return case when kept_until > now() then 'recorded' else 'open' end;
end $function$
;

CREATE OR REPLACE FUNCTION public.ingest_page_views(items jsonb)
 RETURNS TABLE(gate text, event_id text, event_type text, event_session_id text, created boolean)
 LANGUAGE plpgsql
 SET enable_seqscan TO 'off'
AS $function$
declare
  item jsonb;
  lock_name text;
  taken text[] := '{}';
  ws text;
  sid text;
  seen timestamptz;
begin
  for item in select value from jsonb_array_elements(items) with ordinality as i (value, n) order by n loop
    event_id := null;
    event_type := null;
    event_session_id := null;
    created := null;
    lock_name := (item->>'api_key_id') || ':' || (item->>'idempotency_key');
    if lock_name = any(taken) then
      gate := 'held';
    else
      taken := taken || lock_name;
      gate := idempotency_gate_state(item->>'api_key_id', item->>'idempotency_key');
    end if;
    if gate = 'open' then
      ws := item->>'workspace_id';
      sid := item->>'session_id';
      seen := (item->>'occurred_at')::timestamptz;
      insert into events (id, workspace_id, external_event_id, type, session_id, payload, occurred_at, source, medium, campaign)
      values (item->>'id', ws, item->>'external_event_id', 'page_view', sid, item->'payload', seen,
              item->>'source', item->>'medium', item->>'campaign')
      on conflict (workspace_id, external_event_id) do nothing;
      created := found;
      if created then
        event_id := item->>'id';
        event_type := 'page_view';
        event_session_id := sid;
        if not exists (select 1 from sessions s where s.workspace_id = ws and s.id = sid and s.first_seen_at <= seen) then
          insert into sessions as s (workspace_id, id, first_seen_at, source, medium, campaign, content, referrer_url,
                                     landing_page_url, landing_id, landing_name, landing_slug)
          values (ws, sid, seen, item->>'source', item->>'medium', item->>'campaign', item->>'content',
                  item->>'referrer_url', item->>'landing_page_url', item->>'landing_id', item->>'landing_name',
                  item->>'landing_slug')
          on conflict (workspace_id, id) do update set
            first_seen_at = excluded.first_seen_at, source = excluded.source, medium = excluded.medium,
            campaign = excluded.campaign, content = excluded.content, referrer_url = excluded.referrer_url,
            landing_page_url = excluded.landing_page_url, landing_id = excluded.landing_id,
            landing_name = excluded.landing_name, landing_slug = excluded.landing_slug
          where excluded.first_seen_at < s.first_seen_at;
        end if;
      else
        select e.id, e.type, e.session_id into event_id, event_type, event_session_id
        from events e where e.workspace_id = ws and e.external_event_id = item->>'external_event_id';
      end if;
    end if;
    return next;
  end loop;
end $function$
;

CREATE OR REPLACE FUNCTION public.job_failed_for_good()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO '$user', 'public'
AS $function$
declare
  action text := (select p.failed_for_good from job_policies p
    join graphile_worker._private_tasks t on t.identifier = p.task where t.id = new.task_id);
begin
  if action is not null then
    execute format('select %I($1)', action) using new.payload::jsonb;
  end if;
  return null;
end $function$
;

CREATE OR REPLACE FUNCTION public.lead_communication_summary(l leads)
 RETURNS json
 LANGUAGE plpgsql
 STABLE PARALLEL SAFE
AS $function$
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
end $function$
;

CREATE OR REPLACE FUNCTION public.lead_document(l leads, s pipeline_stages)
 RETURNS json
 LANGUAGE sql
 STABLE PARALLEL SAFE
AS $function$
  select json_build_object(
    'id', l.id, 'external_id', l.external_id, 'external_source', l.external_source,
    'contact_name', l.contact_name, 'contact_email', l.contact_email, 'contact_phone', l.contact_phone,
    'property_address', l.property_address,
    'status', s.key, 'status_stage_id', s.id, 'status_label', s.label, 'status_sort_order', s.sort_order,
    'is_conversion_stage', s.is_conversion_stage,
    'stage_timestamps', l.stage_timestamps, 'funnel_gap_summary', l.funnel_gap_summary,
    'attribution', json_build_object(
      'source', effective_attribution_value(l.attribution, l.attribution_overrides, 'source'),
      'medium', effective_attribution_value(l.attribution, l.attribution_overrides, 'medium'),
      'campaign', effective_attribution_value(l.attribution, l.attribution_overrides, 'campaign'),
      'content', effective_attribution_value(l.attribution, l.attribution_overrides, 'content'),
      'conversion_url', l.attribution->>'conversion_url'),
    'communication_summary', lead_communication_summary(l),
    'form_data', l.form_data, 'custom_fields', l.custom_fields,
    'selected_material_id', l.selected_material_id, 'selected_color_id', l.selected_color_id,
    'selected_shape_id', l.selected_shape_id, 'notes', l.notes,
    'quote_value', l.quote_value, 'sales_value', l.sales_value,
    'follow_up_date', api_time(l.follow_up_date), 'converted_at', api_time(l.converted_at),
    'created_at', api_time(l.created_at), 'updated_at', api_time(l.updated_at))
$function$
;

CREATE OR REPLACE FUNCTION public.lead_upsert_gate(api_key text, idempotency_key text, ws text, match_lock text, phone text, ext_source text, ext_id text, planned_id text, planned_version text)
 RETURNS text
 LANGUAGE plpgsql
 SET enable_seqscan TO 'off'
AS $function$
declare
  verdict text := idempotency_gate_state(api_key, idempotency_key);
  found_id text;
  found_version text;
begin
  if verdict <> 'open' then
    return verdict;
  end if;
  if match_lock is not null then
    perform pg_advisory_xact_lock(hashtextextended(match_lock, 1));
  end if;
  if phone is not null then
    select l.id, l.xmin::text into found_id, found_version from leads l
    where l.workspace_id = ws and l.contact_phone = phone and l.deleted_at is null
    order by l.updated_at desc, l.id desc limit 1
    for update;
  elsif ext_id is not null then
    select l.id, l.xmin::text into found_id, found_version from leads l
    where l.workspace_id = ws and l.external_source = ext_source and l.external_id = ext_id and l.deleted_at is null
    for update;
  end if;
  if found_id is distinct from planned_id or found_version is distinct from planned_version then
    return 'stale';
  end if;
  return 'open';
end $function$
;

CREATE OR REPLACE FUNCTION public.public_id(prefix text)
 RETURNS text
 LANGUAGE sql
AS $function$
  select prefix || '_' || translate(encode(gen_random_bytes(15), 'base64'),
    'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/',
    '0123456789abcdefghjkmnpqrstvwxyz0123456789abcdefghjkmnpqrstvwxyz')
$function$
;

CREATE OR REPLACE FUNCTION public.record_webhook_event(ws text, event_type text, object jsonb, subject jsonb DEFAULT NULL::jsonb, only_endpoint text DEFAULT NULL::text)
 RETURNS text
 LANGUAGE plpgsql
 SET search_path TO '$user', 'public'
AS $function$
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
end $function$
;

CREATE OR REPLACE FUNCTION public.record_webhook_events(ws text, types text[], objects jsonb[], subjects jsonb[], only_endpoint text DEFAULT NULL::text)
 RETURNS text[]
 LANGUAGE plpgsql
 SET search_path TO '$user', 'public'
AS $function$
begin
  return record_webhook_events_from_text(ws, types, objects::text[], subjects, only_endpoint);
end $function$
;

CREATE OR REPLACE FUNCTION public.record_webhook_events_from_text(ws text, types text[], objects text[], subjects jsonb[], only_endpoint text DEFAULT NULL::text, ids text[] DEFAULT NULL::text[])
 RETURNS text[]
 LANGUAGE plpgsql
 SET search_path TO '$user', 'public'
AS $function$
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
end $function$
;

CREATE OR REPLACE FUNCTION public.refresh_lead_channels()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  -- statement-level: one update per import, whatever its size
  if tg_op in ('INSERT', 'UPDATE') then
    perform set_lead_channels(array(select lead_id from new_rows where lead_id is not null));
  end if;
  if tg_op in ('DELETE', 'UPDATE') then
    perform set_lead_channels(array(select lead_id from old_rows where lead_id is not null));
  end if;
  return null;
end $function$
;

CREATE OR REPLACE FUNCTION public.render_lead_document()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  new.document := (select lead_document(new, s) from pipeline_stages s where s.id = new.stage_id)::text;
  return new;
end $function$
;

CREATE OR REPLACE FUNCTION public.report_export_failed_for_good(payload jsonb)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO '$user', 'public'
AS $function$
declare
  ws text := payload->>'workspace_id';
  failed_id text;
begin
  for failed_id in
    update report_exports set status = 'failed', completed_at = now(),
      error = 'The export could not be completed because of an internal error; support can run it again'
    where workspace_id = ws and status = 'pending'
      and id in (select jsonb_array_elements_text(payload->'export_ids'))
    returning id
  loop
    perform record_webhook_event(ws, 'report.export.failed', null,
      jsonb_build_object('kind', 'report_export', 'id', failed_id));
  end loop;
end $function$
;

CREATE OR REPLACE FUNCTION public.report_import_failed_for_good(payload jsonb)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO '$user', 'public'
AS $function$
declare
  ws text := payload->>'workspace_id';
  failed_id text;
begin
  for failed_id in
    update reports set status = 'failed', updated_at = now(), summary = summary || jsonb_build_object(
      'failure_reason', 'The import could not be completed because of an internal error; support can run it again')
    where workspace_id = ws and id = payload->>'report_id' and status = 'importing'
    returning id
  loop
    perform record_webhook_event(ws, 'report.import.failed', null,
      jsonb_build_object('kind', 'report', 'id', failed_id));
  end loop;
end $function$
;

CREATE OR REPLACE FUNCTION public.set_lead_change_xid()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  new.change_xid := pg_current_xact_id();
  return new;
end $function$
;

CREATE OR REPLACE FUNCTION public.set_lead_channels(ids text[])
 RETURNS void
 LANGUAGE sql
AS $function$
  update leads l set
    has_call = exists (select 1 from communications c where c.lead_id = l.id and c.channel = 'call' and c.approved),
    has_sms = exists (select 1 from communications c where c.lead_id = l.id and c.channel = 'sms' and c.approved)
  where l.id = any(ids)
$function$
;

CREATE OR REPLACE FUNCTION public.take_capacity_lease(lease_bucket text, cap integer, lease_holder text, ttl_seconds integer, released bigint[])
 RETURNS bigint
 LANGUAGE plpgsql
 SET search_path TO '$user', 'public'
AS $function$
declare
  taken bigint;
begin
  perform pg_advisory_xact_lock(hashtextextended('capacity-lease:' || lease_bucket, 0));
  delete from capacity_leases where bucket = lease_bucket and (expires_at <= now() or id = any(released));
  if (select count(*) from capacity_leases where bucket = lease_bucket) >= cap then
    return null;
  end if;
  insert into capacity_leases (bucket, holder, expires_at)
  values (lease_bucket, lease_holder, now() + make_interval(secs => ttl_seconds))
  returning id into taken;
  return taken;
end $function$
;

CREATE OR REPLACE FUNCTION public.visualization_generate_failed_for_good(payload jsonb)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO '$user', 'public'
AS $function$
declare
  ws text := payload->>'workspace_id';
  failed_id text;
begin
  for failed_id in
    update visualizations set status = 'failed', updated_at = now(), retry_reason = null,
      processing_error = coalesce(retry_reason,
        'Generation failed repeatedly because of an internal error; try again later')
    where workspace_id = ws and id = payload->>'visualization_id' and status = 'processing'
    returning id
  loop
    -- The attempt is released only with the row's move out of processing, so at most once.
    update visualization_attempts set status = 'released', updated_at = now()
    where workspace_id = ws and visualization_id = failed_id and status = 'reserved';
    perform record_webhook_event(ws, 'visualization.failed', null,
      jsonb_build_object('kind', 'visualization', 'id', failed_id));
  end loop;
end $function$
;

CREATE OR REPLACE FUNCTION public.webhook_endpoint_receives(ep webhook_endpoints, event_type text, only_endpoint text)
 RETURNS boolean
 LANGUAGE sql
 STABLE PARALLEL SAFE
AS $function$
  select case when only_endpoint is null
    then ep.enabled and (ep.events @> array[event_type] or ep.events @> array['*'])
    else ep.id = only_endpoint end
$function$
;

CREATE OR REPLACE FUNCTION public.webhook_event_data(e webhook_events)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  select coalesce(e.data_text, e.data::text)
$function$
;

CREATE OR REPLACE FUNCTION public.webhook_fan_out(event_id text, only_endpoint text DEFAULT NULL::text)
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO '$user', 'public'
AS $function$
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
end $function$
;
