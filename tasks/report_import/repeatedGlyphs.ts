import { MAX_LINE_CHARS } from './vendors/labelled.ts';

/**
 * Some PDF writers fake bold type by drawing each glyph several times at nearly the same spot;
 * the extracted text then repeats every character ("222111   BBBaaalll"). A line is taken as
 * such when every run of equal characters in it (spaces aside) is a multiple of the same
 * count, over enough runs that ordinary text ("1100", "Bell") never qualifies.
 */
const MIN_RUNS: Record<number, number> = { 2: 4, 3: 3, 4: 3 };

function runsOf(line: string): string[] {
  return line.match(/(.)\1*/gsu) ?? [];
}

export function collapseRepeatedLine(line: string): string {
  // Lines too long for any reader are left for the readers to skip.
  if (line.length < 6 || line.length > MAX_LINE_CHARS) return line;
  const runs = runsOf(line);
  const glyphRuns = runs.filter((r) => r.trim() !== '');
  for (const k of [3, 2, 4]) {
    if (glyphRuns.length < MIN_RUNS[k]!) continue;
    if (!glyphRuns.every((r) => [...r].length % k === 0)) continue;
    return runs
      .map((r) => {
        const chars = [...r];
        const n = r.trim() === '' ? Math.max(1, Math.round(chars.length / k)) : chars.length / k;
        return chars[0]!.repeat(n);
      })
      .join('');
  }
  return line;
}

/** The text with every line of repeated glyphs read once. */
export function collapseRepeatedGlyphs(text: string): string {
  return text.split('\n').map(collapseRepeatedLine).join('\n');
}
