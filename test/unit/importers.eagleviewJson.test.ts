import { importedAlone } from '../helpers/reportImports.ts';
import { describe, expect, it } from 'vitest';
import { PermanentError } from '../../core/errors.ts';
import { parseFile } from '../../tasks/report_import/parseFile.ts';
import { eagleViewExportJson, eagleViewGetReportJson } from '../fixtures/reports/eagleviewJson.ts';

const imported = importedAlone;

describe("EagleView's measurement JSON (EAGLEVIEW_EXPORT)", () => {
  it('reads the OVERALL_SUMMARY totals, the location, and the roof model behind them', async () => {
    const { status, summary, measurements } = await imported('68789287.json', eagleViewExportJson());
    expect(status).toBe('draft');
    expect(summary).toMatchObject({
      address: '18 Willow Bend, Lakeview, OH 43331',
      total_area_sqft: 1342,
      predominant_pitch: '6/12',
      facet_count: 2,
      lengths_ft: { ridge: 40, hip: 0, valley: 0, rake: 67.1, eave: 80, flashing: 0, step_flashing: 0 },
      facets: [
        { id: 'A', area_sqft: 670.8, pitch: '6/12' },
        { id: 'B', area_sqft: 670.8, pitch: '6/12' },
      ],
      missing: [],
      warnings: [],
      sources: [
        { file_name: '68789287.json', format: 'json', vendor: 'eagleview', product: 'EagleView measurement JSON' },
      ],
    });
    expect(measurements).toMatchObject({ lat: 40.4862, long: -83.9225 });
    expect(measurements.geometry?.facets).toHaveLength(2);
  });
});

describe("EagleView's GetReport answer", () => {
  it('reads TotalMeasurements as the property, each building of MeasurementByStructure, the pitch table and the place', async () => {
    const { status, summary, measurements } = await imported('getreport.json', eagleViewGetReportJson());
    expect(status).toBe('draft');
    expect(summary).toMatchObject({
      address: '4 Tanager Way, Mill Creek, WA 98012',
      total_area_sqft: 2640,
      predominant_pitch: '7/12',
      facet_count: 12,
      lengths_ft: { ridge: 62, hip: 24, valley: 18, rake: 96, eave: 180, flashing: 10, step_flashing: 14 },
      areas_per_pitch: [
        { pitch: '4/12', area_sqft: 440 },
        { pitch: '7/12', area_sqft: 2200 },
      ],
      warnings: [],
      sources: [{ vendor: 'eagleview', product: 'EagleView GetReport JSON' }],
    });
    expect(summary.structures).toMatchObject([
      { name: 'Main House', number: 1, total_area_sqft: 2200, predominant_pitch: '7/12', lengths_ft: { ridge: 50 } },
      { name: 'Garage', number: 2, total_area_sqft: 440, predominant_pitch: '4/12', lengths_ft: { eave: 40 } },
    ]);
    expect(measurements).toMatchObject({ lat: 47.8601, long: -122.2043 });
  });

  it('refuses an order not completed yet, saying so', async () => {
    const err = await parseFile('pending.json', Buffer.from(eagleViewGetReportJson('InProcess')), {
      alone: true,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PermanentError);
    expect((err as Error).message).toBe(
      'EagleView report 70000002 is InProcess and carries no measurements yet; import its GetReport answer once it is Completed',
    );
  });

  it.each([
    ['a JSON of something else', '{"ReportId": 5, "Status": "Completed"}'],
    ['an empty object', '{}'],
  ])('refuses %s, naming the documents it reads', async (_, text) => {
    await expect(parseFile('x.json', Buffer.from(text), { alone: true })).rejects.toThrow(
      /EagleView measurement JSON has `EAGLEVIEW_EXPORT`/,
    );
  });
});
