import sharp from 'sharp';
import type { RoofOutline } from '../../core/roofOutline.ts';
import type { RawRgb } from './photo.ts';

export type { RoofOutline };

/** One byte per pixel, 0..255, 255 = roof; any resolution, stretched to the photo when used. */
export interface Mask {
  data: Uint8Array;
  width: number;
  height: number;
}

/** Outlines are drawn at most this wide: sharp enough for an eave, small enough to be instant. */
const OUTLINE_MASK_WIDTH = 1024;

/**
 * The outline as a mask of width × height: a pixel is roof when its centre lies inside any of
 * the polygons (even-odd within a polygon, so a polygon may trace around a chimney's hole).
 */
export function rasterizeOutline(outline: RoofOutline, width: number, height: number): Mask {
  const data = new Uint8Array(width * height);
  const xs: number[] = [];
  for (const polygon of outline) {
    const points = polygon.map(([x, y]) => [x * width, y * height] as const);
    for (let row = 0; row < height; row++) {
      const cy = row + 0.5;
      xs.length = 0;
      for (let k = 0; k < points.length; k++) {
        const [x0, y0] = points[k]!;
        const [x1, y1] = points[(k + 1) % points.length]!;
        if (y0 <= cy === y1 <= cy) continue;
        xs.push(x0 + ((cy - y0) / (y1 - y0)) * (x1 - x0));
      }
      xs.sort((a, b) => a - b);
      for (let k = 0; k + 1 < xs.length; k += 2) {
        const from = Math.max(0, Math.ceil(xs[k]! - 0.5));
        const to = Math.min(width - 1, Math.floor(xs[k + 1]! - 0.5));
        data.fill(255, row * width + from, row * width + to + 1);
      }
    }
  }
  return { data, width, height };
}

/** The size an outline is drawn at for a photo of `size`: its aspect, at most OUTLINE_MASK_WIDTH wide. */
export function outlineMaskSize(size: { width: number; height: number }) {
  const width = Math.min(size.width, OUTLINE_MASK_WIDTH);
  return { width, height: Math.max(1, Math.round((size.height * width) / size.width)) };
}

/** Smoothstep over the middle of the ramp: crisp eaves without a stair-stepped edge. */
const EDGE = Uint8Array.from({ length: 256 }, (_, v) => {
  const t = Math.min(1, Math.max(0, (v / 255 - 0.25) * 2));
  return Math.round(255 * t * t * (3 - 2 * t));
});

/** Fills `out` (width bytes) with the opacity of the new roof along row y of the photo. */
export type OpacityRow = (y: number, out: Uint8Array) => void;

/**
 * The mask as opacities (0..255) of a width × height photo with a soft edge of a few pixels,
 * one row at a time, so no photo-sized mask is ever held: stretched bilinearly when smaller than
 * the photo, blurred a little first when already its size (a ramp of its own).
 */
export async function softEdge(mask: Mask, width: number, height: number): Promise<OpacityRow> {
  const same = mask.width === width && mask.height === height;
  const m = same
    ? await sharp(mask.data, { raw: { width, height, channels: 1 } })
        .blur(1)
        .extractChannel(0)
        .raw()
        .toBuffer()
    : mask.data;
  const mw = mask.width;
  // Source columns and weights of each photo column, computed once.
  const x0s = new Int32Array(width);
  const x1s = new Int32Array(width);
  const wxs = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    const fx = Math.min(mw - 1, Math.max(0, ((x + 0.5) * mw) / width - 0.5));
    x0s[x] = fx | 0;
    x1s[x] = Math.min(mw - 1, (fx | 0) + 1);
    wxs[x] = fx - (fx | 0);
  }
  return (y, out) => {
    const fy = Math.min(mask.height - 1, Math.max(0, ((y + 0.5) * mask.height) / height - 0.5));
    const top = (fy | 0) * mw;
    const bottom = Math.min(mask.height - 1, (fy | 0) + 1) * mw;
    const wy = fy - (fy | 0);
    for (let x = 0; x < width; x++) {
      const a = m[top + x0s[x]!]!,
        b = m[top + x1s[x]!]!,
        c = m[bottom + x0s[x]!]!,
        d = m[bottom + x1s[x]!]!;
      // Away from the edge all four agree: most of the photo takes this path.
      if (a === b && c === d && a === c) {
        out[x] = EDGE[a]!;
        continue;
      }
      const wx = wxs[x]!;
      out[x] = EDGE[Math.round((a * (1 - wx) + b * wx) * (1 - wy) + (c * (1 - wx) + d * wx) * wy)]!;
    }
  };
}

/**
 * Puts the generated roof into the photo, in place: inside the mask the generated pixels,
 * across its soft edge a blend, and everywhere else the photo's own pixels untouched. The
 * generated image is raw pixels of the photo's size (see rawAtSize).
 */
export function compositeRoof(photo: RawRgb, generated: RawRgb, opacityRow: OpacityRow): RawRgb {
  const { width, height } = photo;
  const out = photo.data;
  const opacity = new Uint8Array(width);
  for (let y = 0; y < height; y++) {
    opacityRow(y, opacity);
    let x = 0;
    while (x < width && opacity[x] === 0) x++;
    if (x === width) continue;
    const start = y * width;
    const gen = generated.data.subarray(start * 3, (start + width) * 3);
    for (; x < width; x++) {
      const a = opacity[x]!;
      if (a === 0) continue;
      const i = (start + x) * 3;
      const g = x * 3;
      if (a === 255) {
        out[i] = gen[g]!;
        out[i + 1] = gen[g + 1]!;
        out[i + 2] = gen[g + 2]!;
        continue;
      }
      const b = 255 - a;
      out[i] = (out[i]! * b + gen[g]! * a + 127) / 255;
      out[i + 1] = (out[i + 1]! * b + gen[g + 1]! * a + 127) / 255;
      out[i + 2] = (out[i + 2]! * b + gen[g + 2]! * a + 127) / 255;
    }
  }
  return photo;
}

/**
 * The mask as a PNG of width × height for a model: `white` is a greyscale image white on the
 * roof (inpainting models); `transparent` is RGBA with alpha 0 on the roof and opaque elsewhere
 * (the OpenAI edit's convention: transparent = the area to change).
 */
export async function maskPng(
  mask: Mask,
  size: { width: number; height: number },
  style: 'white' | 'transparent',
): Promise<Buffer> {
  const grey = await sharp(mask.data, { raw: { width: mask.width, height: mask.height, channels: 1 } })
    .resize(size.width, size.height, { fit: 'fill', kernel: sharp.kernel.nearest })
    .extractChannel(0)
    .raw()
    .toBuffer();
  if (style === 'white') {
    for (let p = 0; p < grey.length; p++) grey[p] = grey[p]! >= 128 ? 255 : 0;
    return sharp(grey, { raw: { width: size.width, height: size.height, channels: 1 } })
      .png()
      .toBuffer();
  }
  const rgba = Buffer.alloc(grey.length * 4);
  for (let p = 0; p < grey.length; p++) rgba[p * 4 + 3] = grey[p]! >= 128 ? 0 : 255;
  return sharp(rgba, { raw: { width: size.width, height: size.height, channels: 4 } })
    .png()
    .toBuffer();
}
