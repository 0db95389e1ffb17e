import type { Task, TaskList } from 'graphile-worker';
import type { TaskDeps, TaskFactory } from '../tasks/context.ts';
import { JOB_PAYLOADS, type TaskName } from '../storage/jobPayloads.ts';
import cleanup from '../tasks/cleanup.ts';
import reportExport from '../tasks/report_export.ts';
import reportImport from '../tasks/report_import.ts';
import visualizationEmbed from '../tasks/visualization_embed.ts';
import visualizationGenerate from '../tasks/visualization_generate.ts';
import spendRollup from '../tasks/spend_rollup.ts';
import webhookDeliver from '../tasks/webhook_deliver.ts';
import webhookEventRender from '../tasks/webhook_event_render.ts';

const FACTORIES: { [T in TaskName]: TaskFactory<T> } = {
  cleanup,
  report_import: reportImport,
  report_export: reportExport,
  visualization_embed: visualizationEmbed,
  visualization_generate: visualizationGenerate,
  spend_rollup: spendRollup,
  webhook_deliver: webhookDeliver,
  webhook_event_render: webhookEventRender,
};

/** A task that parses its payload first: a job enqueued by hand with a wrong shape fails plainly. */
function parsing<T extends TaskName>(name: T, deps: TaskDeps): Task {
  const task = FACTORIES[name](deps);
  return (payload, helpers) => task(JOB_PAYLOADS[name].parse(payload ?? {}) as never, helpers);
}

/** Task identifiers are the task modules' file names. */
export function buildTaskList(deps: TaskDeps): TaskList {
  return Object.fromEntries((Object.keys(FACTORIES) as TaskName[]).map((name) => [name, parsing(name, deps)]));
}
