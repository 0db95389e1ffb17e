import { importedAlone } from '../helpers/reportImports.ts';
import { describe, expect, it } from 'vitest';
import { PermanentError } from '../../core/errors.ts';
import { readReportText } from '../../tasks/report_import/detectVendor.ts';
import { parseLength } from '../../tasks/report_import/feet.ts';
import { parseFile } from '../../tasks/report_import/parseFile.ts';
import {
  EAGLEVIEW_LINES,
  eagleViewPdf,
  eagleViewSummaryPage,
  eagleViewTwoStructuresPdf,
  hoverMeasurementsJson,
  pagesPdf,
  roofrPdf,
  roofrTwoStructuresPdf,
} from '../fixtures/reports/build.ts';

const imported = importedAlone;

describe('lengths as printed', () => {
  it.each([
    ['92ft 2in', 92.17],
    ['92\' 2"', 92.17],
    ['92 ft 2 in', 92.17],
    ['92\'-2"', 92.17],
    ['92\u2019 2\u201d', 92.17],
    ['6ft 4in', 6.33],
    ['39ft 11in', 39.92],
    ['1,204 ft', 1204],
    ['17.5 ft', 17.5],
    ['0\' 0"', 0],
  ])('%s is %d ft', (text, feet) => {
    expect(parseLength(text)).toBe(feet);
  });

  it.each(['92', '92ft 14in', 'ridge', `${'9'.repeat(200)}ft`])('%s is not a length', (text) => {
    expect(parseLength(text)).toBeUndefined();
  });
});

describe('Roofr layout', () => {
  it('reads the report summary with every length in feet and inches, as a draft naming Roofr', async () => {
    const { status, summary } = await imported('roofr.pdf', await roofrPdf());
    expect(status).toBe('draft');
    expect(summary).toMatchObject({
      address: '55 Birch Way, Austin, TX 78701',
      total_area_sqft: 2450,
      predominant_pitch: '7/12',
      facet_count: 14,
      lengths_ft: {
        eave: 120.5,
        valley: 30.92,
        hip: 6.33,
        ridge: 44.17,
        rake: 98,
        flashing: 12.25,
        step_flashing: 20.75,
        parapet: 0,
        ridge_hip: 50.5,
        drip_edge: 218.5,
      },
      areas_per_pitch: [
        { pitch: '4/12', area_sqft: 450 },
        { pitch: '7/12', area_sqft: 2000 },
      ],
      waste_table: [
        { waste_percent: 0, area_sqft: 2450, squares: 24.5 },
        { waste_percent: 10, area_sqft: 2695, squares: 27 },
        { waste_percent: 15, area_sqft: 2818, squares: 28.2 },
      ],
      sources: [{ file_name: 'roofr.pdf', format: 'pdf', vendor: 'roofr', product: 'Roofr report' }],
    });
    expect(summary.structures).toBeUndefined();
  });
});

describe('Roofr layout with several structures', () => {
  it('takes the "Report summary" as the property and each "Structure #N summary" as a structure', async () => {
    const { status, summary } = await imported('roofr.pdf', await roofrTwoStructuresPdf());
    expect(status).toBe('draft');
    expect(summary).toMatchObject({
      address: '7 Elm Court, Dover, DE 19901',
      total_area_sqft: 2280,
      predominant_pitch: '8/12',
      facet_count: 10,
      lengths_ft: { eave: 175.25, valley: 20.25, hip: 30, ridge: 52.75, rake: 88.92 },
      areas_per_pitch: [
        { pitch: '4/12', area_sqft: 180 },
        { pitch: '8/12', area_sqft: 2100 },
      ],
      warnings: [],
      sources: [{ vendor: 'roofr', product: 'Roofr report' }],
    });
    expect(summary.structures).toMatchObject([
      {
        name: 'Structure 1',
        number: 1,
        total_area_sqft: 2100,
        predominant_pitch: '8/12',
        facet_count: 8,
        lengths_ft: { eave: 150.5, ridge: 40.33, rake: 60.67 },
      },
      {
        name: 'Structure 2',
        number: 2,
        total_area_sqft: 180,
        predominant_pitch: '4/12',
        facet_count: 2,
        lengths_ft: { eave: 24.75, ridge: 12.42, hip: 0 },
      },
    ]);
  });
});

