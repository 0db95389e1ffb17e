import type { FacetSummary, Lengths, PitchArea, WasteRow } from '../../../core/reportModel.ts';
import { PRINTED_LENGTH, feetFrom } from '../feet.ts';
import { mergeMeasurements, normalizePitch, round, type Measurements, type StructureMeasurements } from '../summary.ts';
import { MAX_LINE_CHARS } from './labelled.ts';
import type { PdfReportReader } from './vendor.ts';

/** "2,512", "2512.5": a figure of a handful of digits. */
const NUM = `(?:\\d{1,3}(?:,\\d{3})+|\\d{1,9})(?:\\.\\d{1,2})?`;
const AREA = `(${NUM})[ \\t]*(?:ft²|ft2|sq\\.?[ \\t]?ft|sqft)`;
const num = (s: string) => Number(s.replace(/,/g, ''));
/** A cell HOVER leaves empty prints a dash: none of that kind. */
const DASH = /^[-\u2013\u2014]$/;

/**
 * Every kind of line HOVER prints, by its label. The summary prints ridges and hips as one
 * figure ("Ridges / Hips"); the line page prints each kind alone with its code ("Ridges (RI)").
 */
const LINE_LABELS: [keyof Lengths, string][] = [
  ['ridge_hip', 'Ridges?\\s*/\\s*Hips?'],
  ['ridge', 'Ridges?(?!\\s*/)'],
  ['hip', 'Hips?'],
  ['valley', 'Valleys?'],
  ['rake', 'Rakes?'],
  ['eave', '(?:Gutters?\\s*/\\s*)?Eaves?(?:\\s*/\\s*Gutters?)?'],
  ['step_flashing', 'Step\\s+Flashing'],
  ['flashing', 'Flashing'],
  ['drip_edge', 'Drip\\s+Edge(?:\\s*/\\s*Perimeter)?'],
];

/**
 * A row that starts with a line label, then (after an optional "(RI)" code and footnote mark)
 * cells that start with a digit or a dash: "Rakes - 13 151' 4"", "Ridges (RI) 106' 8"". The
 * siding pages' "Eaves Fascia 84' 3"" is not such a row.
 */
const rowOf = (label: string) => new RegExp(`^${label}(?:\\s*\\([A-Z]{1,3}\\))?\\*?\\s+([-\\u2013\\u2014\\d].*)$`, 'i');
const LAST_LENGTH = new RegExp(`${PRINTED_LENGTH}(?!.*\\d['\u2019\u2032])`, 'i');

/** The row's length: its last printed length, or 0 when its length cell is a dash. */
function rowLength(cells: string): number | undefined {
  const m = cells.match(LAST_LENGTH);
  if (m) return feetFrom(m[1]!, m[2]);
  const last = cells.trim().split(/\s+/).at(-1) ?? '';
  return DASH.test(last) ? 0 : undefined;
}

/** Line items of the line pages: "RI-3 12' 4"" (ridge 3), "H-1 9'" (hip 1). */
const ITEM_KINDS: Record<string, keyof Lengths> = { RI: 'ridge', H: 'hip', V: 'valley', RA: 'rake', E: 'eave' };
const LINE_ITEM = new RegExp(`(?:^|\\s)(RI|H|V|RA|E)-(\\d{1,3})\\s+${PRINTED_LENGTH}`, 'g');

function itemLengths(lines: string[]): Partial<Lengths> {
  // Summed in inches, so the total is rounded once, as HOVER rounds its own totals.
  const inches = new Map<string, number>();
  for (const line of lines)
    for (const m of line.matchAll(LINE_ITEM)) {
      const feet = feetFrom(m[3]!, m[4]);
      const id = `${m[1]}-${m[2]}`;
      if (feet !== undefined && !inches.has(id)) inches.set(id, num(m[3]!) * 12 + Number(m[4] ?? 0));
    }
  const totals: Partial<Record<keyof Lengths, number>> = {};
  for (const [id, n] of inches) {
    const kind = ITEM_KINDS[id.split('-')[0]!]!;
    totals[kind] = (totals[kind] ?? 0) + n;
  }
  return Object.fromEntries(Object.entries(totals).map(([k, n]) => [k, round(n / 12, 2)]));
}

const FRACTIONS: Record<string, number> = {
  '¼': 1 / 4,
  '½': 1 / 2,
  '¾': 3 / 4,
  '⅓': 1 / 3,
  '⅔': 2 / 3,
  '⅛': 1 / 8,
  '⅜': 3 / 8,
  '⅝': 5 / 8,
  '⅞': 7 / 8,
};
const SQUARES = /^(\d{1,6})?([¼½¾⅓⅔⅛⅜⅝⅞])?$/u;

