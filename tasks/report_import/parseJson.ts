import { PermanentError } from '../../core/errors.ts';
import type { Measurements } from './summary.ts';
import {
  isEagleViewExport,
  isEagleViewGetReport,
  readEagleViewExport,
  readEagleViewGetReport,
} from './vendors/eagleviewJson.ts';
import { isHoverMeasurements, readHoverMeasurements } from './vendors/hover.ts';

/** JSON documents this service reads, told apart by their shape. */
const JSON_READERS: { is: (doc: unknown) => boolean; read: (doc: unknown) => Measurements }[] = [
  { is: isEagleViewExport, read: readEagleViewExport },
  { is: isEagleViewGetReport, read: readEagleViewGetReport },
  { is: isHoverMeasurements, read: readHoverMeasurements },
];

/** A measurements document is tens of kilobytes; far larger JSON is refused unparsed. */
export const MAX_JSON_BYTES = 16 * 1024 * 1024;
/** Hover's document nests about six levels; a few dozen more is never a measurements document. */
export const MAX_JSON_DEPTH = 64;

/** The deepest nesting of arrays and objects, counted outside strings, without parsing. */
function nestingDepth(text: string, limit: number): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return depth;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return depth;
}

/**
 * EagleView's measurement JSON and GetReport answer, and Hover's measurements JSON, each
 * recognised by its shape; any other JSON is refused with what was expected.
 */
export function parseJson(data: Buffer): Measurements {
  if (data.length > MAX_JSON_BYTES)
    throw new PermanentError(
      `JSON is larger than ${MAX_JSON_BYTES / 1048576} MB; a measurements document is far smaller`,
    );
  const text = data.toString('utf8').replace(/^\uFEFF/, '');
  if (nestingDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH)
    throw new PermanentError(`JSON nests deeper than ${MAX_JSON_DEPTH} levels; a measurements document does not`);
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new PermanentError(`JSON is malformed: ${(err as Error).message}`);
  }
  const reader = JSON_READERS.find((r) => r.is(doc));
  if (!reader)
    throw new PermanentError(
      'JSON is not a measurements document this service reads: EagleView measurement JSON has `EAGLEVIEW_EXPORT`, ' +
        "EagleView's GetReport answer `ReportId` with `TotalMeasurements`, Hover measurements JSON `roof` or `summary.roof`",
    );
  return reader.read(doc);
}
