import { execFile } from 'node:child_process';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, waitUntil, type Tenant, type TestContext } from './helpers/harness.ts';
import { createVisualization, generate } from './helpers/visualizations.ts';
import { HOUSE_JPG } from './fixtures/visualizer/photos.ts';
import { gableRoofDxf } from './fixtures/reports/build.ts';
import { importAndWait, importReport } from './helpers/reportImports.ts';
import { enqueueJob } from '../storage/jobs.ts';
import { countAttempts } from '../storage/visualizationAttempts.ts';
import type { JobPayload, TaskName } from '../storage/jobPayloads.ts';

const exec = promisify(execFile);
const root = join(import.meta.dirname, '..');
let t: TestContext;
let tenant: Tenant;

beforeAll(async () => {
  t = await createTestContext({ RATE_LIMIT_PER_MINUTE: '10000', GENERATE_WAIT_MS: '0' });
  tenant = await t.tenant();
});
afterAll(() => t.close());

async function admin(...args: string[]) {
  const { stdout } = await exec(process.execPath, ['--import', 'tsx', 'cli/admin.ts', ...args, '--json'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: t.databaseUrl, LOG_LEVEL: 'silent' },
  });
  return JSON.parse(stdout);
}

const blobPath = (key: string) => join(t.config.DATA_DIR, 'blobs', key);

/** The job of this key gets a single attempt, so its first failure is its last. */
async function lastAttemptNext<T extends TaskName>(task: T, payload: JobPayload<T>, jobKey: string) {
  await enqueueJob(t.sql, task, payload, { jobKey, maxAttempts: 1 });
  const [job] = await t.sql<{ id: string }[]>`select id::text from graphile_worker.jobs where key = ${jobKey}`;
  return job!.id;
}

interface Snapshot {
  report: string;
  export_status: string;
  visualization: string;
  failed_jobs: number;
}

