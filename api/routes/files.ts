import { ApiError } from '../../core/errors.ts';
import { LocalBlobStore, verifyLocal } from '../../storage/blobs.ts';
import type { Ctx } from '../context.ts';
import { sendStoredFile } from '../fileResponse.ts';

/**
 * Serves objects of the local blob store to holders of a signed URL (the `local` driver's
 * stand-in for a bucket's signed URLs). Expired or altered signatures are 403.
 */
export async function serveLocalFile(ctx: Ctx) {
  const { blobs, storageSecret } = ctx.deps;
  if (!(blobs instanceof LocalBlobStore)) throw new ApiError(404, 'NOT_FOUND', 'Not found');
  const key = decodeURIComponent(ctx.path.slice('/files/'.length));
  const q = new URLSearchParams(ctx.querystring);
  if (!verifyLocal(storageSecret, key, q)) {
    throw new ApiError(403, 'FORBIDDEN', 'Signed URL is invalid or has expired');
  }
  let stream;
  try {
    stream = await blobs.get(key);
  } catch {
    throw new ApiError(404, 'NOT_FOUND', 'File not found');
  }
  const name = q.get('name');
  ctx.set('Cache-Control', 'private, max-age=300');
  sendStoredFile(ctx, stream, {
    contentType: q.get('type') || 'application/octet-stream',
    fileName: name || key.slice(key.lastIndexOf('/') + 1),
    download: Boolean(name),
  });
}
