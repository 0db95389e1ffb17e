import { PermanentError } from '../../core/errors.ts';
import { PDF_COMES_ALONE } from '../../core/reportImportRules.ts';
import type { ReportVendor } from '../../core/reportModel.ts';
import { describeContent, detectFormat, formatFromName, type SourceFormat } from './detectFormat.ts';
import { parseCsv } from './parseCsv.ts';
import { parseDxf } from './parseDxf.ts';
import { parseJson } from './parseJson.ts';
import { parsePdf } from './parsePdf.ts';
import { parseXml } from './parseXml.ts';
import { isXlsx, parseXlsx } from './parseXlsx.ts';
import type { Measurements, ParsedFile } from './summary.ts';
import { readStream, verifyZip, walkZip } from './zip.ts';

const PACKAGE_ENTRY_MAX_BYTES = 64 * 1024 * 1024;

/** Only the name's last path segment is shown: zip entries may carry folders. */
const baseName = (name: string) => name.split(/[\\/]/).pop() || name;

/** XML exports the XML reader tells apart, by the vendor that writes them. */
const XML_VENDORS: Record<string, { vendor: ReportVendor; product: string }> = {
  eagleview_xml: { vendor: 'eagleview', product: 'EagleView XML export' },
  hover_xml: { vendor: 'hover', product: 'Hover XML export' },
};

/**
 * Detects the file's format by content and parses it. A name that claims another known
 * format is a permanent error, so a mislabelled upload is reported rather than guessed at.
 * `alone` is false for a file that came with others or inside a zip.
 */
export async function parseFile(
  fileName: string,
  data: Buffer,
  opts: { alone: boolean; nested?: boolean },
): Promise<ParsedFile> {
  const detected = detectFormat(data);
  if (detected === 'empty') throw new PermanentError(`${baseName(fileName)} is empty`);
  if (detected === 'binary')
    throw new PermanentError(
      `${baseName(fileName)} is ${describeContent(data, detected)}, not a PDF, XML, CSV, XLSX, DXF, JSON or zip file`,
    );
  let format: SourceFormat = detected;
  let entries: string[] | undefined;
  if (detected === 'zip') {
    entries = await verifyZip(data);
    if (isXlsx(entries)) format = 'xlsx';
  }
  const claimed = formatFromName(fileName);
  if (claimed && claimed !== format && !(claimed === 'zip' && format === 'xlsx')) {
    throw new PermanentError(
      `${baseName(fileName)} is named as ${claimed.toUpperCase()} but its content is ${describeContent(data, format)}`,
    );
  }
  if (format === 'pdf' && !opts.alone) throw new PermanentError(`${baseName(fileName)} is a PDF. ${PDF_COMES_ALONE}`);
  const measurements: Measurements[] = [];
  const formats: string[] = [format];
  let precise: string = format;
  switch (format) {
    case 'pdf':
      measurements.push(await parsePdf(data));
      break;
    case 'xml': {
      const xml = parseXml(data);
      precise = xml.format;
      measurements.push(...xml.measurements);
      break;
    }
    case 'csv':
      measurements.push(await parseCsv(data));
      break;
    case 'dxf':
      measurements.push(parseDxf(data));
      break;
    case 'json':
      measurements.push(parseJson(data));
      break;
    case 'xlsx':
      measurements.push(await parseXlsx(data, entries));
      break;
    case 'zip': {
      if (opts.nested)
        throw new PermanentError(`${baseName(fileName)} is a zip inside a zip; nested archives are refused`);
      await walkZip(data, async (entry) => {
        if (entry.name.startsWith('__MACOSX/') || baseName(entry.name).startsWith('.')) return;
        if (entry.size > PACKAGE_ENTRY_MAX_BYTES)
          throw new PermanentError(`Zip entry ${entry.name} is larger than ${PACKAGE_ENTRY_MAX_BYTES / 1048576} MB`);
        const inner = await parseFile(entry.name, await readStream(await entry.open(), `Zip entry ${entry.name}`), {
          alone: false,
          nested: true,
        });
        measurements.push(...inner.measurements);
        formats.push(...inner.formats);
      });
      if (formats.length === 1) throw new PermanentError(`${baseName(fileName)} contains no files`);
      break;
    }
  }
  const layout = XML_VENDORS[precise] ?? measurements.find((m) => m.layout)?.layout;
  return {
    file_name: baseName(fileName),
    format: precise,
    formats,
    measurements,
    vendor: layout?.vendor ?? 'unknown',
    product: layout?.product ?? null,
  };
}
