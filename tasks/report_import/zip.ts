import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { PermanentError } from '../../core/errors.ts';

export interface ZipLimits {
  maxEntries: number;
  /** Sum of the entries' uncompressed sizes. */
  maxTotalBytes: number;
  /** Uncompressed/compressed per entry; real documents stay far below it, bombs far above. */
  maxRatio: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = { maxEntries: 2000, maxTotalBytes: 512 * 1024 * 1024, maxRatio: 200 };

export interface ZipEntry {
  name: string;
  size: number;
  open: () => Promise<Readable>;
}

const damaged = (what: string, err: unknown) =>
  err instanceof PermanentError ? err : new PermanentError(`${what} is damaged: ${(err as Error).message}`);

/**
 * Walks a zip's entries, checking the sizes its central directory declares before anything is
 * inflated; yauzl fails an entry's stream if the data runs past its declared size, so a lying
 * or bomb-like archive is refused before it can expand.
 */
export async function walkZip(
  data: Buffer,
  visit: (entry: ZipEntry) => Promise<void>,
  limits: ZipLimits = DEFAULT_ZIP_LIMITS,
): Promise<void> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(data, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (err, z) =>
      err ? reject(damaged('Zip archive', err)) : resolve(z!),
    ),
  );
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    throw new PermanentError(`Zip archive has ${zip.entryCount} entries, more than the limit of ${limits.maxEntries}`);
  }
  let total = 0;
  await new Promise<void>((resolve, reject) => {
    const fail = (err: unknown) => {
      zip.close();
      reject(damaged('Zip archive', err));
    };
    zip.on('error', fail);
    zip.on('end', resolve);
    zip.on('entry', (entry: yauzl.Entry) => {
      if (entry.fileName.endsWith('/')) return zip.readEntry();
      total += entry.uncompressedSize;
      const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
      if (total > limits.maxTotalBytes) {
        return fail(
          new PermanentError(
            `Zip archive expands to more than ${Math.round(limits.maxTotalBytes / 1048576)} MB; refused as a possible zip bomb`,
          ),
        );
      }
      if (ratio > limits.maxRatio && entry.uncompressedSize > 1024 * 1024) {
        return fail(
          new PermanentError(
            `Zip entry ${entry.fileName} expands ${Math.round(ratio)}:1; refused as a possible zip bomb`,
          ),
        );
      }
      const open = () =>
        new Promise<Readable>((res, rej) =>
          zip.openReadStream(entry, (err, stream) =>
            err ? rej(damaged(`Zip entry ${entry.fileName}`, err)) : res(stream!),
          ),
        );
      visit({ name: entry.fileName, size: entry.uncompressedSize, open }).then(() => zip.readEntry(), fail);
    });
    zip.readEntry();
  });
}

export async function readStream(stream: Readable, what: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  try {
    for await (const c of stream) chunks.push(c as Buffer);
  } catch (err) {
    throw damaged(what, err);
  }
  return Buffer.concat(chunks);
}

/** Inflates every entry into nothing, so size lies surface before another reader trusts the archive. */
export async function verifyZip(data: Buffer, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<string[]> {
  const names: string[] = [];
  await walkZip(
    data,
    async (entry) => {
      names.push(entry.name);
      try {
        for await (const _chunk of await entry.open());
      } catch (err) {
        throw damaged(`Zip entry ${entry.name}`, err);
      }
    },
    limits,
  );
  return names;
}
