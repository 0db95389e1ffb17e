import { createHash, randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import DxfParserModule from 'dxf-parser';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type Tenant, type TestContext } from './harness.ts';
import { expectMatchesSpec } from './openapi.ts';
import { newId } from '../core/ids.ts';
import { insertExports, insertReport } from '../storage/reports.ts';
import { parseDxf } from '../tasks/report_import/parse-dxf.ts';
import { pdfText } from '../tasks/report_import/parse-pdf.ts';
import { gableRoofDxf } from './fixtures/reports/build.ts';
import { importAndWait } from './fixtures/reports/client.ts';

// dxf-parser's CommonJS build exports the class itself, which its typings call the default export.
const DxfParser = DxfParserModule as unknown as new () => {
  parseSync(text: string): { header: Record<string, unknown>; entities: { layer: string }[] } | null;
};

let t: TestContext;
let owner: Tenant;
let report: { id: string; current_revision_id: string };
beforeAll(async () => {
  t = await createTestContext({ RATE_LIMIT_PER_MINUTE: '10000', AUTH_FAILURE_LIMIT_PER_MINUTE: '1000' });
  await t.startWorker();
  owner = await t.tenant();
  report = await importAndWait(t, owner.key, [{ name: 'gable.dxf', data: Buffer.from(gableRoofDxf()) }], {
    external_report_id: 'Gable job 12',
  });
});
afterAll(() => {
  vi.useRealTimers();
  return t.close();
});

function exportReport(key: string, body: unknown, reportId = report.id, idempotencyKey = randomUUID()) {
  return t.request('POST', `/api/v1/reports/${reportId}/export`, {
    key,
    body,
    headers: { 'idempotency-key': idempotencyKey },
  });
}

