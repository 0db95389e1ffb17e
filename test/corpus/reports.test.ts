import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFile } from '../../tasks/report_import/parseFile.ts';
import { summarize, type Outcome } from '../../tasks/report_import/summary.ts';
import { requireCorpusDir } from './corpusDir.ts';

const FIXTURES = join(requireCorpusDir(), 'reports');

async function importFixture(path: string): Promise<Outcome> {
  const name = path.split('/').pop()!;
  return summarize([await parseFile(name, readFileSync(join(FIXTURES, path)), { alone: true })]);
}

function expectImported(outcome: Outcome): asserts outcome is Extract<Outcome, { status: 'draft' | 'needs_review' }> {
  expect(outcome.status, outcome.status === 'failed' ? outcome.reason : '').not.toBe('failed');
}

describe('EagleView Premium Report PDF (Deltona, FL)', () => {
  it("yields the report's own totals as a draft", async () => {
    const outcome = await importFixture('pdf/eagleview-premium-report-59803192-deltona-fl.pdf');
    expectImported(outcome);
    expect(outcome.status).toBe('draft');
    const s = outcome.summary;
    expect(s).toMatchObject({
      address: '108 Poinciana Lane, Deltona, FL 32738',
      total_area_sqft: 2865,
      total_squares: 28.65,
      predominant_pitch: '5/12',
      facet_count: 13,
      missing: [],
    });
    expect(s.lengths_ft).toEqual({
      ridge: 105,
      hip: 10,
      valley: 89,
      rake: 154,
      eave: 109,
      step_flashing: 16,
      flashing: 2,
      drip_edge: 263,
      parapet: 0,
      ridge_hip: 115,
    });
    expect(s.areas_per_pitch).toEqual([
      { pitch: '1/12', area_sqft: 454.6 },
      { pitch: '2/12', area_sqft: 521 },
      { pitch: '5/12', area_sqft: 1888.5 },
    ]);
    expect(s.waste_table[0]).toEqual({ waste_percent: 0, area_sqft: 1889, squares: 19 });
    expect(outcome.measurements).toMatchObject({ lat: 28.8563321, long: -81.2141366 });
  });

  it('rejects the placeholder sample that has no measurements', async () => {
    const outcome = await importFixture('pdf/negative-roofmanager-sample-placeholder.pdf');
    expect(outcome).toEqual({ status: 'failed', reason: expect.stringMatching(/No roof measurements/) });
  });
});

describe('CSV', () => {
  it('reads the first report of the 25-row New Jersey summary table', async () => {
    const outcome = await importFixture('csv/roof-measurement-summary-25-nj-reports.csv');
    expectImported(outcome);
    expect(outcome.status).toBe('draft');
    expect(outcome.summary).toMatchObject({
      address: '2 Banbury Rd, Lumberton, NJ 08048',
      total_area_sqft: 3711,
      predominant_pitch: '8/12',
      lengths_ft: { ridge_hip: 138, valley: 113, rake: 235, eave: 216 },
    });
    expect(outcome.summary.warnings).toContain('The table has 25 data rows; the first one was imported');
  });

  it('converts the tab-separated FreeCAD roof slab area from m² and asks for review', async () => {
    const outcome = await importFixture('csv/barcelona-pavilion-quantities.csv');
    expectImported(outcome);
    expect(outcome.status).toBe('needs_review');
    expect(outcome.summary.total_area_sqft).toBe(4111.4);
  });

  it('finds no roof in the walls-and-windows reporting blocks', async () => {
    expect((await importFixture('csv/barcelona-pavilion-quantities-from-reporting.csv')).status).toBe('failed');
  });
});

describe('DXF', () => {
  it.each([
    ['dxf/hypar-roof-outline-1.dxf', 335.2, /2 openings/],
    ['dxf/hypar-roof-outline-3.dxf', 384.6, /feet were assumed/],
    ['dxf/hypar-roof-outline-2.dxf', 3.9, /plan \(horizontal\) area/],
  ])('%s: closed outline area (openings subtracted, $INSUNITS applied) for review', async (path, area, warning) => {
    const outcome = await importFixture(path);
    expectImported(outcome);
    expect(outcome.status).toBe('needs_review');
    expect(outcome.summary.total_area_sqft).toBe(area);
    expect(outcome.summary.facet_count).toBe(1);
    expect(outcome.summary.warnings.join(' ')).toMatch(warning);
  });

  it.each([
    'dxf/barcelona-pavilion-roof-plan.dxf',
    'dxf/barcelona-pavilion-full-plan-r2000.dxf',
    'dxf/barcelona-pavilion-plan-r12-freecad-export.dxf',
  ])('%s: architectural plans with no closed roof facets or roof line layers fail cleanly', async (path) => {
    expect(await importFixture(path)).toEqual({
      status: 'failed',
      reason: expect.stringMatching(/No roof measurements/),
    });
  });
});

describe('GAF QuickMeasure 3D model (DXF of 20 closed 3D polylines)', () => {
  it('measures each facet from its plane and classifies the lines from the geometry', async () => {
    const outcome = await importFixture('dxf/gaf-quickmeasure-3d-facets-moore-ok.dxf');
    expectImported(outcome);
    expect(outcome.status).toBe('draft');
    const s = outcome.summary;
    expect(s.facet_count).toBe(20);
    expect(s.facets).toHaveLength(20);
    // The total is the facets' true areas added up; every facet has a pitch from its plane.
    expect(s.total_area_sqft).toBeCloseTo(
      s.facets.reduce((sum, f) => sum + f.area_sqft, 0),
      0,
    );
    expect(s.facets.every((f) => f.pitch !== null)).toBe(true);
    expect(s.areas_per_pitch.reduce((sum, p) => sum + p.area_sqft, 0)).toBeCloseTo(s.total_area_sqft!, 0);
    expect(s.predominant_pitch).toBe('8/12');
    for (const kind of ['ridge', 'hip', 'valley', 'eave', 'rake'] as const)
      expect(s.lengths_ft[kind], kind).toBeGreaterThan(0);
    expect(s.warnings.join(' ')).toMatch(/units are not stated; .* reads as metres/);
    expect(outcome.measurements.geometry?.facets).toHaveLength(20);
  });
});

describe('XLSX', () => {
  it('streams the 342-row bill of quantities and finds it is not a roof report', async () => {
    expect(await importFixture('xlsx/generic-construction-boq-342-items.xlsx')).toEqual({
      status: 'failed',
      reason: expect.stringMatching(/No roof measurements/),
    });
  });
});
