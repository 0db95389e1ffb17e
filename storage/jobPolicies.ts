import type postgres from 'postgres';
import type { Db } from './db.ts';
import type { JobPayload, TaskName } from './jobPayloads.ts';
import { reopenExports, reopenReportImport } from './reports.ts';
import { restartGeneration } from './visualizationAttempts.ts';
import type { RenderedLaterKind } from './webhookEventRender.ts';
import { makeDueNow } from './webhookDueNow.ts';

/**
 * Named queues ("lanes") per workspace: graphile-worker runs one job of a named queue at a time,
 * and a job picks its lane by a hash of its subject, so one endpoint's deliveries (one report's
 * import, one visualization's generation) never run side by side. Enough lanes that a workspace
 * rarely has two subjects in one lane; how many slots a workspace may hold is the worker's
 * business (worker/workspaceShares.ts), not the lanes'. A code constant rather than a setting:
 * web and worker processes must agree on it, or one endpoint's jobs could land in two lanes and
 * run side by side.
 */
export const WORKSPACE_LANES = 32;

/** The flag every job of a workspace carries, by which a worker skips the workspaces at their share. */
export const workspaceFlag = (workspaceId: string) => `workspace:${workspaceId}`;

/** What a retry of a job that had failed for good puts back in progress (storage/jobs.ts retryJobs). */
export interface JobRetry<T extends TaskName> {
  /**
   * The objects its failure marked failed, and the kind of its failure events' subjects: those
   * events still waiting for webhook_event_render are rendered first, in the retry's transaction,
   * so they show each object failed, as it was, not back in progress.
   */
  renders?: (payload: JobPayload<T>) => { kind: RenderedLaterKind; ids: string[] };
  /** Puts them back in progress; the refusal reason when it cannot (the job then stays failed). */
  reopen: (tx: Db, payload: JobPayload<T>) => Promise<string | undefined>;
}

/**
 * A task's job policy, its one definition: read by every enqueue site (storage/jobs.ts
 * enqueueJob, the webhook dispatcher's SQL, record_webhook_event through job_policies), by the
 * failure path (the job_failed_for_good trigger, through job_policies) and by the retry.
 */
export interface JobPolicy<T extends TaskName> {
  /**
   * A second enqueue with the same key replaces the waiting job instead of adding one; cron tasks
   * have none (graphile-worker's crontab keeps them single by its own identifiers).
   */
  jobKey?: (payload: JobPayload<T>) => string;
  maxAttempts: number;
  /** graphile-worker's priority (lower runs first; 0 when absent). */
  priority?: number;
  /** A named queue of the task's own (one job of it runs at a time), for a job in no lane. */
  queue?: (payload: JobPayload<T>) => string;
  /**
   * Within its workspace's lanes, which one the job takes (jobs with the same value always share
   * a lane, so they never run side by side); none for jobs of no workspace (cron), which run in
   * no named queue.
   */
  lane?: (payload: JobPayload<T>) => { workspaceId: string; by: string };
  /**
   * What a job out of attempts does, in the transaction of graphile-worker's update that used its
   * last attempt (whichever path made it: a failed attempt, a dead worker's unlock,
   * permanently_fail_jobs): the SQL function of migrations/functions that the job_failed_for_good
   * trigger calls with the job's payload, or null when failing for good leaves everything as is.
   * Every migrate writes it into job_policies (storage/migrate.ts).
   */
  failedForGood: string | null;
  /** What a retry of a job that had failed for good reopens; null when nothing. */
  retry: JobRetry<T> | null;
}

/** The prefix of an endpoint's job key, which the dispatcher's SQL also builds (storage/webhookDeliveries.ts). */
export const ENDPOINT_JOB_KEY_PREFIX = 'webhook_endpoint:';