async function waitForExports(ids: string[], timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await t.sql<
      { id: string; status: string }[]
    >`select id, status from report_exports where id = any(${ids})`;
    if (rows.every((r) => r.status !== 'pending')) return;
    if (Date.now() > deadline) expect.fail(`exports still pending after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function download(exportId: string, key = owner.key) {
  const redirect = await t.request('GET', `/api/v1/reports/exports/${exportId}/download`, { key });
  expect(redirect.status, redirect.text).toBe(307);
  const location = redirect.headers.get('location')!;
  const file = await fetch(location);
  return { location, file, data: Buffer.from(await file.arrayBuffer()) };
}

function zipNames(data: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(data, { lazyEntries: false }, (err, zip) => {
      if (err) return reject(err);
      const names: string[] = [];
      zip!.on('entry', (e: yauzl.Entry) => names.push(e.fileName));
      zip!.on('end', () => resolve(names));
    });
  });
}

describe('POST /api/v1/reports/{report_id}/export', () => {
  let exports: Record<string, any>;
  let response: Awaited<ReturnType<typeof exportReport>>;
  beforeAll(async () => {
    response = await exportReport(owner.key, { formats: ['pdf', 'xml', 'csv', 'xlsx', 'dxf', 'json', 'zip'] });
    expect(response.status, response.text).toBe(201);
    await waitForExports(response.body.exports.map((e: { export_id: string }) => e.export_id));
    const detail = await t.request('GET', `/api/v1/reports/${report.id}`, { key: owner.key });
    exports = Object.fromEntries(detail.body.exports.map((e: { format: string }) => [e.format, e]));
  });

  it('creates one pending artifact per format with its download endpoint', async () => {
    await expectMatchesSpec(t, 'POST', '/api/v1/reports/{report_id}/export', response);
    expect(response.body.exports).toHaveLength(7);
    expect(response.body.exports[0]).toEqual({
      export_id: expect.stringMatching(/^rexp_/),
      report_id: report.id,
      revision_id: report.current_revision_id,
      format: 'pdf',
      file_name: 'Gable_job_12-r1.pdf',
      mime_type: 'application/pdf',
      size_bytes: null,
      checksum: null,
      status: 'pending',
      error: null,
      download_url: `${t.config.PUBLIC_BASE_URL}/api/v1/reports/exports/${response.body.exports[0].export_id}/download`,
      created_at: expect.any(String),
      completed_at: null,
    });
  });

  it('renders every artifact ready, with size and sha256 matching the downloaded bytes', async () => {
    for (const format of ['pdf', 'xml', 'csv', 'xlsx', 'dxf', 'json', 'zip']) {
      const e = exports[format];
      expect(e, format).toMatchObject({ status: 'ready', error: null, completed_at: expect.any(String) });
      const { file, data } = await download(e.export_id);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toContain(e.mime_type);
      expect(data.length).toBe(e.size_bytes);
      expect(`sha256:${createHash('sha256').update(data).digest('hex')}`).toBe(e.checksum);
    }
  });

  it('writes a readable PDF report with the address, the summary and the waste table', async () => {
    const pdf = (await download(exports.pdf.export_id)).data;
    const text = await pdfText(pdf);
    for (const expected of [
      'Roof Measurement Report',
      'Gable job 12',
      'Total roof area',
      '2,236 sq ft',
      '6/12',
      'Line lengths',
      'Waste factor',
      'Roof plan',
    ]) {
      expect(text).toContain(expected);
    }
    // Where poppler is installed, also render page 1 for a person to look at (path in the log).
    const pdftoppm = spawnSync('pdftoppm', ['-v']);
    if (!pdftoppm.error) {
      const dir = await mkdtemp(join(tmpdir(), 'report-pdf-'));
      await writeFile(join(dir, 'report.pdf'), pdf);
      expect(
        spawnSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', join(dir, 'report.pdf'), join(dir, 'page')])
          .status,
      ).toBe(0);
      const png = await readFile(join(dir, 'page-1.png'));
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      console.info(`rendered ${join(dir, 'page-1.png')}`);
    }
  });

  it('writes a DXF that dxf-parser opens and the importer reads back to the same facets and lengths', async () => {
    const data = (await download(exports.dxf.export_id)).data;
    const opened = new DxfParser().parseSync(data.toString())!;
    expect(opened.header.$INSUNITS).toBe(2);
    expect(new Set(opened.entities.map((e) => e.layer))).toEqual(
      new Set(['ROOF-FACETS', 'LABELS', 'RIDGE', 'HIP', 'VALLEY', 'RAKE', 'EAVE']),
    );
    const back = parseDxf(data);
    expect(back.facets!.map((f) => [f.area_sqft, f.pitch])).toEqual([
      [1118, '6/12'],
      [1118, '6/12'],
    ]);
    expect(back.lengths).toMatchObject({ ridge: 40, hip: 20, valley: 10, rake: 50, eave: 80 });
  });

  it('writes CSV, XLSX, XML and JSON carrying the measurements, and a zip of the technical formats', async () => {
    const csv = (await download(exports.csv.export_id)).data.toString();
    expect(csv).toContain('summary,Total roof area,2236,sq ft');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await download(exports.xlsx.export_id)).data as never);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Summary', 'Facets', 'Waste']);
    expect(wb.getWorksheet('Summary')!.getRow(4).values).toEqual([undefined, 'Total roof area', 2236, 'sq ft']);
    const xml = (await download(exports.xml.export_id)).data.toString();
    expect(xml).toMatch(/<ROOF_REPORT[^>]*report_id="[^"]+"/);
    expect(xml).toContain('<LENGTH type="RIDGE" feet="40"');
    const json = JSON.parse((await download(exports.json.export_id)).data.toString());
    expect(json).toMatchObject({
      report_id: report.id,
      summary: { total_area_sqft: 2236 },
      geometry: { facets: expect.any(Array) },
    });
    expect((await zipNames((await download(exports.zip.export_id)).data)).sort()).toEqual([
      'Gable_job_12-r1.csv',
      'Gable_job_12-r1.dxf',
      'Gable_job_12-r1.json',
      'Gable_job_12-r1.xlsx',
      'Gable_job_12-r1.xml',
    ]);
  });

  it('replays the stored 201 for the same Idempotency-Key and body, and 409 for another body', async () => {
    const key = randomUUID();
    const first = await exportReport(owner.key, { formats: ['json'] }, report.id, key);
    const again = await exportReport(owner.key, { formats: ['json'] }, report.id, key);
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    const other = await exportReport(owner.key, { formats: ['csv'] }, report.id, key);
    expect(other.status).toBe(409);
    await expectMatchesSpec(t, 'POST', '/api/v1/reports/{report_id}/export', other);
  });

  it('uses the named revision, and answers 404 for an unknown one', async () => {
    const ok = await exportReport(owner.key, { formats: ['json'], revision_id: report.current_revision_id });
    expect(ok.status).toBe(201);
    expect(ok.body.exports[0].revision_id).toBe(report.current_revision_id);
    const res = await exportReport(owner.key, { formats: ['json'], revision_id: 'rrev_unknown' });
    expect(res.status).toBe(404);
    await expectMatchesSpec(t, 'POST', '/api/v1/reports/{report_id}/export', res);
  });

  it('answers 409 for a report that has no revision yet', async () => {
    const importing = await insertReport(t.sql, {
      id: newId('rpt'),
      workspaceId: owner.workspaceId,
      projectName: 'Still importing',
      externalReportId: null,
    });
    const res = await exportReport(owner.key, { formats: ['json'] }, importing.id);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('CONFLICT');
  });

  it("answers 404 for another workspace's report", async () => {
    const stranger = await t.tenant();
    const res = await exportReport(stranger.key, { formats: ['json'] });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });

  it.each([
    [{ formats: ['doc'] }, 'formats.0'],
    [{ formats: [] }, 'formats'],
    [{}, 'formats'],
    [{ formats: ['json'], workspace_id: 'ws_x' }, 'workspace_id'],
    [{ formats: ['json'], colour: 'red' }, 'colour'],
  ])('answers 400 naming the field for %j', async (body, field) => {
    const res = await exportReport(owner.key, body);
    expect(res.status).toBe(400);
    expect(res.body.error.details.issues.map((i: { path: string }) => i.path)).toContain(field);
    await expectMatchesSpec(t, 'POST', '/api/v1/reports/{report_id}/export', res);
  });

  it('answers 400 for a report id over 200 characters', async () => {
    const res = await exportReport(owner.key, { formats: ['json'] }, 'x'.repeat(201));
    expect(res.status).toBe(400);
    expect(res.body.error.details.issues[0]).toMatchObject({ location: 'path', path: 'report_id' });
  });

  it.each([
    ['reports.write without the pdf scope asks for a pdf', ['reports.write', 'reports.export_technical'], ['pdf'], 403],
    ['reports.write without the technical scope asks for csv', ['reports.write', 'reports.export_pdf'], ['csv'], 403],
    ['a format scope without reports.write', ['reports.export_pdf', 'reports.export_technical'], ['pdf'], 403],
    [
      'reports.write with the technical scope asks for a zip',
      ['reports.write', 'reports.export_technical'],
      ['zip'],
      201,
    ],
    ['reports.write with the pdf scope asks for a pdf', ['reports.write', 'reports.export_pdf'], ['pdf'], 201],
  ] as const)('scope rule: %s → %i', async (_, scopes, formats, status) => {
    const key = await t.keyFor(owner.workspaceId, [...scopes]);
    const res = await exportReport(key, { formats });
    expect(res.status).toBe(status);
    await expectMatchesSpec(t, 'POST', '/api/v1/reports/{report_id}/export', res);
  });

  it('answers 401 without a key', async () => {
    expect(
      (await t.request('POST', `/api/v1/reports/${report.id}/export`, { body: { formats: ['json'] } })).status,
    ).toBe(401);
  });
});

describe('GET /api/v1/reports/exports/{export_id} and /download', () => {
  let exportId: string;
  beforeAll(async () => {
    const res = await exportReport(owner.key, { formats: ['csv'] });
    exportId = res.body.exports[0].export_id;
    await waitForExports([exportId]);
  });

  it('returns the artifact with its download endpoint', async () => {
    const res = await t.request('GET', `/api/v1/reports/exports/${exportId}`, { key: owner.key });
    expect(res.status).toBe(200);
    await expectMatchesSpec(t, 'GET', '/api/v1/reports/exports/{export_id}', res);
    expect(res.body.export).toMatchObject({
      export_id: exportId,
      status: 'ready',
      format: 'csv',
      size_bytes: expect.any(Number),
      checksum: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
      download_url: `${t.config.PUBLIC_BASE_URL}/api/v1/reports/exports/${exportId}/download`,
    });
  });

  it('redirects 307 to a signed URL that works for 5 minutes and then fails', async () => {
    const redirect = await t.request('GET', `/api/v1/reports/exports/${exportId}/download`, { key: owner.key });
    expect(redirect.status).toBe(307);
    await expectMatchesSpec(t, 'GET', '/api/v1/reports/exports/{export_id}/download', redirect);
    const location = redirect.headers.get('location')!;
    const expires = Number(new URL(location).searchParams.get('expires'));
    expect(expires * 1000 - Date.now()).toBeGreaterThan(295_000);
    expect(expires * 1000 - Date.now()).toBeLessThanOrEqual(300_000);
    expect((await fetch(location)).status).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 301_000);
      const expired = await fetch(location);
      expect(expired.status).toBe(403);
    } finally {
      vi.useRealTimers();
    }
    const tampered = await fetch(location.replace(/sig=[^&]+/, 'sig=AAAA'));
    expect(tampered.status).toBe(403);
  });

  it('answers 409 to a download of an artifact that is not ready', async () => {
    const [pending] = await insertExports(t.sql, [
      {
        id: newId('rexp'),
        workspace_id: owner.workspaceId,
        report_id: report.id,
        revision_id: report.current_revision_id,
        format: 'json',
        file_name: 'pending.json',
        mime_type: 'application/json',
      },
    ]);
    const res = await t.request('GET', `/api/v1/reports/exports/${pending!.id}/download`, { key: owner.key });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('CONFLICT');
    await expectMatchesSpec(t, 'GET', '/api/v1/reports/exports/{export_id}/download', res);
  });

  it("answers 404 for another workspace's export, an unknown id and an id over 200 characters", async () => {
    const stranger = await t.tenant();
    for (const [path, template] of [
      [`/api/v1/reports/exports/${exportId}`, '/api/v1/reports/exports/{export_id}'],
      [`/api/v1/reports/exports/${exportId}/download`, '/api/v1/reports/exports/{export_id}/download'],
    ]) {
      const res = await t.request('GET', path!, { key: stranger.key });
      expect(res.status).toBe(404);
      await expectMatchesSpec(t, 'GET', template!, res);
    }
    expect((await t.request('GET', '/api/v1/reports/exports/rexp_unknown', { key: owner.key })).status).toBe(404);
    expect(
      (await t.request('GET', `/api/v1/reports/exports/${'x'.repeat(201)}/download`, { key: owner.key })).status,
    ).toBe(404);
  });

  it('answers 403 without reports.read', async () => {
    const key = await t.keyFor(owner.workspaceId, ['reports.write']);
    expect((await t.request('GET', `/api/v1/reports/exports/${exportId}`, { key })).status).toBe(403);
    expect((await t.request('GET', `/api/v1/reports/exports/${exportId}/download`, { key })).status).toBe(403);
  });
});
