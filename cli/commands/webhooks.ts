import { findWorkspace } from '../../storage/workspaces.ts';
import { listEndpointHealth, redeliverEvent, redeliverFailed } from '../../storage/webhookDeliveries.ts';
import type { Sql } from '../../storage/db.ts';
import { CliError, requireFlag, type CliContext, type Command, workspaceNotFound, notFound } from '../args.ts';

const ID = /^[\w-]{1,200}$/;

function optionalId(ctx: CliContext, name: string): string | undefined {
  const v = ctx.flags[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || !ID.test(v)) throw new CliError(`--${name} must be an id`);
  return v;
}

async function optionalWorkspace(sql: Sql, ctx: CliContext): Promise<string | undefined> {
  const id = optionalId(ctx, 'workspace');
  if (id && !(await findWorkspace(sql, id))) throw workspaceNotFound(id);
  return id;
}

function isoTime(raw: string): Date {
  const at = new Date(raw);
  if (!/^\d{4}-\d{2}-\d{2}/.test(raw) || Number.isNaN(at.getTime())) {
    throw new CliError('--failed-since must be an ISO time such as 2025-06-01T00:00:00Z');
  }
  return at;
}

async function redeliverOneEvent(sql: Sql, eventId: string, endpointId: string | undefined) {
  const outcome = await sql.begin((tx) => redeliverEvent(tx, eventId, endpointId));
  if (!outcome) throw notFound('event', eventId, '`GET /api/v1/webhook-events` lists the events of the last 30 days');
  if (!outcome.redelivered.length) {
    const refusal = outcome.refused[0];
    throw new CliError(
      refusal ? `not redelivered: ${refusal.reason}` : 'the event has no deliveries; name an --endpoint',
    );
  }
  return { event_id: eventId, ...outcome };
}

export const webhooksCommands = {
  'webhooks redeliver': {
    summary: 'sends webhook events again: one event, or every delivery failed since a time (once the receiver works)',
    usage: '--event ID [--endpoint ID] | --failed-since ISO-TIME [--workspace ID]',
    flags: {
      '--event ID': 'one event, again to each endpoint that had a delivery of it (succeeded ones too)',
      '--endpoint ID':
        "with --event: to this endpoint only, creating its delivery if it had none (if it takes the event's type)",
      '--failed-since ISO-TIME':
        'every delivery that failed at or after this time, e.g. 2025-06-01T00:00:00Z; disabled endpoints are left out',
      '--workspace ID': "with --failed-since: only this workspace's deliveries",
    },
    run: async (sql, ctx) => {
      const eventId = optionalId(ctx, 'event');
      const since = ctx.flags['failed-since'];
      if (Boolean(eventId) === (since !== undefined)) {
        throw new CliError('use --event ID or --failed-since ISO-TIME (one of them)');
      }
      if (eventId) {
        if (ctx.flags.workspace !== undefined) {
          throw new CliError('--workspace goes with --failed-since; an event names its workspace');
        }
        return redeliverOneEvent(sql, eventId, optionalId(ctx, 'endpoint'));
      }
      if (ctx.flags.endpoint !== undefined) throw new CliError('--endpoint goes with --event');
      const at = isoTime(requireFlag(ctx, 'failed-since'));
      const workspaceId = await optionalWorkspace(sql, ctx);
      return { failed_since: at, ...(await redeliverFailed(sql, { since: at, workspaceId })) };
    },
  },
  'webhooks list': {
    summary: "a workspace's webhook endpoints: enabled or disabled and why, failing since when, deliveries by status",
    usage: '--workspace ID',
    flags: { '--workspace ID': 'the workspace' },
    run: async (sql, ctx) => {
      const workspaceId = requireFlag(ctx, 'workspace');
      if (!(await findWorkspace(sql, workspaceId))) throw workspaceNotFound(workspaceId);
      return { workspace_id: workspaceId, endpoints: await listEndpointHealth(sql, workspaceId) };
    },
  },
} satisfies Record<string, Command>;
