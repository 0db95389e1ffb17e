import type { Db, Sql } from './db.ts';
import { newId } from '../core/ids.ts';
import { insertDefaultStages } from './pipelineStages.ts';
import { insertDefaultCatalog } from './catalog.ts';

export interface Workspace {
  id: string;
  name: string;
  active: boolean;
  currency: string;
  visualization_quota_monthly: number | null;
}

/** Creates a workspace with its default pipeline stages and visualizer catalog, all or nothing. */
export async function createWorkspace(sql: Sql, name: string): Promise<Workspace> {
  return sql.begin(async (tx) => {
    const [ws] = await tx<Workspace[]>`
      insert into workspaces (id, name) values (${newId('ws')}, ${name})
      returning id, name, active, currency, visualization_quota_monthly`;
    await insertDefaultStages(tx, ws!.id);
    await insertDefaultCatalog(tx, ws!.id);
    return ws!;
  }) as Promise<Workspace>;
}

export async function findWorkspace(sql: Db, id: string): Promise<Workspace | undefined> {
  const [ws] = await sql<Workspace[]>`
    select id, name, active, currency, visualization_quota_monthly from workspaces where id = ${id}`;
  return ws;
}

export async function setWorkspaceActive(sql: Db, id: string, active: boolean): Promise<Workspace | undefined> {
  const [ws] = await sql<Workspace[]>`
    update workspaces set active = ${active}, updated_at = now() where id = ${id}
    returning id, name, active, currency, visualization_quota_monthly`;
  return ws;
}

export async function setVisualizationQuota(sql: Db, id: string, quota: number | null): Promise<Workspace | undefined> {
  const [ws] = await sql<Workspace[]>`
    update workspaces set visualization_quota_monthly = ${quota}, updated_at = now() where id = ${id}
    returning id, name, active, currency, visualization_quota_monthly`;
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

export async function listWorkspaces(sql: Db): Promise<WorkspaceListing[]> {
  return sql<WorkspaceListing[]>`
    select w.id, w.name, w.active, w.currency, w.visualization_quota_monthly, w.created_at,
      (select count(*)::int from api_keys k where k.workspace_id = w.id and k.revoked_at is null and k.deleted_at is null) as active_keys
    from workspaces w
    order by w.created_at desc, w.id desc`;
}