/** "25⅓" → 25.33, "0¼" → 0.25, "29" → 29. */
export function squaresFrom(token: string): number | undefined {
  const m = token.match(SQUARES);
  if (!m || (!m[1] && !m[2])) return undefined;
  return Math.round((Number(m[1] ?? 0) + (m[2] ? FRACTIONS[m[2]]! : 0)) * 100) / 100;
}

/** "Zero Waste +5% +10%", then "Area 2512 ft² 2638 ft²…" and "Squares 25⅓ 26⅓…" below it. */
function wasteTable(lines: string[]): WasteRow[] | undefined {
  const at = lines.findIndex((l) => /^Zero Waste(?:\s+\+\d{1,3}\s*%)+\s*$/i.test(l));
  if (at === -1) return undefined;
  const percents = [0, ...[...lines[at]!.matchAll(/\+(\d{1,3})\s*%/g)].map((m) => Number(m[1]))];
  const near = lines.slice(at + 1, at + 4);
  const areaRow = near.find((l) => /^Area\s/i.test(l));
  const squaresRow = near.find((l) => /^Squares\s/i.test(l));
  const areas = [...(areaRow ?? '').matchAll(new RegExp(AREA, 'gi'))].map((m) => num(m[1]!));
  const squares = (squaresRow ?? '')
    .replace(/^Squares\s+/i, '')
    .replace(/(\d)\s+([¼½¾⅓⅔⅛⅜⅝⅞])/gu, '$1$2')
    .trim()
    .split(/\s+/)
    .map(squaresFrom);
  if (areas.length !== percents.length || squares.length !== percents.length || squares.some((s) => s === undefined))
    return undefined;
  return percents.map((p, i) => ({ waste_percent: p, area_sqft: areas[i]!, squares: squares[i]! }));
}

/** "8 / 12 2512 ft² 100%": the summary shows the largest few, the Roof Pitch page every one. */
const PITCH_ROW = new RegExp(
  `^(\\d{1,2}(?:\\.\\d{1,2})?)\\s*/\\s*12\\s+${AREA}\\s+\\d{1,3}(?:\\.\\d{1,2})?\\s*%\\s*$`,
  'i',
);

function pitchTable(lines: string[]): PitchArea[] | undefined {
  const byPitch = new Map<string, number>();
  for (const line of lines) {
    const m = line.match(PITCH_ROW);
    const pitch = m && normalizePitch(`${m[1]}/12`);
    if (pitch && !byPitch.has(pitch)) byPitch.set(pitch, num(m[2]!));
  }
  return byPitch.size ? [...byPitch].map(([pitch, area_sqft]) => ({ pitch, area_sqft })) : undefined;
}

/** "RF-1 837 ft² 8/12" rows of the Roof Facets page. */
const FACET_ROW = new RegExp(`^(RF-\\d{1,4})\\s+${AREA}\\s+(\\d{1,2}(?:\\.\\d{1,2})?)\\s*/\\s*12\\s*$`, 'i');

function facetRows(lines: string[]): FacetSummary[] {
  const facets = new Map<string, FacetSummary>();
  for (const line of lines) {
    const m = line.match(FACET_ROW);
    if (m && !facets.has(m[1]!))
      facets.set(m[1]!, { id: m[1]!, area_sqft: num(m[2]!), pitch: normalizePitch(`${m[3]}/12`) ?? null });
  }
  return [...facets.values()];
}

/** One structure's (or the property's) figures from its lines. */
function figures(lines: string[]): Measurements {
  const lengths: Partial<Lengths> = {};
  for (const [kind, label] of LINE_LABELS) {
    const row = rowOf(label);
    for (const line of lines) {
      const cells = line.match(row)?.[1];
      const feet = cells === undefined ? undefined : rowLength(cells);
      if (feet !== undefined) {
        lengths[kind] = feet;
        break;
      }
    }
  }
  // Line pages that list each line alone fill the kinds no total was printed for.
  for (const [kind, feet] of Object.entries(itemLengths(lines)) as [keyof Lengths, number][]) lengths[kind] ??= feet;
  const summaryRow = lines
    .map((l) => l.match(new RegExp(`^Roof Facets\\s+${AREA}\\s+(\\d{1,4})\\b`, 'i')))
    .find(Boolean);
  const areaPage = lines.map((l) => l.match(new RegExp(`^Total\\s+(\\d{1,4})\\s+${AREA}\\s*$`, 'i'))).find(Boolean);
  const facets = facetRows(lines);
  return {
    total_area_sqft: summaryRow ? num(summaryRow[1]!) : areaPage ? num(areaPage[2]!) : undefined,
    facet_count: summaryRow ? Number(summaryRow[2]) : areaPage ? Number(areaPage[1]) : facets.length || undefined,
    facets: facets.length ? facets : undefined,
    areas_per_pitch: pitchTable(lines),
    waste_table: wasteTable(lines),
    lengths,
  };
}

