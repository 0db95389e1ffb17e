import { PassThrough } from 'node:stream';
import { ZipArchive } from 'archiver';
import type { ExportFormat } from '../../storage/reports.ts';
import type { ExportModel } from './model.ts';
import { writeDxf } from './writeDxf.ts';
import { writePdf } from './writePdf.ts';
import { writeCsv, writeXlsx, writeXml } from './writeTables.ts';

/** The zip carries the technical formats only, so it never hands out a PDF to a key without reports.export_pdf. */
export const ZIP_CONTENTS = ['xml', 'csv', 'xlsx', 'dxf', 'json'] as const;

function writeJson(m: ExportModel): Buffer {
  return Buffer.from(JSON.stringify(m, null, 2));
}

async function writeZip(m: ExportModel, baseName: string): Promise<Buffer> {
  const archive = new ZipArchive({ zlib: { level: 9 } });
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    out.on('end', () => resolve(Buffer.concat(chunks)));
    archive.on('error', reject);
  });
  archive.pipe(out);
  for (const format of ZIP_CONTENTS)
    archive.append(await render(format, m, baseName), {
      name: `${baseName}.${format}`,
      date: new Date(m.generated_at),
    });
  await archive.finalize();
  return done;
}

export async function render(format: ExportFormat, m: ExportModel, baseName: string): Promise<Buffer> {
  switch (format) {
    case 'pdf':
      return writePdf(m);
    case 'csv':
      return writeCsv(m);
    case 'xlsx':
      return writeXlsx(m);
    case 'xml':
      return writeXml(m);
    case 'dxf':
      return writeDxf(m);
    case 'json':
      return writeJson(m);
    case 'zip':
      return writeZip(m, baseName);
  }
}
