import type { Db } from './db.ts';
import { JOB_PAYLOADS, type JobPayload, type TaskName } from './jobPayloads.ts';
import { reopenExports, reopenReportImport } from './reports.ts';
import { restartGeneration } from './visualizationAttempts.ts';
import { restartDeliveries } from './webhookDeliveries.ts';

/** What a job concerns, for support staff: its workspace and its payload's object ids. */
export function jobSubject(payload: unknown): { workspace_id: string | null; concerns: Record<string, unknown> } {
  const { workspace_id, _cron, ...concerns } = (payload ?? {}) as Record<string, unknown>;
  return { workspace_id: typeof workspace_id === 'string' ? workspace_id : null, concerns };
}

type Reopen<T extends TaskName> = (tx: Db, payload: JobPayload<T>) => Promise<string | undefined>;

/**
 * How a retried job that had failed for good puts its object back in progress; the refusal
 * reason when it cannot. Cron tasks have no object.
 */
const REOPEN: { [T in TaskName]?: Reopen<T> } = {
  report_import: async (tx, p) => void (await reopenReportImport(tx, p.workspace_id, p.report_id)),
  report_export: async (tx, p) => void (await reopenExports(tx, p.workspace_id, p.export_ids)),
  // Its attempt was released when it failed; a new one is reserved against the quota, as a
  // partner's generate would.
  visualization_generate: async (tx, p) =>
    (await restartGeneration(tx, p.workspace_id, p.visualization_id)) === 'quota_exhausted'
      ? 'the workspace has used its monthly visualization quota'
      : undefined,
  // The retried job itself sends it again.
  webhook_deliver: async (tx, p) => void (await restartDeliveries(tx, [p.delivery_id], { enqueue: false, onlyFailed: true })),
};

export async function reopenJobSubject<T extends TaskName>(tx: Db, task: T, payload: JobPayload<T>): Promise<string | undefined> {
  const reopen = REOPEN[task] as Reopen<T> | undefined;
  return reopen?.(tx, JOB_PAYLOADS[task].parse(payload) as JobPayload<T>);
}
