/**
 * The writers of every report file format the importer reads, shared by the shipped samples
 * (samples/build.ts) and the test fixtures (test/fixtures/reports/build.ts), so both lay a file
 * out the same way: PDF pages, XLSX sheets, EagleView roof-model XML and zip packages. DXF
 * documents come from the exporter's own groups (tasks/report_export/dxfGroups.ts).
 */
import { PassThrough } from 'node:stream';
import { ZipArchive } from 'archiver';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';

/**
 * A PDF drawn by `draw`, on US Letter with a 50 pt margin unless `options` says otherwise. The
 * creation date is fixed (`options.info` replaces it), so the same drawing gives the same bytes.
 */
export function pdfBuffer(
  draw: (doc: PDFKit.PDFDocument) => void,
  options: PDFKit.PDFDocumentOptions = {},
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'LETTER', margin: 50, info: { CreationDate: new Date(0) }, ...options });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    draw(doc);
    doc.end();
  });
}

export interface WorkbookMeta {
  created: Date;
  creator: string;
}

/** An XLSX workbook of one sheet named `sheetName`, filled by `fill`. */
export async function xlsxBuffer(
  sheetName: string,
  fill: (sheet: ExcelJS.Worksheet) => void,
  meta?: WorkbookMeta,
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  if (meta) {
    wb.created = meta.created;
    wb.modified = meta.created;
    wb.creator = meta.creator;
  }
  fill(wb.addWorksheet(sheetName));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** An EagleView roof model: faces bounded by lines, lines between points, points in feet. */
export interface EagleViewRoofModel {
  /** A comment written after the XML declaration (e.g. that the file is a sample). */
  comment?: string;
  location: { address: string; city: string; state: string; postal: string; lat: string; long: string };
  /** Each face's pitch (rise per 12), size in sq ft as printed and unrounded, and its lines (1-based). */
  faces: { pitch: number; size: number; unroundedSize: number; lines: number[] }[];
  /** Each line's type (RIDGE, EAVE, RAKE …) and its two points (1-based). */
  lines: { type: string; points: [number, number] }[];
  points: [number, number, number][];
}

/** The roof model as EagleView's XML export writes it, ids numbered in order (F1, L1, C1 …). */
export function eagleViewXml(model: EagleViewRoofModel): string {
  const l = model.location;
  const faces = model.faces.map(
    (f, i) =>
      `        <FACE id="F${i + 1}" designator="${String.fromCharCode(65 + i)}" type="ROOF">` +
      `<POLYGON id="P${i + 1}" path="${f.lines.map((n) => `L${n}`).join(',')}" pitch="${f.pitch}" ` +
      `size="${f.size}" unroundedsize="${f.unroundedSize}"/></FACE>`,
  );
  const lines = model.lines.map(
    (line, i) => `        <LINE id="L${i + 1}" path="C${line.points[0]},C${line.points[1]}" type="${line.type}"/>`,
  );
  const points = model.points.map((p, i) => `        <POINT id="C${i + 1}" data="${p.join(',')}"/>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    ...(model.comment ? [`<!-- ${model.comment} -->`] : []),
    '<EAGLEVIEW_EXPORT>',
    `  <LOCATION address="${l.address}" city="${l.city}" state="${l.state}" postal="${l.postal}" lat="${l.lat}" long="${l.long}"/>`,
    '  <STRUCTURES northorientation="0">',
    '    <ROOF id="ROOF1">',
    '      <FACES>',
    ...faces,
    '      </FACES>',
    '      <LINES>',
    ...lines,
    '      </LINES>',
    '      <POINTS>',
    ...points,
    '      </POINTS>',
    '    </ROOF>',
    '  </STRUCTURES>',
    '</EAGLEVIEW_EXPORT>',
    '',
  ].join('\n');
}

/** The lines of a gable: two faces meeting at a ridge, each with an eave and two rakes. */
export const GABLE_LINES: EagleViewRoofModel['lines'] = [
  { type: 'EAVE', points: [1, 2] },
  { type: 'RAKE', points: [2, 3] },
  { type: 'RIDGE', points: [3, 4] },
  { type: 'RAKE', points: [4, 1] },
  { type: 'RAKE', points: [3, 5] },
  { type: 'EAVE', points: [5, 6] },
  { type: 'RAKE', points: [6, 4] },
];

/** The faces of GABLE_LINES' gable, each of the given pitch and sizes. */
export function gableFaces(pitch: number, sizes: [number, number][]): EagleViewRoofModel['faces'] {
  const lines = [
    [1, 2, 3, 4],
    [3, 5, 6, 7],
  ];
  return sizes.map(([size, unroundedSize], i) => ({ pitch, size, unroundedSize, lines: lines[i]! }));
}

/** The points of GABLE_LINES' gable: `width` along the eaves, `run` from eave to ridge, `rise` high. */
export function gablePoints(width: number, run: number, rise: number): EagleViewRoofModel['points'] {
  return [
    [0, 0, 0],
    [width, 0, 0],
    [width, run, rise],
    [0, run, rise],
    [width, 2 * run, 0],
    [0, 2 * run, 0],
  ];
}

/** A zip of the given entries, as a partner's package or an XLSX's insides. */
export function zipOf(entries: { name: string; data: Buffer | string }[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const archive = new ZipArchive({ zlib: { level: 9 } });
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    out.on('end', () => resolve(Buffer.concat(chunks)));
    archive.on('error', reject);
    archive.pipe(out);
    for (const e of entries) archive.append(e.data, { name: e.name });
    void archive.finalize();
  });
}
