import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { XMLBuilder } from 'fast-xml-parser';
import { LENGTH_LABELS, measurementRows, type ExportModel } from './model.ts';

/** Spreadsheet apps run cells that start with = + - @ as formulas; prefix them to keep text text. */
function formulaSafe(v: string | number | null): string | number | null {
  return typeof v === 'string' && /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
}

/** One table in sections: measurements, facets, waste. */
export function writeCsv(m: ExportModel): Buffer {
  const rows: (string | number | null)[][] = [['section', 'item', 'value', 'unit']];
  for (const [label, value, unit] of measurementRows(m)) rows.push(['summary', label, value, unit]);
  for (const f of m.summary.facets) rows.push(['facet', f.id, f.area_sqft, `sq ft${f.pitch ? ` @ ${f.pitch}` : ''}`]);
  for (const w of m.summary.waste_table)
    rows.push(['waste', `${w.waste_percent}%`, w.area_sqft, `sq ft (${w.squares} squares)`]);
  return Buffer.from(
    stringify(
      rows.map((r) => r.map(formulaSafe)),
      { record_delimiter: '\r\n' },
    ),
  );
}

export async function writeXlsx(m: ExportModel): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.created = new Date(m.generated_at);
  const summary = wb.addWorksheet('Summary');
  summary.columns = [
    { header: 'Measurement', width: 28 },
    { header: 'Value', width: 40 },
    { header: 'Unit', width: 10 },
  ];
  for (const r of measurementRows(m)) summary.addRow(r.map(formulaSafe));
  const facets = wb.addWorksheet('Facets');
  facets.columns = [
    { header: 'Facet', width: 10 },
    { header: 'Pitch', width: 10 },
    { header: 'Area (sq ft)', width: 14 },
  ];
  for (const f of m.summary.facets) facets.addRow([f.id, f.pitch, f.area_sqft]);
  const waste = wb.addWorksheet('Waste');
  waste.columns = [
    { header: 'Waste %', width: 10 },
    { header: 'Area (sq ft)', width: 14 },
    { header: 'Squares', width: 10 },
  ];
  for (const w of m.summary.waste_table) waste.addRow([w.waste_percent, w.area_sqft, w.squares]);
  for (const ws of [summary, facets, waste]) ws.getRow(1).font = { bold: true };
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Our own XML dialect (ROOF_REPORT), with the plan geometry when there is one. */
export function writeXml(m: ExportModel): Buffer {
  const s = m.summary;
  const doc = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    ROOF_REPORT: {
      '@_report_id': m.report_id,
      '@_revision_id': m.revision_id,
      '@_revision': m.revision_number,
      '@_generated_at': m.generated_at,
      PROJECT: { '@_name': m.project_name, '@_external_id': m.external_report_id ?? '', '@_address': m.address ?? '' },
      LOCATION: { '@_label': m.location.label ?? '', '@_lat': m.location.lat ?? '', '@_long': m.location.long ?? '' },
      SUMMARY: {
        '@_total_area_sqft': s.total_area_sqft ?? '',
        '@_total_squares': s.total_squares ?? '',
        '@_predominant_pitch': s.predominant_pitch ?? '',
        '@_facet_count': s.facet_count ?? '',
      },
      LENGTHS: { LENGTH: LENGTH_LABELS.map(([k]) => ({ '@_type': k.toUpperCase(), '@_feet': s.lengths_ft[k] ?? '' })) },
      FACETS: {
        FACET: s.facets.map((f) => {
          const shape = m.geometry?.facets.find((g) => g.id === f.id);
          return {
            '@_id': f.id,
            '@_pitch': f.pitch ?? '',
            '@_area_sqft': f.area_sqft,
            ...(shape ? { '@_path': shape.points.map((p) => p.join(',')).join(' ') } : {}),
          };
        }),
      },
      LINES: {
        LINE: (m.geometry?.lines ?? []).map((l) => ({
          '@_type': l.kind.toUpperCase(),
          '@_path': l.points.map((p) => p.join(',')).join(' '),
        })),
      },
      WASTE: {
        ROW: s.waste_table.map((w) => ({
          '@_percent': w.waste_percent,
          '@_area_sqft': w.area_sqft,
          '@_squares': w.squares,
        })),
      },
    },
  };
  return Buffer.from(new XMLBuilder({ ignoreAttributes: false, format: true, suppressEmptyNode: true }).build(doc));
}
