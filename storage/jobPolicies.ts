import type postgres from 'postgres';
import type { Db } from './db.ts';
import type { JobPayload, TaskName } from './jobPayloads.ts';

/**
 * Worker slots one workspace's jobs may hold at once, across every worker process: each workspace
 * has this many named queues ("lanes"), and graphile-worker runs one job of a named queue at a
 * time. With the default four slots of one worker, a workspace whose receivers never answer or
 * whose imports pile up holds two, and every other workspace's jobs still find two free. A code
 * constant rather than a setting: web and worker processes must agree on it, or one endpoint's
 * jobs could land in two lanes and run side by side.
 */
export const WORKSPACE_LANES = 2;

/** How a task's jobs are enqueued: read by every enqueue site, so each task has one policy. */
export interface JobPolicy<T extends TaskName> {
  /**
   * A second enqueue with the same key replaces the waiting job instead of adding one; cron tasks
   * have none (graphile-worker's crontab keeps them single by its own identifiers).
   */
  jobKey?: (payload: JobPayload<T>) => string;
  maxAttempts: number;
  /**
   * Within its workspace's lanes, which one the job takes (jobs with the same value always share
   * a lane, so they never run side by side); none for jobs of no workspace (cron), which run in
   * no named queue.
   */
  lane?: (payload: JobPayload<T>) => { workspaceId: string; by: string };
}

/** The prefix of an endpoint's job key, which the dispatcher's SQL also builds (storage/webhookDeliveries.ts). */
export const ENDPOINT_JOB_KEY_PREFIX = 'webhook_endpoint:';

export const JOB_POLICIES: { [T in TaskName]: JobPolicy<T> } = {
  report_import: {
    jobKey: (p) => `report_import:${p.report_id}`,
    maxAttempts: 5,
    lane: (p) => ({ workspaceId: p.workspace_id, by: p.report_id }),
  },
  report_export: {
    jobKey: (p) => `report_export:${p.export_ids[0]}`,
    maxAttempts: 5,
    lane: (p) => ({ workspaceId: p.workspace_id, by: p.report_id }),
  },
  // A provider's answer is paid for: three tries, not five.
  visualization_generate: {
    jobKey: (p) => `visualization_generate:${p.visualization_id}`,
    maxAttempts: 3,
    lane: (p) => ({ workspaceId: p.workspace_id, by: p.visualization_id }),
  },
  // One job per endpoint, in its endpoint's lane: one endpoint's deliveries never go out side by
  // side. Receivers' failures are the task's own to retry; a job fails only on the unexpected (the
  // database unreachable), and one out of attempts leaves its deliveries pending for the
  // dispatcher's next job (storage/webhookDeliveries.ts).
  webhook_deliver: {
    jobKey: (p) => ENDPOINT_JOB_KEY_PREFIX + p.endpoint_id,
    maxAttempts: 25,
    lane: (p) => ({ workspaceId: p.workspace_id, by: p.endpoint_id }),
  },
  // Enqueued by the database itself (record_webhook_event, migration 15) with this key and
  // attempts; a short read and write, in no lane.
  webhook_event_render: {
    jobKey: (p) => `webhook_event_render:${p.event_id}`,
    maxAttempts: 25,
  },
  spend_rollup: { maxAttempts: 5 },
  cleanup: { maxAttempts: 5 },
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
