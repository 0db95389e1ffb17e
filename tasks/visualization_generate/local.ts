import sharp from 'sharp';
import { PermanentError } from '../../core/errors.ts';
import { MAX_INPUT_PIXELS } from './inspect-image.ts';
import { findRoof, ROOF_ANALYSIS_WIDTH, type Mask } from './roof-mask.ts';
import { hexToRgb, renderMaterial } from './materials.ts';
import type { RenderInput, RenderedImage } from './provider.ts';

/** Caller-supplied masks are kept this wide: sharper than the search, still small. */
const SUPPLIED_MASK_WIDTH = 1024;

/** Decoder for the photo; auto-orientation only when EXIF asks for it, as it buffers the whole image. */
const open = (image: Buffer, orientation: number | undefined) => {
  const img = sharp(image, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  return orientation && orientation > 1 ? img.rotate() : img;
};

async function decodeFailure<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    throw new PermanentError(`Original image could not be decoded: ${(err as Error).message}`);
  }
}

/**
 * The roof mask at a fraction of the photo's size (white = roof): found in a small rendering,
 * or the caller's mask. It is sampled bilinearly per pixel below, so no full-size mask is
 * ever allocated; a 12 MP photo then needs one RGB buffer and nothing else of its size.
 */
async function roofMask(input: RenderInput, orientation: number | undefined): Promise<Mask> {
  if (input.mask) {
    const { data, info } = await decodeFailure(
      sharp(input.mask, { limitInputPixels: MAX_INPUT_PIXELS })
        .resize({ width: SUPPLIED_MASK_WIDTH })
        .extractChannel(0)
        .raw()
        .toBuffer({ resolveWithObject: true }),
    );
    return { data, width: info.width, height: info.height };
  }
  const small = await decodeFailure(
    open(input.image, orientation)
      .resize({ width: ROOF_ANALYSIS_WIDTH })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true }),
  );
  const found = findRoof({ data: small.data, width: small.info.width, height: small.info.height, channels: 3 });
  if ('refused' in found) throw new PermanentError(found.refused);
  return found.mask;
}

// A 12-megapixel render holds ~36 MB of raw pixels plus libvips' buffers; two at a time keep a
// worker running WORKER_CONCURRENCY=4 jobs under its memory budget while fetches and uploads of
// the other jobs go on.
const MAX_PARALLEL_RENDERS = 2;
let rendering = 0;
const waiting: (() => void)[] = [];

async function inRenderSlot<T>(work: () => Promise<T>): Promise<T> {
  if (rendering >= MAX_PARALLEL_RENDERS) await new Promise<void>((resolve) => waiting.push(resolve));
  else rendering++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else rendering--;
  }
}

/**
 * Paints the chosen material over the roof in the catalog colour, lit by the photo's own light
 * and shadow (see materials.ts); everything outside the roof mask keeps its original pixels.
 */
export function renderLocal(input: RenderInput): Promise<RenderedImage> {
  return inRenderSlot(() => render(input));
}

async function render(input: RenderInput): Promise<RenderedImage> {
  if (!hexToRgb(input.color.hex))
    throw new PermanentError(`Catalog colour ${input.color.hex} is not a #rrggbb hex code`);
  const { orientation } = await decodeFailure(sharp(input.image).metadata());
  const mask = await roofMask(input, orientation);
  const { data, info } = await decodeFailure(
    open(input.image, orientation).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true }),
  );
  const { width, height } = info;
  renderMaterial({ data, width, height, channels: 3 }, mask, input.material, input.color.hex);
  const bytes = await sharp(data, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 88 })
    .toBuffer();
  return { bytes, contentType: 'image/jpeg' };
}
