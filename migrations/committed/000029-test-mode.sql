--! Previous: sha1:b4e9b3d026483ed5e717175df347be12064d6dd1
--! Hash: sha1:6f293ced647d4c765c77ef6038a1d079a984f465
--! Message: test mode: each workspace may have one test twin

-- A workspace's test twin is a workspace of its own, so every workspace-scoped query keeps test
-- and live data apart without knowing about modes; live_workspace_id links the twin to the
-- workspace whose partners use it, and each live workspace has at most one.
alter table workspaces
  add column mode text not null default 'live'
    constraint workspaces_mode_check check (mode in ('live', 'test')),
  add column live_workspace_id text
    constraint workspaces_live_workspace_id_key unique
    constraint workspaces_live_workspace_id_fkey references workspaces(id),
  add constraint workspaces_test_twin_check check ((mode = 'test') = (live_workspace_id is not null));
