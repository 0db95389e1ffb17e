import sharp, { type Sharp } from 'sharp';
import { PermanentError } from '../../core/errors.ts';
import { MAX_INPUT_PIXELS } from './inspectImage.ts';
import { ENCODER_SIZE } from '../../core/segmenter/model.ts';

/** Decoded pixels, three bytes (R, G, B) per pixel, row by row. */
export interface RawRgb {
  data: Uint8Array;
  width: number;
  height: number;
}

async function decodeFailure<T>(what: string, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    throw new PermanentError(`${what} could not be decoded: ${(err as Error).message}`);
  }
}

/** Decoder for an image; auto-orientation only when EXIF asks for it, as it buffers the whole image. */
async function open(image: Buffer, what: string) {
  const { orientation } = await decodeFailure(what, sharp(image, { limitInputPixels: MAX_INPUT_PIXELS }).metadata());
  const img = sharp(image, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  return orientation && orientation > 1 ? img.rotate() : img;
}

async function toRaw(img: Sharp, what: string): Promise<RawRgb> {
  const { data, info } = await decodeFailure(
    what,
    img.removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true }),
  );
  return { data, width: info.width, height: info.height };
}

/** The photo as the viewer sees it (EXIF orientation applied), at full size. */
export async function decodePhoto(image: Buffer): Promise<RawRgb> {
  return toRaw(await open(image, 'Original image'), 'Original image');
}

/** The photo scaled down to `width` pixels across, for analysis. */
export async function decodePhotoSmall(image: Buffer, width: number): Promise<RawRgb> {
  return toRaw((await open(image, 'Original image')).resize({ width }), 'Original image');
}

/** The photo as the segmenter's encoder sees it: EXIF orientation applied, its longest side ENCODER_SIZE. */
export async function decodeForSegmenter(image: Buffer): Promise<RawRgb> {
  const img = (await open(image, 'Original image')).resize(ENCODER_SIZE, ENCODER_SIZE, { fit: 'inside' });
  return toRaw(img, 'Original image');
}

/**
 * An image (a model's answer, any size and raster format) stretched to exactly `size`: models
 * answer in their own sizes, and the answer must line up with the photo pixel for pixel.
 */
export async function rawAtSize(image: Buffer, size: { width: number; height: number }, what: string): Promise<RawRgb> {
  return toRaw((await open(image, what)).resize(size.width, size.height, { fit: 'fill' }), what);
}

/**
 * The decoded photo stretched to a model's size and encoded: PNG where the model wants it
 * lossless, JPEG where it travels as a data: URI.
 */
export async function encodeForModel(
  photo: RawRgb,
  size: { width: number; height: number },
  format: 'png' | 'jpeg',
): Promise<Buffer> {
  const img = sharp(photo.data, { raw: { width: photo.width, height: photo.height, channels: 3 } }).resize(
    size.width,
    size.height,
    { fit: 'fill' },
  );
  return (format === 'png' ? img.png() : img.jpeg({ quality: 92 })).toBuffer();
}

export async function encodeJpeg(photo: RawRgb): Promise<Buffer> {
  return sharp(photo.data, { raw: { width: photo.width, height: photo.height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}
