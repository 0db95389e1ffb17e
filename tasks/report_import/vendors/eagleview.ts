import type { Lengths } from '../../../core/reportModel.ts';
import { mergeMeasurements, type StructureMeasurements } from '../summary.ts';
import { MAX_LINE_CHARS, measurementsFromReportText } from './labelled.ts';
import type { PdfReportReader } from './vendor.ts';

/**
 * Report titles whose summary pages this reader knows ("Premium Report", then the date). The title
 * ends its line; a report ordered through a contractor prints the contractor's name before it.
 */
const PRODUCTS = [
  'Premium Roof & Walls',
  'Premium',
  'Extended Coverage 3D',
  'Extended Coverage 2D',
  'Commercial Premium',
  'QuickSquares',
  'Bid Perfect',
];
const TITLE = new RegExp(`(?:^|[ \\t])(${PRODUCTS.join('|')}) Report[ \\t]*$`, 'm');

/** "Structure #2" opens a structure's summary pages; "All Structures" opens the property's. */
const SECTION = /^\s*(?:Structure #?(\d{1,3})|(All Structures))\s*$/;

interface Section {
  structure: number | null;
  lines: string[];
}

/**
 * The text cut where each summary section starts. What precedes the first (the front page and
 * the diagrams' "Total Line Lengths") is the property's, as is every "All Structures" section.
 */
function sections(lines: string[]): { front: string; parts: Section[] } {
  const front: string[] = [];
  const parts: Section[] = [];
  for (const line of lines) {
    const m = line.match(SECTION);
    if (m) parts.push({ structure: m[1] ? Number(m[1]) : null, lines: [] });
    (parts.at(-1)?.lines ?? front).push(line);
  }
  return { front: front.join('\n'), parts };
}

/** Columns of the "Measurements by Structure" table, by the words of their headings. */
const TABLE_COLUMNS: [RegExp, keyof Lengths | 'area'][] = [
  [/Area/, 'area'],
  [/Ridges/, 'ridge'],
  [/Hips/, 'hip'],
  [/Valleys/, 'valley'],
  [/Rakes/, 'rake'],
  [/Eaves/, 'eave'],
  [/Step Flashing/i, 'step_flashing'],
  [/(?<!Step )Flashing/, 'flashing'],
  [/Parapet/, 'parapet'],
];
const TABLE_ROW = /^\s*(\d{1,3})((?:\s+\d{1,7}(?:\.\d{1,2})?){1,12})\s*$/;

/**
 * The "Measurements by Structure" table of the property's summary: one row per structure, each
 * figure rounded up to the foot. Read only when the report has no summary pages per structure.
 */
function structureTable(lines: string[]): StructureMeasurements[] {
  const at = lines.findIndex((l) => /^\s*Measurements by Structure\s*$/.test(l));
  if (at === -1) return [];
  const first = lines.findIndex((l, i) => i > at && TABLE_ROW.test(l));
  if (first === -1 || first - at > 20) return [];
  const heading = lines.slice(at + 1, first).join(' ');
  const columns = TABLE_COLUMNS.flatMap(([re, key]) => {
    const m = heading.match(re);
    return m ? [{ key, at: m.index! }] : [];
  }).sort((a, b) => a.at - b.at);
  const structures: StructureMeasurements[] = [];
  for (const line of lines.slice(first)) {
    const m = line.match(TABLE_ROW);
    if (!m) break;
    const figures = m[2]!.trim().split(/\s+/).map(Number);
    if (figures.length !== columns.length) return [];
    const lengths: Partial<Lengths> = {};
    let area: number | undefined;
    columns.forEach(({ key }, i) => (key === 'area' ? (area = figures[i]) : (lengths[key] = figures[i])));
    structures.push({ name: `Structure ${m[1]}`, number: Number(m[1]), total_area_sqft: area, lengths });
  }
  return structures;
}

/**
 * EagleView's reports (2024 layouts): a front page of totals, the length diagram's "Total Line
 * Lengths", then a REPORT SUMMARY per structure ("Structure #1", …) and one for the property
 * ("All Structures" / "All Structures Totals"). A single-structure report has only the latter.
 */
export const eagleview: PdfReportReader = {
  vendor: 'eagleview',
  recognise(text) {
    if (!/Eagle ?View Technologies|www\.eagleview\.com/i.test(text)) return undefined;
    const product = text.match(TITLE)?.[1];
    return { product: product ? `EagleView ${product}` : null };
  },
  read(text) {
    const lines = text.split('\n').map((l) => (l.length > MAX_LINE_CHARS ? '' : l));
    const { front, parts } = sections(lines);
    const whole = measurementsFromReportText(text);
    const read = (p: Section) => measurementsFromReportText(p.lines.join('\n'));
    const own = parts.filter((p) => p.structure !== null);
    const pages: StructureMeasurements[] = own.map((p) => ({
      name: `Structure ${p.structure}`,
      number: p.structure,
      ...read(p),
    }));
    const structures = pages.length > 1 ? pages : structureTable(lines);
    const property = parts.filter((p) => p.structure === null).map(read);
    // The property's own summary, then the front page's totals; a lone structure is the property.
    const totals = mergeMeasurements([
      ...(property.length ? property : pages.length === 1 ? pages : []),
      measurementsFromReportText(front),
    ]);
    return {
      ...totals,
      address: whole.address,
      lat: whole.lat,
      long: whole.long,
      ...(structures.length > 1 ? { structures } : {}),
      layout: { vendor: 'eagleview', product: eagleview.recognise(text)?.product ?? null },
    };
  },
};
