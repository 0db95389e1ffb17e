import { extractText, getDocumentProxy } from 'unpdf';
import { PermanentError } from '../../core/errors.ts';
import { MAX_NUMBER_CHARS, normalizePitch, type Measurements } from './summary.ts';
import type { WasteRow } from '../../storage/reports.ts';

const PDF_TIMEOUT_MS = 20_000;
const MAX_PAGES = 200;

/** Text of every page; encrypted, damaged or endless documents become PermanentErrors. */
export async function pdfText(data: Buffer, timeoutMs = PDF_TIMEOUT_MS): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new PermanentError(`PDF text extraction took longer than ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
  });
  let doc: Awaited<ReturnType<typeof getDocumentProxy>> | undefined;
  try {
    // pdf.js takes ownership of the bytes it is given, so it gets a copy.
    doc = await Promise.race([
      getDocumentProxy(new Uint8Array(data), { isEvalSupported: false, stopAtErrors: false, verbosity: 0 }),
      timeout,
    ]);
    if (doc.numPages > MAX_PAGES)
      throw new PermanentError(`PDF has ${doc.numPages} pages, more than the limit of ${MAX_PAGES}`);
    const { text } = await Promise.race([extractText(doc, { mergePages: true }), timeout]);
    return text;
  } catch (err) {
    if (err instanceof PermanentError) throw err;
    const e = err as { name?: string; message?: string };
    if (e.name === 'PasswordException')
      throw new PermanentError('PDF is encrypted (password protected) and cannot be read');
    if (e.name === 'InvalidPDFException') throw new PermanentError('PDF is damaged or truncated and cannot be read');
    throw new PermanentError(`PDF cannot be read: ${e.message ?? 'unknown error'}`);
  } finally {
    clearTimeout(timer);
    await doc?.destroy().catch(() => {});
  }
}

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

function firstNumber(text: string, label: string, unit = ''): number | undefined {
  return num(text.match(new RegExp(`${label}\\s*[=:]\\s*${NUMBER}\\s*${unit}`, 'i'))?.[1]);
}

/**
 * Measurements from the text of an EagleView-style report (and vendors laid out alike):
 * "Label = value unit" lines, the areas-per-pitch table and the waste table.
 */
export function measurementsFromReportText(fullText: string): Measurements {
  const lines = fullText.split('\n').map((l) => (l.length > MAX_LINE_CHARS ? '' : l));
  const text = lines.join('\n');
  const lengths: Measurements['lengths'] = {
    ridge: firstNumber(text, '(?<![/\\w])Ridges?', 'ft'),
    hip: firstNumber(text, '(?<![/\\w])Hips?', 'ft'),
    valley: firstNumber(text, '(?<!Total )Valleys?', 'ft') ?? firstNumber(text, 'Total Valleys', 'ft'),
    rake: firstNumber(text, '(?<!Total )Rakes?\\W?', 'ft') ?? firstNumber(text, 'Total Rakes', 'ft'),
    eave: firstNumber(text, '(?<!Total )Eaves?(?:/Starter)?\\W?', 'ft') ?? firstNumber(text, 'Total Eaves', 'ft'),
    step_flashing: firstNumber(text, 'Step flashing', 'ft'),
    ridge_hip: firstNumber(text, 'Total Ridges\\s*/\\s*Hips', 'ft'),
  };
  const pitch = text.match(/Predominant Pitch\s*(?:[=:]|is)\s*(\d{1,2}(?:\.\d{1,3})?\s*\/\s*12)/i)?.[1];
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

/**
 * The page header's "108 Poinciana Lane, Deltona, FL 32738 Report: 59803192", else the first
 * "Address: …" line that ends in a state and ZIP code.
 */
function reportAddress(lines: string[]): string | undefined {
  for (const line of lines) {
    const at = line.indexOf('Report:');
    if (at < 1 || !/\s/.test(line[at - 1]!)) continue;
    const header = line.slice(0, at).trim();
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

export async function parsePdf(data: Buffer): Promise<Measurements> {
  const text = await pdfText(data);
  if (!text.trim())
    throw new PermanentError('PDF has no extractable text (a scanned image?); no measurements can be read');
  return measurementsFromReportText(text);
}