describe('EagleView layout with several structures', () => {
  it('takes the "All Structures Totals" page as the property and lists each structure', async () => {
    const { status, summary } = await imported('ev.pdf', await eagleViewTwoStructuresPdf());
    expect(status).toBe('draft');
    expect(summary).toMatchObject({
      total_area_sqft: 2600,
      predominant_pitch: '6/12',
      facet_count: 6,
      lengths_ft: { ridge: 60, hip: 20, valley: 10, rake: 80, eave: 100, flashing: 6, step_flashing: 4 },
      warnings: [],
      sources: [{ vendor: 'eagleview', product: 'EagleView Premium' }],
    });
    expect(summary.structures).toMatchObject([
      { name: 'Structure 1', number: 1, total_area_sqft: 2000, predominant_pitch: '6/12', lengths_ft: { ridge: 40 } },
      { name: 'Structure 2', number: 2, total_area_sqft: 600, predominant_pitch: '4/12', lengths_ft: { eave: 40 } },
    ]);
  });

  it('sums the structures when the report prints no property totals', async () => {
    const { summary } = await imported('ev.pdf', await eagleViewTwoStructuresPdf(null));
    expect(summary).toMatchObject({
      total_area_sqft: 2600,
      total_squares: 26,
      predominant_pitch: '6/12',
      facet_count: 6,
      lengths_ft: { ridge: 60, hip: 20, valley: 10, rake: 80, eave: 100, flashing: 6, step_flashing: 4 },
      areas_per_pitch: [
        { pitch: '4/12', area_sqft: 600 },
        { pitch: '6/12', area_sqft: 2000 },
      ],
    });
    expect(summary.structures).toHaveLength(2);
  });

  it('keeps a printed total that disagrees with the structures beyond rounding, with a warning', async () => {
    const { summary } = await imported('ev.pdf', await eagleViewTwoStructuresPdf('2,700'));
    expect(summary.total_area_sqft).toBe(2700);
    expect(summary.warnings).toEqual([
      'The 2 structures add up to 2,600 sq ft of roof area but the report prints 2,700 sq ft for the property; the printed total is kept',
    ]);
  });

  it('reads the structures from the "Measurements by Structure" table when they have no pages of their own', async () => {
    const totals = eagleViewSummaryPage(
      'All Structures',
      { area: '2,600', pitch: '6/12', facets: 6, ridges: 60, hips: 20, valleys: 10, rakes: 80, eaves: 100 },
      [['6/12', '2600.0']],
    );
    const table = [
      'Measurements by Structure',
      'Structure Area',
      '(sq ft)',
      'Ridges',
      '(ft)',
      'Hips (ft) Valleys',
      '(ft)',
      'Rakes',
      '(ft)',
      'Eaves',
      '(ft)',
      'Flashing',
      '(ft)',
      'Step Flashing',
      '(ft)',
      'Parapet',
      's (ft)',
      '1 2000 40 20 10 50 60 6 4 0',
      '2 600 20 0 0 30 40 0 0 0',
      'All values in this table are rounded up to the nearest Foot for each separate structure.',
    ];
    const { summary } = await imported('ev.pdf', await pagesPdf([[...totals.slice(0, -1), ...table, totals.at(-1)!]]));
    expect(summary.total_area_sqft).toBe(2600);
    expect(summary.warnings).toEqual([]);
    expect(summary.structures).toMatchObject([
      {
        name: 'Structure 1',
        total_area_sqft: 2000,
        lengths_ft: { ridge: 40, hip: 20, valley: 10, rake: 50, eave: 60, flashing: 6, step_flashing: 4, parapet: 0 },
      },
      { name: 'Structure 2', total_area_sqft: 600, lengths_ft: { ridge: 20, rake: 30, eave: 40, flashing: 0 } },
    ]);
  });

  it('accepts a printed total within a unit per structure of the sum', async () => {
    const { summary } = await imported('ev.pdf', await eagleViewTwoStructuresPdf('2,602'));
    expect(summary.total_area_sqft).toBe(2602);
    expect(summary.warnings).toEqual([]);
  });
});

describe('EagleView ordered through a contractor', () => {
  it("knows the product after the contractor's name, and the address from a header that ends in the date", async () => {
    const lines = EAGLEVIEW_LINES.map((l) =>
      l === 'Premium Report' ? 'Acme Roofing LLC Extended Coverage 3D Report' : l.replace(' Report: 1001', ' 3/1/2025'),
    );
    const { status, summary } = await imported('ev.pdf', await eagleViewPdf(lines));
    expect(status).toBe('draft');
    expect(summary).toMatchObject({
      address: '12 Test Street, Springfield, IL 62701',
      total_area_sqft: 2000,
      predominant_pitch: '6/12',
      sources: [{ vendor: 'eagleview', product: 'EagleView Extended Coverage 3D' }],
    });
  });

  it('does not take a sentence that mentions a product for the title', async () => {
    const lines = EAGLEVIEW_LINES.map((l) => (l === 'Premium Report' ? 'See our Premium Report options online.' : l));
    const { status, summary } = await imported('ev.pdf', await eagleViewPdf(lines));
    expect(status).toBe('needs_review');
    expect(summary.sources).toMatchObject([{ vendor: 'eagleview', product: null }]);
  });
});

