import PDFDocument from 'pdfkit';
import { LENGTH_LABELS, measurementSections, type ExportModel, type MeasurementSection } from './model.ts';

const INK = '#1f2933';
const MUTED = '#616e7c';
const ACCENT = '#b44d12';
const RULE = '#cbd2d9';
const LINE_COLORS: Record<string, string> = {
  ridge: '#c0392b',
  hip: '#8e44ad',
  valley: '#2471a3',
  rake: '#1e8449',
  eave: '#d68910',
  step_flashing: '#566573',
};

const fmt = (n: number | null | undefined, digits = 0) =>
  n === null || n === undefined
    ? '—'
    : n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** Up to `digits` decimals, none when the figure is whole: 92.17 ft, 2,236 sq ft. */
const num = (n: number | null | undefined, digits = 2) =>
  n === null || n === undefined ? '—' : n.toLocaleString('en-US', { maximumFractionDigits: digits });

type Doc = PDFKit.PDFDocument;

/**
 * A section heading. `rows` is the table that follows: a table that fits on one page starts on
 * a new one rather than leave its last rows alone without their header.
 */
function heading(doc: Doc, text: string, rows = 4) {
  const needed = 48 + (rows + 1) * 18;
  const usable = doc.page.height - doc.page.margins.top - doc.page.margins.bottom;
  if (doc.y + Math.min(needed, 160) > doc.page.height - doc.page.margins.bottom) doc.addPage();
  else if (needed <= usable && doc.y + needed > doc.page.height - doc.page.margins.bottom) doc.addPage();
  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).fillColor(ACCENT).text(text, doc.page.margins.left);
  const y = doc.y + 2;
  doc
    .moveTo(doc.page.margins.left, y)
    .lineTo(doc.page.width - doc.page.margins.right, y)
    .lineWidth(0.8)
    .strokeColor(ACCENT)
    .stroke();
  doc.moveDown(0.5).fillColor(INK);
}

/**
 * A simple ruled table; columns share the width by the given fractions. `lastRowBold` sets a
 * totals row apart.
 */
