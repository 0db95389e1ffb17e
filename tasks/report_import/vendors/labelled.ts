import type { WasteRow } from '../../../core/reportModel.ts';
import { PRINTED_LENGTH, feetFrom } from '../feet.ts';
import { MAX_NUMBER_CHARS, normalizePitch, type Measurements } from '../summary.ts';

/**
 * Extracted lines longer than this are left out before any pattern reads the text: report
 * lines are short, and a pattern's work on one line may grow with the square of its length.
 */
export const MAX_LINE_CHARS = 2000;

const num = (s: string | undefined) => (s === undefined ? undefined : Number(s.replace(/,/g, '')));
/** A figure of at most MAX_NUMBER_CHARS characters, not the start of a longer run of digits. */
const NUMBER = `(\\d[\\d,]{0,${MAX_NUMBER_CHARS - 1}}(?:\\.\\d{1,${MAX_NUMBER_CHARS}})?)(?![\\d,]|\\.\\d)`;
const NUMBER_TOKEN = new RegExp(`^${NUMBER}$`);
const PITCH_TOKEN = /^\d{1,2}(?:\.\d{1,3})?\/12$/;
const STATE_ZIP = /\b[A-Z]{2}\s+\d{5}(?:-\d{4})?/;

/** Between a label and its value: "=" or ":" as EagleView prints, or (loosely) nothing. */
type Separator = '[=:]' | '[=:]?';

function numberAfter(text: string, label: string, unit: string, sep: Separator): number | undefined {
  return num(text.match(new RegExp(`${label}\\s*${sep}\\s*${NUMBER}\\s*${unit}`, 'i'))?.[1]);
}

/** The first "Label = 92 ft", "Label: 92' 2\"" or "Label = 92ft 2in" as decimal feet. */
function lengthAfter(text: string, label: string, sep: Separator): number | undefined {
  const m = text.match(new RegExp(`${label}\\s*${sep}\\s*${PRINTED_LENGTH}`, 'i'));
  return m ? feetFrom(m[1]!, m[2]) : undefined;
}

/**
 * Measurements from text laid out as "Label = value unit" lines (EagleView's summary pages and
 * vendors laid out alike), with the areas-per-pitch table and the waste table. `loose` also
 * reads "Label value unit" without a separator, for layouts no reader knows.
 */
export function measurementsFromReportText(fullText: string, opts: { loose?: boolean } = {}): Measurements {
  const lines = fullText.split('\n').map((l) => (l.length > MAX_LINE_CHARS ? '' : l));
  const text = lines.join('\n');
  const sep: Separator = opts.loose ? '[=:]?' : '[=:]';
  const firstLength = (t: string, label: string) => lengthAfter(t, label, sep);
  const firstNumber = (t: string, label: string, unit = '') => numberAfter(t, label, unit, sep);
  const lengths: Measurements['lengths'] = {
    ridge: firstLength(text, '(?<![/\\w])Ridges?'),
    hip: firstLength(text, '(?<![/\\w])Hips?'),
    valley: firstLength(text, '(?<!Total )Valleys?') ?? firstLength(text, 'Total Valleys'),
    rake: firstLength(text, '(?<!Total )Rakes?\\W?') ?? firstLength(text, 'Total Rakes'),
    eave: firstLength(text, '(?<!Total )Eaves?(?:/Starter)?\\W?') ?? firstLength(text, 'Total Eaves'),
    step_flashing: firstLength(text, 'Step flashing'),
    flashing: firstLength(text, '(?<!(?:step|wall)\\s)(?<![\\w-])Flashing'),
    drip_edge: firstLength(text, 'Drip Edge(?: \\(Eaves \\+ Rakes\\))?'),
    // EagleView prints "Parapet Walls = 0 (0 Lengths)", without a unit.
    parapet: firstLength(text, 'Parapet(?: Walls?|s)?') ?? firstNumber(text, 'Parapet(?: Walls?|s)?', '(?!\\s*sq)'),
    ridge_hip: firstLength(text, 'Total Ridges\\s*/\\s*Hips'),
  };
  const pitch = text.match(
    new RegExp(`Predominant Pitch\\s*(?:${sep}|is)\\s*(\\d{1,2}(?:\\.\\d{1,3})?\\s*/\\s*12)`, 'i'),
  )?.[1];
  const coordinate = (label: string) =>
    num(text.match(new RegExp(`${label}\\s*[=:]\\s*(-?\\d{1,3}\\.\\d{1,${MAX_NUMBER_CHARS}})(?!\\d)`, 'i'))?.[1]);
  return {
    address: reportAddress(lines),
    total_area_sqft:
      firstNumber(text, 'Total Area \\(All Pitches\\)', 'sq') ?? firstNumber(text, 'Total Roof Area', 'sq'),
    predominant_pitch: pitch ? normalizePitch(pitch) : undefined,
    facet_count: firstNumber(text, 'Total Roof Facets'),
    areas_per_pitch: areasPerPitch(lines),
    lengths,
    waste_table: wasteRows(text),
    lat: coordinate('Latitude'),
    long: coordinate('Longitude'),
  };
}

