--! Previous: sha1:fe2f31f6407f139210608ee14b1b9e6d0f5a51fb
--! Hash: sha1:5b3fc2832bd99ff74b16b93e5b2484c77b560bd9
--! Message: visualizer

create table catalog_materials (
  id text primary key,
  workspace_id text not null references workspaces(id),
  name text not null,
  sort_order integer not null default 0
);
create table catalog_colors (
  id text primary key,
  workspace_id text not null references workspaces(id),
  name text not null,
  hex_code text,
  sort_order integer not null default 0
);
create table catalog_shapes (
  id text primary key,
  workspace_id text not null references workspaces(id),
  name text not null,
  roof_type text,
  sort_order integer not null default 0
);

create table visualizations (
  id text primary key,
  workspace_id text not null references workspaces(id),
  session_id text not null,
  lead_id text references leads(id),
  status text not null check (status in ('pending', 'processing', 'failed', 'completed')),
  material_id text references catalog_materials(id),
  color_id text references catalog_colors(id),
  shape_id text references catalog_shapes(id),
  original_image_url text not null,
  original_image_key text,
  generated_image_key text,
  processing_error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  completed_at timestamptz,
  deleted_at timestamptz
);
create index visualizations_session_idx on visualizations (workspace_id, session_id, created_at desc, id desc)
  where deleted_at is null;
create index visualizations_lead_idx on visualizations (workspace_id, lead_id, created_at desc)
  where deleted_at is null;

-- One row per billable generation attempt; released attempts do not count against the quota.
create table visualization_attempts (
  id text primary key,
  workspace_id text not null references workspaces(id),
  visualization_id text not null references visualizations(id),
  period_month date not null,
  status text not null check (status in ('reserved', 'succeeded', 'released')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index visualization_attempts_quota_idx on visualization_attempts (workspace_id, period_month)
  where status <> 'released';

create table share_links (
  token text primary key,
  workspace_id text not null references workspaces(id),
  visualization_id text not null references visualizations(id),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);
