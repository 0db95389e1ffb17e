import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type Tenant, type TestContext } from './helpers/harness.ts';
import { importAndWait, waitForImport } from './helpers/reportImports.ts';
import {
  CSV_SAMPLE,
  EAGLEVIEW_SAMPLE,
  HOVER_SAMPLE,
  ROOFR_SAMPLE,
  SAMPLES_DIR,
  XLSX_SAMPLE,
  XML_SAMPLE,
  buildSamples,
} from '../samples/build.ts';

let t: TestContext;
let owner: Tenant;
let built: Record<string, Buffer>;
beforeAll(async () => {
  t = await createTestContext({ RATE_LIMIT_PER_MINUTE: '10000' });
  await t.startWorker();
  owner = await t.tenant();
  built = await buildSamples();
});
afterAll(() => t.close());

const committed = (name: string) => readFile(join(SAMPLES_DIR, name));

async function cells(xlsx: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(xlsx as never);
  return wb.worksheets.map((ws) => [ws.name, ws.getSheetValues()]);
}

async function importSample(name: string, type?: string) {
  return importAndWait(t, owner.key, [{ name, data: await committed(name), type }]);
}

const close = (expected: number) => expect.closeTo(expected, 1);

describe('samples/reports', () => {
  it('holds exactly what samples/build.ts builds (npm run samples)', async () => {
    for (const [name, data] of Object.entries(built)) {
      // A workbook's zip stamps each part with the time it was written: compare the cells.
      if (name.endsWith('.xlsx')) expect(await cells(await committed(name)), name).toEqual(await cells(data));
      else expect((await committed(name)).equals(data), `${name} differs from a fresh build`).toBe(true);
    }
  });

  it("the import's curl in /docs, pasted into a shell at the repository root, imports the CSV sample", async () => {
    const doc = (await t.request('GET', '/api/v1/openapi.json')).body;
    const [sample] = doc.paths['/api/v1/reports/import'].post['x-codeSamples'];
    expect(sample.source).toContain('-F files=@samples/reports/roof-measurements.csv');
    // Asynchronously: the server answering it runs in this process.
    const { stdout } = await promisify(execFile)(
      'sh',
      ['-c', `${sample.source.replace(doc.servers[0].url, t.baseUrl)} --silent --show-error --fail-with-body`],
      { cwd: join(SAMPLES_DIR, '../..'), env: { ...process.env, KEY: owner.key } },
    );
    const { report } = JSON.parse(stdout);
    expect(report.status).toBe('importing');
    const done = await waitForImport(t, report.id);
    expect(done.status).toBe('draft');
    expect(done.summary.total_area_sqft).toBe(CSV_SAMPLE.total_area_sqft);
  });

  it.each([
    ['roof-measurements.csv', CSV_SAMPLE],
    ['roof-measurements.xlsx', XLSX_SAMPLE],
  ])('%s imports to a draft with its totals', async (name, sample) => {
    const report = await importSample(name);
    expect(report.status, JSON.stringify(report.summary)).toBe('draft');
    expect(report.summary).toMatchObject({
      address: sample.address,
      total_area_sqft: sample.total_area_sqft,
      predominant_pitch: sample.predominant_pitch,
      lengths_ft: sample.lengths_ft,
    });
  });

  it('eagleview-style.xml imports to a draft with its facets and lengths', async () => {
    const report = await importSample('eagleview-style.xml');
    expect(report.status, JSON.stringify(report.summary)).toBe('draft');
    expect(report.summary.total_area_sqft).toBe(XML_SAMPLE.total_area_sqft);
    expect(report.summary.predominant_pitch).toBe(XML_SAMPLE.predominant_pitch);
    expect(report.summary.facets).toHaveLength(XML_SAMPLE.facet_count);
    const { ridge, rake, eave } = XML_SAMPLE.lengths_ft;
    expect(report.summary.lengths_ft).toMatchObject({ ridge, rake: close(rake), eave, hip: 0, valley: 0 });
  });

  it('roof-plan.dxf imports to a draft: a 50 x 30 ft hip roof at 5/12', async () => {
    const report = await importSample('roof-plan.dxf');
    expect(report.status, JSON.stringify(report.summary)).toBe('draft');
    // 1,500 sq ft of plan at 5/12 slopes to 1,500 x 13/12 = 1,625 sq ft.
    expect(report.summary.total_area_sqft).toBeCloseTo(1625, 0);
    expect(report.summary.predominant_pitch).toBe('5/12');
    expect(report.summary.facets).toHaveLength(4);
    expect(report.summary.lengths_ft).toMatchObject({ ridge: 20, eave: 160, valley: 0 });
    expect(report.summary.lengths_ft.hip).toBeGreaterThan(84);
  });

  // These three read through the vendor readers of issue 20's import side (branch i20-import).
  describe('vendor samples (need the vendor readers)', () => {
    it('roofr-style-report.pdf imports to a draft with feet and inches kept', async () => {
      const report = await importSample('roofr-style-report.pdf', 'application/pdf');
      expect(report.status, JSON.stringify(report.summary)).toBe('draft');
      const l = ROOFR_SAMPLE.lengths_ft;
      expect(report.summary).toMatchObject({
        address: ROOFR_SAMPLE.address,
        total_area_sqft: ROOFR_SAMPLE.total_area_sqft,
        predominant_pitch: ROOFR_SAMPLE.predominant_pitch,
        facet_count: ROOFR_SAMPLE.facet_count,
        areas_per_pitch: ROOFR_SAMPLE.areas_per_pitch,
        sources: [expect.objectContaining({ vendor: 'roofr' })],
      });
      for (const [kind, feet] of Object.entries(l)) expect(report.summary.lengths_ft[kind], kind).toBeCloseTo(feet, 1);
      expect(report.summary.structures).toBeUndefined();
    });

    it('eagleview-style-report.pdf imports the property totals and both structures', async () => {
      const report = await importSample('eagleview-style-report.pdf', 'application/pdf');
      expect(report.status, JSON.stringify(report.summary)).toBe('draft');
      const s = report.summary;
      expect(s).toMatchObject({
        total_area_sqft: EAGLEVIEW_SAMPLE.total_area_sqft,
        facet_count: EAGLEVIEW_SAMPLE.facet_count,
        predominant_pitch: EAGLEVIEW_SAMPLE.predominant_pitch,
        lengths_ft: EAGLEVIEW_SAMPLE.lengths_ft,
        sources: [expect.objectContaining({ vendor: 'eagleview', product: expect.stringMatching(/Premium/) })],
      });
      expect(s.warnings).toEqual([]);
      expect(
        s.structures.map((st: any) => [st.number, st.total_area_sqft, st.predominant_pitch, st.lengths_ft.eave]),
      ).toEqual(EAGLEVIEW_SAMPLE.structures.map((st) => [st.number, st.area, st.pitch, st.eaves]));
      expect(s.structures.map((st: any) => st.name)).toEqual(
        [/Structure #?1$/, /Structure #?2$/].map((re) => expect.stringMatching(re)),
      );
    });

    it("hover-measurements.json imports the summary's figures", async () => {
      const report = await importSample('hover-measurements.json', 'application/json');
      expect(report.status, JSON.stringify(report.summary)).toBe('draft');
      expect(report.summary).toMatchObject({
        address: HOVER_SAMPLE.address,
        total_area_sqft: HOVER_SAMPLE.total_area_sqft,
        facet_count: HOVER_SAMPLE.facet_count,
        predominant_pitch: HOVER_SAMPLE.predominant_pitch,
        areas_per_pitch: HOVER_SAMPLE.areas_per_pitch,
        // Hover prints hundredths of a foot; within 0.05 ft of them.
        lengths_ft: Object.fromEntries(
          Object.entries({ ...HOVER_SAMPLE.lengths_ft, ridge_hip: HOVER_SAMPLE.ridge_hip_ft }).map(([k, v]) => [
            k,
            close(v),
          ]),
        ),
        sources: [expect.objectContaining({ format: 'json', vendor: 'hover' })],
      });
    });
  });
});
