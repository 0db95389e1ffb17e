import { createHash, randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import DxfParserModule from 'dxf-parser';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type Tenant, type TestContext } from './helpers/harness.ts';
import { expectMatchesSpec } from './helpers/openapi.ts';
import { newId } from '../core/ids.ts';
import { completeReportImport, insertExports, insertReport, upsertImportRevision } from '../storage/reports.ts';
import { parseDxf } from '../tasks/report_import/parseDxf.ts';
import { pdfText } from '../tasks/report_import/parsePdf.ts';
import { gableRoofDxf } from './fixtures/reports/build.ts';
import { MULTI_STRUCTURE_SUMMARY, STRUCTURES } from './fixtures/reports/structures.ts';
import { extractText, getDocumentProxy } from 'unpdf';
import { XMLParser } from 'fast-xml-parser';
import { parse as parseCsv } from 'csv-parse/sync';
import { importAndWait } from './helpers/reportImports.ts';

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

/** Every entry of a zip with its bytes. */
function unzip(data: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(data, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      const entries = new Map<string, Buffer>();
      zip!.on('entry', (e: yauzl.Entry) =>
        zip!.openReadStream(e, (err2, stream) => {
          if (err2) return reject(err2);
          const chunks: Buffer[] = [];
          stream!.on('data', (c: Buffer) => chunks.push(c));
          stream!.on('end', () => {
            entries.set(e.fileName, Buffer.concat(chunks));
            zip!.readEntry();
          });
        }),
      );
      zip!.on('end', () => resolve(entries));
      zip!.readEntry();
    });
  });
}

const zipNames = async (data: Buffer) => [...(await unzip(data)).keys()];

async function pdfPlainText(data: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(data)), { mergePages: true });
  return text;
}

