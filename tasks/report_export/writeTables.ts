import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { XMLBuilder } from 'fast-xml-parser';
import {
  LENGTH_LABELS,
  figureRows,
  measurementRows,
  measurementSections,
  type ExportModel,
  type MeasurementSection,
} from './model.ts';

/** Spreadsheet apps run cells that start with = + - @ as formulas; prefix them to keep text text. */
function formulaSafe(v: string | number | null): string | number | null {
  return typeof v === 'string' && /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
}

/** Rows of one section after its figures: areas per pitch, facets, waste. */
function detailRows(sec: MeasurementSection, prefix: string): (string | number | null)[][] {
  return [
    ...sec.areas_per_pitch.map((p) => [`${prefix}pitch`, p.pitch, p.area_sqft, 'sq ft']),
    ...sec.facets.map((f) => [`${prefix}facet`, f.id, f.area_sqft, `sq ft${f.pitch ? ` @ ${f.pitch}` : ''}`]),
    ...sec.waste_table.map((w) => [
      `${prefix}waste`,
      `${w.waste_percent}%`,
      w.area_sqft,
      `sq ft (${w.squares} squares)`,
    ]),
  ];
}

/**
 * One table in sections: the property's measurements, areas per pitch, facets and waste, then
 * the same for each structure with its name as the section's prefix ("Garage: summary").
 */
export function writeCsv(m: ExportModel): Buffer {
  const [totals, ...structures] = measurementSections(m.summary);
  const rows: (string | number | null)[][] = [['section', 'item', 'value', 'unit']];
  for (const [label, value, unit] of measurementRows(m)) rows.push(['summary', label, value, unit]);
  rows.push(...detailRows(totals!, ''));
  for (const st of structures) {
    for (const [label, value, unit] of figureRows(st)) rows.push([`${st.title}: summary`, label, value, unit]);
    rows.push(...detailRows(st, `${st.title}: `));
  }
  return Buffer.from(
    stringify(
      rows.map((r) => r.map(formulaSafe)),
      { record_delimiter: '\r\n' },
    ),
  );
}

/** A worksheet name Excel accepts: at most 31 characters, none of : \\ / ? * [ ], unique in the book. */
function sheetName(wb: ExcelJS.Workbook, title: string): string {
  const base =
    title
      .replace(/[:\\/?*[\]]/g, ' ')
      .trim()
      .slice(0, 28) || 'Structure';
  let name = base;
  for (let i = 2; wb.getWorksheet(name); i++) name = `${base} ${i}`;
  return name;
}

function bold(ws: ExcelJS.Worksheet, row: ExcelJS.Row = ws.lastRow!) {
  row.font = { bold: true };
}

/** A structure's own sheet: its figures, then its areas per pitch, facets and waste table. */
function structureSheet(wb: ExcelJS.Workbook, st: MeasurementSection) {
  const ws = wb.addWorksheet(sheetName(wb, st.title));
  ws.columns = [{ width: 28 }, { width: 16 }, { width: 16 }];
  ws.addRow([st.title]).font = { bold: true, size: 13 };
  ws.addRow(['Measurement', 'Value', 'Unit']);
  bold(ws);
  for (const r of figureRows(st)) ws.addRow(r.map(formulaSafe));
  const block = (header: string[], rows: (string | number | null)[][]) => {
    if (!rows.length) return;
    ws.addRow([]);
    ws.addRow(header);
    bold(ws);
    for (const r of rows) ws.addRow(r.map(formulaSafe));
  };
  block(
    ['Pitch', 'Area (sq ft)'],
    st.areas_per_pitch.map((p) => [p.pitch, p.area_sqft]),
  );
  block(
    ['Facet', 'Pitch', 'Area (sq ft)'],
    st.facets.map((f) => [f.id, f.pitch, f.area_sqft]),
  );
  block(
    ['Waste %', 'Area (sq ft)', 'Squares'],
    st.waste_table.map((w) => [w.waste_percent, w.area_sqft, w.squares]),
  );
}