describe('a layout no reader knows', () => {
  it('yields what it finds, asks for review and says what is missing', async () => {
    const pdf = await pagesPdf([
      ['Acme Roof Measure', 'Total Roof Area 1,500 sq ft', 'Ridges: 30 ft', 'Valleys 12\' 6"'],
    ]);
    const { status, summary } = await imported('acme.pdf', pdf);
    expect(status).toBe('needs_review');
    expect(summary).toMatchObject({
      total_area_sqft: 1500,
      lengths_ft: { ridge: 30, valley: 12.5 },
      missing: ['predominant_pitch', 'ridge', 'hip', 'rake', 'eave'],
      sources: [{ vendor: 'unknown', product: null }],
    });
    expect(summary.warnings.join(' ')).toMatch(
      /acme\.pdf: the layout was not recognised.*not found: predominant_pitch/,
    );
  });

  it('names a known vendor whose layout is not known, and asks for review though every figure was found', async () => {
    const lines = ['GAF QuickMeasure', ...(await import('../fixtures/reports/build.ts')).EAGLEVIEW_LINES.slice(0, -1)];
    const { status, summary } = await imported('qm.pdf', await eagleViewPdf(lines));
    expect(status).toBe('needs_review');
    expect(summary.missing).toEqual([]);
    expect(summary.sources).toEqual([
      { file_name: 'qm.pdf', format: 'pdf', vendor: 'gaf_quickmeasure', product: null },
    ]);
  });
});

describe('Hover measurements JSON', () => {
  it("takes the summary's figures, ridges and hips from the model, and percent strings in stride", async () => {
    const { status, summary } = await imported('hover.json', Buffer.from(hoverMeasurementsJson()));
    expect(status).toBe('draft');
    expect(summary).toMatchObject({
      address: '801 Lake Shore Dr, Madison, WI 53703',
      total_area_sqft: 1850,
      predominant_pitch: '8/12',
      facet_count: 3,
      lengths_ft: {
        ridge: 48.5,
        hip: 14,
        ridge_hip: 62.5,
        valley: 21.17,
        rake: 88.33,
        eave: 104.75,
        flashing: 14.5,
        step_flashing: 22.25,
      },
      areas_per_pitch: [
        { pitch: '8/12', area_sqft: 1200 },
        { pitch: '5/12', area_sqft: 650 },
      ],
      waste_table: [
        { waste_percent: 0, area_sqft: 1850, squares: 18.67 },
        { waste_percent: 5, area_sqft: 1943, squares: 19.67 },
        { waste_percent: 10, area_sqft: 2035, squares: 20.67 },
      ],
      sources: [{ file_name: 'hover.json', format: 'json', vendor: 'hover', product: 'Hover measurements JSON' }],
    });
    expect(summary.facets).toEqual([
      { id: 'RF-1', area_sqft: 700, pitch: '8/12' },
      { id: 'RF-2', area_sqft: 501, pitch: '8/12' },
      { id: 'RF-3', area_sqft: 650, pitch: '5/12' },
    ]);
  });

  it.each([
    ['other JSON', '{"job": 1}', /not a measurements document/],
    ['malformed JSON', '{"roof": ', /JSON is malformed/],
    ['JSON nested 100,000 deep', `{"roof":${'['.repeat(100_000)}${']'.repeat(100_000)}}`, /nests deeper than 64/],
  ])('refuses %s as a permanent error', async (_, text, reason) => {
    const err = await parseFile('x.json', Buffer.from(text), { alone: true }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PermanentError);
    expect((err as Error).message).toMatch(reason);
  });
});

describe('a PDF comes alone', () => {
  it('is refused by content when it comes with other files', async () => {
    await expect(parseFile('report.pdf', await roofrPdf(), { alone: false })).rejects.toThrow(
      'report.pdf is a PDF. A PDF report is imported on its own',
    );
  });
});

describe('tables', () => {
  it('read flashing, drip edge and parapet columns, and leave wall areas alone', async () => {
    const csv =
      'Total Roof Area,Predominant Pitch,Ridges,Hips,Valleys,Rakes,Eaves,Wall Flashing,Drip Edge (Eaves + Rakes),Parapet Walls,Total Wall Area\r\n' +
      '2100,6/12,40,20,10,50,60,7.5,110,0,3064\r\n';
    const { status, summary } = await imported('totals.csv', Buffer.from(csv));
    expect(status).toBe('draft');
    expect(summary).toMatchObject({
      total_area_sqft: 2100,
      lengths_ft: { ridge: 40, hip: 20, valley: 10, rake: 50, eave: 60, flashing: 7.5, drip_edge: 110, parapet: 0 },
      sources: [{ format: 'csv', vendor: 'unknown', product: null }],
    });
  });
});

describe('vendor readers on hostile text', () => {
  it.each([
    [
      'EagleView',
      '©2025 Eagle View Technologies, Inc.\nPremium Report\nMeasurements by Structure',
      'Total Roof Area = 1,200 sq ft\nRidges = 10 ft',
    ],
    ['Roofr', 'Prepared by Roofr\nReport summary', 'Total roof area 1,200 sqft\nTotal ridges 10ft 0in'],
  ])('%s: 300,000-character lines of figures are skipped, not read', (_, marks, figures) => {
    const long = `${'1 '.repeat(150_000)}\n${' 9'.repeat(150_000)}ft\nStructure #1\n${'1, '.repeat(100_000)}`;
    const m = readReportText(`${marks}\n${long}\n${figures}`);
    expect(m).toMatchObject({ total_area_sqft: 1200, lengths: { ridge: 10 } });
    expect(m.structures).toBeUndefined();
  });
});
