/**
 * Builds the sample files in samples/reports: one per accepted import format, every figure and
 * address invented, laid out the way each vendor lays out its own (`npm run samples` rewrites
 * them; test/samples.test.ts checks the committed files match and import to the figures below).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { dxfDocument, line, lwpolyline, text } from '../tasks/report_export/dxfGroups.ts';
import { eagleViewXml, gableFaces, GABLE_LINES, gablePoints, pdfBuffer, xlsxBuffer } from './reportFiles.ts';

export const SAMPLES_DIR = fileURLToPath(new URL('./reports/', import.meta.url));

/** A fixed date, so the files come out byte for byte the same on every run. */
const FIXED_DATE = new Date('2025-05-14T15:00:00Z');

const SAMPLE_NOTICE = 'SAMPLE with invented figures and address, built by samples/build.ts.';

function samplePdf(title: string, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  return pdfBuffer(draw, {
    margin: 40,
    info: { Title: title, Author: 'samples/build.ts', CreationDate: FIXED_DATE, ModDate: FIXED_DATE },
  });
}

/** Text at a spot, kept on one line so the extracted text keeps each label with its figure. */
function at(doc: PDFKit.PDFDocument, x: number, y: number, text: string, size = 10, font = 'Helvetica') {
  doc.font(font).fontSize(size).fillColor('#222222').text(text, x, y, { lineBreak: false });
}

/** A table row: a label, then each cell in a column of its own, as the vendors print them. */
function row(doc: PDFKit.PDFDocument, y: number, label: string, cells: string[], size = 10, firstX = 150, step = 60) {
  at(doc, 40, y, label, size);
  cells.forEach((c, i) => at(doc, firstX + i * step, y, c, size));
}

// ---------------------------------------------------------------------------------------------
// EagleView Premium (2024 layout): a property with two structures. The front page and the
// "All Structures Totals" page give the property's totals; each structure has its own summary.

interface EvStructure {
  number: number;
  area: number;
  facets: number;
  pitch: string;
  perPitch: [string, number][];
  ridges: number;
  hips: number;
  valleys: number;
  rakes: number;
  eaves: number;
  flashing: number;
  stepFlashing: number;
}

const EV_STRUCTURES: EvStructure[] = [
  {
    number: 1,
    area: 2146,
    facets: 12,
    pitch: '6/12',
    perPitch: [
      ['6/12', 1890.4],
      ['8/12', 255.6],
    ],
    ridges: 48,
    hips: 36,
    valleys: 22,
    rakes: 64,
    eaves: 142,
    flashing: 8,
    stepFlashing: 27,
  },
  {
    number: 2,
    area: 528,
    facets: 2,
    pitch: '4/12',
    perPitch: [['4/12', 528]],
    ridges: 24,
    hips: 0,
    valleys: 0,
    rakes: 46,
    eaves: 48,
    flashing: 0,
    stepFlashing: 0,
  },
];

const sum = (pick: (s: EvStructure) => number) => EV_STRUCTURES.reduce((a, s) => a + pick(s), 0);

/** The property totals the EagleView-style sample prints (and an import must arrive at). */
export const EAGLEVIEW_SAMPLE = {
  address: '417 Larkspur Lane, Fairhaven, VT 05743',
  total_area_sqft: sum((s) => s.area),
  facet_count: sum((s) => s.facets),
  predominant_pitch: '6/12',
  lengths_ft: {
    ridge: sum((s) => s.ridges),
    hip: sum((s) => s.hips),
    valley: sum((s) => s.valleys),
    rake: sum((s) => s.rakes),
    eave: sum((s) => s.eaves),
    step_flashing: sum((s) => s.stepFlashing),
  },
  flashing_ft: sum((s) => s.flashing),
  structures: EV_STRUCTURES,
};

const fmtInt = (n: number) => n.toLocaleString('en-US');

