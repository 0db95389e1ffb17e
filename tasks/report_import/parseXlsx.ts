import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { PermanentError } from '../../core/errors.ts';
import { TableScanner } from './table.ts';
import { verifyZip } from './zip.ts';
import type { Measurements } from './summary.ts';

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== 'object') return String(value);
  const v = value as { result?: unknown; text?: unknown; richText?: { text: string }[] };
  if (v.richText) return v.richText.map((r) => r.text).join('');
  if (v.result !== undefined) return cellText(v.result);
  if (v.text !== undefined) return cellText(v.text);
  return '';
}

export function isXlsx(entries: string[]): boolean {
  return entries.includes('[Content_Types].xml') && entries.some((n) => n.startsWith('xl/'));
}

/**
 * Streams every sheet's rows through the table scanner with exceljs's streaming reader, after
 * the archive has been inflated once into nothing to prove it is not a bomb.
 */
export async function parseXlsx(data: Buffer, entries?: string[]): Promise<Measurements> {
  const names = entries ?? (await verifyZip(data));
  if (!isXlsx(names)) throw new PermanentError('Workbook is not an XLSX file (no xl/ parts)');
  const scanner = new TableScanner();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([data]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  try {
    for await (const sheet of reader) {
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        // row.values is sparse (index = column number); Array.from fills the holes.
        scanner.push(Array.from((row.values as unknown[]).slice(1), cellText));
      }
    }
  } catch (err) {
    throw new PermanentError(`XLSX cannot be read: ${(err as Error).message}`);
  }
  return scanner.result();
}
