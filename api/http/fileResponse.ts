import type { Readable } from 'node:stream';
import { isRasterImageType } from '../../core/rasterImage.ts';
import { safeFileName } from '../../storage/blobs.ts';
import type { Ctx } from '../context.ts';

/**
 * Stored files are partners' bytes served from the API's own origin: whatever they are, a
 * browser must not run them (no scripts, no subresources, a sandboxed unique origin).
 */
export const STORED_FILE_CSP = "default-src 'none'; sandbox";

/**
 * Answers with a stored file. Only raster images are shown inline; anything else is a download,
 * so a browser never renders it as a page of this origin, whatever its type says.
 */
export function sendStoredFile(
  ctx: Ctx,
  body: Readable,
  file: { contentType: string; fileName: string; download?: boolean },
) {
  ctx.type = file.contentType;
  ctx.set('Content-Security-Policy', STORED_FILE_CSP);
  if (file.download || !isRasterImageType(file.contentType)) {
    ctx.set('Content-Disposition', `attachment; filename="${safeFileName(file.fileName)}"`);
  }
  ctx.body = body;
}