function evHeader(doc: PDFKit.PDFDocument, page: number | null) {
  at(doc, 440, 36, 'Premium Report', 14, 'Helvetica-Bold');
  at(doc, 500, 54, '5/14/2025', 9);
  at(doc, 40, 70, `${EAGLEVIEW_SAMPLE.address}`, 10, 'Helvetica-Bold');
  at(doc, 470, 70, 'Report: 90417001', 9);
  at(
    doc,
    40,
    742,
    `${SAMPLE_NOTICE} In the layout of an EagleView Premium report (www.eagleview.com); not an EagleView document.`,
    6.5,
  );
  if (page !== null) at(doc, 540, 756, `PAGE ${page}`, 7);
}

/** One "Lengths, Areas and Pitches" block, as each structure summary and the totals page print it. */
function evLengthsBlock(doc: PDFKit.PDFDocument, y: number, s: Omit<EvStructure, 'number' | 'perPitch'>) {
  const lines = [
    'Lengths, Areas and Pitches',
    `Ridges = ${s.ridges} ft`,
    `Hips = ${s.hips} ft`,
    `Valleys = ${s.valleys} ft`,
    `Rakes = ${s.rakes} ft`,
    `Eaves/Starter = ${s.eaves} ft`,
    `Drip Edge (Eaves + Rakes) = ${s.eaves + s.rakes} ft`,
    'Parapet Walls = 0 ft',
    `Flashing = ${s.flashing} ft`,
    `Step flashing = ${s.stepFlashing} ft`,
    `Predominant Pitch = ${s.pitch}`,
    `Total Roof Facets = ${s.facets}`,
    `Total Area (All Pitches) = ${fmtInt(s.area)} sq ft`,
  ];
  lines.forEach((l, i) => at(doc, 300, y + i * 15, l, i === 0 ? 11 : 10, i === 0 ? 'Helvetica-Bold' : 'Helvetica'));
}

function evPitchTable(doc: PDFKit.PDFDocument, y: number, perPitch: [string, number][], area: number) {
  at(doc, 40, y, 'Areas per Pitch', 11, 'Helvetica-Bold');
  row(
    doc,
    y + 18,
    'Roof Pitches',
    perPitch.map(([p]) => p),
    10,
    150,
    80,
  );
  row(
    doc,
    y + 32,
    'Area (sq ft)',
    perPitch.map(([, a]) => a.toFixed(1)),
    10,
    150,
    80,
  );
  row(
    doc,
    y + 46,
    '% of Roof',
    perPitch.map(([, a]) => `${((a / area) * 100).toFixed(1)}%`),
    10,
    150,
    80,
  );
}

function evWasteTable(doc: PDFKit.PDFDocument, y: number, area: number) {
  const percents = [0, 10, 12, 15, 17, 20, 22];
  const areas = percents.map((p) => Math.round(area * (1 + p / 100)));
  at(doc, 40, y, 'Waste Calculation', 11, 'Helvetica-Bold');
  row(
    doc,
    y + 18,
    'Waste %',
    percents.map((p) => `${p}%`),
  );
  row(doc, y + 32, 'Area (Sq ft)', areas.map(String));
  row(
    doc,
    y + 46,
    'Squares *',
    areas.map((a) => (Math.ceil((a / 100) * 3) / 3).toFixed(2)),
  );
  at(doc, 40, y + 62, '* Squares are rounded up to the 1/3 of a square.', 8);
}

