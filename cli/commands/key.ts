import type { Sql } from '../../storage/db.ts';
import { createApiKey, deleteApiKey, revokeApiKey } from '../../storage/apiKeys.ts';
import { findWorkspace } from '../../storage/workspaces.ts';
import { SCOPES, isScope, type Scope } from '../../core/scopes.ts';
import { CliError, requireFlag, requirePositional, type CliContext } from '../args.ts';

function parseScopes(raw: string): Scope[] {
  if (raw === 'all') return [...SCOPES];
  const scopes = raw.split(',').map((s) => s.trim()).filter(Boolean);
  const bad = scopes.filter((s) => !isScope(s));
  if (bad.length || !scopes.length) throw new CliError(`unknown scope(s): ${bad.join(', ') || '(none)'}; use ${SCOPES.join(',')} or all`);
  return scopes as Scope[];
}

export const keyCommands = {
  'key create': async (sql: Sql, ctx: CliContext) => {
    const workspaceId = requireFlag(ctx, 'workspace');
    if (!(await findWorkspace(sql, workspaceId))) throw new CliError('workspace not found');
    const key = await createApiKey(sql, { workspaceId, name: requireFlag(ctx, 'name'), scopes: parseScopes(requireFlag(ctx, 'scopes')) });
    return { id: key.id, key: key.key, masked_key: key.masked_key, scopes: key.scopes };
  },
  'key revoke': async (sql: Sql, ctx: CliContext) => {
    const id = requirePositional(ctx, 0, 'key id');
    if (!(await revokeApiKey(sql, id))) throw new CliError('key not found');
    return { id, revoked: true };
  },
  'key delete': async (sql: Sql, ctx: CliContext) => {
    const id = requirePositional(ctx, 0, 'key id');
    if (!(await deleteApiKey(sql, id))) throw new CliError('key not found');
    return { id, deleted: true };
  },
};
