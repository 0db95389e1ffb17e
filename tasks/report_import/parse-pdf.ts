import { extractText, getDocumentProxy } from 'unpdf';
import { PermanentError } from '../../core/errors.ts';
import { normalizePitch, type Measurements } from './summary.ts';
import type { WasteRow } from '../../storage/reports.ts';

const PDF_TIMEOUT_MS = 20_000;
const MAX_PAGES = 200;

/** Text of every page; encrypted, damaged or endless documents become PermanentErrors. */
export async function pdfText(data: Buffer, timeoutMs = PDF_TIMEOUT_MS): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PermanentError(`PDF text extraction took longer than ${timeoutMs / 1000} s`)), timeoutMs);
  });
  let doc: Awaited<ReturnType<typeof getDocumentProxy>> | undefined;
  try {
    // pdf.js takes ownership of the bytes it is given, so it gets a copy.
    doc = await Promise.race([getDocumentProxy(new Uint8Array(data), { isEvalSupported: false, stopAtErrors: false, verbosity: 0 }), timeout]);
    if (doc.numPages > MAX_PAGES) throw new PermanentError(`PDF has ${doc.numPages} pages, more than the limit of ${MAX_PAGES}`);
    const { text } = await Promise.race([extractText(doc, { mergePages: true }), timeout]);
    return text;
  } catch (err) {
    if (err instanceof PermanentError) throw err;
    const e = err as { name?: string; message?: string };
    if (e.name === 'PasswordException') throw new PermanentError('PDF is encrypted (password protected) and cannot be read');
    if (e.name === 'InvalidPDFException') throw new PermanentError('PDF is damaged or truncated and cannot be read');
    throw new PermanentError(`PDF cannot be read: ${e.message ?? 'unknown error'}`);
  } finally {
    clearTimeout(timer);
    await doc?.destroy().catch(() => {});
  }
}

const num = (s: string | undefined) => (s === undefined ? undefined : Number(s.replace(/,/g, '')));
const NUMBER = '(\\d[\\d,]*(?:\\.\\d+)?)';

function firstNumber(text: string, label: string, unit = ''): number | undefined {
  return num(text.match(new RegExp(`${label}\\s*[=:]\\s*${NUMBER}\\s*${unit}`, 'i'))?.[1]);
}

/**
 * Measurements from the text of an EagleView-style report (and vendors laid out alike):
 * "Label = value unit" lines, the areas-per-pitch table and the waste table.
 */
export function measurementsFromReportText(text: string): Measurements {
  const lengths: Measurements['lengths'] = {
    ridge: firstNumber(text, '(?<![/\\w])Ridges?', 'ft'),
    hip: firstNumber(text, '(?<![/\\w])Hips?', 'ft'),
    valley: firstNumber(text, '(?<!Total )Valleys?', 'ft') ?? firstNumber(text, 'Total Valleys', 'ft'),
    rake: firstNumber(text, '(?<!Total )Rakes?\\W?', 'ft') ?? firstNumber(text, 'Total Rakes', 'ft'),
    eave: firstNumber(text, '(?<!Total )Eaves?(?:/Starter)?\\W?', 'ft') ?? firstNumber(text, 'Total Eaves', 'ft'),
    step_flashing: firstNumber(text, 'Step flashing', 'ft'),
    ridge_hip: firstNumber(text, 'Total Ridges\\s*/\\s*Hips', 'ft'),
  };
  const pitch = text.match(/Predominant Pitch\s*(?:[=:]|is)\s*(\d+(?:\.\d+)?\s*\/\s*12)/i)?.[1];
  const address = text.match(/^\s*(\d+[^\n]*?,[^\n]*?\b[A-Z]{2}\s+\d{5}(?:-\d{4})?)\s+Report:/m)?.[1]
    ?? text.match(/(?:Property Address|Address)\s*[=:]\s*([^\n]+?\b[A-Z]{2}\s+\d{5}(?:-\d{4})?)/)?.[1];
  return {
    address: address?.trim(),
    total_area_sqft: firstNumber(text, 'Total Area \\(All Pitches\\)', 'sq') ?? firstNumber(text, 'Total Roof Area', 'sq'),
    predominant_pitch: pitch ? normalizePitch(pitch) : undefined,
    facet_count: firstNumber(text, 'Total Roof Facets'),
    areas_per_pitch: areasPerPitch(text),
    lengths,
    waste_table: wasteRows(text),
    lat: num(text.match(/Latitude\s*[=:]\s*(-?\d+\.\d+)/i)?.[1]),
    long: num(text.match(/Longitude\s*[=:]\s*(-?\d+\.\d+)/i)?.[1]),
  };
}

function areasPerPitch(text: string): { pitch: string; area_sqft: number }[] | undefined {
  const m = text.match(/Roof Pitches[\s\S]{0,80}?\n((?:\d+(?:\.\d+)?\/12\s*)+)\n((?:[\d,]+(?:\.\d+)?\s*)+)\n/i);
  if (!m) return undefined;
  const pitches = m[1]!.trim().split(/\s+/);
  const areas = m[2]!.trim().split(/\s+/).map((a) => num(a)!);
  if (pitches.length !== areas.length) return undefined;
  return pitches.map((p, i) => ({ pitch: normalizePitch(p)!, area_sqft: areas[i]! }));
}

function wasteRows(text: string): WasteRow[] | undefined {
  const percents = text.match(/Waste %\s+((?:\d+%\s*)+)/i)?.[1]?.trim().split(/\s+/).map((p) => Number(p.replace('%', '')));
  const areas = text.match(/Area \(Sq ft\)\s+((?:[\d,]+\s*)+)/i)?.[1]?.trim().split(/\s+/).map((a) => num(a)!);
  const squares = text.match(/Squares\s*\*?\s+((?:\d+(?:\.\d+)?\s*)+)/i)?.[1]?.trim().split(/\s+/).map(Number);
  if (!percents || !areas || !squares || areas.length < percents.length || squares.length < percents.length) return undefined;
  return percents.map((p, i) => ({ waste_percent: p, area_sqft: areas[i]!, squares: squares[i]! }));
}

export async function parsePdf(data: Buffer): Promise<Measurements> {
  const text = await pdfText(data);
  if (!text.trim()) throw new PermanentError('PDF has no extractable text (a scanned image?); no measurements can be read');
  return measurementsFromReportText(text);
}