/** "Structure 2", "BUILDING 2 OF 3" on a line of its own or ending the page header. */
const STRUCTURE_MARK =
  /^(?:.*Measurements\b.*\s)?(?:Structure|Building)\s*#?\s*(\d{1,3})(?:\s*(?:of|\/)\s*\d{1,3})?\s*$/i;
const PROPERTY_MARK = /^(?:All Structures|Property Totals?|All Buildings)\b/i;

interface Part {
  structure: number | null;
  lines: string[];
}

/** The lines cut where a structure's pages start; lines before any mark, or under "All Structures", are the property's. */
function parts(lines: string[]): Part[] {
  const out: Part[] = [{ structure: null, lines: [] }];
  for (const line of lines) {
    const n = line.match(STRUCTURE_MARK)?.[1];
    const structure = n !== undefined ? Number(n) : PROPERTY_MARK.test(line) ? null : undefined;
    if (structure !== undefined && structure !== out.at(-1)!.structure) out.push({ structure, lines: [] });
    out.at(-1)!.lines.push(line);
  }
  return out;
}

const TITLE = /^((?:Roof|Complete|Exterior|Full|Interior)(?: \w+)? Measurements|Roof Report|Measurements)\b/i;

/** "Lees Crossing" from "LEES CROSSING": HOVER's cover prints the city in capitals. */
const titleCase = (s: string) =>
  s === s.toUpperCase() ? s.toLowerCase().replace(/(^|[\s'-])(\p{L})/gu, (_, a, b) => a + b.toUpperCase()) : s;

/**
 * The page header "Roof Measurements 520 Oak Drive, Springfield, GA" gives street, city and
 * state; the cover's "SPRINGFIELD, GA 31792" adds the ZIP code.
 */
function address(lines: string[]): string | undefined {
  const header = lines
    .map((l) => l.match(/^.*?Measurements\s+(\d[^,]{1,100}),\s*([^,]{2,60}),\s*([A-Z]{2})\b/))
    .find(Boolean);
  const cover = lines
    .map((l) => l.match(/^([A-Za-z][A-Za-z .'-]{1,60}),\s*([A-Z]{2})\s+(\d{5}(?:-\d{4})?)\s*$/))
    .find(Boolean);
  if (header) {
    const [, street, city, state] = header;
    const zip =
      cover && cover[1]!.toLowerCase() === city!.trim().toLowerCase() && cover[2] === state ? ` ${cover[3]}` : '';
    return `${street!.trim()}, ${city!.trim()}, ${state}${zip}`;
  }
  if (!cover) return undefined;
  const street = lines[lines.indexOf(cover.input!) - 1]?.match(/Measurements\s+(\d.{1,100})$/)?.[1];
  return street ? `${street.trim()}, ${titleCase(cover[1]!)}, ${cover[2]} ${cover[3]}` : undefined;
}

/**
 * HOVER's PDF deliverables ("Roof Measurements", "Complete Measurements", whose siding, trim
 * and openings pages come first): a ROOF SUMMARY table (facets' area and count, "Ridges / Hips"
 * as one length, valleys, rakes, eaves, flashing, step flashing, drip edge), the pitch table
 * (area per pitch; the predominant pitch is the one with the most area), the waste table in
 * squares with fractions ("25⅓"), and the line page that tells ridges from hips. Lengths are
 * feet and inches ("106' 8""); a dash is none. Every page repeats the header with the address.
 */
export const hoverPdf: PdfReportReader = {
  vendor: 'hover',
  recognise(text) {
    if (!/\bhover\.to\b|\bHOVER,? Inc\b/i.test(text)) return undefined;
    const title = text.match(new RegExp(TITLE.source, 'im'))?.[1];
    const hasSummary = /^Roof Facets\s+\d/im.test(text) && /^Ridges?\s*\/\s*Hips?\s/im.test(text);
    return { product: hasSummary ? `HOVER ${title ? titleCase(title) : 'report'}` : null };
  },
  read(text) {
    const lines = text.split('\n').map((l) => (l.length > MAX_LINE_CHARS ? '' : l.trim().replace(/\s+/g, ' ')));
    const cut = parts(lines);
    const structures: StructureMeasurements[] = cut
      .filter((p) => p.structure !== null)
      .map((p) => ({ name: `Structure ${p.structure}`, number: p.structure, ...figures(p.lines) }))
      .filter((s) => s.total_area_sqft !== undefined || Object.keys(s.lengths ?? {}).length);
    const property = mergeMeasurements(cut.filter((p) => p.structure === null).map((p) => figures(p.lines)));
    const totals = structures.length === 1 ? mergeMeasurements([property, structures[0]!]) : property;
    return {
      ...totals,
      address: address(lines),
      ...(structures.length > 1 ? { structures } : {}),
      layout: { vendor: 'hover', product: hoverPdf.recognise(text)?.product ?? null },
    };
  },
};
