import type { RoofPlanes } from './planes.ts';

/** The light is the photo's luminance averaged over this radius of grid pixels, within one plane. */
const LIGHT_RADIUS = 5;
/** A detail differs from its plane's light and colour by at least this (Lab units) and this many times the plane's own spread. */
const DETAIL_MIN_CONTRAST = 20;
const DETAIL_SPREAD = 4;
/** A detail is at least this many grid pixels, and at most these shares of the roof and of the photo. */
const DETAIL_MIN_PIXELS = 4;
const DETAIL_MAX_ROOF_SHARE = 0.03;
const DETAIL_MAX_PHOTO_SHARE = 0.0008;

export interface RoofLight {
  /** Luminance (0..255) per grid pixel, averaged within its own plane so light never bleeds across a hip. */
  light: Float32Array;
  /** The roof's mean luminance: each plane's light is drawn relative to it. */
  mean: number;
  /** 0..255 per grid pixel: how much of the photo's own pixel to keep (vents, skylights, chimney edges, gutters). */
  keep: Uint8Array;
}

const luma = (rgb: Uint8Array, g: number) => 0.299 * rgb[g * 3]! + 0.587 * rgb[g * 3 + 1]! + 0.114 * rgb[g * 3 + 2]!;

/**
 * Each plane's own light (its shading and cast shadows, never its neighbour's) and the small
 * objects on the roof that must stay the photo's pixels: compact blobs far from their plane's
 * light or colour.
 */
export function roofLight(
  { grid, label, planes }: RoofPlanes,
  photoSize: { width: number; height: number },
): RoofLight {
  const { width, height, inside, rgb } = grid;
  const size = width * height;
  const light = new Float32Array(size);
  const planeSum = new Float64Array(planes.length),
    planeCount = new Float64Array(planes.length);
  for (let p = 0; p < size; p++) {
    if (!inside[p]) continue;
    planeSum[label[p]!]! += luma(rgb, p);
    planeCount[label[p]!]!++;
  }
  let total = 0,
    roofCount = 0;
  for (let r = 0; r < planes.length; r++) {
    total += planeSum[r]!;
    roofCount += planeCount[r]!;
  }
  const mean = Math.max(8, roofCount ? total / roofCount : 128);
  // Two passes (across, then down), each over the pixels of the centre's own plane.
  const lumas = new Float32Array(size);
  for (let p = 0; p < size; p++) if (inside[p]) lumas[p] = luma(rgb, p);
  const across = ownPlaneSums(lumas, inside, label, width, height, 1);
  const down = ownPlaneSums(across.sums, across.counts, label, width, height, width);
  for (let p = 0; p < size; p++) {
    const own = label[p]!;
    light[p] = down.counts[p]!
      ? down.sums[p]! / down.counts[p]!
      : planeCount[own]!
        ? planeSum[own]! / planeCount[own]!
        : mean;
  }
  return { light, mean, keep: details(grid, label, planes.length, light, photoSize) };
}

/**
 * One pass of a box average that never crosses a plane's border: for each pixel, the sums of
 * `values` and `weights` over the LIGHT_RADIUS pixels either side of it along `step` (1 across,
 * width down) that belong to its own plane.
 */
function ownPlaneSums(
  values: Float32Array,
  weights: Float32Array | Uint8Array,
  label: Int16Array,
  width: number,
  height: number,
  step: number,
) {
  const sums = new Float32Array(values.length),
    counts = new Float32Array(values.length);
  const R = LIGHT_RADIUS;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const own = label[p]!;
      const at = step === 1 ? x : y,
        end = Math.min((step === 1 ? width : height) - 1, at + R);
      let s = 0,
        n = 0;
      for (let k = Math.max(0, at - R); k <= end; k++) {
        const q = p + (k - at) * step;
        if (!weights[q] || label[q] !== own) continue;
        s += values[q]!;
        n += weights[q]!;
      }
      sums[p] = s;
      counts[p] = n;
    }
  }
  return { sums, counts };
}

