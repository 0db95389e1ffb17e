import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers/harness.ts';
import { EAGLEVIEW_TOTALS_XML, HOVER_XML } from './fixtures/reports/build.ts';
import { importAndWait } from './helpers/reportImports.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ RATE_LIMIT_PER_MINUTE: '10000' });
  await t.startWorker();
});
afterAll(() => t.close());

describe('real-world XML variants imported through the API', () => {
  it('reads an EagleView export that states its totals as labelled elements with units', async () => {
    const tenant = await t.tenant();
    const report = await importAndWait(t, tenant.key, [
      { name: 'eagleview-48211737.xml', data: Buffer.from(EAGLEVIEW_TOTALS_XML) },
    ]);
    expect(report).toMatchObject({
      status: 'draft',
      source_formats: ['xml'],
      project_address: '2213 Larkspur Drive, Boise, ID 83706',
      location_lat: 43.5873,
      location_long: -116.1982,
    });
    expect({ ...report.summary, waste_table: undefined }).toEqual({
      address: '2213 Larkspur Drive, Boise, ID 83706',
      total_area_sqft: 2450,
      total_squares: 24.5,
      predominant_pitch: '7/12',
      facet_count: 11,
      facets: [],
      areas_per_pitch: [],
      lengths_ft: {
        ridge: 42.5,
        hip: 61,
        valley: 28.5,
        rake: 54,
        eave: 118.5,
        step_flashing: 12,
        ridge_hip: 103.5,
        flashing: 9,
        drip_edge: 172.5,
        parapet: null,
      },
      missing: [],
      warnings: [],
      sources: [
        {
          file_name: 'eagleview-48211737.xml',
          format: 'eagleview_xml',
          vendor: 'eagleview',
          product: 'EagleView XML export',
        },
      ],
      waste_table: undefined,
    });
  });

  it('converts totals stated in metric units', async () => {
    const tenant = await t.tenant();
    const metric = EAGLEVIEW_TOTALS_XML.replace('<TOTAL_AREA unit="sqft">2450', '<TOTAL_AREA unit="sqm">227.6').replace(
      '<RIDGE UNITS="FT">42.5',
      '<RIDGE UNITS="M">10',
    );
    const report = await importAndWait(t, tenant.key, [{ name: 'metric.xml', data: Buffer.from(metric) }]);
    expect(report.summary.total_area_sqft).toBe(2449.9);
    expect(report.summary.lengths_ft.ridge).toBe(32.8);
  });

  it("reads Hover's DATA_EXPORT: area and pitch from the polygons, lengths from the line points", async () => {
    const tenant = await t.tenant();
    const report = await importAndWait(t, tenant.key, [{ name: 'hover-model.xml', data: Buffer.from(HOVER_XML) }]);
    expect(report).toMatchObject({
      status: 'draft',
      source_formats: ['xml'],
      project_address: '4118 Cedar Hollow Road, Raleigh, NC 27609',
      location_label: 'Raleigh, NC 27609',
      location_lat: 35.8472,
      location_long: -78.6321,
    });
    expect(report.summary).toMatchObject({
      total_area_sqft: 1473.7,
      total_squares: 14.74,
      // 1,341.8 sq ft at 6/12 against the porch's 131.9 at 3/12.
      predominant_pitch: '6/12',
      facet_count: 5,
      // Hips 4 x 22.5 ft; rakes 2 x √68; step flashing 2 x √11.25; eaves 140 + 16; no valleys.
      lengths_ft: { ridge: 10, hip: 90, valley: 0, rake: 16.5, eave: 156, step_flashing: 6.7, ridge_hip: 100 },
      missing: [],
      sources: [{ file_name: 'hover-model.xml', format: 'hover_xml', vendor: 'hover', product: 'Hover XML export' }],
    });
    expect(report.summary.facets).toEqual([
      { id: 'R-1', area_sqft: 419.3, pitch: '6/12' },
      { id: 'R-2', area_sqft: 419.3, pitch: '6/12' },
      { id: 'R-3', area_sqft: 251.6, pitch: '6/12' },
      { id: 'R-4', area_sqft: 251.6, pitch: '6/12' },
      { id: 'R-5', area_sqft: 131.9, pitch: '3/12' },
    ]);
    const [rev] = await t.sql`select geometry from report_revisions where id = ${report.current_revision_id}`;
    expect(rev!.geometry.facets.map((f: { points: unknown[] }) => f.points.length)).toEqual([4, 4, 3, 3, 4]);
  });
});