/** Exports every format of a report and downloads each artifact once it is ready. */
async function exportEverything(reportId: string): Promise<Record<string, Buffer>> {
  const res = await exportReport(owner.key, { formats: ['pdf', 'xml', 'csv', 'xlsx', 'dxf', 'json', 'zip'] }, reportId);
  expect(res.status, res.text).toBe(201);
  const ids = res.body.exports.map((e: { export_id: string }) => e.export_id);
  await waitForExports(ids);
  const out: Record<string, Buffer> = {};
  for (const e of res.body.exports) {
    const [row] = await t.sql<{ status: string; error: string | null }[]>`
      select status, error from report_exports where id = ${e.export_id}`;
    expect(row, e.format).toMatchObject({ status: 'ready', error: null });
    out[e.format] = (await download(e.export_id)).data;
  }
  return out;
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

describe('exports of a property with several structures', () => {
  const totals = MULTI_STRUCTURE_SUMMARY;
  let files: Record<string, Buffer>;
  beforeAll(async () => {
    // The summary an import of a three-building property produces, written through the same storage calls.
    const before = await insertReport(t.sql, {
      id: newId('rpt'),
      workspaceId: owner.workspaceId,
      projectName: 'Quarry Hill',
      externalReportId: 'QH-77',
    });
    const revisionId = await upsertImportRevision(t.sql, {
      id: newId('rrev'),
      workspaceId: owner.workspaceId,
      reportId: before.id,
      summary: totals,
      geometry: null,
    });
    await completeReportImport(t.sql, before, {
      status: 'draft',
      revisionId,
      summary: totals,
      sourceFormats: ['pdf'],
      projectName: 'Quarry Hill',
      address: totals.address,
      locationLabel: null,
      lat: null,
      long: null,
    });
    files = await exportEverything(before.id);
  });

  it('names every structure in the PDF, with its figures, beside the property totals', async () => {
    const text = await pdfPlainText(files.pdf!);
    expect(text).toContain('3 structures: Structure 1, Garage, Pole barn');
    expect(text).toContain('Measurements by structure');
    expect(text).toContain('Property totals');
    expect(text).toContain('3,365 sq ft');
    expect(text).toContain('85.5 ft');
    for (const st of STRUCTURES) {
      expect(text).toContain(st.name);
      expect(text).toContain(`${st.total_area_sqft!.toLocaleString('en-US')} sq ft`);
      expect(text).toContain(`${st.lengths_ft.rake} ft`);
    }
    // Each structure has a page of its own with its facets and waste table.
    expect(text).toMatch(/Pole barn\s+3 of 3 structures/);
    expect(text).toContain('306.4 sq ft');
    const pages = (await getDocumentProxy(new Uint8Array(files.pdf!))).numPages;
    expect(pages).toBeGreaterThanOrEqual(1 + STRUCTURES.length);
    const pdftoppm = spawnSync('pdftoppm', ['-v']);
    if (!pdftoppm.error) {
      const dir = await mkdtemp(join(tmpdir(), 'report-structures-pdf-'));
      await writeFile(join(dir, 'report.pdf'), files.pdf!);
      expect(spawnSync('pdftoppm', ['-png', '-r', '70', join(dir, 'report.pdf'), join(dir, 'page')]).status).toBe(0);
      console.info(`rendered ${dir}/page-*.png`);
    }
  });

  it('writes the totals and a section per structure in the CSV', () => {
    const rows: string[][] = parseCsv(files.csv!);
    const value = (section: string, item: string) => rows.find((r) => r[0] === section && r[1] === item)?.[2];
    expect(value('summary', 'Total roof area')).toBe('3365');
    expect(value('summary', 'Ridges')).toBe('85.5');
    expect(value('pitch', '9/12')).toBe('1108.2');
    for (const st of STRUCTURES) {
      expect(value(`${st.name}: summary`, 'Total roof area')).toBe(String(st.total_area_sqft));
      expect(value(`${st.name}: summary`, 'Predominant pitch')).toBe(st.predominant_pitch);
      expect(value(`${st.name}: summary`, 'Eaves')).toBe(String(st.lengths_ft.eave));
      expect(value(`${st.name}: facet`, st.facets[0]!.id)).toBe(String(st.facets[0]!.area_sqft));
      expect(value(`${st.name}: pitch`, st.areas_per_pitch[0]!.pitch)).toBe(String(st.areas_per_pitch[0]!.area_sqft));
      expect(value(`${st.name}: waste`, '0%')).toBe(String(st.waste_table[0]!.area_sqft));
    }
  });

  it('writes the totals, a table by structure and a sheet per structure in the XLSX', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(files.xlsx! as never);
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      'Summary',
      'Pitches',
      'Facets',
      'Waste',
      'Structure 1',
      'Garage',
      'Pole barn',
    ]);
    const rows = (name: string) =>
      wb
        .getWorksheet(name)!
        .getSheetValues()
        .map((r) => (r as unknown[])?.slice(1));
    const summary = rows('Summary');
    expect(summary).toContainEqual(['Total roof area', 3365, 'sq ft']);
    const byStructure = summary.findIndex((r) => r?.[0] === 'Structure');
    expect(summary[byStructure]!.slice(0, 3)).toEqual([
      'Structure',
      'Total roof area (sq ft)',
      'Total squares (squares)',
    ]);
    expect(summary.slice(byStructure + 1).map((r) => r?.slice(0, 2))).toEqual([
      ...STRUCTURES.map((st) => [st.name, st.total_area_sqft]),
      ['All structures', 3365],
    ]);
    for (const st of STRUCTURES) {
      const sheet = rows(st.name);
      expect(sheet[1]).toEqual([st.name]);
      expect(sheet).toContainEqual(['Total roof area', st.total_area_sqft, 'sq ft']);
      expect(sheet).toContainEqual(['Rakes', st.lengths_ft.rake, 'ft']);
      expect(sheet).toContainEqual([st.facets[0]!.id, st.facets[0]!.pitch, st.facets[0]!.area_sqft]);
      expect(sheet).toContainEqual([0, st.waste_table[0]!.area_sqft, st.waste_table[0]!.squares]);
    }
  });

  it('writes the totals at the top of the XML and a STRUCTURE element per structure, in the zip too', async () => {
    const parser = new XMLParser({
      ignoreAttributes: false,
      isArray: (name) => ['STRUCTURE', 'LENGTH', 'FACET', 'ROW', 'PITCH'].includes(name),
    });
    const zipped = await unzip(files.zip!);
    const zippedXml = [...zipped].find(([name]) => name.endsWith('.xml'))![1];
    expect(zippedXml.toString()).toBe(files.xml!.toString());
    const report = parser.parse(files.xml!.toString()).ROOF_REPORT;
    expect(report.SUMMARY['@_total_area_sqft']).toBe('3365');
    expect(report.PITCHES.PITCH).toHaveLength(4);
    expect(
      report.STRUCTURES.STRUCTURE.map((s: any) => [s['@_name'], s['@_number'], s.SUMMARY['@_total_area_sqft']]),
    ).toEqual(STRUCTURES.map((st) => [st.name, String(st.number), String(st.total_area_sqft)]));
    const garage = report.STRUCTURES.STRUCTURE[1];
    expect(garage.LENGTHS.LENGTH.find((l: any) => l['@_type'] === 'RAKE')['@_feet']).toBe('52');
    expect(garage.FACETS.FACET.map((f: any) => f['@_id'])).toEqual(['G1', 'G2']);
    expect(garage.WASTE.ROW.map((w: any) => w['@_area_sqft'])).toEqual(['613', '674']);
    // The JSON (alone and in the zip) is the revision's summary: totals with the structures beside them.
    for (const json of [files.json!, [...zipped].find(([name]) => name.endsWith('.json'))![1]]) {
      const doc = JSON.parse(json.toString());
      expect(doc.summary.total_area_sqft).toBe(3365);
      expect(doc.summary.structures).toEqual(STRUCTURES);
    }
    const zippedCsv = [...zipped].find(([name]) => name.endsWith('.csv'))![1];
    expect(zippedCsv.toString()).toContain('Pole barn: summary,Total roof area,433.9,sq ft');
  });

  it('keeps a single building free of structure sections', async () => {
    const single = await exportEverything(report.id);
    const text = await pdfPlainText(single.pdf!);
    expect(text).toContain('Summary');
    expect(text).not.toMatch(/structure/i);
    expect(single.csv!.toString()).not.toMatch(/: summary|structure/i);
    expect(single.xml!.toString()).not.toContain('STRUCTURE');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(single.xlsx! as never);
    expect(wb.worksheets.map((w) => w.name)).not.toContain('Structure 1');
    expect(JSON.parse(single.json!.toString()).summary.structures).toBeUndefined();
  });
});
