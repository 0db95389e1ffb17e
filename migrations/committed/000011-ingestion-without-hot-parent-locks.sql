--! Previous: sha1:fd590040e725276f14e67fbe25d7d37ce2cb2de9
--! Hash: sha1:60d6bfe309f380e5f34dd671073867f4013d9f69
--! Message: ingestion tables: no foreign key to the parent row every concurrent write shares

-- A foreign key check takes a KEY SHARE lock on the referenced row. Every lead of a workspace
-- references the same workspace row and, at first, the same stage row; every idempotency record
-- of a key the same key row. Concurrent writes therefore all lock one row, each adding itself to
-- a new MultiXact and rewriting that row's header: about a sixth of PostgreSQL's time per
-- upsert under load. These ids never come from a request body (the workspace and key come from
-- the authenticated key; a stage must be one of the workspace's active stages), and workspaces,
-- stages and keys are never deleted (keys are soft-deleted), so the check guards nothing here.
-- Foreign keys between rows a partner creates (lead → conversion, lead → event) stay.
alter table leads drop constraint leads_workspace_id_fkey, drop constraint leads_stage_id_fkey;
alter table events drop constraint events_workspace_id_fkey;
alter table sessions drop constraint sessions_workspace_id_fkey;
alter table idempotency_records drop constraint idempotency_records_api_key_id_fkey;
