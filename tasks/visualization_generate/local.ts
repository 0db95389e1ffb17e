import sharp from 'sharp';
import { PermanentError } from '../../core/errors.ts';
import { MAX_INPUT_PIXELS } from './inspect-image.ts';
import { detectRoof } from './roof-mask.ts';
import type { RenderInput, RenderedImage } from './provider.ts';

/** Width the roof is searched at: enough for the outline, small enough to be instant. */
const ANALYSIS_WIDTH = 320;
/** Caller-supplied masks are kept this wide: sharper than the search, still small. */
const SUPPLIED_MASK_WIDTH = 1024;

function hexToRgb(hex: string): [number, number, number] {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new PermanentError(`Catalog colour ${hex} is not a #rrggbb hex code`);
  return [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16)];
}

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

interface Mask {
  data: Uint8Array;
  width: number;
  height: number;
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
      .resize({ width: ANALYSIS_WIDTH })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true }),
  );
  const mask = detectRoof({ data: small.data, width: small.info.width, height: small.info.height });
  if (!mask)
    throw new PermanentError('No roof was found in the photo; use a photo where the roof is seen against the sky');
  return { data: mask, width: small.info.width, height: small.info.height };
}

/** Opacity of the new colour at photo pixel (x, y): the mask upsampled, its edge a short ramp. */
function opacity(mask: Mask, width: number, height: number) {
  const sx = mask.width / width;
  const sy = mask.height / height;
  return (x: number, y: number) => {
    const fx = Math.min(mask.width - 1, Math.max(0, (x + 0.5) * sx - 0.5));
    const fy = Math.min(mask.height - 1, Math.max(0, (y + 0.5) * sy - 0.5));
    const x0 = fx | 0,
      y0 = fy | 0;
    const x1 = Math.min(mask.width - 1, x0 + 1),
      y1 = Math.min(mask.height - 1, y0 + 1);
    const wx = fx - x0,
      wy = fy - y0;
    const d = mask.data;
    const top = d[y0 * mask.width + x0]! * (1 - wx) + d[y0 * mask.width + x1]! * wx;
    const bottom = d[y1 * mask.width + x0]! * (1 - wx) + d[y1 * mask.width + x1]! * wx;
    const v = (top * (1 - wy) + bottom * wy) / 255;
    // Smoothstep over the middle of the ramp: crisp eaves without a stair-stepped edge.
    const t = Math.min(1, Math.max(0, (v - 0.25) * 2));
    return t * t * (3 - 2 * t);
  };
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
 * Recolours the roof in the catalog colour while keeping its texture and light: each roof
 * pixel takes the new colour scaled by how much lighter or darker it was than the roof's
 * average, so shingle rows, shadows and highlights survive the change of colour.
 */
export function renderLocal(input: RenderInput): Promise<RenderedImage> {
  return inRenderSlot(() => render(input));
}

async function render(input: RenderInput): Promise<RenderedImage> {
  const { orientation } = await decodeFailure(sharp(input.image).metadata());
  const mask = await roofMask(input, orientation);
  const { data, info } = await decodeFailure(
    open(input.image, orientation).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true }),
  );
  const { width, height } = info;
  const alphaAt = opacity(mask, width, height);
  const [tr, tg, tb] = hexToRgb(input.color.hex);

  let sum = 0;
  let weight = 0;
  for (let y = 0; y < height; y += 4) {
    for (let x = 0; x < width; x += 4) {
      if (alphaAt(x, y) < 0.5) continue;
      const i = (y * width + x) * 3;
      sum += 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
      weight++;
    }
  }
  if (!weight) throw new PermanentError('The roof mask is empty');
  const mean = Math.max(8, sum / weight);
  // Slightly flattened so that highlights do not burn out in light colours.
  const contrast = 0.85;

  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i += 3) {
      const a = alphaAt(x, y);
      if (a === 0) continue;
      const l = 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
      const ratio = Math.min(2, Math.max(0.25, 1 + (l / mean - 1) * contrast));
      data[i] = Math.min(255, data[i]! * (1 - a) + tr * ratio * a);
      data[i + 1] = Math.min(255, data[i + 1]! * (1 - a) + tg * ratio * a);
      data[i + 2] = Math.min(255, data[i + 2]! * (1 - a) + tb * ratio * a);
    }
  }
  const bytes = await sharp(data, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 88 })
    .toBuffer();
  return { bytes, contentType: 'image/jpeg' };
}
