import { createHash } from 'node:crypto';
import { Transform, pipeline, type Readable } from 'node:stream';
import busboy from 'busboy';
import { ERRORS, fieldError } from '../../core/errors.ts';
import type { BlobStore, StoredFile } from '../../storage/blobs.ts';
import type { Ctx } from '../context.ts';
import { CLOSE, watchBodyPace, type BodyPace } from './bodyPace.ts';

export interface ReceivedMultipart {
  files: StoredFile[];
  fields: Record<string, string>;
}

export interface MultipartLimits extends BodyPace {
  maxBytes: number;
  maxFiles: number;
  /** The one field name file parts may carry. */
  fileField: string;
}

const MAX_FIELDS = 20;
const MAX_FIELD_BYTES = 4096;

/**
 * The body's length is declared up front, so an oversized import is refused before a byte of it
 * is read and the receive deadline can be measured against a known size.
 */
export function requireContentLength(ctx: Ctx, max: number) {
  const header = ctx.get('Content-Length');
  if (!header || ctx.get('Transfer-Encoding')) {
    throw fieldError(
      'header',
      'content-length',
      'Send the body with a Content-Length (chunked uploads are not accepted)',
      { status: 411, headers: CLOSE },
    );
  }
  const length = Number(header);
  if (!Number.isInteger(length) || length < 1) throw fieldError('header', 'content-length', 'Must be an integer >= 1');
  if (length > max) {
    throw fieldError('header', 'content-length', `Must be at most ${max}`, {
      status: 413,
      extra: { limit_bytes: max },
      headers: CLOSE,
    });
  }
  if (!ctx.is('multipart/form-data')) throw fieldError('header', 'content-type', 'Expected multipart/form-data');
}

/**
 * Streams a multipart body's file parts into the blob store and collects its fields, holding no
 * database connection: the caller records what arrived afterwards, in a short transaction.
 * Every stream has its error path, so a truncated, corrupt or aborted body fails this call
 * instead of the process. A body that is not complete within the deadline, or that arrives more
 * slowly than the minimum rate, is refused with 408 and its connection closed. Whatever fails,
 * every blob written for the body is removed before the call settles.
 */
export function receiveMultipart(
  ctx: Ctx,
  blobs: BlobStore,
  limits: MultipartLimits,
  keyFor: (fileName: string) => { id: string; key: string },
): Promise<ReceivedMultipart> {
  const req = ctx.req;
  const files: StoredFile[] = [];
  const fields: Record<string, string> = {};
  const writes: Promise<unknown>[] = [];
  const written: string[] = [];
  const parts = new Set<Readable>();

  return new Promise<ReceivedMultipart>((resolve, reject) => {
    let failure: Error | undefined;
    let parsed = false;
    let settling = false;
    let parser: busboy.Busboy;

    /** Once every write has settled: the files, or (after removing them) the first failure. */
    const settle = () => {
      if (settling) return;
      settling = true;
      stopWatching();
      Promise.allSettled(writes).then(async () => {
        if (!failure) return resolve({ files, fields });
        await Promise.allSettled(written.map((k) => blobs.delete(k)));
        reject(failure);
      });
    };
    const fail = (err: Error) => {
      if (failure) return;
      failure = err;
      req.unpipe(parser);
      for (const part of parts) part.destroy(err);
      parser?.destroy();
      // The rest of the body is not wanted: answer, then close, rather than read it to the end.
      req.resume();
      settle();
    };
    const malformed = (message: string) =>
      fieldError('body', limits.fileField, `Malformed multipart body: ${message}`, { headers: CLOSE });
    const stopWatching = watchBodyPace(req, limits, fail);

    try {
      parser = busboy({
        headers: req.headers,
        limits: {
          fileSize: limits.maxBytes,
          files: limits.maxFiles,
          fields: MAX_FIELDS,
          fieldSize: MAX_FIELD_BYTES,
          parts: limits.maxFiles + MAX_FIELDS,
        },
      });
    } catch (err) {
      fail(malformed((err as Error).message));
      return;
    }

    parser.on('file', (name, stream, info) => {
      // Every part gets its error path first: the parser destroys a part it cannot finish.
      stream.on('error', (err) => fail(failure ?? malformed(err.message)));
      if (failure) return stream.resume();
      if (name !== limits.fileField)
        return fail(
          fieldError('body', name, `Files must be sent in parts named "${limits.fileField}"`, { headers: CLOSE }),
        );
      parts.add(stream);
      const fileName = info.filename || 'upload';
      const { id, key } = keyFor(fileName);
      const hash = createHash('sha256');
      let size = 0;
      const meter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          hash.update(chunk);
          size += chunk.length;
          done(null, chunk);
        },
      });
      stream.on('limit', () =>
        fail(
          fieldError('body', limits.fileField, 'Import exceeds the maximum size', {
            status: 413,
            extra: { limit_bytes: limits.maxBytes },
            headers: CLOSE,
          }),
        ),
      );
      // Listeners on both streams from the start: the store may attach its own only after an await.
      pipeline(stream, meter, (err) => {
        parts.delete(stream);
        if (err) fail(failure ?? malformed(err.message));
      });
      written.push(key);
      // Parts finish writing in any order; their upload order is kept (the first file of a package wins).
      const position = written.length - 1;
      const mimeType = info.mimeType || 'application/octet-stream';
      writes.push(
        blobs.put(key, meter, mimeType).then(
          () => {
            files[position] = {
              id,
              file_name: fileName.slice(0, 255),
              mime_type: info.mimeType || null,
              size_bytes: size,
              checksum: `sha256:${hash.digest('hex')}`,
              storage_key: key,
            };
          },
          (err: Error) => {
            if (!failure) ctx.deps.logger.error({ err, request_id: ctx.state.requestId }, 'blob store write failed');
            fail(failure ?? ERRORS.fileStorageUnavailable());
          },
        ),
      );
    });
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated)
        return fail(fieldError('body', name, `Must be at most ${MAX_FIELD_BYTES} bytes`, { headers: CLOSE }));
      fields[name] = value;
    });
    parser.on('filesLimit', () =>
      fail(fieldError('body', limits.fileField, `At most ${limits.maxFiles} files per import`, { headers: CLOSE })),
    );
    parser.on('fieldsLimit', () => fail(fieldError('body', '', `At most ${MAX_FIELDS} fields`, { headers: CLOSE })));
    parser.on('partsLimit', () =>
      fail(fieldError('body', '', `At most ${limits.maxFiles + MAX_FIELDS} parts`, { headers: CLOSE })),
    );
    parser.on('error', (err: Error) => fail(malformed(err.message)));
    parser.on('close', () => {
      parsed = true;
      if (!failure) settle();
    });
    // A client that hangs up mid-body: nothing it sent is kept.
    req.on('close', () => {
      if (!parsed && !req.complete) fail(malformed('the client closed the connection before the body ended'));
    });
    req.on('error', (err) => fail(malformed(err.message)));
    req.pipe(parser);
  });
}