export function eagleViewStyleReport(): Promise<Buffer> {
  const t = EAGLEVIEW_SAMPLE;
  const structures = EV_STRUCTURES;
  return samplePdf('EagleView-style sample report', (doc) => {
    // Front page: the property's totals.
    evHeader(doc, null);
    at(doc, 300, 120, 'MEASUREMENTS', 12, 'Helvetica-Bold');
    [
      `Total Roof Area =${fmtInt(t.total_area_sqft)} sq ft`,
      `Total Roof Facets =${t.facet_count}`,
      `Predominant Pitch =${t.predominant_pitch}`,
      'Number of Stories <=1',
      `Total Ridges/Hips =${t.lengths_ft.ridge + t.lengths_ft.hip} ft`,
      `Total Valleys =${t.lengths_ft.valley} ft`,
      `Total Rakes =${t.lengths_ft.rake} ft`,
      `Total Eaves =${t.lengths_ft.eave} ft`,
    ].forEach((l, i) => at(doc, 300, 140 + i * 16, l, 11));
    at(doc, 40, 120, 'TABLE OF CONTENTS', 10, 'Helvetica-Bold');
    at(doc, 40, 136, 'Length Diagram ..................... 1', 9);
    at(doc, 40, 150, 'Report Summary ..................... 2', 9);

    // Length diagram page: the property's line lengths.
    doc.addPage();
    evHeader(doc, 1);
    at(doc, 40, 100, 'LENGTH DIAGRAM', 12, 'Helvetica-Bold');
    at(doc, 40, 120, 'Total Line Lengths:', 10, 'Helvetica-Bold');
    at(doc, 60, 136, `Ridges = ${t.lengths_ft.ridge} ft`);
    at(doc, 60, 150, `Hips = ${t.lengths_ft.hip} ft`);
    at(doc, 240, 136, `Valleys = ${t.lengths_ft.valley} ft`);
    at(doc, 240, 150, `Rakes = ${t.lengths_ft.rake} ft`);
    at(doc, 240, 164, `Eaves = ${t.lengths_ft.eave} ft`);
    at(doc, 420, 136, `Flashing = ${t.flashing_ft} ft`);
    at(doc, 420, 150, `Step flashing = ${t.lengths_ft.step_flashing} ft`);
    at(doc, 420, 164, 'Parapets = 0 ft');
    // A plan sketch of the two buildings.
    doc.rect(120, 260, 220, 140).stroke('#555555');
    doc.moveTo(120, 330).lineTo(340, 330).stroke('#c0392b');
    doc.rect(380, 300, 110, 70).stroke('#555555');
    doc.moveTo(380, 335).lineTo(490, 335).stroke('#c0392b');
    at(doc, 210, 410, '1', 12, 'Helvetica-Bold');
    at(doc, 430, 380, '2', 12, 'Helvetica-Bold');

    // One summary per structure.
    structures.forEach((s, i) => {
      doc.addPage();
      evHeader(doc, 2 + i);
      at(doc, 40, 100, 'REPORT SUMMARY', 12, 'Helvetica-Bold');
      at(doc, 40, 118, `Structure #${s.number}`, 11, 'Helvetica-Bold');
      evPitchTable(doc, 140, s.perPitch, s.area);
      evWasteTable(doc, 220, s.area);
      evLengthsBlock(doc, 330, s);
      at(doc, 40, 330, 'Property Location', 11, 'Helvetica-Bold');
      at(doc, 40, 346, 'Longitude = -73.1432100');
      at(doc, 40, 360, 'Latitude = 43.6120400');
    });

    // The property's totals over every structure.
    doc.addPage();
    evHeader(doc, 2 + structures.length);
    at(doc, 40, 100, 'REPORT SUMMARY', 12, 'Helvetica-Bold');
    at(doc, 40, 118, 'All Structures', 11, 'Helvetica-Bold');
    const perPitch = new Map<string, number>();
    for (const s of structures) for (const [p, a] of s.perPitch) perPitch.set(p, (perPitch.get(p) ?? 0) + a);
    evPitchTable(
      doc,
      140,
      [...perPitch].sort(([a], [b]) => parseInt(a) - parseInt(b)),
      t.total_area_sqft,
    );
    at(doc, 40, 220, 'All Structures Totals', 12, 'Helvetica-Bold');
    evLengthsBlock(doc, 245, {
      area: t.total_area_sqft,
      facets: t.facet_count,
      pitch: t.predominant_pitch,
      ridges: t.lengths_ft.ridge,
      hips: t.lengths_ft.hip,
      valleys: t.lengths_ft.valley,
      rakes: t.lengths_ft.rake,
      eaves: t.lengths_ft.eave,
      flashing: t.flashing_ft,
      stepFlashing: t.lengths_ft.step_flashing,
    });
    at(doc, 40, 460, 'Measurements by Structure', 11, 'Helvetica-Bold');
    const columns = ['Area (sq ft)', 'Ridges (ft)', 'Hips (ft)', 'Valleys (ft)', 'Rakes (ft)', 'Eaves (ft)'];
    row(doc, 478, 'Structure', columns, 9, 110, 70);
    structures.forEach((s, i) =>
      row(
        doc,
        494 + i * 14,
        String(s.number),
        [s.area, s.ridges, s.hips, s.valleys, s.rakes, s.eaves].map(String),
        9,
        110,
        70,
      ),
    );
  });
}

