import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, waitUntil, type Tenant, type TestContext } from './helpers/harness.ts';
import { expectMatchesSpec } from './helpers/openapi.ts';
import { createVisualization, generate } from './helpers/visualizations.ts';
import { HOUSE_JPG } from './fixtures/visualizer/photos.ts';
import { eventsAbout, onlyEvents, withoutSignatures, type StoredEvent } from './helpers/webhookEvents.ts';
import { failedJob, reportImportBoundToFail } from './helpers/failedJobs.ts';
import { gableRoofDxf } from './fixtures/reports/build.ts';
import { importAndWait, importReport, waitForImport } from './helpers/reportImports.ts';
import { newId } from '../core/ids.ts';
import { createBlobStore } from '../storage/blobs.ts';
import { enqueueJob, retryJobs } from '../storage/jobs.ts';
import { storageSigningSecret } from '../storage/secrets.ts';
import { renderWebhookEvents, type RenderDeps } from '../storage/webhookEventRender.ts';

let t: TestContext;
let tenant: Tenant;
let render: RenderDeps;
let endpointId: string;

beforeAll(async () => {
  t = await createTestContext({ RATE_LIMIT_PER_MINUTE: '10000', GENERATE_WAIT_MS: '0' });
  tenant = await t.tenant();
  render = {
    publicBaseUrl: t.config.PUBLIC_BASE_URL,
    blobs: createBlobStore(t.config, await storageSigningSecret(t.sql, t.config.STORAGE_SIGNING_SECRET)),
  };
  endpointId = newId('whe');
  await t.sql`
    insert into webhook_endpoints (id, workspace_id, url, events, secret_sealed)
    values (${endpointId}, ${tenant.workspaceId}, 'https://hooks.example.com/in', '{*}', ${Buffer.from('sealed')})`;
});
afterAll(() => t.close());

const gable = () => [{ name: 'gable.dxf', data: Buffer.from(gableRoofDxf()) }];
const renderJobs = async (eventIds: string[]) =>
  (
    await t.sql`
    select count(*)::int as n from graphile_worker.jobs
    where task_identifier = 'webhook_event_render' and key = any(${eventIds.map((id) => `webhook_event_render:${id}`)})`
  )[0]!.n as number;
const deliveriesOf = (eventId: string) => t.sql<{ endpoint_id: string }[]>`
  select endpoint_id from webhook_deliveries where event_id = ${eventId}`;
const rendered = async (events: StoredEvent[]) =>
  (
    await t.sql`select count(*)::int as n from webhook_events e
      where id = any(${events.map((e) => e.id)}) and webhook_event_data(e) is not null`
  )[0]!.n === events.length;
const shown = async (path: string, template: string) => {
  const res = await t.request('GET', path, { key: tenant.key });
  expect(res.status).toBe(200);
  await expectMatchesSpec(t, 'GET', template, res);
  return res.body;
};

