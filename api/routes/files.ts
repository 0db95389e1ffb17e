import { ERRORS } from '../../core/errors.ts';
import { LocalBlobStore, verifyLocal } from '../../storage/blobs.ts';
import type { Ctx } from '../context.ts';
import { sendStoredFile } from '../http/fileResponse.ts';

/**
 * Serves objects of the local blob store to holders of a signed URL (the `local` driver's
 * stand-in for a bucket's signed URLs). Expired or altered signatures are 403.
 */
export async function serveLocalFile(ctx: Ctx) {
  const { blobs, storageSecret } = ctx.deps;
  if (!(blobs instanceof LocalBlobStore)) throw ERRORS.fileNotFound();
  const key = decodeURIComponent(ctx.path.slice('/files/'.length));
  const q = new URLSearchParams(ctx.querystring);
  if (!verifyLocal(storageSecret, key, q)) {
    throw ERRORS.signedUrlInvalid();
  }
  let stream;
  try {
    stream = await blobs.get(key);
  } catch {
    throw ERRORS.fileNotFound();
  }
  const name = q.get('name');
  ctx.set('Cache-Control', 'private, max-age=300');
  sendStoredFile(ctx, stream, {
    contentType: q.get('type') || 'application/octet-stream',
    fileName: name || key.slice(key.lastIndexOf('/') + 1),
    download: Boolean(name),
  });
}