// ---------------------------------------------------------------------------------------------
// Roofr (2024 layout): lengths in feet and inches, the totals on its "Report summary" page.

/** Decimal feet as Roofr prints them: 52.25 → "52ft 3in". */
const feetInches = (ft: number) => `${Math.floor(ft)}ft ${Math.round((ft - Math.floor(ft)) * 12)}in`;

export const ROOFR_SAMPLE = {
  address: '29 Wrenfield Court, Oakmere, NC 27514',
  total_area_sqft: 1968,
  facet_count: 14,
  predominant_pitch: '7/12',
  areas_per_pitch: [
    { pitch: '7/12', area_sqft: 1562 },
    { pitch: '10/12', area_sqft: 406 },
  ],
  // Whole inches, so the printed feet and inches give these back exactly.
  lengths_ft: {
    eave: 131 + 4 / 12,
    valley: 27 + 9 / 12,
    hip: 18 + 6 / 12,
    ridge: 52 + 3 / 12,
    rake: 88 + 10 / 12,
    step_flashing: 31 + 7 / 12,
  },
  wall_flashing_ft: 12,
};

export function roofrStyleReport(): Promise<Buffer> {
  const r = ROOFR_SAMPLE;
  const l = r.lengths_ft;
  const footer = (doc: PDFKit.PDFDocument, page: number) => {
    at(doc, 40, 742, `${SAMPLE_NOTICE} Layout of a Roofr report; not a Roofr.com document.`, 6.5);
    at(doc, 560, 742, String(page), 8);
  };
  return samplePdf('Roofr-style sample report', (doc) => {
    at(doc, 40, 60, 'Roof Report', 24, 'Helvetica-Bold');
    at(doc, 40, 92, 'Prepared by Wrenfield Roofing (sample)', 11);
    at(doc, 420, 60, `${r.total_area_sqft} sqft`, 16, 'Helvetica-Bold');
    at(doc, 420, 82, `${r.facet_count} facets`, 11);
    at(doc, 40, 120, r.address, 12);
    at(doc, 420, 104, `Predominant pitch ${r.predominant_pitch}`, 11);
    footer(doc, 1);

    doc.addPage();
    at(doc, 40, 50, 'Length measurement report', 16, 'Helvetica-Bold');
    at(doc, 40, 72, r.address, 10);
    at(doc, 50, 100, `Eaves: ${feetInches(l.eave)}`);
    at(doc, 230, 100, `Valleys: ${feetInches(l.valley)}`);
    at(doc, 410, 100, `Hips: ${feetInches(l.hip)}`);
    at(doc, 50, 116, `Ridges: ${feetInches(l.ridge)}`);
    at(doc, 230, 116, `Rakes: ${feetInches(l.rake)}`);
    at(doc, 410, 116, `Wall flashing: ${feetInches(r.wall_flashing_ft)}`);
    at(doc, 50, 132, `Step flashing: ${feetInches(l.step_flashing)}`);
    at(doc, 230, 132, 'Transitions: 0ft 0in');
    at(doc, 410, 132, 'Parapet wall: 0ft 0in');
    doc.polygon([150, 250], [450, 250], [400, 400], [200, 400]).stroke('#555555');
    at(doc, 40, 700, 'Measurements in diagram are rounded up for display.', 8);
    footer(doc, 2);

    doc.addPage();
    at(doc, 40, 50, 'Area measurement report', 16, 'Helvetica-Bold');
    at(doc, 40, 72, r.address, 10);
    at(doc, 50, 100, `Total roof area: ${r.total_area_sqft} sqft`);
    at(doc, 300, 100, `Predominant pitch: ${r.predominant_pitch}`);
    at(doc, 50, 116, `Pitched roof area: ${r.total_area_sqft} sqft`);
    at(doc, 300, 116, `Predominant pitch area: ${r.areas_per_pitch[0]!.area_sqft} sqft`);
    at(doc, 50, 132, 'Flat roof area: 0 sqft');
    footer(doc, 3);

    doc.addPage();
    at(doc, 40, 50, 'Report summary', 16, 'Helvetica-Bold');
    at(doc, 40, 72, r.address, 10);
    at(doc, 330, 100, 'Measurements', 12, 'Helvetica-Bold');
    [
      ['Total roof area', `${r.total_area_sqft} sqft`],
      ['Total pitched area', `${r.total_area_sqft} sqft`],
      ['Total flat area', '0 sqft'],
      ['Total roof facets', `${r.facet_count} facets`],
      ['Predominant pitch', r.predominant_pitch],
      ['Total eaves', feetInches(l.eave)],
      ['Total valleys', feetInches(l.valley)],
      ['Total hips', feetInches(l.hip)],
      ['Total ridges', feetInches(l.ridge)],
      ['Total rakes', feetInches(l.rake)],
      ['Total wall flashing', feetInches(r.wall_flashing_ft)],
      ['Total step flashing', feetInches(l.step_flashing)],
      ['Total transitions', '0ft 0in'],
      ['Total parapet wall', '0ft 0in'],
      ['Hips + ridges', feetInches(l.hip + l.ridge)],
      ['Eaves + rakes', feetInches(l.eave + l.rake)],
    ].forEach(([label, value], i) => {
      at(doc, 330, 120 + i * 15, label!);
      at(doc, 460, 120 + i * 15, value!);
    });
    row(
      doc,
      400,
      'Pitch',
      r.areas_per_pitch.map((p) => p.pitch),
      10,
      150,
      200,
    );
    row(
      doc,
      414,
      'Area (sqft)',
      r.areas_per_pitch.map((p) => fmtInt(p.area_sqft)),
      10,
      150,
      200,
    );
    row(
      doc,
      428,
      'Squares',
      r.areas_per_pitch.map((p) => (p.area_sqft / 100).toFixed(1)),
      10,
      150,
      200,
    );
    const percents = [0, 10, 12, 15, 17, 20, 22];
    const areas = percents.map((p) => Math.round(r.total_area_sqft * (1 + p / 100)));
    row(
      doc,
      460,
      'Waste %',
      percents.map((p) => `${p}%`),
    );
    row(doc, 474, 'Area (sqft)', areas.map(fmtInt));
    row(
      doc,
      488,
      'Squares',
      areas.map((a) => (a / 100).toFixed(1)),
    );
    footer(doc, 4);
  });
}

