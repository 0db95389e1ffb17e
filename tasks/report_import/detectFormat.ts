export type SourceFormat = 'pdf' | 'xml' | 'csv' | 'xlsx' | 'dxf' | 'json' | 'zip';
export type Detected = SourceFormat | 'empty' | 'binary';

const EXTENSIONS: Record<string, SourceFormat> = {
  pdf: 'pdf',
  xml: 'xml',
  csv: 'csv',
  tsv: 'csv',
  xlsx: 'xlsx',
  dxf: 'dxf',
  json: 'json',
  zip: 'zip',
};

/** The format a file's name claims, if it names one we know. */
export function formatFromName(fileName: string): SourceFormat | undefined {
  const ext = fileName.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  return ext ? EXTENSIONS[ext] : undefined;
}

const BINARY_SIGNATURES: [number[], string][] = [
  [[0x89, 0x50, 0x4e, 0x47], 'a PNG image'],
  [[0xff, 0xd8, 0xff], 'a JPEG image'],
  [[0x47, 0x49, 0x46, 0x38], 'a GIF image'],
  [[0x1f, 0x8b], 'gzip data'],
  [[0xd0, 0xcf, 0x11, 0xe0], 'a legacy Office (OLE) document'],
];

/**
 * The format by content, never by name: magic numbers for PDF and zip containers, then the
 * shape of the first lines for XML, JSON, DXF (group-code/value pairs) and delimited text.
 * (A zip is told apart from an XLSX by its entries, in the caller.)
 */
export function detectFormat(data: Buffer): Detected {
  if (data.length === 0) return 'empty';
  const head = data.subarray(0, 4096);
  if (head.subarray(0, 1024).includes('%PDF-')) return 'pdf';
  if (head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) return 'zip';
  if (head.includes(0)) return 'binary';
  const text = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (text.startsWith('<')) return 'xml';
  if (text.startsWith('{') || text.startsWith('[')) return 'json';
  const lines = text.split(/\r?\n/, 4).map((l) => l.trim());
  if ((lines[0] === '0' && lines[1] === 'SECTION') || (lines[0] === '999' && lines[2] === '0')) return 'dxf';
  return 'csv';
}

/** Words for a reason message. */
export function describeContent(data: Buffer, detected: Detected): string {
  if (detected === 'binary') {
    const sig = BINARY_SIGNATURES.find(([bytes]) => bytes.every((b, i) => data[i] === b));
    return sig ? sig[1] : 'unrecognized binary data';
  }
  const words: Record<Exclude<Detected, 'binary'>, string> = {
    pdf: 'a PDF',
    xml: 'XML',
    csv: 'plain or delimited text',
    xlsx: 'an XLSX workbook',
    dxf: 'a DXF drawing',
    json: 'JSON',
    zip: 'a zip archive',
    empty: 'empty',
  };
  return words[detected];
}
