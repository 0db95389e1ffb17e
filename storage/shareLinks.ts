import type { Db } from './db.ts';

export interface ShareLinkRow {
  token: string;
  workspace_id: string;
  visualization_id: string;
  expires_at: Date;
  revoked_at: Date | null;
  created_at: Date;
}

export async function insertShareLink(
  sql: Db,
  input: { token: string; workspaceId: string; visualizationId: string; expiresInDays: number },
): Promise<ShareLinkRow> {
  const [row] = await sql<ShareLinkRow[]>`
    insert into share_links (token, workspace_id, visualization_id, expires_at)
    values (${input.token}, ${input.workspaceId}, ${input.visualizationId}, now() + make_interval(days => ${input.expiresInDays}))
    returning token, workspace_id, visualization_id, expires_at, revoked_at, created_at`;
  return row!;
}

/**
 * The one lookup not scoped by workspace: the unguessable token is the public reader's only
 * credential, and the row it finds names the workspace every further query is scoped by. Links
 * of an inactive workspace (or of the test twin of one) are not found: deactivation stops its
 * public pages with its keys.
 */
export async function findShareLinkByToken(sql: Db, token: string): Promise<ShareLinkRow | undefined> {
  const [row] = await sql<ShareLinkRow[]>`
    select s.token, s.workspace_id, s.visualization_id, s.expires_at, s.revoked_at, s.created_at
    from share_links s join workspaces w on w.id = s.workspace_id and w.active
      left join workspaces live on live.id = w.live_workspace_id
    where s.token = ${token} and coalesce(live.active, true)`;
  return row;
}

export async function revokeShareLink(sql: Db, token: string): Promise<ShareLinkRow | undefined> {
  const [row] = await sql<ShareLinkRow[]>`
    update share_links set revoked_at = coalesce(revoked_at, now()) where token = ${token}
    returning token, workspace_id, visualization_id, expires_at, revoked_at, created_at`;
  return row;
}