// ---------------------------------------------------------------------------------------------
// Hover's measurements JSON: `summary.roof` holds the totals (ridges and hips together, percent
// shares as strings), `roof.facets` each facet, whose areas add up to the summary's only after rounding.

export const HOVER_SAMPLE = {
  address: '5 Tamarack Run, Pine Hollow, OR 97321',
  total_area_sqft: 2384,
  facet_count: 9,
  predominant_pitch: '8/12',
  ridge_hip_ft: 96.42,
  lengths_ft: { valley: 31.17, rake: 74.5, eave: 162.83, step_flashing: 22.33 },
  flashing_ft: 14.08,
  areas_per_pitch: [
    { pitch: '8/12', area_sqft: 1796 },
    { pitch: '5/12', area_sqft: 588 },
  ],
};

export function hoverMeasurementsJson(): Buffer {
  const h = HOVER_SAMPLE;
  const line = (length: number, total: number) => ({ area: null, total, length });
  const facets = [
    ['RF-1', 8, 412.4],
    ['RF-2', 8, 409.8],
    ['RF-3', 8, 301.6],
    ['RF-4', 8, 298.7],
    ['RF-5', 8, 186.2],
    ['RF-6', 8, 187.6],
    ['RF-7', 5, 294.3],
    ['RF-8', 5, 201.5],
    ['RF-9', 5, 92.4],
  ] as const;
  const doc = {
    version: 1,
    summary: {
      roof: {
        roof_facets: { area: h.total_area_sqft, total: h.facet_count, length: null },
        ridges_hips: line(h.ridge_hip_ft, 7),
        valleys: line(h.lengths_ft.valley, 4),
        rakes: line(h.lengths_ft.rake, 8),
        gutters_eaves: line(h.lengths_ft.eave, 11),
        flashing: line(h.flashing_ft, 3),
        step_flashing: line(h.lengths_ft.step_flashing, 6),
        pitch: h.areas_per_pitch.map((p) => ({
          roof_pitch: p.pitch,
          area: p.area_sqft,
          percentage: `${((p.area_sqft / h.total_area_sqft) * 100).toFixed(2)}%`,
        })),
        waste_factor: {
          area: Object.fromEntries(
            [0, 5, 10, 15, 20].map((p) => [
              p ? `plus_${p}_percent` : 'zero',
              Math.round(h.total_area_sqft * (1 + p / 100)),
            ]),
          ),
        },
      },
      address: h.address,
      external_identifier: 'sample-hover-1',
    },
    roof: {
      facets: facets.map(([label, rise, area]) => ({ label, pitch: `${rise}/12`, area })),
    },
  };
  return Buffer.from(JSON.stringify(doc, null, 2) + '\n');
}

