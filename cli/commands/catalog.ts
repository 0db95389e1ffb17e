import type { Sql } from '../../storage/db.ts';
import { listCatalog } from '../../storage/catalog.ts';
import { findWorkspace } from '../../storage/workspaces.ts';
import { CliError, requireFlag, type CliContext } from '../args.ts';

export const catalogCommands = {
  /** The ids partners pass as material_id, color_id and shape_id. */
  'catalog list': async (sql: Sql, ctx: CliContext) => {
    const workspaceId = requireFlag(ctx, 'workspace');
    if (!(await findWorkspace(sql, workspaceId))) throw new CliError('workspace not found');
    return { workspace_id: workspaceId, ...(await listCatalog(sql, workspaceId)) };
  },
};