/** What follows the address in a page header: the report number (Premium) or the date (Extended Coverage). */
const HEADER_TAIL = /\sReport:\s*\d+\s*$|\s\d{1,2}\/\d{1,2}\/\d{4}\s*$/;

/**
 * The page header's "108 Poinciana Lane, Deltona, FL 32738 Report: 59803192" (or "… 7/12/2024"),
 * else the first "Address: …" line that ends in a state and ZIP code.
 */
function reportAddress(lines: string[]): string | undefined {
  for (const line of lines) {
    const tail = line.match(HEADER_TAIL);
    if (!tail) continue;
    const header = line.slice(0, tail.index).trim();
    if (/^\d/.test(header) && header.includes(',') && endsWithStateZip(header)) return header;
  }
  for (const line of lines) {
    const rest = line.match(/Address\s*[=:]\s*(.+)$/)?.[1];
    const zip = rest?.slice(1).match(STATE_ZIP);
    if (rest && zip) return rest.slice(0, 1 + zip.index! + zip[0].length).trim();
  }
  return undefined;
}

function endsWithStateZip(text: string): boolean {
  const zip = text.match(new RegExp(`${STATE_ZIP.source}$`));
  return zip !== null && zip.index! > text.indexOf(',');
}

/** Whitespace-separated tokens of a line, when every one has the shape asked for. */
function tokensOf(line: string | undefined, shape: RegExp): string[] | undefined {
  const tokens = line?.trim().split(/\s+/);
  return tokens && tokens[0] && tokens.every((t) => shape.test(t)) ? tokens : undefined;
}

/** A line of pitches ("1/12 2/12 5/12") and a line of their areas, a few lines below "Roof Pitches". */
function areasPerPitch(lines: string[]): { pitch: string; area_sqft: number }[] | undefined {
  const heading = lines.findIndex((l) => /Roof Pitches/i.test(l));
  if (heading === -1) return undefined;
  for (let i = heading + 1; i <= heading + 4 && i < lines.length - 1; i++) {
    const pitches = tokensOf(lines[i], PITCH_TOKEN);
    if (!pitches) continue;
    const areas = tokensOf(lines[i + 1], NUMBER_TOKEN)?.map((a) => num(a)!);
    if (!areas || areas.length !== pitches.length) return undefined;
    return pitches.map((p, i) => ({ pitch: normalizePitch(p)!, area_sqft: areas[i]! }));
  }
  return undefined;
}

/** The numbers that follow a label, up to the first token that is not one ("Waste % 0% 5% 10%"). */
function numbersAfter(text: string, label: RegExp, shape: RegExp): string[] | undefined {
  for (const m of text.matchAll(label)) {
    const token = /\s*(\S+)/y;
    token.lastIndex = m.index + m[0].length;
    const numbers: string[] = [];
    for (let t = token.exec(text); t && shape.test(t[1]!); t = token.exec(text)) numbers.push(t[1]!);
    if (numbers.length) return numbers;
  }
  return undefined;
}

function wasteRows(text: string): WasteRow[] | undefined {
  const percents = numbersAfter(text, /Waste %\s/gi, /^\d{1,3}%$/)?.map((p) => Number(p.slice(0, -1)));
  const areas = numbersAfter(text, /Area \(Sq ft\)\s/gi, NUMBER_TOKEN)?.map((a) => num(a)!);
  const squares = numbersAfter(text, /Squares\s*\*?\s/gi, NUMBER_TOKEN)?.map((a) => num(a)!);
  if (!percents || !areas || !squares || areas.length < percents.length || squares.length < percents.length)
    return undefined;
  return percents.map((p, i) => ({ waste_percent: p, area_sqft: areas[i]!, squares: squares[i]! }));
}
