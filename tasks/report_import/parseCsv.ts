import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { PermanentError } from '../../core/errors.ts';
import { TableScanner } from './table.ts';
import type { Measurements } from './summary.ts';

/** Tab, semicolon or comma: whichever the header line uses most (FreeCAD writes tabs into .csv). */
function delimiterOf(data: Buffer): string {
  const first = data.subarray(0, 8192).toString('utf8').split(/\r?\n/, 1)[0] ?? '';
  const counts = ['\t', ';', ','].map((d) => [d, first.split(d).length - 1] as const);
  return counts.reduce((best, c) => (c[1] > best[1] ? c : best), [',', 0] as readonly [string, number])[0];
}

/** The file in slices: given one 50 MB chunk, csv-parse emits every record before the scanner reads one. */
function* slices(data: Buffer, size = 64 * 1024): Generator<Buffer> {
  for (let at = 0; at < data.length; at += size) yield data.subarray(at, at + size);
}

/** Streams the rows through the table scanner; ragged rows are a permanent error with the line number. */
export async function parseCsv(data: Buffer): Promise<Measurements> {
  const scanner = new TableScanner();
  const parser = Readable.from(slices(data)).pipe(
    parse({
      delimiter: delimiterOf(data),
      bom: true,
      skip_empty_lines: true,
      relax_column_count: false,
      max_record_size: 65536,
      trim: true,
    }),
  );
  try {
    for await (const record of parser) scanner.push(record as string[]);
  } catch (err) {
    const e = err as { code?: string; lines?: number; message: string };
    if (e.code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH') {
      throw new PermanentError(
        `CSV has mismatched columns: line ${e.lines} has a different number of columns than the header`,
      );
    }
    throw new PermanentError(`CSV cannot be parsed: ${e.message}`);
  }
  return scanner.result();
}
