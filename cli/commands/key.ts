import { createApiKey, deleteApiKey, listApiKeys, pinApiKeyVersion, revokeApiKey } from '../../storage/apiKeys.ts';
import { apiVersions, findApiVersion } from '../../core/apiVersions.ts';
import { ensureTestTwin, findWorkspace } from '../../storage/workspaces.ts';
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
    usage: '--workspace ID --name N --scopes a,b,c|all [--test]',
    flags: {
      '--workspace ID': 'the workspace',
      '--name N': 'a label for people',
      '--scopes a,b,c|all': `any of ${SCOPES.join(',')}, or all`,
      '--test': "a test key (pk_test_): it reads and writes only the workspace's test data, free of quota",
    },
    run: async (sql, ctx) => {
      const liveId = await requireWorkspace(sql, ctx);
      const name = requireFlag(ctx, 'name');
      const scopes = parseScopes(requireFlag(ctx, 'scopes'));
      const workspaceId = ctx.flags.test === true ? (await ensureTestTwin(sql, liveId))?.id : liveId;
      if (!workspaceId) throw new CliError(`${liveId} is a test workspace; pass its live workspace's id with --test`);
      const key = await createApiKey(sql, { workspaceId, name, scopes });
      return {
        id: key.id,
        key: key.key,
        masked_key: key.masked_key,
        scopes: key.scopes,
        mode: key.mode,
        api_version: key.api_version,
      };
    },
  },
  'key list': {
    summary: "a workspace's live and test keys (not deleted), masked, newest first",
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
  'key pin-version': {
    summary: 'the dated API version the key answers in when a request sends no Partner-Version',
    usage: 'ID VERSION',
    run: async (sql, ctx) => {
      const id = requirePositional(ctx, 0, 'key id');
      const version = requirePositional(ctx, 1, 'version');
      if (!findApiVersion(version))
        throw new CliError(
          `unknown API version ${version}; known: ${apiVersions()
            .map((v) => v.date)
            .join(', ')}`,
        );
      if (!(await pinApiKeyVersion(sql, id, version)))
        throw notFound('key', id, "`admin key list --workspace ID` shows a workspace's keys with their ids");
      return { id, api_version: version };
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
