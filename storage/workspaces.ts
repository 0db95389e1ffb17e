import type { Db, Sql } from './db.ts';
import { newId } from '../core/ids.ts';
import { insertDefaultStages } from './pipelineStages.ts';
import { insertDefaultCatalog } from './catalog.ts';

export type WorkspaceMode = 'live' | 'test';

export interface Workspace {
  id: string;
  name: string;
  active: boolean;
  currency: string;
  visualization_quota_monthly: number | null;
  /** 'test' for a live workspace's test twin, whose data live keys never see. */
  mode: WorkspaceMode;
  /** The twin's live workspace; null for a live workspace. */
  live_workspace_id: string | null;
}

/** Creates a workspace with its default pipeline stages and visualizer catalog, all or nothing. */
export async function createWorkspace(sql: Sql, name: string): Promise<Workspace> {
  return sql.begin(async (tx) => {
    const [ws] = await tx<Workspace[]>`
      insert into workspaces (id, name) values (${newId('ws')}, ${name})
      returning id, name, active, currency, visualization_quota_monthly, mode, live_workspace_id`;
    await insertDefaultStages(tx, ws!.id);
    await insertDefaultCatalog(tx, ws!.id);
    return ws!;
  }) as Promise<Workspace>;
}

export async function findWorkspace(sql: Db, id: string): Promise<Workspace | undefined> {
  const [ws] = await sql<Workspace[]>`
    select id, name, active, currency, visualization_quota_monthly, mode, live_workspace_id from workspaces where id = ${id}`;
  return ws;
}

export async function findTestTwin(sql: Db, liveId: string): Promise<Workspace | undefined> {
  const [ws] = await sql<Workspace[]>`
    select id, name, active, currency, visualization_quota_monthly, mode, live_workspace_id from workspaces
    where live_workspace_id = ${liveId}`;
  return ws;
}

/**
 * The live workspace's test twin, created the first time it is asked for with the live one's name
 * and currency and the default pipeline stages and visualizer catalog. Undefined when liveId is
 * not a live workspace (a twin has no twin of its own).
 */
export async function ensureTestTwin(sql: Sql, liveId: string): Promise<Workspace | undefined> {
  return sql.begin(async (tx) => {
    // The live row's lock makes two first test keys of one workspace create one twin.
    const [live] = await tx<Workspace[]>`
      select id, name, currency from workspaces where id = ${liveId} and mode = 'live' for update`;
    if (!live) return undefined;
    const existing = await findTestTwin(tx, liveId);
    if (existing) return existing;
    const [twin] = await tx<Workspace[]>`
      insert into workspaces (id, name, currency, mode, live_workspace_id)
      values (${newId('ws')}, ${live.name}, ${live.currency}, 'test', ${liveId})
      returning id, name, active, currency, visualization_quota_monthly, mode, live_workspace_id`;
    await insertDefaultStages(tx, twin!.id);
    await insertDefaultCatalog(tx, twin!.id);
    return twin!;
  }) as Promise<Workspace | undefined>;
}

export async function setWorkspaceActive(sql: Db, id: string, active: boolean): Promise<Workspace | undefined> {
  const [ws] = await sql<Workspace[]>`
    update workspaces set active = ${active}, updated_at = now() where id = ${id}
    returning id, name, active, currency, visualization_quota_monthly, mode, live_workspace_id`;
  return ws;
}

export async function setVisualizationQuota(sql: Db, id: string, quota: number | null): Promise<Workspace | undefined> {
  const [ws] = await sql<Workspace[]>`
    update workspaces set visualization_quota_monthly = ${quota}, updated_at = now() where id = ${id}
    returning id, name, active, currency, visualization_quota_monthly, mode, live_workspace_id`;
  return ws;
}

export async function countWorkspaces(sql: Db): Promise<number> {
  const [row] = await sql<{ n: number }[]>`select count(*)::int as n from workspaces`;
  return row!.n;
}

export interface WorkspaceListing extends Workspace {
  created_at: Date;
  /** Keys neither revoked nor deleted. */
  active_keys: number;
}

/** Live workspaces newest first, each followed by its test twin when it has one. */
export async function listWorkspaces(sql: Db): Promise<WorkspaceListing[]> {
  return sql<WorkspaceListing[]>`
    select w.id, w.name, w.active, w.currency, w.visualization_quota_monthly, w.mode, w.live_workspace_id, w.created_at,
      (select count(*)::int from api_keys k where k.workspace_id = w.id and k.revoked_at is null and k.deleted_at is null) as active_keys
    from workspaces w left join workspaces live on live.id = w.live_workspace_id
    order by coalesce(live.created_at, w.created_at) desc, coalesce(live.id, w.id) desc, w.mode`;
}
