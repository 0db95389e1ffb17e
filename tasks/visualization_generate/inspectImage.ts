import sharp, { type Metadata } from 'sharp';
import { PermanentError } from '../../core/errors.ts';
import { RASTER_FORMAT_NAMES, rasterImageType } from '../../core/rasterImage.ts';

/** Anything larger is refused before decoding: 20,000 × 20,000 PNGs are bombs, not photos. */
export const MAX_INPUT_PIXELS = 100_000_000;

export interface ImageInfo {
  width: number;
  height: number;
  contentType: string;
}

/**
 * Reads only the header: the format must be a raster photo format and the pixel count bounded.
 * The content type comes from the bytes' signature, never from what the sender claimed, so an
 * SVG or a page sent as image/png is refused before libvips (which reads SVG) sees it.
 */
export async function inspectImage(bytes: Buffer, what = 'Original image'): Promise<ImageInfo> {
  const contentType = rasterImageType(bytes);
  const unreadable = new PermanentError(
    `${what} is not a readable image: only ${RASTER_FORMAT_NAMES} files are accepted, judged by their content`,
  );
  if (!contentType) throw unreadable;
  let meta: Metadata;
  try {
    // Header only, so no limit is needed here; the pixel count is judged below with a clear message.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadable;
  }
  if (!meta.width || !meta.height) throw unreadable;
  if (meta.width * meta.height > MAX_INPUT_PIXELS) {
    throw new PermanentError(
      `${what} is ${meta.width}×${meta.height} pixels; at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels are accepted`,
    );
  }
  return { width: meta.width, height: meta.height, contentType };
}
