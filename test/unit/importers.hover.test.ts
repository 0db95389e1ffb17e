import { importedAlone } from '../helpers/reportImports.ts';
import { describe, expect, it } from 'vitest';
import { readReportText } from '../../tasks/report_import/detectVendor.ts';
import { collapseRepeatedLine } from '../../tasks/report_import/repeatedGlyphs.ts';
import { squaresFrom } from '../../tasks/report_import/vendors/hoverPdf.ts';
import {
  hoverCompleteMeasurementsPdf,
  hoverOlderLayoutPdf,
  hoverRoofMeasurementsPdf,
  hoverTwoStructuresPdf,
} from '../fixtures/reports/hover.ts';

const imported = importedAlone;

/** The roof of the fixtures' house, as HOVER's pages print it. */
const HOUSE = {
  address: '41 Quarry Lane, Mapleton, OR 97453',
  total_area_sqft: 2140,
  predominant_pitch: '7/12',
  facet_count: 8,
  lengths_ft: {
    ridge: 60.25,
    hip: 28.25,
    ridge_hip: 88.5,
    valley: 24.75,
    rake: 96.33,
    eave: 120,
    flashing: 4.5,
    step_flashing: 18.17,
    drip_edge: 216.33,
  },
  areas_per_pitch: [
    { pitch: '7/12', area_sqft: 1800 },
    { pitch: '4/12', area_sqft: 340 },
  ],
  waste_table: [
    { waste_percent: 0, area_sqft: 2140, squares: 21.5 },
    { waste_percent: 5, area_sqft: 2247, squares: 22.5 },
    { waste_percent: 10, area_sqft: 2354, squares: 23.75 },
    { waste_percent: 15, area_sqft: 2461, squares: 24.75 },
    { waste_percent: 20, area_sqft: 2568, squares: 25.75 },
  ],
  missing: [],
  warnings: [],
};

describe('HOVER PDF reports', () => {
  it('reads "Roof Measurements": the roof summary, ridges and hips from the line page, every pitch, the waste table', async () => {
    const { status, summary } = await imported('hover.pdf', await hoverRoofMeasurementsPdf());
    expect(status).toBe('draft');
    expect(summary).toMatchObject({
      ...HOUSE,
      sources: [{ file_name: 'hover.pdf', format: 'pdf', vendor: 'hover', product: 'HOVER Roof Measurements' }],
    });
    expect(summary.facets).toHaveLength(8);
    expect(summary.facets[0]).toEqual({ id: 'RF-1', area_sqft: 700, pitch: '7/12' });
    expect(summary.structures).toBeUndefined();
  });

  it('reads "Complete Measurements" whose siding pages come first, never their fascia, soffit or siding waste', async () => {
    const { status, summary } = await imported('complete.pdf', await hoverCompleteMeasurementsPdf());
    expect(status).toBe('draft');
    expect(summary).toMatchObject({ ...HOUSE, sources: [{ vendor: 'hover', product: 'HOVER Complete Measurements' }] });
  });

  it('reads an older layout: capitals, "Gutters / Eaves", sq ft with separators, ridges and hips listed one by one', async () => {
    const { status, summary } = await imported('older.pdf', await hoverOlderLayoutPdf());
    expect(status).toBe('draft');
    expect(summary).toMatchObject({
      address: '9 Ridgeview Court, Fairlee, VT 05045',
      total_area_sqft: 1250,
      predominant_pitch: '10/12',
      facet_count: 6,
      lengths_ft: {
        ridge: 40.17,
        hip: 10.33,
        ridge_hip: 50.5,
        valley: 0,
        rake: 60,
        eave: 80.17,
        flashing: 0,
        step_flashing: 6.08,
      },
      waste_table: [
        { waste_percent: 0, area_sqft: 1250, squares: 12.75 },
        { waste_percent: 10, area_sqft: 1375, squares: 14 },
        { waste_percent: 15, area_sqft: 1438, squares: 14.5 },
      ],
      sources: [{ vendor: 'hover', product: 'HOVER Roof Measurements' }],
    });
  });

  it('reads a property of two structures: the property summary as totals, each structure on its own', async () => {
    const { status, summary } = await imported('two.pdf', await hoverTwoStructuresPdf());
    expect(status).toBe('draft');
    expect(summary).toMatchObject({
      address: '77 Orchard Row, Keene, NH 03431',
      total_area_sqft: 2600,
      predominant_pitch: '7/12',
      facet_count: 10,
      lengths_ft: { ridge: 80.25, hip: 28.25, valley: 24.75, rake: 142.33, eave: 160 },
      warnings: [],
    });
    expect(summary.structures).toMatchObject([
      {
        name: 'Structure 1',
        number: 1,
        total_area_sqft: 2140,
        predominant_pitch: '7/12',
        lengths_ft: { ridge: 60.25 },
      },
      {
        name: 'Structure 2',
        number: 2,
        total_area_sqft: 460,
        predominant_pitch: '5/12',
        lengths_ft: { ridge: 20, hip: 0, valley: 0, eave: 40 },
        waste_table: [{ waste_percent: 0, squares: 4.75 }, { squares: 5 }, { squares: 5.25 }, {}, {}],
      },
    ]);
  });

  it('reads a text layer that repeats every glyph three times', () => {
    const triple = (s: string) => [...s].map((c) => (c === ' ' ? c : c.repeat(3))).join('');
    const text = [
      triple('Roof Measurements 12 Elm Street'),
      'ELMWOOD, IL 61529',
      '© 2025 HOVER Inc. All rights reserved.',
      triple('Roof Measurements 12 Elm Street, Elmwood, IL'),
      triple('ROOF SUMMARY'),
      triple('Roof Facets 1100 ft² 4 -'),
      triple(`Ridges / Hips - 2 40' 8"`),
      triple('Valleys - 0 -'),
      triple(`Rakes - 4 62'`),
      triple(`Eaves - 2 44' 4"`),
      triple('6 / 12 1100 ft² 100%'),
    ].join('\n');
    expect(readReportText(text)).toMatchObject({
      address: '12 Elm Street, Elmwood, IL 61529',
      total_area_sqft: 1100,
      facet_count: 4,
      predominant_pitch: '6/12',
      lengths: { ridge_hip: 40.67, valley: 0, rake: 62, eave: 44.33 },
      layout: { vendor: 'hover', product: 'HOVER Roof Measurements' },
    });
  });
});

describe('pieces of the HOVER layout', () => {
  it.each([
    ['25⅓', 25.33],
    ['26⅔', 26.67],
    ['0¼', 0.25],
    ['20¾', 20.75],
    ['24½', 24.5],
    ['29', 29],
  ])('squares %s are %d', (token, squares) => expect(squaresFrom(token)).toBe(squares));

  it.each(['', 'x', '2⅓⅓', '1/3'])('%j is not a number of squares', (token) =>
    expect(squaresFrom(token)).toBeUndefined(),
  );

  it.each([
    ['222111   BBBaaalll', '21 Bal'],
    ['RRRoooooofff   FFFaaaccceeetttsss', 'Roof Facets'],
    ['RRooooff  FFaacceettss', 'Roof Facets'],
  ])('%s is read as %s', (line, text) => expect(collapseRepeatedLine(line)).toBe(text));

  it.each(['1100', 'Bell Hill', 'Page 11', '2512 ft² 100%', 'Ridges / Hips - 5 106\' 8"'])(
    '%s is left as it is',
    (line) => expect(collapseRepeatedLine(line)).toBe(line),
  );
});
