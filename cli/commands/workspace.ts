import {
  createWorkspace,
  findTestTwin,
  findWorkspace,
  listWorkspaces,
  setVisualizationQuota,
  setWorkspaceActive,
} from '../../storage/workspaces.ts';
import { createBlobStore } from '../../storage/blobs.ts';
import { storageSigningSecret } from '../../storage/secrets.ts';
import { wipeTestData } from '../../storage/testData.ts';
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
    summary:
      'every workspace, newest first, with its quota and number of usable keys; a test twin (mode test) under its live one',
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
  'workspace wipe-test': {
    summary:
      "removes a workspace's test data and stored files (keys, webhook endpoints, stages and catalog stay); without --confirm only counts them",
    usage: 'ID [--confirm]',
    flags: { '--confirm': 'remove; without it the command only says what it would remove' },
    run: async (sql, ctx) => {
      const id = requirePositional(ctx, 0, 'workspace id');
      const ws = await findWorkspace(sql, id);
      if (!ws) throw workspaceNotFound(id);
      const twin = ws.mode === 'test' ? ws : await findTestTwin(sql, id);
      const liveId = ws.live_workspace_id ?? ws.id;
      if (!twin)
        return { workspace_id: liveId, test_workspace_id: null, wiped: false, note: 'no test key was ever created' };
      const confirm = ctx.flags.confirm === true;
      const { config } = ctx;
      const blobs = createBlobStore(config, await storageSigningSecret(sql, config.STORAGE_SIGNING_SECRET));
      const counts = await wipeTestData(sql, blobs, twin.id, confirm);
      return confirm
        ? { workspace_id: liveId, test_workspace_id: twin.id, wiped: true, removed: counts }
        : {
            workspace_id: liveId,
            test_workspace_id: twin.id,
            wiped: false,
            would_remove: counts,
            next: 'run again with --confirm',
          };
    },
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