/** The property's totals and, for several structures, a comparison table and a sheet per structure. */
export async function writeXlsx(m: ExportModel): Promise<Buffer> {
  const [totals, ...structures] = measurementSections(m.summary);
  const wb = new ExcelJS.Workbook();
  wb.created = new Date(m.generated_at);
  const summary = wb.addWorksheet('Summary');
  summary.columns = [
    { header: 'Measurement', width: 28 },
    { header: 'Value', width: 40 },
    { header: 'Unit', width: 10 },
  ];
  for (const r of measurementRows(m)) summary.addRow(r.map(formulaSafe));
  if (structures.length) {
    summary.addRow([]);
    summary.addRow(['Measurements by structure']).font = { bold: true, size: 13 };
    const header = figureRows(totals!).map(([label, , unit]) => (unit ? `${label} (${unit})` : label));
    summary.addRow(['Structure', ...header]);
    for (let c = 4; c <= header.length + 1; c++) summary.getColumn(c).width = 14;
    bold(summary);
    for (const sec of [...structures, totals!])
      summary.addRow(
        [sec.kind === 'totals' ? 'All structures' : sec.title, ...figureRows(sec).map((r) => r[1])].map(formulaSafe),
      );
    bold(summary);
  }
  if (totals!.areas_per_pitch.length) {
    const pitches = wb.addWorksheet('Pitches');
    pitches.columns = [
      { header: 'Pitch', width: 10 },
      { header: 'Area (sq ft)', width: 14 },
    ];
    for (const p of totals!.areas_per_pitch) pitches.addRow([p.pitch, p.area_sqft]);
    bold(pitches, pitches.getRow(1));
  }
  const facets = wb.addWorksheet('Facets');
  facets.columns = [
    { header: 'Facet', width: 10 },
    { header: 'Pitch', width: 10 },
    { header: 'Area (sq ft)', width: 14 },
  ];
  for (const f of totals!.facets) facets.addRow([f.id, f.pitch, f.area_sqft]);
  const waste = wb.addWorksheet('Waste');
  waste.columns = [
    { header: 'Waste %', width: 10 },
    { header: 'Area (sq ft)', width: 14 },
    { header: 'Squares', width: 10 },
  ];
  for (const w of totals!.waste_table) waste.addRow([w.waste_percent, w.area_sqft, w.squares]);
  for (const ws of [summary, facets, waste]) bold(ws, ws.getRow(1));
  for (const st of structures) structureSheet(wb, st);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** One section's figures as ROOF_REPORT elements; facets carry their plan outline when there is one. */
function sectionXml(sec: MeasurementSection, geometry: ExportModel['geometry']) {
  return {
    SUMMARY: {
      '@_total_area_sqft': sec.total_area_sqft ?? '',
      '@_total_squares': sec.total_squares ?? '',
      '@_predominant_pitch': sec.predominant_pitch ?? '',
      '@_facet_count': sec.facet_count ?? '',
    },
    LENGTHS: { LENGTH: LENGTH_LABELS.map(([k]) => ({ '@_type': k.toUpperCase(), '@_feet': sec.lengths_ft[k] ?? '' })) },
    ...(sec.areas_per_pitch.length
      ? { PITCHES: { PITCH: sec.areas_per_pitch.map((p) => ({ '@_pitch': p.pitch, '@_area_sqft': p.area_sqft })) } }
      : {}),
    FACETS: {
      FACET: sec.facets.map((f) => {
        const shape = geometry?.facets.find((g) => g.id === f.id);
        return {
          '@_id': f.id,
          '@_pitch': f.pitch ?? '',
          '@_area_sqft': f.area_sqft,
          ...(shape ? { '@_path': shape.points.map((p) => p.join(',')).join(' ') } : {}),
        };
      }),
    },
    WASTE: {
      ROW: sec.waste_table.map((w) => ({
        '@_percent': w.waste_percent,
        '@_area_sqft': w.area_sqft,
        '@_squares': w.squares,
      })),
    },
  };
}

/**
 * Our own XML dialect (ROOF_REPORT): the property totals at the top, with the plan geometry when
 * there is one, and for several structures a STRUCTURE element each with its own figures.
 */
export function writeXml(m: ExportModel): Buffer {
  const [totals, ...structures] = measurementSections(m.summary);
  const { SUMMARY, LENGTHS, PITCHES, FACETS, WASTE } = sectionXml(totals!, m.geometry);
  const doc = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    ROOF_REPORT: {
      '@_report_id': m.report_id,
      '@_revision_id': m.revision_id,
      '@_revision': m.revision_number,
      '@_generated_at': m.generated_at,
      PROJECT: { '@_name': m.project_name, '@_external_id': m.external_report_id ?? '', '@_address': m.address ?? '' },
      LOCATION: { '@_label': m.location.label ?? '', '@_lat': m.location.lat ?? '', '@_long': m.location.long ?? '' },
      SUMMARY,
      LENGTHS,
      ...(PITCHES ? { PITCHES } : {}),
      FACETS,
      LINES: {
        LINE: (m.geometry?.lines ?? []).map((l) => ({
          '@_type': l.kind.toUpperCase(),
          '@_path': l.points.map((p) => p.join(',')).join(' '),
        })),
      },
      WASTE,
      ...(structures.length
        ? {
            STRUCTURES: {
              STRUCTURE: structures.map((st) => ({
                '@_name': st.title,
                '@_number': st.number ?? '',
                ...sectionXml(st, null),
              })),
            },
          }
        : {}),
    },
  };
  return Buffer.from(new XMLBuilder({ ignoreAttributes: false, format: true, suppressEmptyNode: true }).build(doc));
}