/** The keep map: compact blobs whose colour or light stands out from their plane's, softened by a pixel. */
function details(
  grid: RoofPlanes['grid'],
  label: Int16Array,
  planeCount: number,
  light: Float32Array,
  photoSize: { width: number; height: number },
) {
  const { width, height, inside, rgb, scale, lab } = grid;
  const size = width * height;
  const meanA = new Float64Array(planeCount),
    meanB = new Float64Array(planeCount),
    n = new Float64Array(planeCount);
  for (let p = 0; p < size; p++) {
    if (!inside[p]) continue;
    meanA[label[p]!]! += lab[p * 3 + 1]!;
    meanB[label[p]!]! += lab[p * 3 + 2]!;
    n[label[p]!]!++;
  }
  for (let r = 0; r < planeCount; r++) {
    meanA[r]! /= Math.max(1, n[r]!);
    meanB[r]! /= Math.max(1, n[r]!);
  }
  const contrast = new Float32Array(size);
  const spread = new Float64Array(planeCount);
  for (let p = 0; p < size; p++) {
    if (!inside[p]) continue;
    const r = label[p]!;
    const dl = ((luma(rgb, p) - light[p]!) * 100) / 255,
      da = lab[p * 3 + 1]! - meanA[r]!,
      db = lab[p * 3 + 2]! - meanB[r]!;
    contrast[p] = Math.sqrt(dl * dl + da * da + db * db);
    spread[r]! += contrast[p]!;
  }
  for (let r = 0; r < planeCount; r++) spread[r]! /= Math.max(1, n[r]!);
  const candidate = new Uint8Array(size);
  for (let p = 0; p < size; p++)
    if (inside[p] && contrast[p]! > Math.max(DETAIL_MIN_CONTRAST, DETAIL_SPREAD * spread[label[p]!]!)) candidate[p] = 1;

  const photoPixels = photoSize.width * photoSize.height * scale * scale;
  const roofPixels = grid.roofPixels;
  const maxArea = Math.min(roofPixels * DETAIL_MAX_ROOF_SHARE, photoPixels * DETAIL_MAX_PHOTO_SHARE);
  const blob = new Uint8Array(size);
  const stack: number[] = [];
  const members: number[] = [];
  for (let start = 0; start < size; start++) {
    if (candidate[start] !== 1) continue;
    members.length = 0;
    candidate[start] = 2;
    stack.push(start);
    while (stack.length) {
      const p = stack.pop()!;
      members.push(p);
      const x = p % width;
      for (const q of [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, p - width, p + width]) {
        if (q < 0 || q >= size || candidate[q] !== 1) continue;
        candidate[q] = 2;
        stack.push(q);
      }
    }
    if (members.length >= DETAIL_MIN_PIXELS && members.length <= maxArea && isObject(members))
      for (const p of members) blob[p] = 1;
  }
  /**
   * Compact blobs are objects (vents, skylights, a chimney's edge); a thin line is a ridge cap or
   * a hip's old flashing, which the new roof covers, unless it lines the eave (a gutter).
   */
  function isObject(members: number[]) {
    let x0 = width,
      x1 = 0,
      y0 = height,
      y1 = 0,
      atEave = 0;
    for (const p of members) {
      const x = p % width,
        y = (p - x) / width;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
      if (y + 2 >= height || !inside[p + width] || !inside[p + 2 * width]) atEave++;
    }
    const w = x1 - x0 + 1,
      h = y1 - y0 + 1;
    const compact = members.length >= 0.3 * w * h && Math.max(w, h) <= 5 * Math.min(w, h);
    return compact || (atEave >= 0.5 * members.length && w >= 2 * h);
  }

  // Grown by a pixel (the object's rim is part of it), then a 3×3 average for a soft edge.
  return box3(
    box3(blob, width, height).map((v) => (v ? 1 : 0)),
    width,
    height,
  ).map((v) => Math.round((255 * v) / 9));
}

/** Sum over each pixel's 3×3 neighbourhood (clipped at the border). */
function box3(values: Uint8Array, width: number, height: number) {
  const out = new Uint8Array(values.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let s = 0;
      for (let yy = Math.max(0, y - 1); yy <= Math.min(height - 1, y + 1); yy++)
        for (let xx = Math.max(0, x - 1); xx <= Math.min(width - 1, x + 1); xx++) s += values[yy * width + xx]!;
      out[y * width + x] = s;
    }
  return out;
}
