/**
 * The image formats the service takes in, stores and serves inline. Only raster formats: an SVG
 * (or HTML claiming to be an image) would run script when opened from the API's origin. AVIF is
 * here because the bundled libvips decodes it; HEIC is not, since it cannot (no HEVC decoder).
 */
export const RASTER_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
export type RasterImageType = (typeof RASTER_IMAGE_TYPES)[number];

export const RASTER_FORMAT_NAMES = 'JPEG, PNG, WebP or AVIF';

const ascii = (bytes: Buffer, start: number, end: number) => bytes.toString('latin1', start, end);

/** An ISO-BMFF `ftyp` box whose major or compatible brands say AVIF (a still image or a sequence). */
function isAvif(bytes: Buffer): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return false;
  const boxEnd = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
  for (let at = 8; at + 4 <= boxEnd; at += at === 8 ? 8 : 4) {
    const brand = ascii(bytes, at, at + 4);
    if (brand === 'avif' || brand === 'avis') return true;
  }
  return false;
}

/**
 * The format by the bytes' signature (magic numbers), whatever type the sender declared;
 * undefined for anything that is not one of RASTER_IMAGE_TYPES.
 */
export function rasterImageType(bytes: Buffer): RasterImageType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.readUInt32BE(0) === 0x89504e47 && bytes.readUInt32BE(4) === 0x0d0a1a0a)
    return 'image/png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp';
  if (isAvif(bytes)) return 'image/avif';
  return undefined;
}

export function isRasterImageType(contentType: string): boolean {
  return (RASTER_IMAGE_TYPES as readonly string[]).includes(contentType.split(';')[0]!.trim().toLowerCase());
}
