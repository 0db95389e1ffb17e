import { listCatalog } from '../../storage/catalog.ts';
import { findWorkspace } from '../../storage/workspaces.ts';
import { requireFlag, type Command, workspaceNotFound } from '../args.ts';

export const catalogCommands = {
  'catalog list': {
    summary:
      "the visualizer catalog's material, color and shape ids (what partners pass as material_id, color_id, shape_id)",
    usage: '--workspace ID',
    flags: { '--workspace ID': 'the workspace' },
    run: async (sql, ctx) => {
      const workspaceId = requireFlag(ctx, 'workspace');
      if (!(await findWorkspace(sql, workspaceId))) throw workspaceNotFound(workspaceId);
      return { workspace_id: workspaceId, ...(await listCatalog(sql, workspaceId)) };
    },
  },
} satisfies Record<string, Command>;
