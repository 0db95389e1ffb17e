import { rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { Tenant, TestContext } from './harness.ts';
import { enqueueJob } from '../../storage/jobs.ts';
import type { JobPayload, TaskName } from '../../storage/jobPayloads.ts';
import { gableRoofDxf } from '../fixtures/reports/build.ts';
import { importReport } from './reportImports.ts';

/**
 * A report import whose stored file has gone, given a single attempt: the next worker to run it
 * fails it for good, as a storage outage would. Call with no worker running, so the import's
 * own job is replaced before anyone takes it. `restoreFile` puts the cause right.
 */
export async function reportImportBoundToFail(
  t: TestContext,
  tenant: Tenant,
): Promise<{ reportId: string; restoreFile: () => Promise<void> }> {
  const imported = await importReport(t, tenant.key, [{ name: 'gable.dxf', data: Buffer.from(gableRoofDxf()) }]);
  const reportId = imported.body.report.id as string;
  const [file] = await t.sql<
    { storage_key: string }[]
  >`select storage_key from report_files where report_id = ${reportId}`;
  const stored = join(t.config.DATA_DIR, 'blobs', file!.storage_key);
  await rename(stored, `${stored}.away`);
  await enqueueJob(
    t.sql,
    'report_import',
    { report_id: reportId, workspace_id: tenant.workspaceId },
    { jobKey: `report_import:${reportId}`, maxAttempts: 1 },
  );
  return { reportId, restoreFile: () => rename(`${stored}.away`, stored) };
}

/** A job failed for good at once with this error, through graphile-worker's own permanently_fail_jobs; its id. */
export async function failedJob<T extends TaskName>(
  t: TestContext,
  task: T,
  payload: JobPayload<T>,
  jobKey: string,
  error: string,
): Promise<string> {
  await enqueueJob(t.sql, task, payload, { jobKey });
  const [job] = await t.sql<{ id: string }[]>`
    select (graphile_worker.permanently_fail_jobs(array[(select id from graphile_worker.jobs where key = ${jobKey})], ${error})).id::text as id`;
  return job!.id;
}
