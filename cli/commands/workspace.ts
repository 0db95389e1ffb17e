import type { Sql } from '../../storage/db.ts';
import { createWorkspace, setVisualizationQuota, setWorkspaceActive } from '../../storage/workspaces.ts';
import { CliError, requireFlag, requirePositional, type CliContext } from '../args.ts';

const show = (ws: { id: string; name: string; active: boolean }) => ({ id: ws.id, name: ws.name, active: ws.active });

export const workspaceCommands = {
  'workspace create': async (sql: Sql, ctx: CliContext) => show(await createWorkspace(sql, requireFlag(ctx, 'name'))),
  'workspace deactivate': async (sql: Sql, ctx: CliContext) => {
    const ws = await setWorkspaceActive(sql, requirePositional(ctx, 0, 'workspace id'), false);
    if (!ws) throw new CliError('workspace not found');
    return show(ws);
  },
  'workspace activate': async (sql: Sql, ctx: CliContext) => {
    const ws = await setWorkspaceActive(sql, requirePositional(ctx, 0, 'workspace id'), true);
    if (!ws) throw new CliError('workspace not found');
    return show(ws);
  },
  'quota set': async (sql: Sql, ctx: CliContext) => {
    const raw = requireFlag(ctx, 'visualizations');
    const quota = raw === 'unlimited' ? null : Number(raw);
    if (quota !== null && (!Number.isInteger(quota) || quota < 0)) {
      throw new CliError('--visualizations must be a whole number ≥ 0 or "unlimited"');
    }
    const ws = await setVisualizationQuota(sql, requireFlag(ctx, 'workspace'), quota);
    if (!ws) throw new CliError('workspace not found');
    return { workspace_id: ws.id, visualizations_per_month: ws.visualization_quota_monthly };
  },
};
