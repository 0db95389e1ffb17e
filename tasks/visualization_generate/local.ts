import sharp from 'sharp';
import { PermanentError } from '../../core/errors.ts';
import { MAX_INPUT_PIXELS } from './inspect-image.ts';
import { detectRoof } from './roof-mask.ts';
import type { RenderInput, RenderedImage } from './provider.ts';

/** Width the roof is searched at: enough for the outline, small enough to be instant. */
const ANALYSIS_WIDTH = 320;

function hexToRgb(hex: string): [number, number, number] {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new PermanentError(`Catalog colour ${hex} is not a #rrggbb hex code`);
  return [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16)];
}

const open = (image: Buffer) => sharp(image, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();

async function decodeFailure<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    throw new PermanentError(`Original image could not be decoded: ${(err as Error).message}`);
  }
}

/** The roof mask at full size, feathered so the new colour blends into the eaves. */
async function roofMask(input: RenderInput, width: number, height: number): Promise<Buffer> {
  const feather = Math.max(0.6, width / 1500);
  if (input.mask) {
    return decodeFailure(
      sharp(input.mask, { limitInputPixels: MAX_INPUT_PIXELS }).resize(width, height, { fit: 'fill' }).blur(feather)
        .extractChannel(0).raw().toBuffer(),
    );
  }
  const small = await decodeFailure(
    open(input.image).resize({ width: ANALYSIS_WIDTH }).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true }),
  );
  const mask = detectRoof({ data: small.data, width: small.info.width, height: small.info.height });
  if (!mask) throw new PermanentError('No roof was found in the photo; use a photo where the roof is seen against the sky');
  return sharp(Buffer.from(mask), { raw: { width: small.info.width, height: small.info.height, channels: 1 } })
    .resize(width, height, { fit: 'fill', kernel: 'cubic' })
    .blur(feather)
    .extractChannel(0)
    .raw()
    .toBuffer();
}

/**
 * Recolours the roof in the catalog colour while keeping its texture and light: each roof
 * pixel takes the new colour scaled by how much lighter or darker it was than the roof's
 * average, so shingle rows, shadows and highlights survive the change of colour.
 */
export async function renderLocal(input: RenderInput): Promise<RenderedImage> {
  const { data, info } = await decodeFailure(
    open(input.image).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true }),
  );
  const { width, height } = info;
  const mask = await roofMask(input, width, height);
  const [tr, tg, tb] = hexToRgb(input.color.hex);

  let sum = 0;
  let weight = 0;
  for (let p = 0, i = 0; p < mask.length; p += 7, i = p * 3) {
    const a = mask[p]!;
    if (a < 128) continue;
    sum += 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
    weight++;
  }
  if (!weight) throw new PermanentError('The roof mask is empty');
  const mean = Math.max(8, sum / weight);
  // Slightly flattened so that highlights do not burn out in light colours.
  const contrast = 0.85;

  for (let p = 0, i = 0; p < mask.length; p++, i += 3) {
    const a = mask[p]! / 255;
    if (a === 0) continue;
    const l = 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
    const ratio = Math.min(2, Math.max(0.25, 1 + (l / mean - 1) * contrast));
    data[i] = Math.min(255, data[i]! * (1 - a) + tr * ratio * a);
    data[i + 1] = Math.min(255, data[i + 1]! * (1 - a) + tg * ratio * a);
    data[i + 2] = Math.min(255, data[i + 2]! * (1 - a) + tb * ratio * a);
  }
  const bytes = await sharp(data, { raw: { width, height, channels: 3 } }).jpeg({ quality: 88 }).toBuffer();
  return { bytes, contentType: 'image/jpeg' };
}
