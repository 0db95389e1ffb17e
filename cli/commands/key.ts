import { createApiKey, deleteApiKey, listApiKeys, revokeApiKey } from '../../storage/apiKeys.ts';
import { findWorkspace } from '../../storage/workspaces.ts';
import { SCOPES, isScope, type Scope } from '../../core/scopes.ts';
import {
  CliError,
  requireFlag,
  requirePositional,
  type CliContext,
  type Command,
  workspaceNotFound,
  notFound,
} from '../args.ts';
import type { Sql } from '../../storage/db.ts';

function parseScopes(raw: string): Scope[] {
  if (raw === 'all') return [...SCOPES];
  const scopes = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = scopes.filter((s) => !isScope(s));
  if (bad.length || !scopes.length)
    throw new CliError(`unknown scope(s): ${bad.join(', ') || '(none)'}; use ${SCOPES.join(',')} or all`);
  return scopes as Scope[];
}

async function requireWorkspace(sql: Sql, ctx: CliContext): Promise<string> {
  const workspaceId = requireFlag(ctx, 'workspace');
  if (!(await findWorkspace(sql, workspaceId))) throw workspaceNotFound(workspaceId);
  return workspaceId;
}

export const keyCommands = {
  'key create': {
    summary: 'a new API key; the only time its secret is shown',
    usage: '--workspace ID --name N --scopes a,b,c|all',
    flags: {
      '--workspace ID': 'the workspace',
      '--name N': 'a label for people',
      '--scopes a,b,c|all': `any of ${SCOPES.join(',')}, or all`,
    },
    run: async (sql, ctx) => {
      const workspaceId = await requireWorkspace(sql, ctx);
      const key = await createApiKey(sql, {
        workspaceId,
        name: requireFlag(ctx, 'name'),
        scopes: parseScopes(requireFlag(ctx, 'scopes')),
      });
      return {
        id: key.id,
        key: key.key,
        masked_key: key.masked_key,
        scopes: key.scopes,
        api_version: key.api_version,
      };
    },
  },
  'key list': {
    summary: "a workspace's keys (not deleted), masked, newest first",
    usage: '--workspace ID',
    flags: { '--workspace ID': 'the workspace' },
    run: async (sql, ctx) => {
      const workspaceId = await requireWorkspace(sql, ctx);
      return {
        workspace_id: workspaceId,
        keys: (await listApiKeys(sql, workspaceId)).map(({ workspace_id: _ws, ...k }) => k),
      };
    },
  },
  'key revoke': {
    summary: 'the key answers 401 within 2 s in every process',
    usage: 'ID',
    run: async (sql, ctx) => {
      const id = requirePositional(ctx, 0, 'key id');
      if (!(await revokeApiKey(sql, id)))
        throw notFound('key', id, "`admin key list --workspace ID` shows a workspace's keys with their ids");
      return { id, revoked: true };
    },
  },
  'key delete': {
    summary: 'removes the key from lists; it answers 401 within 2 s',
    usage: 'ID',
    run: async (sql, ctx) => {
      const id = requirePositional(ctx, 0, 'key id');
      if (!(await deleteApiKey(sql, id)))
        throw notFound('key', id, "`admin key list --workspace ID` shows a workspace's keys with their ids");
      return { id, deleted: true };
    },
  },
} satisfies Record<string, Command>;