// ---------------------------------------------------------------------------------------------
// Tables: a CSV with one header row and one data row, an XLSX of label/value/unit rows.

export const CSV_SAMPLE = {
  address: '1207 Juniper Street, Maple Falls, WI 53088',
  total_area_sqft: 2215.5,
  predominant_pitch: '6/12',
  facet_count: 10,
  lengths_ft: { ridge: 58.5, hip: 41.5, valley: 19, rake: 72, eave: 146.5, step_flashing: 14 },
};

export function roofMeasurementsCsv(): Buffer {
  const c = CSV_SAMPLE;
  const l = c.lengths_ft;
  return Buffer.from(
    [
      'Address,Total Roof Area (sq ft),Predominant Pitch,Facets,Ridges (ft),Hips (ft),Valleys (ft),Rakes (ft),Eaves (ft),Step Flashing (ft)',
      `"${c.address}",${c.total_area_sqft},${c.predominant_pitch},${c.facet_count},${l.ridge},${l.hip},${l.valley},${l.rake},${l.eave},${l.step_flashing}`,
      '',
    ].join('\r\n'),
  );
}

export const XLSX_SAMPLE = {
  address: '64 Cobblestone Way, Ridgefield, PA 19063',
  total_area_sqft: 3140,
  predominant_pitch: '9/12',
  facet_count: 16,
  lengths_ft: { ridge: 84, hip: 62.5, valley: 44, rake: 96, eave: 188, step_flashing: 36 },
};

export async function roofMeasurementsXlsx(): Promise<Buffer> {
  const x = XLSX_SAMPLE;
  const l = x.lengths_ft;
  return xlsxBuffer(
    'Measurements',
    (ws) => {
      ws.columns = [{ width: 26 }, { width: 42 }, { width: 8 }];
      ws.addRow(['Roof measurements (sample, invented figures)']).font = { bold: true, size: 13 };
      for (const row of [
        ['Property address', x.address],
        ['Total roof area', x.total_area_sqft, 'sq ft'],
        ['Predominant pitch', x.predominant_pitch],
        ['Facets', x.facet_count],
        ['Ridges', l.ridge, 'ft'],
        ['Hips', l.hip, 'ft'],
        ['Valleys', l.valley, 'ft'],
        ['Rakes', l.rake, 'ft'],
        ['Eaves', l.eave, 'ft'],
        ['Step flashing', l.step_flashing, 'ft'],
      ])
        ws.addRow(row);
    },
    { created: FIXED_DATE, creator: 'samples/build.ts' },
  );
}