export const JOB_POLICIES: { [T in TaskName]: JobPolicy<T> } = {
  // Failing for good fails the report (status failed, a reason for partners) with a
  // report.import.failed event; a retry puts it back to importing.
  report_import: {
    jobKey: (p) => `report_import:${p.report_id}`,
    maxAttempts: 5,
    lane: (p) => ({ workspaceId: p.workspace_id, by: p.report_id }),
    failedForGood: 'report_import_failed_for_good',
    retry: {
      renders: (p) => ({ kind: 'report', ids: [p.report_id] }),
      reopen: async (tx, p) => void (await reopenReportImport(tx, p.workspace_id, p.report_id)),
    },
  },
  // Failing for good fails the artifacts still pending, each with a report.export.failed event;
  // a retry puts the failed ones back to pending (ready ones stay).
  report_export: {
    jobKey: (p) => `report_export:${p.export_ids[0]}`,
    maxAttempts: 5,
    lane: (p) => ({ workspaceId: p.workspace_id, by: p.report_id }),
    failedForGood: 'report_export_failed_for_good',
    retry: {
      renders: (p) => ({ kind: 'report_export', ids: p.export_ids }),
      reopen: async (tx, p) => void (await reopenExports(tx, p.workspace_id, p.export_ids)),
    },
  },
  // A provider's answer is paid for: three tries, not five. Failing for good fails the
  // visualization (the last attempt's reason, when it gave one) and gives its attempt back to
  // the quota, with a visualization.failed event; a retry reserves a new attempt against the
  // quota, as a partner's generate would, and is refused when the quota is used up.
  visualization_generate: {
    jobKey: (p) => `visualization_generate:${p.visualization_id}`,
    maxAttempts: 3,
    lane: (p) => ({ workspaceId: p.workspace_id, by: p.visualization_id }),
    failedForGood: 'visualization_generate_failed_for_good',
    retry: {
      renders: (p) => ({ kind: 'visualization', ids: [p.visualization_id] }),
      reopen: async (tx, p) =>
        (await restartGeneration(tx, p.workspace_id, p.visualization_id)) === 'quota_exhausted'
          ? 'the workspace has used its monthly visualization quota'
          : undefined,
    },
  },
  // The photo's embedding, computed once after create (or when a selection first needs it). Not in
  // the workspace's lanes, so a generate never waits behind it (one that needs the embedding first
  // computes it, or waits for this job's own computation in the same process), but in a queue of
  // its own per workspace: a workspace creating many visualizations holds one slot with its
  // embeddings, and the segmenter's thread embeds one photo at a time anyway. Failing for good
  // changes nothing: the next selection or generate of the row computes it again.
  visualization_embed: {
    jobKey: (p) => `visualization_embed:${p.visualization_id}`,
    maxAttempts: 3,
    queue: (p) => `embeddings:${p.workspace_id}`,
    priority: 5,
    failedForGood: null,
    retry: null,
  },
  // One job per endpoint, in its endpoint's lane: one endpoint's deliveries never go out side by
  // side. Receivers' failures are the task's own to retry; a job fails only on the unexpected (the
  // database unreachable), and one out of attempts leaves its deliveries pending for the
  // dispatcher's next job (storage/webhookDeliveries.ts); its retry sends them now, retries
  // scheduled for later included.
  webhook_deliver: {
    jobKey: (p) => ENDPOINT_JOB_KEY_PREFIX + p.endpoint_id,
    maxAttempts: 25,
    lane: (p) => ({ workspaceId: p.workspace_id, by: p.endpoint_id }),
    failedForGood: null,
    retry: { reopen: async (tx, p) => void (await makeDueNow(tx, p.endpoint_id)) },
  },
  // Enqueued by the database itself (record_webhook_event, migrations/functions) with this key
  // and, through job_policies, these attempts; a short read and write, in no lane. Failing for
  // good leaves the event unrendered: the retry of the job renders it, and a retry of the job
  // whose failure recorded it renders it first.
  webhook_event_render: {
    jobKey: (p) => `webhook_event_render:${p.event_id}`,
    maxAttempts: 25,
    failedForGood: null,
    retry: null,
  },
  // Cron tasks: the next run does the work a failed one left, so failing for good changes nothing.
  spend_rollup: { maxAttempts: 5, failedForGood: null, retry: null },
  cleanup: { maxAttempts: 5, failedForGood: null, retry: null },
};

/**
 * The named queue of a workspace's lane, computed in SQL so that the dispatcher's set-based
 * enqueue (storage/webhookDeliveries.ts) and enqueueJob name it the same way.
 */
export function laneQueue(sql: Db, workspaceId: postgres.Fragment | string, by: postgres.Fragment | string) {
  const ws = typeof workspaceId === 'string' ? sql`${workspaceId}::text` : workspaceId;
  const key = typeof by === 'string' ? sql`${by}::text` : by;
  return sql`('workspace:' || ${ws} || ':' || mod(abs(hashtext(${key})::bigint), ${WORKSPACE_LANES}))`;
}

/** workspaceFlag as an SQL array of one, for the set-based enqueue. */
export function workspaceFlagsSql(sql: Db, workspaceId: postgres.Fragment) {
  return sql`array['workspace:' || ${workspaceId}]::text[]`;
}
