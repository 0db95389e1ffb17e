import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { mkdtemp, readdir, writeFile, mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, waitUntil, type TestContext } from './helpers/harness.ts';
import { expectMatchesSpec } from './helpers/openapi.ts';
import reportImport from '../tasks/report_import.ts';
import { createLogger } from '../core/logger.ts';
import { createBlobStore, type BlobStore } from '../storage/blobs.ts';
import { storageSigningSecret } from '../storage/secrets.ts';
import {
  BILLION_LAUGHS,
  EAGLEVIEW_XML,
  SUMMARY_CSV,
  XLSX_ROWS,
  eagleViewPdf,
  hoverMeasurementsJson,
  encryptedPdf,
  gableRoofDxf,
  measurementsXlsx,
  millionEntityDxf,
  xlsxZipBomb,
  zipOf,
} from './fixtures/reports/build.ts';
import { importAndWait, importReport, waitForImport } from './helpers/reportImports.ts';
import { eagleViewGetReportJson } from './fixtures/reports/eagleviewJson.ts';
import { hoverRoofMeasurementsPdf } from './fixtures/reports/hover.ts';

let t: TestContext;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'reports-import-'));
  t = await createTestContext({
    RATE_LIMIT_PER_MINUTE: '10000',
    AUTH_FAILURE_LIMIT_PER_MINUTE: '1000',
    DATA_DIR: dataDir,
  });
  await t.startWorker();
});
afterAll(() => t.close());

const isoDate = expect.stringMatching(/^\d{4}-\d\d-\d\dT/);

/** A raw HTTP request, for what fetch cannot send: chunked bodies and lying lengths. */
function rawPost(path: string, headers: Record<string, string | number>, chunks: Buffer[], endEarly = false) {
  return new Promise<{ status: number; body: any }>((resolve, reject) => {
    const req = httpRequest(`${t.baseUrl}${path}`, { method: 'POST', headers }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode!, body: JSON.parse(text) });
      });
    });
    req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
    for (const c of chunks) req.write(c);
    if (endEarly) req.flushHeaders();
    else req.end();
  });
}

