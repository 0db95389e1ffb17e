import { z } from 'zod';

const id = z.string().min(1).max(200);

/**
 * Every task's payload, declared once: enqueueJob takes only these task names and payloads, and
 * the worker parses each job's payload with its schema before the task sees it. Cron jobs carry
 * graphile-worker's own `_cron` key beside their fields.
 */
export const JOB_PAYLOADS = {
  report_import: z.object({ report_id: id, workspace_id: id }),
  report_export: z.object({ workspace_id: id, report_id: id, export_ids: z.array(id).min(1) }),
  visualization_generate: z.object({ workspace_id: id, visualization_id: id }),
  visualization_embed: z.object({ workspace_id: id, visualization_id: id }),
  // One endpoint's due deliveries, whichever they are when it runs.
  webhook_deliver: z.object({ workspace_id: id, endpoint_id: id }),
  spend_rollup: z.looseObject({}),
  cleanup: z.looseObject({}),
  webhook_event_render: z.object({ workspace_id: id, event_id: id }),
};

export type TaskName = keyof typeof JOB_PAYLOADS;
export type JobPayload<T extends TaskName> = z.output<(typeof JOB_PAYLOADS)[T]>;