describe('a job that fails for good', { timeout: 120_000 }, () => {
  it('marks its report, export and visualization failed with the failure itself, and admin jobs retry brings them back to success', async () => {
    let worker = await t.startWorker();
    const exported = await importAndWait(t, tenant.key, [{ name: 'gable.dxf', data: Buffer.from(gableRoofDxf()) }]);
    await worker.stop();

    // An import whose stored file has gone: reading it fails as a storage error would, every time.
    const imported = await importReport(t, tenant.key, [{ name: 'gable.dxf', data: Buffer.from(gableRoofDxf()) }]);
    const reportId = imported.body.report.id as string;
    const [file] = await t.sql<
      { storage_key: string }[]
    >`select storage_key from report_files where report_id = ${reportId}`;
    await rename(blobPath(file!.storage_key), `${blobPath(file!.storage_key)}.away`);
    const importJob = await lastAttemptNext(
      'report_import',
      { report_id: reportId, workspace_id: tenant.workspaceId },
      `report_import:${reportId}`,
    );

    // An export whose folder cannot be created: a file stands where the directory would go.
    const exportsDir = blobPath(`${tenant.workspaceId}/reports/${exported.id}/exports`);
    await rm(exportsDir, { recursive: true, force: true });
    await writeFile(exportsDir, 'not a directory');
    const ex = await t.request('POST', `/api/v1/reports/${exported.id}/export`, {
      key: tenant.key,
      body: { formats: ['json'] },
      headers: { 'idempotency-key': 'exp-1' },
    });
    expect(ex.status, ex.text).toBe(201);
    const exportId = ex.body.exports[0].export_id as string;
    const exportJob = await lastAttemptNext(
      'report_export',
      { workspace_id: tenant.workspaceId, report_id: exported.id, export_ids: [exportId] },
      `report_export:${exportId}`,
    );

    // A visualization whose uploaded original has gone.
    const vis = await createVisualization(t, tenant, {
      session_id: 'outcomes',
      original_image_url: `data:image/jpeg;base64,${HOUSE_JPG.toString('base64')}`,
    });
    const [stored] = await t.sql<
      { original_image_key: string }[]
    >`select original_image_key from visualizations where id = ${vis.id}`;
    await rename(blobPath(stored!.original_image_key), `${blobPath(stored!.original_image_key)}.away`);
    expect((await generate(t, tenant, vis.id)).body.visualization.status).toBe('processing');
    const visJob = await lastAttemptNext(
      'visualization_generate',
      { workspace_id: tenant.workspaceId, visualization_id: vis.id },
      `visualization_generate:${vis.id}`,
    );
    expect(await countAttempts(t.sql, tenant.workspaceId)).toEqual({ reserved: 1, succeeded: 0, released: 0 });

    // One statement reads the jobs and the objects together, so it sees one committed state:
    // never a failed job whose object is still in progress.
    const jobIds = [importJob, exportJob, visJob];
    const snapshot = async () =>
      (
        await t.sql<Snapshot[]>`
        select (select status from reports where id = ${reportId}) as report,
               (select status from report_exports where id = ${exportId}) as export_status,
               (select status from visualizations where id = ${vis.id}) as visualization,
               (select count(*)::int from graphile_worker.jobs where id = any(${jobIds}::bigint[]) and attempts >= max_attempts and locked_by is null) as failed_jobs`
      )[0]!;
    worker = await t.startWorker();
    const seen: Snapshot[] = [];
    expect(await waitUntil(async () => (seen.push(await snapshot()), seen.at(-1)!.failed_jobs === 3), 20_000, 20)).toBe(
      true,
    );
    await worker.stop();
    expect(seen.at(-1)).toEqual({ report: 'failed', export_status: 'failed', visualization: 'failed', failed_jobs: 3 });
    // Each object left its in-progress state no later than its job failed (3 jobs, 3 objects).
    for (const s of seen) {
      const settled =
        Number(s.report === 'failed') + Number(s.export_status === 'failed') + Number(s.visualization === 'failed');
      expect(settled).toBeGreaterThanOrEqual(s.failed_jobs);
    }

    const report = (await t.request('GET', `/api/v1/reports/${reportId}`, { key: tenant.key })).body.report;
    expect(report.status).toBe('failed');
    expect(report.summary.failure_reason).toMatch(/internal error/);
    const artifact = (await t.request('GET', `/api/v1/reports/exports/${exportId}`, { key: tenant.key })).body.export;
    expect(artifact).toMatchObject({ status: 'failed', error: expect.stringMatching(/internal error/) });
    const download = await t.request('GET', `/api/v1/reports/exports/${exportId}/download`, { key: tenant.key });
    expect(download.status).toBe(409);
    expect(download.body.error.message).toMatch(/failed/);
    const failedVis = (await t.request('GET', `/api/v1/visualizations/${vis.id}`, { key: tenant.key })).body
      .visualization;
    expect(failedVis).toMatchObject({ status: 'failed', processing_error: expect.stringMatching(/internal error/) });
    expect(await countAttempts(t.sql, tenant.workspaceId)).toEqual({ reserved: 0, succeeded: 0, released: 1 });

    const listed = await admin('jobs', 'list', '--failed', '--workspace', tenant.workspaceId);
    expect(listed.jobs.map((j: { id: string }) => j.id).sort()).toEqual([...jobIds].sort());
    expect(listed.jobs).toContainEqual(
      expect.objectContaining({
        id: exportJob,
        workspace_id: tenant.workspaceId,
        task: 'report_export',
        state: 'failed',
        attempts: '1/1',
        concerns: { report_id: exported.id, export_ids: [exportId] },
      }),
    );
    expect(listed.jobs).toContainEqual(
      expect.objectContaining({ id: visJob, task: 'visualization_generate', concerns: { visualization_id: vis.id } }),
    );

    // Support repairs the cause and retries: each object is in progress again, the
    // visualization with a newly reserved attempt.
    await rename(`${blobPath(file!.storage_key)}.away`, blobPath(file!.storage_key));
    await rm(exportsDir);
    await mkdir(exportsDir);
    await rename(`${blobPath(stored!.original_image_key)}.away`, blobPath(stored!.original_image_key));
    const retried = await admin('jobs', 'retry', '--all-failed');
    expect(retried.retried.sort()).toEqual([...jobIds].sort());
    expect(retried.refused).toEqual([]);
    expect(await snapshot()).toEqual({
      report: 'importing',
      export_status: 'pending',
      visualization: 'processing',
      failed_jobs: 0,
    });
    expect((await t.sql`select summary ? 'failure_reason' as has from reports where id = ${reportId}`)[0]!.has).toBe(
      false,
    );
    expect(await countAttempts(t.sql, tenant.workspaceId)).toEqual({ reserved: 1, succeeded: 0, released: 1 });

    await t.startWorker();
    expect(
      await waitUntil(async () => {
        const s = await snapshot();
        return s.report !== 'importing' && s.export_status !== 'pending' && s.visualization !== 'processing';
      }, 20_000),
    ).toBe(true);
    expect(await snapshot()).toEqual({
      report: 'draft',
      export_status: 'ready',
      visualization: 'completed',
      failed_jobs: 0,
    });
    expect(await countAttempts(t.sql, tenant.workspaceId)).toEqual({ reserved: 0, succeeded: 1, released: 1 });
    expect(
      await readFile(blobPath(`${tenant.workspaceId}/reports/${exported.id}/exports/${exportId}.json`)),
    ).toBeTruthy();
  });
});
