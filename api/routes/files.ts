import { ApiError } from '../../core/errors.ts';
import { LocalBlobStore, verifyLocal } from '../../storage/blobs.ts';
import type { Ctx } from '../context.ts';

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
  ctx.type = q.get('type') || 'application/octet-stream';
  const name = q.get('name');
  if (name) ctx.set('Content-Disposition', `attachment; filename="${name.replace(/[^A-Za-z0-9._-]/g, '_')}"`);
  ctx.set('Cache-Control', 'private, max-age=300');
  ctx.body = stream;
}
