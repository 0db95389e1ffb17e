--! Previous: sha1:7bc03efbf04be624828e834c5ca385be2a02d5cf
--! Hash: sha1:c8520197439ed1d385fb5b433e5142ed105b28b6
--! Message: reports

create table reports (
  id text primary key,
  workspace_id text not null references workspaces(id),
  project_name text not null,
  external_report_id text,
  status text not null check (status in ('importing', 'needs_review', 'draft', 'ready_for_review',
    'approved', 'exporting', 'failed', 'archived')),
  current_revision_id text,
  baseline_revision_id text,
  approved_revision_id text,
  source_formats text[] not null default '{}',
  summary jsonb not null default '{}',
  project_address text,
  location_label text,
  location_lat double precision,
  location_long double precision,
  -- Millisecond precision, so the keyset cursor (a JS Date) names a row's position exactly.
  created_at timestamptz not null default date_trunc('milliseconds', now()),
  updated_at timestamptz not null default now()
);
create index reports_list_idx on reports (workspace_id, created_at desc, id desc) where status <> 'archived';
create index reports_updated_idx on reports (workspace_id, updated_at) where status <> 'archived';

create table report_files (
  id text primary key,
  workspace_id text not null references workspaces(id),
  report_id text not null references reports(id),
  position integer not null,
  file_name text not null,
  format text,
  mime_type text,
  size_bytes bigint not null,
  checksum text not null,
  storage_key text not null,
  created_at timestamptz not null default now()
);
create index report_files_report_idx on report_files (report_id);

create table report_revisions (
  id text primary key,
  workspace_id text not null references workspaces(id),
  report_id text not null references reports(id),
  revision_number integer not null,
  summary jsonb not null,
  geometry jsonb,
  created_at timestamptz not null default now(),
  unique (report_id, revision_number)
);

create table report_exports (
  id text primary key,
  workspace_id text not null references workspaces(id),
  report_id text not null references reports(id),
  revision_id text references report_revisions(id),
  format text not null,
  file_name text not null,
  mime_type text not null,
  size_bytes bigint,
  checksum text,
  storage_key text,
  status text not null check (status in ('pending', 'ready', 'failed')),
  error text,
  created_at timestamptz not null default now(),
  completed_at timestamptz
);
create index report_exports_report_idx on report_exports (report_id, created_at);