describe('events of failures made by SQL (a job out of attempts)', { timeout: 60_000 }, () => {
  it('are recorded with their subject when the job fails, and rendered and fanned out by webhook_event_render', async () => {
    let worker = await t.startWorker();
    const report = await importAndWait(t, tenant.key, gable());
    await worker.stop();

    // The export's and the generation's jobs fail for good at once; the import's on its one attempt.
    const ex = await t.request('POST', `/api/v1/reports/${report.id}/export`, {
      key: tenant.key,
      body: { formats: ['json'] },
      headers: { 'idempotency-key': 'render-exp' },
    });
    const exportId = ex.body.exports[0].export_id as string;
    await failedJob(
      t,
      'report_export',
      { workspace_id: tenant.workspaceId, report_id: report.id, export_ids: [exportId] },
      `report_export:${exportId}`,
      'disk on fire',
    );
    const vis = await createVisualization(t, tenant, {
      session_id: 'render',
      original_image_url: `data:image/jpeg;base64,${HOUSE_JPG.toString('base64')}`,
    });
    expect((await generate(t, tenant, vis.id)).body.visualization.status).toBe('processing');
    await failedJob(
      t,
      'visualization_generate',
      { workspace_id: tenant.workspaceId, visualization_id: vis.id },
      `visualization_generate:${vis.id}`,
      'gpu on fire',
    );

    const [exportFailed] = await onlyEvents(t.sql, tenant.workspaceId, exportId, ['report.export.failed']);
    const [visFailed] = await onlyEvents(t.sql, tenant.workspaceId, vis.id, ['visualization.failed']);
    for (const e of [exportFailed!, visFailed!]) {
      expect(e.data).toBeNull();
      expect(await deliveriesOf(e.id)).toEqual([]);
    }
    expect(exportFailed!.subject).toEqual({ kind: 'report_export', id: exportId });
    expect(visFailed!.subject).toEqual({ kind: 'visualization', id: vis.id });
    expect(await renderJobs([exportFailed!.id, visFailed!.id])).toBe(2);

    const { reportId } = await reportImportBoundToFail(t, tenant);
    worker = await t.startWorker();
    expect((await waitForImport(t, reportId)).status).toBe('failed');
    const [importFailed] = await onlyEvents(t.sql, tenant.workspaceId, reportId, ['report.import.failed']);
    const events = [importFailed!, exportFailed!, visFailed!];
    expect(await waitUntil(() => rendered(events), 20_000)).toBe(true);
    expect(await waitUntil(async () => (await renderJobs(events.map((e) => e.id))) === 0, 20_000)).toBe(true);
    await worker.stop();

    const [importNow] = await onlyEvents(t.sql, tenant.workspaceId, reportId, ['report.import.failed']);
    const importShown = (await shown(`/api/v1/reports/${reportId}`, '/api/v1/reports/{report_id}')).report;
    expect(importNow!.data!.object).toEqual(importShown);
    expect(importShown).toMatchObject({
      status: 'failed',
      summary: { failure_reason: expect.stringMatching(/internal error/) },
    });
    const [exportNow] = await onlyEvents(t.sql, tenant.workspaceId, exportId, ['report.export.failed']);
    const exportShown = (await shown(`/api/v1/reports/exports/${exportId}`, '/api/v1/reports/exports/{export_id}'))
      .export;
    expect(exportNow!.data!.object).toEqual(exportShown);
    expect(exportShown).toMatchObject({ status: 'failed', error: expect.stringMatching(/internal error/) });
    const [visNow] = await onlyEvents(t.sql, tenant.workspaceId, vis.id, ['visualization.failed']);
    const visShown = (await shown(`/api/v1/visualizations/${vis.id}`, '/api/v1/visualizations/{visualization_id}'))
      .visualization;
    expect(withoutSignatures(visNow!.data!.object)).toEqual(withoutSignatures(visShown));
    expect(visShown).toMatchObject({ status: 'failed', processing_error: expect.stringMatching(/internal error/) });
    for (const e of events) expect(await deliveriesOf(e.id)).toEqual([{ endpoint_id: endpointId }]);

    // Rendering again, in place or by a repeated job, changes nothing and delivers nothing more.
    await t.sql.begin((tx) => renderWebhookEvents(tx, render, { eventId: exportNow!.id }));
    await enqueueJob(t.sql, 'webhook_event_render', { workspace_id: tenant.workspaceId, event_id: visNow!.id });
    worker = await t.startWorker();
    expect(await waitUntil(async () => (await renderJobs([visNow!.id])) === 0, 20_000)).toBe(true);
    await worker.stop();
    expect(await eventsAbout(t.sql, exportId)).toEqual([exportNow]);
    expect(await eventsAbout(t.sql, vis.id)).toEqual([visNow]);
    for (const e of events) expect(await deliveriesOf(e.id)).toHaveLength(1);
  });

  it('are rendered by a retry of the job that comes first, showing the object failed, and the retried run emits its own outcome', async () => {
    const imported = await importReport(t, tenant.key, gable());
    const reportId = imported.body.report.id as string;
    const jobId = await failedJob(
      t,
      'report_import',
      { report_id: reportId, workspace_id: tenant.workspaceId },
      `report_import:${reportId}`,
      'parser crashed',
    );
    const [failed] = await onlyEvents(t.sql, tenant.workspaceId, reportId, ['report.import.failed']);
    expect(failed!.data).toBeNull();
    const failedShown = (await shown(`/api/v1/reports/${reportId}`, '/api/v1/reports/{report_id}')).report;

    const outcome = await retryJobs(t.sql, [jobId], t.config.WORKER_STALE_AFTER_SECONDS, render);
    expect(outcome).toEqual({ retried: [jobId], refused: [] });
    expect((await shown(`/api/v1/reports/${reportId}`, '/api/v1/reports/{report_id}')).report.status).toBe('importing');
    const [renderedAtRetry] = await onlyEvents(t.sql, tenant.workspaceId, reportId, ['report.import.failed']);
    expect(renderedAtRetry!.data!.object).toEqual(failedShown);
    expect(failedShown).toMatchObject({
      status: 'failed',
      summary: { failure_reason: expect.stringMatching(/internal error/) },
    });
    expect(await deliveriesOf(failed!.id)).toEqual([{ endpoint_id: endpointId }]);

    const worker = await t.startWorker();
    expect((await waitForImport(t, reportId)).status).toBe('draft');
    expect(await waitUntil(async () => (await renderJobs([failed!.id])) === 0, 20_000)).toBe(true);
    await worker.stop();
    const events = await onlyEvents(t.sql, tenant.workspaceId, reportId, [
      'report.import.failed',
      'report.import.completed',
    ]);
    expect(events.find((e) => e.type === 'report.import.failed')).toEqual(renderedAtRetry);
    const completedShown = (await shown(`/api/v1/reports/${reportId}`, '/api/v1/reports/{report_id}')).report;
    expect(events.find((e) => e.type === 'report.import.completed')!.data!.object).toEqual(completedShown);
    expect(await deliveriesOf(failed!.id)).toHaveLength(1);
  });

  it('refuses to render an event of a subject that is recorded with its object, and leaves it as it was', async () => {
    const [{ id }] = await t.sql<{ id: string }[]>`
      select record_webhook_event(${tenant.workspaceId}, 'lead.updated', null, '{"kind": "lead", "id": "lead_x"}') as id`;
    await expect(t.sql.begin((tx) => renderWebhookEvents(tx, render, { eventId: id }))).rejects.toThrow(
      /no subject to render/,
    );
    expect(await eventsAbout(t.sql, 'lead_x')).toEqual([expect.objectContaining({ id, data: null })]);
  });

  it('drops an event whose subject the API no longer shows (an archived report): there is nothing to send', async () => {
    const imported = await importReport(t, tenant.key, gable());
    const reportId = imported.body.report.id as string;
    await failedJob(
      t,
      'report_import',
      { report_id: reportId, workspace_id: tenant.workspaceId },
      `report_import:${reportId}`,
      'gone',
    );
    const [failed] = await onlyEvents(t.sql, tenant.workspaceId, reportId, ['report.import.failed']);
    await t.sql`update reports set status = 'archived' where id = ${reportId}`;
    await t.sql.begin((tx) => renderWebhookEvents(tx, render, { eventId: failed!.id }));
    expect(await eventsAbout(t.sql, reportId)).toEqual([]);
  });
});