/** Files (not folders) under a directory; none when it does not exist. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => e.name);
}
const blobFiles = (workspaceId: string) => filesUnder(join(dataDir, 'blobs', workspaceId));

describe('POST /api/v1/reports/import', () => {
  it('stores an EagleView-style PDF, answers 201 importing, and the task makes it a draft with the normalized summary', async () => {
    const tenant = await t.tenant();
    const pdf = await eagleViewPdf();
    const res = await importReport(t, tenant.key, [{ name: 'eagleview-1001.pdf', data: pdf, type: 'application/pdf' }]);
    expect(res.status, res.text).toBe(201);
    await expectMatchesSpec(t, 'POST', '/api/v1/reports/import', res);
    expect(res.body).toEqual({
      report: {
        id: expect.stringMatching(/^rpt_/),
        project_name: 'eagleview-1001',
        external_report_id: null,
        status: 'importing',
        current_revision_id: null,
        baseline_revision_id: null,
        approved_revision_id: null,
        source_formats: [],
        summary: {},
        current_revision_number: null,
        project_address: null,
        location_label: null,
        location_lat: null,
        location_long: null,
        created_at: isoDate,
        updated_at: isoDate,
      },
    });
    const id = res.body.report.id;
    const [file] =
      await t.sql`select file_name, size_bytes, checksum, storage_key from report_files where report_id = ${id}`;
    expect(file).toMatchObject({
      file_name: 'eagleview-1001.pdf',
      size_bytes: pdf.length,
      checksum: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
    });
    expect(file!.storage_key.startsWith(`${tenant.workspaceId}/reports/${id}/`)).toBe(true);

    expect((await waitForImport(t, id)).status).toBe('draft');
    const detail = await t.request('GET', `/api/v1/reports/${id}`, { key: tenant.key });
    const report = detail.body.report;
    expect(report).toMatchObject({
      status: 'draft',
      project_name: '12 Test Street, Springfield, IL 62701',
      project_address: '12 Test Street, Springfield, IL 62701',
      location_label: 'Springfield, IL 62701',
      location_lat: 39.7817,
      location_long: -89.6501,
      source_formats: ['pdf'],
      current_revision_number: 1,
    });
    expect(report.current_revision_id).toMatch(/^rrev_/);
    expect(report.baseline_revision_id).toBe(report.current_revision_id);
    expect(report.summary).toMatchObject({
      address: '12 Test Street, Springfield, IL 62701',
      total_area_sqft: 2000,
      total_squares: 20,
      predominant_pitch: '6/12',
      facet_count: 4,
      lengths_ft: { ridge: 40, hip: 20, valley: 10, rake: 50, eave: 60, step_flashing: 8, ridge_hip: 60 },
      missing: [],
    });
    expect(report.summary.waste_table).toContainEqual({ waste_percent: 10, area_sqft: 2200, squares: 22 });
  });

  it('imports a Hover measurements JSON as a draft naming Hover', async () => {
    const tenant = await t.tenant();
    const report = await importAndWait(t, tenant.key, [
      { name: 'hover-job.json', data: Buffer.from(hoverMeasurementsJson()), type: 'application/json' },
    ]);
    expect(report).toMatchObject({
      status: 'draft',
      source_formats: ['json'],
      project_address: '801 Lake Shore Dr, Madison, WI 53703',
      summary: {
        total_area_sqft: 1850,
        predominant_pitch: '8/12',
        lengths_ft: { ridge: 48.5, hip: 14, valley: 21.17, rake: 88.33, eave: 104.75, step_flashing: 22.25 },
        sources: [{ file_name: 'hover-job.json', format: 'json', vendor: 'hover', product: 'Hover measurements JSON' }],
      },
    });
  });

  it("fills the report's project_address and location from a HOVER PDF and from EagleView's GetReport answer", async () => {
    const tenant = await t.tenant();
    const hover = await importAndWait(t, tenant.key, [
      { name: 'hover report.pdf', data: await hoverRoofMeasurementsPdf(), type: 'application/pdf' },
    ]);
    expect(hover).toMatchObject({
      status: 'draft',
      project_name: '41 Quarry Lane, Mapleton, OR 97453',
      project_address: '41 Quarry Lane, Mapleton, OR 97453',
      location_label: 'Mapleton, OR 97453',
      summary: { address: '41 Quarry Lane, Mapleton, OR 97453', total_area_sqft: 2140 },
    });
    const ev = await importAndWait(t, tenant.key, [
      { name: 'getreport.json', data: Buffer.from(eagleViewGetReportJson()), type: 'application/json' },
    ]);
    expect(ev).toMatchObject({
      status: 'draft',
      project_address: '4 Tanager Way, Mill Creek, WA 98012',
      location_label: 'Mill Creek, WA 98012',
      location_lat: 47.8601,
      location_long: -122.2043,
    });
  });

  it('imports a legacy package (DXF plan + CSV) and merges both into one draft', async () => {
    const tenant = await t.tenant();
    const report = await importAndWait(
      t,
      tenant.key,
      [
        { name: 'plan.dxf', data: Buffer.from(gableRoofDxf()) },
        { name: 'summary.csv', data: Buffer.from(SUMMARY_CSV) },
      ],
      { external_report_id: 'JOB-77' },
    );
    expect(report).toMatchObject({
      status: 'draft',
      project_name: 'JOB-77',
      external_report_id: 'JOB-77',
      source_formats: ['dxf', 'csv'],
    });
    // The DXF is the first file, so its geometry-derived values win over the CSV's.
    expect(report.summary).toMatchObject({
      total_area_sqft: 2236,
      predominant_pitch: '6/12',
      facet_count: 2,
      lengths_ft: { ridge: 40, hip: 20, valley: 10, rake: 50, eave: 80, step_flashing: 0 },
      address: '7 Elm Court, Dover, DE 19901',
    });
    const [rev] = await t.sql`select geometry from report_revisions where id = ${report.current_revision_id}`;
    expect(rev!.geometry.facets).toHaveLength(2);
  });

  it.each([
    [
      'an XLSX workbook of label/value rows',
      async () => [{ name: 'measurements.xlsx', data: await measurementsXlsx(XLSX_ROWS) }],
      ['xlsx'],
      { total_area_sqft: 2400, predominant_pitch: '8/12' },
    ],
    [
      'EagleView-style XML',
      async () => [{ name: 'report.xml', data: Buffer.from(EAGLEVIEW_XML) }],
      ['xml'],
      { total_area_sqft: 1000, predominant_pitch: '4/12', address: '5 Oak Way, Austin, TX 78701' },
    ],
    [
      'a zip of a CSV',
      async () => [{ name: 'package.zip', data: await zipOf([{ name: 'data/summary.csv', data: SUMMARY_CSV }]) }],
      ['zip', 'csv'],
      { total_area_sqft: 1850, predominant_pitch: '7/12' },
    ],
  ])('imports %s as a draft', async (_, files, formats, summary) => {
    const tenant = await t.tenant();
    const report = await importAndWait(t, tenant.key, await files());
    expect(report.status, JSON.stringify(report.summary)).toBe('draft');
    expect(report.source_formats).toEqual(formats);
    expect(report.summary).toMatchObject(summary);
  });

  it('marks a partial import needs_review and names what is missing', async () => {
    const tenant = await t.tenant();
    const report = await importAndWait(t, tenant.key, [
      { name: 'partial.csv', data: Buffer.from('Description,Value,Unit\nRoof slab area,100,m²\n') },
    ]);
    expect(report.status).toBe('needs_review');
    expect(report.summary.total_area_sqft).toBe(1076.4);
    expect(report.summary.missing).toEqual(['predominant_pitch', 'ridge', 'hip', 'valley', 'rake', 'eave']);
  });

  it('replays the stored 201 for the same Idempotency-Key and body', async () => {
    const tenant = await t.tenant();
    const files = [{ name: 'r.csv', data: Buffer.from(SUMMARY_CSV) }];
    const key = randomUUID();
    const first = await importReport(t, tenant.key, files, { idempotencyKey: key });
    const again = await importReport(t, tenant.key, files, { idempotencyKey: key });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    const [{ count }] = await t.sql`select count(*)::int from reports where workspace_id = ${tenant.workspaceId}`;
    expect(count).toBe(1);
  });

  it('answers 409 when the Idempotency-Key was used for a different upload', async () => {
    const tenant = await t.tenant();
    const key = randomUUID();
    expect(
      (await importReport(t, tenant.key, [{ name: 'a.csv', data: Buffer.from(SUMMARY_CSV) }], { idempotencyKey: key }))
        .status,
    ).toBe(201);
    const res = await importReport(t, tenant.key, [{ name: 'a.csv', data: Buffer.from(SUMMARY_CSV + '\r\n') }], {
      idempotencyKey: key,
    });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('CONFLICT');
    await expectMatchesSpec(t, 'POST', '/api/v1/reports/import', res);
  });

  it.each([
    ['a tenant selector part', { fields: { workspace_id: 'ws_other' } }, 'workspace_id'],
    ['an unknown form field', { fields: { colour: 'red' } }, 'colour'],
    [
      'an external_report_id over 200 characters',
      { fields: { external_report_id: 'x'.repeat(201) } },
      'external_report_id',
    ],
    ['files under another part name', { fileField: 'file' }, 'file'],
  ])('answers 400 naming the field for %s, and stores nothing', async (_, opts, field) => {
    const tenant = await t.tenant();
    const res = await importReport(t, tenant.key, [{ name: 'a.csv', data: Buffer.from(SUMMARY_CSV) }], opts);
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details.issues.map((i: { path: string }) => i.path)).toContain(field);
    await expectMatchesSpec(t, 'POST', '/api/v1/reports/import', res);
    expect(await blobFiles(tenant.workspaceId)).toEqual([]);
    const [{ count }] = await t.sql`select count(*)::int from reports where workspace_id = ${tenant.workspaceId}`;
    expect(count).toBe(0);
  });

  it('answers 400 when a PDF comes with other files, or no file comes at all', async () => {
    const tenant = await t.tenant();
    const mixed = await importReport(t, tenant.key, [
      { name: 'a.pdf', data: await eagleViewPdf() },
      { name: 'b.csv', data: Buffer.from(SUMMARY_CSV) },
    ]);
    expect(mixed.status).toBe(400);
    expect(mixed.body.error.details.issues[0].path).toBe('files');
    const none = await importReport(t, tenant.key, [], { fields: { external_report_id: 'X' } });
    expect(none.status).toBe(400);
    expect(none.body.error.details.issues[0].path).toBe('files');
  });

  it('answers 400 without an Idempotency-Key and for a body that is not multipart', async () => {
    const tenant = await t.tenant();
    const noKey = await t.request('POST', '/api/v1/reports/import', {
      key: tenant.key,
      body: 'x',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(noKey.status).toBe(400);
    expect(noKey.body.error.details.issues[0]).toMatchObject({ location: 'header' });
    const json = await t.request('POST', '/api/v1/reports/import', {
      key: tenant.key,
      body: { files: [] },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(json.status).toBe(400);
    expect(json.body.error.details.issues[0]).toMatchObject({ location: 'header', path: 'content-type' });
  });

  it('answers 411 to a chunked upload without Content-Length', async () => {
    const tenant = await t.tenant();
    const res = await rawPost(
      '/api/v1/reports/import',
      {
        authorization: `Bearer ${tenant.key}`,
        'idempotency-key': randomUUID(),
        'content-type': 'multipart/form-data; boundary=b',
        'transfer-encoding': 'chunked',
      },
      [Buffer.from('--b\r\nContent-Disposition: form-data; name="files"; filename="a.csv"\r\n\r\nx\r\n--b--\r\n')],
    );
    expect(res.status).toBe(411);
    expect(res.body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { issues: [{ location: 'header', path: 'content-length' }] },
    });
    await expectMatchesSpec(t, 'POST', '/api/v1/reports/import', { ...res, headers: new Headers(), text: '' });
  });

  it('answers 413 before reading a body longer than MAX_IMPORT_BYTES, and stores nothing', async () => {
    const tenant = await t.tenant();
    const res = await rawPost(
      '/api/v1/reports/import',
      {
        authorization: `Bearer ${tenant.key}`,
        'idempotency-key': randomUUID(),
        'content-type': 'multipart/form-data; boundary=b',
        'content-length': t.config.MAX_IMPORT_BYTES + 1,
      },
      [Buffer.from('--b\r\nContent-Disposition: form-data; name="files"; filename="a.csv"\r\n\r\n')],
      true,
    );
    expect(res.status).toBe(413);
    expect(res.body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { limit_bytes: t.config.MAX_IMPORT_BYTES },
    });
    await expectMatchesSpec(t, 'POST', '/api/v1/reports/import', { ...res, headers: new Headers(), text: '' });
    expect(await blobFiles(tenant.workspaceId)).toEqual([]);
    const [{ count }] = await t.sql`select count(*)::int from reports where workspace_id = ${tenant.workspaceId}`;
    expect(count).toBe(0);
  });

  it('answers 401 without a key and 403 without reports.write', async () => {
    const files = [{ name: 'a.csv', data: Buffer.from(SUMMARY_CSV) }];
    const anonymous = await importReport(t, 'pk_nope', files);
    expect(anonymous.status).toBe(401);
    const reader = await t.tenant({ scopes: ['reports.read'] });
    const forbidden = await importReport(t, reader.key, files);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.code).toBe('FORBIDDEN');
    await expectMatchesSpec(t, 'POST', '/api/v1/reports/import', forbidden);
  });
});

describe('report_import task with bad input', () => {
  const truncated = async () => (await eagleViewPdf()).subarray(0, 700);
  const cases: [string, () => Promise<{ name: string; data: Buffer }[]>, RegExp][] = [
    ['a truncated PDF', async () => [{ name: 'cut.pdf', data: await truncated() }], /PDF|No roof measurements/],
    ['an encrypted PDF', async () => [{ name: 'locked.pdf', data: await encryptedPdf() }], /encrypted/],
    ['an XLSX zip bomb', async () => [{ name: 'bomb.xlsx', data: await xlsxZipBomb() }], /zip bomb/],
    ['an XML billion-laughs file', async () => [{ name: 'lol.xml', data: Buffer.from(BILLION_LAUGHS) }], /entit/],
    [
      'a DXF with 1,000,000 entities',
      async () => [{ name: 'huge.dxf', data: Buffer.from(millionEntityDxf()) }],
      /more than 500,000 entities/,
    ],
    [
      'a CSV with mismatched columns',
      async () => [
        {
          name: 'ragged.csv',
          data: Buffer.from('Address,Total Roof Area,Predominant Pitch\n"1 A St, B, CA 90001",1200,5/12,extra\n'),
        },
      ],
      /mismatched columns/,
    ],
    [
      'a file whose name lies about its type',
      async () => [{ name: 'roof.pdf', data: Buffer.from(SUMMARY_CSV) }],
      /named as PDF but its content is plain or delimited text/,
    ],
    ['an empty file', async () => [{ name: 'empty.csv', data: Buffer.alloc(0) }], /empty/],
    [
      'a PDF without measurements',
      async () => [
        { name: 'brochure.pdf', data: await eagleViewPdf(['Sample Report', 'Features: 3D model, pitch diagram']) },
      ],
      /No roof measurements/,
    ],
  ];

  it.each(cases)(
    '%s ends failed with a clear reason and no retry',
    async (_, files, reason) => {
      const tenant = await t.tenant();
      const res = await importReport(t, tenant.key, await files());
      expect(res.status, res.text).toBe(201);
      const done = await waitForImport(t, res.body.report.id, 30_000);
      expect(done.status).toBe('failed');
      expect(done.summary.failure_reason).toMatch(reason);
      // The job row goes once the task has returned, a moment after the report is marked failed;
      // a job kept for a retry would still be there.
      const jobsLeft = async () =>
        (
          await t.sql`select count(*)::int from graphile_worker.jobs where key = ${`report_import:${res.body.report.id}`}`
        )[0]!.count as number;
      await waitUntil(async () => (await jobsLeft()) === 0, 5_000);
      expect(await jobsLeft()).toBe(0);
    },
    60_000,
  );

  it('keeps the worker running and other reports untouched after hostile files', async () => {
    const tenant = await t.tenant();
    const good = await importAndWait(t, tenant.key, [{ name: 'ok.csv', data: Buffer.from(SUMMARY_CSV) }]);
    const bad = await importReport(t, tenant.key, [{ name: 'lol.xml', data: Buffer.from(BILLION_LAUGHS) }]);
    await waitForImport(t, bad.body.report.id);
    const after = await importAndWait(t, tenant.key, [{ name: 'ok2.csv', data: Buffer.from(SUMMARY_CSV) }]);
    expect(after.status).toBe('draft');
    const again = await t.request('GET', `/api/v1/reports/${good.id}`, { key: tenant.key });
    expect(again.body.report).toEqual(good);
  });
});

describe('report_import task re-runs', () => {
  async function runTask(reportId: string, workspaceId: string, blobs?: BlobStore) {
    const secret = await storageSigningSecret(t.sql, t.config.STORAGE_SIGNING_SECRET);
    const task = reportImport({
      sql: t.sql,
      config: t.config,
      logger: createLogger('silent'),
      blobs: blobs ?? createBlobStore(t.config, secret),
      segmenter: undefined as never,
    });
    await task({ report_id: reportId, workspace_id: workspaceId }, {} as never);
  }

  it('gives the same result when support staff re-run it: one revision, same summary', async () => {
    const tenant = await t.tenant();
    const first = await importAndWait(t, tenant.key, [{ name: 'plan.dxf', data: Buffer.from(gableRoofDxf()) }]);
    await runTask(first.id, tenant.workspaceId);
    const [again] = await t.sql`select status, current_revision_id, summary from reports where id = ${first.id}`;
    expect(again).toEqual({
      status: first.status,
      current_revision_id: first.current_revision_id,
      summary: first.summary,
    });
    const [{ count }] = await t.sql`select count(*)::int from report_revisions where report_id = ${first.id}`;
    expect(count).toBe(1);
  });

  it('throws on a storage failure so graphile-worker retries, leaving the report as it was', async () => {
    const tenant = await t.tenant();
    const first = await importAndWait(t, tenant.key, [{ name: 'ok.csv', data: Buffer.from(SUMMARY_CSV) }]);
    const broken = {
      get: async () => {
        throw new Error('ECONNRESET from storage');
      },
    } as unknown as BlobStore;
    await expect(runTask(first.id, tenant.workspaceId, broken)).rejects.toThrow(/ECONNRESET/);
    const [row] = await t.sql`select status from reports where id = ${first.id}`;
    expect(row!.status).toBe('draft');
  });
});

describe('POST /api/v1/reports/import when storage or the queue is down', () => {
  let down: TestContext;
  let downDir: string;
  beforeAll(async () => {
    downDir = await mkdtemp(join(tmpdir(), 'reports-down-'));
    down = await createTestContext({ RATE_LIMIT_PER_MINUTE: '1000', DATA_DIR: downDir });
  });
  afterAll(() => down.close());

  it('answers 503 INTERNAL_ERROR when the blob store cannot write, and creates no report', async () => {
    const tenant = await down.tenant();
    // A file where the blobs directory should be makes every write fail.
    await writeFile(join(downDir, 'blobs'), 'not a directory');
    const res = await importReport(down, tenant.key, [{ name: 'a.csv', data: Buffer.from(SUMMARY_CSV) }]);
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('INTERNAL_ERROR');
    await expectMatchesSpec(down, 'POST', '/api/v1/reports/import', res);
    const [{ count }] = await down.sql`select count(*)::int from reports`;
    expect(count).toBe(0);
  });

  it('answers 503 INTERNAL_ERROR when the job cannot be enqueued, and commits no report', async () => {
    const tenant = await down.tenant();
    await rm(join(downDir, 'blobs'), { force: true });
    await mkdir(join(downDir, 'blobs'));
    await down.sql`alter function graphile_worker.add_job rename to add_job_offline`;
    try {
      const res = await importReport(down, tenant.key, [{ name: 'a.csv', data: Buffer.from(SUMMARY_CSV) }]);
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('INTERNAL_ERROR');
    } finally {
      await down.sql`alter function graphile_worker.add_job_offline rename to add_job`;
    }
    const [{ count }] = await down.sql`select count(*)::int from reports`;
    expect(count).toBe(0);
    expect(await filesUnder(join(downDir, 'blobs'))).toEqual([]);
  });
});
