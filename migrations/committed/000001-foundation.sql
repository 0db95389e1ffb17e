--! Previous: -
--! Hash: sha1:90120a7582f4626c2d7948bcc2b54c8f84f4853f
--! Message: foundation

create extension if not exists pgcrypto;
create extension if not exists pg_trgm;

-- Secrets every process shares (cursor signing, local blob URL signing) without extra configuration.
create table app_secrets (
  name text primary key,
  value bytea not null
);
insert into app_secrets (name, value) values
  ('cursor', gen_random_bytes(32)),
  ('storage', gen_random_bytes(32));

create table workspaces (
  id text primary key,
  name text not null,
  active boolean not null default true,
  currency text not null default 'USD',
  visualization_quota_monthly integer check (visualization_quota_monthly >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table api_keys (
  id text primary key,
  workspace_id text not null references workspaces(id),
  name text not null,
  secret_hash bytea not null,
  secret_last4 text not null,
  scopes text[] not null,
  revoked_at timestamptz,
  deleted_at timestamptz,
  created_at timestamptz not null default now()
);
create index api_keys_workspace_idx on api_keys (workspace_id);

-- Fixed one-minute windows shared by every API process. Unlogged: counters are
-- worthless after a crash and skipping the WAL keeps the per-request write cheap.
create unlogged table rate_limit_counters (
  bucket text not null,
  window_start timestamptz not null,
  count integer not null,
  primary key (bucket, window_start)
);

create table idempotency_records (
  api_key_id text not null references api_keys(id) on delete cascade,
  key text not null,
  fingerprint text not null,
  state text not null check (state in ('running', 'done')),
  response_status integer,
  response_body text,
  response_content_type text,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  primary key (api_key_id, key)
);
create index idempotency_records_expires_idx on idempotency_records (expires_at);

create table pipeline_stages (
  id text primary key,
  workspace_id text not null references workspaces(id),
  key text not null,
  label text not null,
  sort_order integer not null,
  is_conversion_stage boolean not null default false,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  unique (workspace_id, key)
);
create index pipeline_stages_workspace_idx on pipeline_stages (workspace_id, sort_order);
