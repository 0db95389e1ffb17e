import type { TaskList } from 'graphile-worker';
import type { TaskDeps } from '../tasks/context.ts';
import cleanup from '../tasks/cleanup.ts';
import reportExport from '../tasks/report_export.ts';
import reportImport from '../tasks/report_import.ts';
import visualization_generate from '../tasks/visualization_generate.ts';
import spendRollup from '../tasks/spend_rollup.ts';

/** Task identifiers are the task modules' file names. */
export function buildTaskList(deps: TaskDeps): TaskList {
  return {
    cleanup: cleanup(deps),
    report_import: reportImport(deps),
    report_export: reportExport(deps),
    visualization_generate: visualization_generate(deps),
    spend_rollup: spendRollup(deps),
  };
}
