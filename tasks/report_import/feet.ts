import { MAX_NUMBER_CHARS, round } from './summary.ts';

const FEET_MARK = `(?:ft\\.?|feet|foot|'|\u2019|\u2032)`;
const INCH_MARK = `(?:in\\.?|inch(?:es)?|"|''|\u201d|\u2033)`;

/**
 * A length as vendors print it: "92ft 2in", "92 ft 2 in", "92' 2\"", "92'-2\"" (straight or curly
 * marks), "92 ft", "92.5 ft". Group 1 is the feet, group 2 the inches if printed.
 */
export const PRINTED_LENGTH =
  `(\\d[\\d,]{0,${MAX_NUMBER_CHARS - 1}}(?:\\.\\d{1,${MAX_NUMBER_CHARS}})?)[ \\t]*${FEET_MARK}` +
  `(?:[ \\t]*-?[ \\t]*(\\d{1,2}(?:\\.\\d{1,4})?)[ \\t]*${INCH_MARK})?`;

const WHOLE = new RegExp(`^\\s*${PRINTED_LENGTH}\\s*$`, 'i');

/** Feet and inches as decimal feet to the hundredth (6 ft 4 in → 6.33); undefined when not a length. */
export function feetFrom(feet: string, inches?: string): number | undefined {
  const ft = Number(feet.replace(/,/g, ''));
  const inch = inches === undefined ? 0 : Number(inches);
  if (!Number.isFinite(ft) || !Number.isFinite(inch) || inch >= 12) return undefined;
  return round(ft + inch / 12, 2);
}

/** A whole printed length ("39ft 11in") as decimal feet. */
export function parseLength(text: string): number | undefined {
  if (text.length > 3 * MAX_NUMBER_CHARS) return undefined;
  const m = text.match(WHOLE);
  return m ? feetFrom(m[1]!, m[2]) : undefined;
}
