import {
  createWorkspace,
  listWorkspaces,
  setVisualizationQuota,
  setWorkspaceActive,
} from '../../storage/workspaces.ts';
import { CliError, requireFlag, requirePositional, type Command, workspaceNotFound } from '../args.ts';

/** A monthly quota as operators write it: a number, or "unlimited" for none (null in the table). */
const quotaShown = (quota: number | null) => quota ?? 'unlimited';

const show = (ws: { id: string; name: string; active: boolean }) => ({ id: ws.id, name: ws.name, active: ws.active });

const setActive =
  (active: boolean): Command['run'] =>
  async (sql, ctx) => {
    const id = requirePositional(ctx, 0, 'workspace id');
    const ws = await setWorkspaceActive(sql, id, active);
    if (!ws) throw workspaceNotFound(id);
    return show(ws);
  };

export const workspaceCommands = {
  'workspace create': {
    summary: 'new workspace with default pipeline stages and visualizer catalog',
    usage: '--name N',
    flags: { '--name N': 'the workspace name' },
    run: async (sql, ctx) => show(await createWorkspace(sql, requireFlag(ctx, 'name'))),
  },
  'workspace list': {
    summary: 'every workspace, newest first, with its quota and number of usable keys',
    run: async (sql) => ({
      workspaces: (await listWorkspaces(sql)).map((ws) => ({
        ...ws,
        visualization_quota_monthly: quotaShown(ws.visualization_quota_monthly),
      })),
    }),
  },
  'workspace deactivate': {
    summary: 'inactive workspaces get 403 on every call (within 2 s)',
    usage: 'ID',
    run: setActive(false),
  },
  'workspace activate': {
    summary: 'lets a deactivated workspace call the API again',
    usage: 'ID',
    run: setActive(true),
  },
  'quota set': {
    summary: 'billable visualizations per month',
    usage: '--workspace ID --visualizations N|unlimited',
    flags: { '--workspace ID': 'the workspace', '--visualizations N|unlimited': 'generations per UTC month' },
    run: async (sql, ctx) => {
      const raw = requireFlag(ctx, 'visualizations');
      const quota = raw === 'unlimited' ? null : Number(raw);
      if (quota !== null && (!Number.isInteger(quota) || quota < 0)) {
        throw new CliError('--visualizations must be a whole number ≥ 0 or "unlimited"');
      }
      const id = requireFlag(ctx, 'workspace');
      const ws = await setVisualizationQuota(sql, id, quota);
      if (!ws) throw workspaceNotFound(id);
      return { workspace_id: ws.id, visualizations_per_month: quotaShown(ws.visualization_quota_monthly) };
    },
  },
} satisfies Record<string, Command>;