// ---------------------------------------------------------------------------------------------
// EagleView-style XML: the roof model (faces with pitch and size, lines by point ids, points in
// feet). A gable: two 44 ft by 15.65 ft planes at 6/12, one ridge, four rakes, two eaves.

export const XML_SAMPLE = {
  address: '930 Heron Bay Drive, Seacliff, SC 29401',
  total_area_sqft: 1377.4,
  predominant_pitch: '6/12',
  facet_count: 2,
  lengths_ft: { ridge: 44, hip: 0, valley: 0, rake: 62.61, eave: 88, step_flashing: 0 },
};

export function eagleViewStyleXml(): Buffer {
  return Buffer.from(
    eagleViewXml({
      comment: `${SAMPLE_NOTICE} In the shape of an EagleView XML export.`,
      location: {
        address: '930 Heron Bay Drive',
        city: 'Seacliff',
        state: 'SC',
        postal: '29401',
        lat: '32.7771',
        long: '-79.9311',
      },
      faces: gableFaces(6, [
        [689, 688.7],
        [689, 688.7],
      ]),
      lines: GABLE_LINES,
      points: gablePoints(44, 14, 7),
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// DXF roof plan in feet: a hip roof 50 by 30 ft at 5/12, four facets with their pitch written
// inside, ridge, hip, eave and rake lines each on its own layer.

export function roofPlanDxf(): Buffer {
  const [a, b, c, d] = [
    [0, 0],
    [50, 0],
    [50, 30],
    [0, 30],
  ] as [number, number][];
  const [r1, r2] = [
    [15, 15],
    [35, 15],
  ] as [number, number][];
  const entities =
    lwpolyline('ROOF', [a!, b!, r2!, r1!]) +
    lwpolyline('ROOF', [b!, c!, r2!]) +
    lwpolyline('ROOF', [c!, d!, r1!, r2!]) +
    lwpolyline('ROOF', [d!, a!, r1!]) +
    text('PITCH', [25, 6], '5/12') +
    text('PITCH', [44, 15], '5/12') +
    text('PITCH', [25, 24], '5/12') +
    text('PITCH', [6, 15], '5/12') +
    line('RIDGE', r1!, r2!) +
    line('HIP', a!, r1!) +
    line('HIP', b!, r2!) +
    line('HIP', c!, r2!) +
    line('HIP', d!, r1!) +
    line('EAVE', a!, b!) +
    line('EAVE', b!, c!) +
    line('EAVE', c!, d!) +
    line('EAVE', d!, a!);
  return Buffer.from(dxfDocument(entities, { comment: SAMPLE_NOTICE }));
}

/** Every sample by its file name. */
export async function buildSamples(): Promise<Record<string, Buffer>> {
  return {
    'roofr-style-report.pdf': await roofrStyleReport(),
    'eagleview-style-report.pdf': await eagleViewStyleReport(),
    'hover-measurements.json': hoverMeasurementsJson(),
    'roof-measurements.csv': roofMeasurementsCsv(),
    'roof-measurements.xlsx': await roofMeasurementsXlsx(),
    'eagleview-style.xml': eagleViewStyleXml(),
    'roof-plan.dxf': roofPlanDxf(),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await mkdir(SAMPLES_DIR, { recursive: true });
  for (const [name, data] of Object.entries(await buildSamples())) {
    await writeFile(new URL(`./reports/${name}`, import.meta.url), data);
    console.info(`samples/reports/${name} (${data.length} bytes)`);
  }
}
