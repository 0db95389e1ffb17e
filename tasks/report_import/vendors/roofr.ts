import type { Lengths, PitchArea, WasteRow } from '../../../core/reportModel.ts';
import { PRINTED_LENGTH, feetFrom } from '../feet.ts';
import { MAX_NUMBER_CHARS, normalizePitch, type Measurements, type StructureMeasurements } from '../summary.ts';
import { MAX_LINE_CHARS } from './labelled.ts';
import type { PdfReportReader } from './vendor.ts';

const NUMBER = `(\\d[\\d,]{0,${MAX_NUMBER_CHARS - 1}}(?:\\.\\d{1,${MAX_NUMBER_CHARS}})?)(?![\\d,]|\\.\\d)`;
const num = (s: string) => Number(s.replace(/,/g, ''));
const ADDRESS = /^\s*(\d[^,\n]{1,100},[^\n]{1,100}\b[A-Z]{2}\s+\d{5}(?:-\d{4})?)\s*$/m;

/** Roofr's summary labels ("Total eaves 139ft 7in"); its length page prints "Eaves: 139ft 7in". */
const LENGTH_LABELS: [keyof Lengths, string][] = [
  ['eave', 'eaves'],
  ['valley', 'valleys'],
  ['hip', 'hips'],
  ['ridge', 'ridges'],
  ['rake', 'rakes'],
  ['flashing', 'wall flashing'],
  ['step_flashing', 'step flashing'],
  ['parapet', 'parapet walls?'],
  ['ridge_hip', 'hips \\+ ridges'],
  ['drip_edge', 'eaves \\+ rakes'],
];

function labelled(text: string, label: string, value: string): RegExpMatchArray | null {
  return text.match(new RegExp(`^(?:Total )?${label}:?[ \\t]+${value}`, 'im'));
}

function lengthOf(text: string, label: string): number | undefined {
  // "Step flashing" must not be read as "flashing", nor "Hips + ridges" as "hips".
  const m = text.match(
    new RegExp(`(?:^|[ \\t])(?<!step |wall |\\+ )(?:Total )?${label}:?[ \\t]+${PRINTED_LENGTH}`, 'im'),
  );
  return m ? feetFrom(m[1]!, m[2]) : undefined;
}

/** The row after a label, as tokens ("Area (sqft) 271 2,148 715"). */
function row(lines: string[], from: number, label: RegExp): string[] | undefined {
  const line = lines.slice(from, from + 4).find((l) => label.test(l));
  return line?.replace(label, '').trim().split(/\s+/);
}

function pitchTable(lines: string[]): PitchArea[] | undefined {
  const at = lines.findIndex((l) => /^Pitch(?:\s+\d{1,2}\/12)+\s*$/.test(l));
  if (at === -1) return undefined;
  const pitches = lines[at]!.trim().split(/\s+/).slice(1);
  const areas = row(lines, at + 1, /^Area \(sq ?ft\)/i);
  if (!areas || areas.length !== pitches.length || !areas.every((a) => new RegExp(`^${NUMBER}$`).test(a)))
    return undefined;
  return pitches.map((p, i) => ({ pitch: normalizePitch(p)!, area_sqft: num(areas[i]!) }));
}

function wasteTable(lines: string[]): WasteRow[] | undefined {
  const at = lines.findIndex((l) => /^Waste %(?:\s+\d{1,3}%)+\s*$/.test(l));
  if (at === -1) return undefined;
  const percents = lines[at]!.trim().split(/\s+/).slice(2);
  const areas = row(lines, at + 1, /^Area \(sq ?ft\)/i);
  const squares = row(lines, at + 1, /^Squares/i);
  if (areas?.length !== percents.length || squares?.length !== percents.length) return undefined;
  return percents.map((p, i) => ({
    waste_percent: Number(p.slice(0, -1)),
    area_sqft: num(areas[i]!),
    squares: num(squares[i]!),
  }));
}

/** "Structure #2 summary" opens one building's summary page, "Report summary" the property's. */
const SUMMARY_HEADING = /^(?:Structure #(\d{1,3}) summary|Report summary)$/i;

interface SummaryPage {
  structure: number | null;
  lines: string[];
}

/** The summary pages, each up to the next one's heading, and every line outside the structures' pages. */
function summaryPages(lines: string[]): { pages: SummaryPage[]; outside: string[] } {
  const pages: SummaryPage[] = [];
  const outside: string[] = [];
  for (const line of lines) {
    const m = line.match(SUMMARY_HEADING);
    if (m) pages.push({ structure: m[1] ? Number(m[1]) : null, lines: [] });
    const page = pages.at(-1);
    page?.lines.push(line);
    if (page?.structure == null) outside.push(line);
  }
  return { pages, outside };
}

/** One summary's figures: each from the first of `texts` that prints it, the tables from the first. */
function figures(texts: string[]): Measurements {
  const first = <T>(read: (text: string) => T | undefined) => texts.map(read).find((v) => v !== undefined);
  const summaryLines = texts[0]!.split('\n');
  const lengths: Partial<Lengths> = {};
  for (const [kind, label] of LENGTH_LABELS) {
    const feet = first((t) => lengthOf(t, label));
    if (feet !== undefined) lengths[kind] = feet;
  }
  const pitch = first((t) => labelled(t, 'predominant pitch', '(\\d{1,2}(?:\\.\\d{1,3})?/12)(?!\\d)')?.[1]);
  const area = first((t) => labelled(t, 'roof area', `${NUMBER}[ \\t]*sq ?ft`)?.[1]);
  const facets = first((t) => labelled(t, 'roof facets', `(\\d{1,5})\\b`)?.[1]);
  return {
    total_area_sqft: area !== undefined ? num(area) : undefined,
    predominant_pitch: pitch ? normalizePitch(pitch) : undefined,
    facet_count: facets !== undefined ? Number(facets) : undefined,
    areas_per_pitch: pitchTable(summaryLines),
    waste_table: wasteTable(summaryLines),
    lengths,
  };
}

/**
 * Roofr's reports: a "Report summary" page ("Total roof area 3133 sqft", "Total eaves 139ft 7in",
 * the pitch and waste tables), lengths in feet and inches throughout. A property of several
 * buildings has a "Structure #N summary" page per building before the property's summary.
 */
export const roofr: PdfReportReader = {
  vendor: 'roofr',
  recognise(text) {
    if (!/Prepared by Roofr|Roofr\.com/i.test(text)) return undefined;
    return { product: /^Report summary\s*$/im.test(text) ? 'Roofr report' : null };
  },
  read(fullText) {
    const lines = fullText.split('\n').map((l) => (l.length > MAX_LINE_CHARS ? '' : l.trim()));
    const { pages, outside } = summaryPages(lines);
    const property = pages.find((p) => p.structure === null);
    // The summary page first; the length and area pages say the same with colons.
    const totals = figures([...(property ? [property.lines.join('\n')] : []), outside.join('\n')]);
    const structures: StructureMeasurements[] = pages
      .filter((p) => p.structure !== null)
      .map((p) => ({ name: `Structure ${p.structure}`, number: p.structure, ...figures([p.lines.join('\n')]) }));
    return {
      ...totals,
      address: fullText.match(ADDRESS)?.[1],
      ...(structures.length > 1 ? { structures } : {}),
      layout: { vendor: 'roofr', product: roofr.recognise(fullText)?.product ?? null },
    };
  },
};
