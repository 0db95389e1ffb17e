import type { Db } from './db.ts';
import { JOB_PAYLOADS, type JobPayload, type TaskName } from './jobPayloads.ts';
import { reopenExports, reopenReportImport } from './reports.ts';
import { restartGeneration } from './visualizationGeneration.ts';
import { makeDueNow } from './webhookDeliveries.ts';
import { renderWebhookEvents, type RenderDeps, type RenderedLaterKind } from './webhookEventRender.ts';

/** What a job concerns, for support staff: its workspace and its payload's object ids. */
export function jobSubject(payload: unknown): { workspace_id: string | null; concerns: Record<string, unknown> } {
  const { workspace_id, _cron, ...concerns } = (payload ?? {}) as Record<string, unknown>;
  return { workspace_id: typeof workspace_id === 'string' ? workspace_id : null, concerns };
}

interface Reopening<T extends TaskName> {
  /** The objects the job's failure marked failed, and the kind of its failure events' subjects. */
  objects?: (payload: JobPayload<T>) => { kind: RenderedLaterKind; ids: string[] };
  /** Puts them back in progress; the refusal reason when it cannot. */
  reopen: (tx: Db, payload: JobPayload<T>) => Promise<string | undefined>;
}

/** How a retried job that had failed for good puts its objects back in progress. Cron tasks have none. */
const REOPENING: { [T in TaskName]?: Reopening<T> } = {
  report_import: {
    objects: (p) => ({ kind: 'report', ids: [p.report_id] }),
    reopen: async (tx, p) => void (await reopenReportImport(tx, p.workspace_id, p.report_id)),
  },
  report_export: {
    objects: (p) => ({ kind: 'report_export', ids: p.export_ids }),
    reopen: async (tx, p) => void (await reopenExports(tx, p.workspace_id, p.export_ids)),
  },
  visualization_generate: {
    objects: (p) => ({ kind: 'visualization', ids: [p.visualization_id] }),
    // Its attempt was released when it failed; a new one is reserved against the quota, as a
    // partner's generate would.
    reopen: async (tx, p) =>
      (await restartGeneration(tx, p.workspace_id, p.visualization_id)) === 'quota_exhausted'
        ? 'the workspace has used its monthly visualization quota'
        : undefined,
  },
  // A job out of attempts fails none of its endpoint's deliveries (they wait, pending, for a fresh
  // job): its retry sends them now, retries scheduled for later included.
  webhook_deliver: {
    reopen: async (tx, p) => void (await makeDueNow(tx, p.endpoint_id)),
  },
};

/**
 * Puts a failed job's objects back in progress for its retry; the refusal reason when it cannot.
 * Their failure events still waiting for webhook_event_render are rendered first, in the same
 * transaction, so they show each object failed, as it was, not back in progress.
 */
export async function reopenJobSubject<T extends TaskName>(
  tx: Db,
  task: T,
  payload: JobPayload<T>,
  render: RenderDeps,
): Promise<string | undefined> {
  const reopening = REOPENING[task] as Reopening<T> | undefined;
  if (!reopening) return undefined;
  const parsed = JOB_PAYLOADS[task].parse(payload) as JobPayload<T> & { workspace_id: string };
  if (reopening.objects)
    await renderWebhookEvents(tx, render, { workspaceId: parsed.workspace_id, ...reopening.objects(parsed) });
  return reopening.reopen(tx, parsed);
}
