import type { Db } from './db.ts';
import { JOB_PAYLOADS, type JobPayload, type TaskName } from './jobPayloads.ts';
import { JOB_POLICIES, type JobRetry } from './jobPolicies.ts';
import { renderWebhookEvents, type RenderDeps } from './webhookEventRender.ts';

/** What a job concerns, for support staff: its workspace and its payload's object ids. */
export function jobSubject(payload: unknown): { workspace_id: string | null; concerns: Record<string, unknown> } {
  const { workspace_id, _cron, ...concerns } = (payload ?? {}) as Record<string, unknown>;
  return { workspace_id: typeof workspace_id === 'string' ? workspace_id : null, concerns };
}

/**
 * Puts a failed job's objects back in progress for its retry, as its task's policy says
 * (storage/jobPolicies.ts); the refusal reason when it cannot. Their failure events still
 * waiting for webhook_event_render are rendered first, in the same transaction.
 */
export async function reopenJobSubject<T extends TaskName>(
  tx: Db,
  task: T,
  payload: JobPayload<T>,
  render: RenderDeps,
): Promise<string | undefined> {
  const retry = JOB_POLICIES[task]?.retry as JobRetry<T> | null | undefined;
  if (!retry) return undefined;
  const parsed = JOB_PAYLOADS[task].parse(payload) as JobPayload<T> & { workspace_id: string };
  if (retry.renders)
    await renderWebhookEvents(tx, render, { workspaceId: parsed.workspace_id, ...retry.renders(parsed) });
  return retry.reopen(tx, parsed);
}