function table(
  doc: Doc,
  header: string[],
  rows: string[][],
  fractions: number[],
  { alignRightFrom = 1, fontSize = 10, lastRowBold = false } = {},
) {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const xs = fractions.reduce<number[]>((acc, f, i) => [...acc, (acc[i] ?? left) + f * width], [left]);
  const rowHeight = fontSize + 8;
  const drawRow = (cells: string[], bold: boolean, muted = bold) => {
    if (doc.y + rowHeight > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const y = doc.y;
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(fontSize)
      .fillColor(muted ? MUTED : INK);
    cells.forEach((c, i) => {
      const w = xs[i + 1]! - xs[i]! - 8;
      doc.text(c, xs[i]! + 4, y + 4.5, {
        width: w,
        align: i >= alignRightFrom ? 'right' : 'left',
        lineBreak: false,
        ellipsis: true,
      });
    });
    doc
      .moveTo(left, y + rowHeight)
      .lineTo(left + width, y + rowHeight)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc.x = left;
    doc.y = y + rowHeight;
  };
  drawRow(header, true);
  rows.forEach((r, i) => drawRow(r, lastRowBold && i === rows.length - 1, false));
  doc.moveDown(0.3);
}

/** The facets in plan, scaled into a box, with each line kind in its own colour. */
function planDrawing(doc: Doc, m: ExportModel) {
  const g = m.geometry;
  if (!g || (!g.facets.length && !g.lines.length)) return;
  const boxH = 300;
  // Keep the heading with its drawing.
  if (doc.y + boxH + 90 > doc.page.height - doc.page.margins.bottom) doc.addPage();
  heading(doc, 'Roof plan');
  const pts = [...g.facets.flatMap((f) => f.points), ...g.lines.flatMap((l) => l.points)];
  const minX = Math.min(...pts.map((p) => p[0]));
  const maxX = Math.max(...pts.map((p) => p[0]));
  const minY = Math.min(...pts.map((p) => p[1]));
  const maxY = Math.max(...pts.map((p) => p[1]));
  const boxW = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const top = doc.y + 10;
  const scale = Math.min(boxW / Math.max(maxX - minX, 1e-6), boxH / Math.max(maxY - minY, 1e-6)) * 0.9;
  const offX = doc.page.margins.left + (boxW - (maxX - minX) * scale) / 2;
  const offY = top + (boxH - (maxY - minY) * scale) / 2;
  // Drawing y grows downwards; plan y grows north (up).
  const at = ([x, y]: [number, number]): [number, number] => [offX + (x - minX) * scale, offY + (maxY - y) * scale];

  for (const f of g.facets) {
    const [first, ...rest] = f.points.map(at);
    doc.moveTo(...first!);
    for (const p of rest) doc.lineTo(...p);
    doc.closePath().lineWidth(0.8).fillOpacity(0.25).fillAndStroke('#e8c39e', '#7b8794').fillOpacity(1);
    const cx = f.points.reduce((s, p) => s + p[0], 0) / f.points.length;
    const cy = f.points.reduce((s, p) => s + p[1], 0) / f.points.length;
    const [lx, ly] = at([cx, cy]);
    const area = m.summary.facets.find((x) => x.id === f.id)?.area_sqft;
    doc
      .font('Helvetica-Bold')
      .fontSize(8)
      .fillColor(INK)
      .text(f.id, lx - 30, ly - 8, { width: 60, align: 'center' });
    doc
      .font('Helvetica')
      .fontSize(7)
      .fillColor(MUTED)
      .text(
        [area !== undefined ? `${fmt(area)} sq ft` : '', f.pitch ?? ''].filter(Boolean).join(' · '),
        lx - 45,
        ly + 1,
        { width: 90, align: 'center' },
      );
  }
  for (const l of g.lines) {
    const [first, ...rest] = l.points.map(at);
    doc.moveTo(...first!);
    for (const p of rest) doc.lineTo(...p);
    doc
      .lineWidth(1.8)
      .strokeColor(LINE_COLORS[l.kind] ?? INK)
      .stroke();
  }
  // North arrow and legend.
  const nx = doc.page.width - doc.page.margins.right - 14;
  doc
    .moveTo(nx, top + 24)
    .lineTo(nx - 5, top + 34)
    .lineTo(nx + 5, top + 34)
    .closePath()
    .fill(INK);
  doc
    .font('Helvetica-Bold')
    .fontSize(8)
    .text('N', nx - 4, top + 12);
  let lx = doc.page.margins.left;
  const ly = top + boxH + 8;
  for (const [kind, label] of LENGTH_LABELS) {
    if (!g.lines.some((l) => l.kind === kind)) continue;
    doc
      .moveTo(lx, ly + 4)
      .lineTo(lx + 16, ly + 4)
      .lineWidth(2)
      .strokeColor(LINE_COLORS[kind]!)
      .stroke();
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(INK)
      .text(label, lx + 20, ly, { lineBreak: false });
    lx += 90;
  }
  doc.x = doc.page.margins.left;
  doc.y = ly + 20;
}

const sqft = (n: number | null, digits = 2) => (n === null ? '—' : `${num(n, digits)} sq ft`);
const feet = (n: number | null | undefined) => (n === null || n === undefined ? '—' : `${num(n)} ft`);

/** One section's figures: summary, line lengths, areas per pitch, facets, then `beforeWaste`, then waste. */
function sectionBody(doc: Doc, sec: MeasurementSection, beforeWaste: () => void = () => {}) {
  heading(doc, sec.kind === 'structure' ? 'Summary' : sec.title, 4);
  table(
    doc,
    ['Measurement', 'Value'],
    [
      ['Total roof area', sqft(sec.total_area_sqft)],
      ['Roofing squares (100 sq ft)', fmt(sec.total_squares, 2)],
      ['Predominant pitch', sec.predominant_pitch ?? '—'],
      ['Roof facets', fmt(sec.facet_count)],
    ],
    [0.6, 0.4],
  );

  heading(doc, 'Line lengths', LENGTH_LABELS.length + 1);
  table(
    doc,
    ['Line', 'Length'],
    [
      ...LENGTH_LABELS.map(([k, label]) => [label, feet(sec.lengths_ft[k])]),
      ...(sec.lengths_ft.ridge_hip !== null && sec.lengths_ft.ridge_hip !== undefined
        ? [['Ridges and hips together', feet(sec.lengths_ft.ridge_hip)]]
        : []),
    ],
    [0.6, 0.4],
  );

  if (sec.areas_per_pitch.length) {
    heading(doc, 'Area by pitch', sec.areas_per_pitch.length);
    const total = sec.areas_per_pitch.reduce((a, p) => a + p.area_sqft, 0);
    table(
      doc,
      ['Pitch', 'Area', 'Share of roof'],
      sec.areas_per_pitch.map((p) => [p.pitch, sqft(p.area_sqft, 1), `${fmt((p.area_sqft / total) * 100, 1)}%`]),
      [0.4, 0.3, 0.3],
    );
  }

  if (sec.facets.length) {
    heading(doc, 'Facets', sec.facets.length);
    table(
      doc,
      ['Facet', 'Pitch', 'Area'],
      sec.facets.map((f) => [f.id, f.pitch ?? '—', sqft(f.area_sqft, 1)]),
      [0.4, 0.3, 0.3],
    );
  }

  beforeWaste();

  if (sec.waste_table.length) {
    heading(doc, 'Waste factor', sec.waste_table.length + 1);
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(MUTED)
      .text('Area and squares to order at each waste allowance; squares are rounded up to a third of a square.');
    doc.moveDown(0.3);
    table(
      doc,
      ['Waste', 'Area', 'Squares'],
      sec.waste_table.map((w) => [`${w.waste_percent}%`, sqft(w.area_sqft), fmt(w.squares, 2)]),
      [0.4, 0.3, 0.3],
    );
  }
}

/** Each structure beside the property totals, the way a crew splits the order between buildings. */
function structureComparison(doc: Doc, totals: MeasurementSection, structures: MeasurementSection[]) {
  const rows = [...structures, totals];
  const name = (sec: MeasurementSection) => (sec.kind === 'totals' ? 'All structures' : sec.title);
  heading(doc, 'Measurements by structure', rows.length + LENGTH_LABELS.length + 2);
  table(
    doc,
    ['Structure', 'Area', 'Squares', 'Pitch', 'Facets'],
    rows.map((sec) => [
      name(sec),
      sqft(sec.total_area_sqft),
      fmt(sec.total_squares, 2),
      sec.predominant_pitch ?? '—',
      fmt(sec.facet_count),
    ]),
    [0.32, 0.2, 0.16, 0.16, 0.16],
    { lastRowBold: true },
  );
  // Lengths run down the page and structures across, so any number of length kinds fits; a kind
  // no structure states is left out.
  const width = Math.min(0.16, 0.72 / rows.length);
  const stated = LENGTH_LABELS.filter(([k]) => rows.some((sec) => (sec.lengths_ft[k] ?? null) !== null));
  table(
    doc,
    ['Line lengths', ...rows.map(name)],
    stated.map(([k, label]) => [label, ...rows.map((sec) => feet(sec.lengths_ft[k]))]),
    [1 - width * rows.length, ...rows.map(() => width)],
  );
}

/** A structure starts a page of its own, titled as the source names it. */
function structurePage(doc: Doc, sec: MeasurementSection, index: number, count: number) {
  doc.addPage();
  doc.font('Helvetica-Bold').fontSize(18).fillColor(INK).text(sec.title);
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(MUTED)
    .text(
      `${index + 1} of ${count} structures  ·  ${sqft(sec.total_area_sqft)}  ·  ${sec.predominant_pitch ?? '—'} pitch  ·  ${fmt(sec.facet_count)} facets`,
    );
  sectionBody(doc, sec);
}

/** A report a roofer can hand a homeowner: who, where, how big, how steep, what to order. */
export function writePdf(m: ExportModel): Promise<Buffer> {
  const s = m.summary;
  const [totals, ...structures] = measurementSections(s);
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'LETTER',
      margin: 54,
      bufferPages: true,
      info: {
        Title: `Roof measurement report — ${m.project_name}`,
        Author: 'Partner API',
        CreationDate: new Date(m.generated_at),
      },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    doc.font('Helvetica-Bold').fontSize(22).fillColor(INK).text('Roof Measurement Report');
    doc
      .font('Helvetica')
      .fontSize(12)
      .fillColor(MUTED)
      .text(m.address ?? m.project_name);
    doc
      .fontSize(9)
      .text(
        [
          `Project: ${m.project_name}`,
          m.external_report_id && m.external_report_id !== m.project_name ? `Reference: ${m.external_report_id}` : '',
          `Revision ${m.revision_number}`,
          `Prepared ${m.generated_at.slice(0, 10)}`,
        ]
          .filter(Boolean)
          .join('   ·   '),
      );
    if (structures.length) {
      doc
        .moveDown(0.4)
        .font('Helvetica-Bold')
        .fontSize(10)
        .fillColor(INK)
        .text(`${structures.length} structures: `, { continued: true })
        .font('Helvetica')
        .text(`${structures.map((st) => st.title).join(', ')}. The figures below are the property's totals.`);
    }
    if (s.missing.length) {
      doc
        .moveDown(0.5)
        .font('Helvetica-Bold')
        .fontSize(9)
        .fillColor(ACCENT)
        .text(`Needs review: the source did not state ${s.missing.join(', ').replaceAll('_', ' ')}.`);
    }

    if (structures.length) structureComparison(doc, totals!, structures);
    sectionBody(doc, totals!, () => planDrawing(doc, m));

    if (s.warnings.length) {
      heading(doc, 'Notes');
      for (const w of s.warnings) doc.font('Helvetica').fontSize(9).fillColor(INK).text(`• ${w}`);
    }

    structures.forEach((st, i) => structurePage(doc, st, i, structures.length));

    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      const bottom = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      doc
        .font('Helvetica')
        .fontSize(8)
        .fillColor(MUTED)
        .text(
          `${m.address ?? m.project_name}  ·  Page ${i + 1} of ${range.count}`,
          doc.page.margins.left,
          doc.page.height - 36,
          { align: 'center', width: doc.page.width - doc.page.margins.left - doc.page.margins.right },
        );
      doc.page.margins.bottom = bottom;
    }
    doc.end();
  });
}
