import sharp, { type Metadata } from 'sharp';
import { PermanentError } from '../../core/errors.ts';

/** Anything larger is refused before decoding: 20,000 × 20,000 PNGs are bombs, not photos. */
export const MAX_INPUT_PIXELS = 100_000_000;

const TYPES: Record<string, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  heif: 'image/heif',
  gif: 'image/gif',
  tiff: 'image/tiff',
};

export interface ImageInfo {
  width: number;
  height: number;
  contentType: string;
}

/**
 * Reads only the header: the format must be a photo format and the pixel count bounded. The
 * content type comes from the bytes, never from what the sender claimed.
 */
export async function inspectImage(bytes: Buffer, what = 'Original image'): Promise<ImageInfo> {
  let meta: Metadata;
  try {
    // Header only, so no limit is needed here; the pixel count is judged below with a clear message.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new PermanentError(`${what} is not a readable image (JPEG, PNG, WebP, AVIF, HEIF, GIF or TIFF expected)`);
  }
  const contentType = TYPES[meta.format ?? ''];
  if (!contentType || !meta.width || !meta.height) {
    throw new PermanentError(`${what} is not a supported image format (${meta.format ?? 'unknown'})`);
  }
  if (meta.width * meta.height > MAX_INPUT_PIXELS) {
    throw new PermanentError(`${what} is ${meta.width}×${meta.height} pixels; at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels are accepted`);
  }
  return { width: meta.width, height: meta.height, contentType };
}
