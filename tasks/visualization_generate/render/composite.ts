import type { Mask } from '../mask.ts';
import { fillSpeckleHoles } from './holes.ts';
import { roofLight, type RoofLight } from './light.ts';
import { COURSES, hexToRgb, lookOf, reliefOf } from './materials.ts';
import { findPlanes, roofGrid, type RgbPhoto, type RoofPlanes } from './planes.ts';

export type { RgbPhoto };

/** A plane's courses are at most this much finer than the largest plane's (a far or small plane). */
const MIN_PLANE_SCALE = 0.5;
/** The largest plane's slope counts for at most this share of the roof's size (square root of its area). */
const ROOF_SLOPE_CAP = 0.6;
/** Course scales come in steps of this ratio (1, 0.8, 0.64, 0.51). */
const SCALE_STEP = 0.8;
/** How dark the line along a border between two planes is drawn (a hip, ridge or valley). */
const BORDER_LINE = 0.2;
/** How much of the photo's fine detail survives under a material's own relief (all of it under a plain colour). */
const DETAIL = { relief: 0.1, plain: 0.85 };

/** Opacity of the roof at photo pixel (x, y): the small mask upsampled bilinearly, its edge a short ramp. */
export function maskOpacity(mask: Mask, width: number, height: number) {
  const sx = mask.width / width;
  const sy = mask.height / height;
  const d = mask.data;
  return (x: number, y: number) => {
    const fx = Math.min(mask.width - 1, Math.max(0, (x + 0.5) * sx - 0.5));
    const fy = Math.min(mask.height - 1, Math.max(0, (y + 0.5) * sy - 0.5));
    const x0 = fx | 0,
      y0 = fy | 0;
    const x1 = Math.min(mask.width - 1, x0 + 1),
      y1 = Math.min(mask.height - 1, y0 + 1);
    const a = d[y0 * mask.width + x0]!,
      b = d[y0 * mask.width + x1]!,
      c = d[y1 * mask.width + x0]!,
      e = d[y1 * mask.width + x1]!;
    if ((a | b | c | e) === 0) return 0;
    const wx = fx - x0,
      wy = fy - y0;
    const v = ((a * (1 - wx) + b * wx) * (1 - wy) + (c * (1 - wx) + e * wx) * wy) / 255;
    // Smoothstep over the inner half of the ramp: crisp eaves that never bleed past the mask.
    const t = Math.min(1, Math.max(0, (v - 0.5) * 2));
    return t * t * (3 - 2 * t);
  };
}

/**
 * maskOpacity, a row at a time: fills `out[from..to)` with the opacity of row y, its source
 * columns and weights computed once for the photo's width.
 */
function opacityRows(mask: Mask, width: number, height: number) {
  const mw = mask.width,
    d = mask.data;
  const x0s = new Int32Array(width),
    x1s = new Int32Array(width),
    wxs = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    const fx = Math.min(mw - 1, Math.max(0, ((x + 0.5) * mw) / width - 0.5));
    x0s[x] = fx | 0;
    x1s[x] = Math.min(mw - 1, (fx | 0) + 1);
    wxs[x] = fx - (fx | 0);
  }
  return (y: number, from: number, to: number, out: Float32Array) => {
    const fy = Math.min(mask.height - 1, Math.max(0, ((y + 0.5) * mask.height) / height - 0.5));
    const top = (fy | 0) * mw,
      bottom = Math.min(mask.height - 1, (fy | 0) + 1) * mw,
      wy = fy - (fy | 0);
    for (let x = from; x < to; x++) {
      const a = d[top + x0s[x]!]!,
        b = d[top + x1s[x]!]!,
        c = d[bottom + x0s[x]!]!,
        e = d[bottom + x1s[x]!]!;
      if ((a & b & c & e) === 255) {
        out[x] = 1;
        continue;
      }
      if ((a | b | c | e) === 0) {
        out[x] = 0;
        continue;
      }
      const wx = wxs[x]!;
      const v = ((a * (1 - wx) + b * wx) * (1 - wy) + (c * (1 - wx) + e * wx) * wy) / 255;
      const t = Math.min(1, Math.max(0, (v - 0.5) * 2));
      out[x] = t * t * (3 - 2 * t);
    }
  };
}

/** For each mask row, the first and last column with any roof (mask.width and -1 for none). */
function roofSpans(mask: Mask) {
  const span = new Int32Array(mask.height * 2).fill(-1);
  for (let y = 0; y < mask.height; y++) {
    for (let x = 0; x < mask.width; x++) {
      if (!mask.data[y * mask.width + x]) continue;
      if (span[y * 2]! < 0) span[y * 2] = x;
      span[y * 2 + 1] = x;
    }
    if (span[y * 2]! < 0) span[y * 2] = mask.width;
  }
  return span;
}

/** What the painter needs to know of a roof: its hole-filled mask, its planes, their light and the kept details. */
export interface RoofAnalysis {
  mask: Mask;
  roof: RoofPlanes;
  lit: RoofLight;
}

/** The roof's planes, light and details, from the photo and its mask, on a small grid (planes.ts, light.ts). */
export function analyzeRoof(photo: RgbPhoto, mask: Mask): RoofAnalysis | null {
  const filled = fillSpeckleHoles(mask);
  const grid = roofGrid(photo, filled);
  if (!grid || !grid.roofPixels) return null;
  const roof = findPlanes(grid);
  return { mask: filled, roof, lit: roofLight(roof, photo) };
}

/**
 * Paints the material in place over `photo.data` where the mask says roof, and returns that
 * buffer; pixels where the mask is 0 are never written. The mask's speckle holes are filled
 * first (holes.ts) and the roof is split into planes on a small grid (analyzeRoof).
 */
export function renderMaterial(
  photo: RgbPhoto,
  mask: Mask,
  material: { name: string } | null,
  colorHex: string,
): Uint8Array | Buffer {
  const rgb = hexToRgb(colorHex);
  if (!rgb) throw new Error(`Colour ${colorHex} is not a #rrggbb hex code`);
  const analysis = analyzeRoof(photo, mask);
  return analysis ? paintRoof(photo, analysis, material, rgb) : photo.data;
}

/**
 * Per photo pixel, row by row at full resolution: the catalog colour × the material's relief in
 * its plane's frame (courses along the plane's eave, at a scale that follows the plane's size) ×
 * the plane's own light relative to the roof's × a little of the photo's fine detail, with a thin
 * line where two planes meet, and the photo's own pixels kept on vents, skylights and gutters.
 */
export function paintRoof(
  photo: RgbPhoto,
  { mask: filled, roof, lit }: RoofAnalysis,
  material: { name: string } | null,
  rgb: [number, number, number],
): Uint8Array | Buffer {
  const { data, width, height } = photo;
  const { light, mean, keep } = lit;
  const { grid, label, planes } = roof;
  const look = lookOf(material);

  // The largest plane's slope sets the course height; a smaller plane's courses are finer.
  const largest = planes.reduce((a, b) => (b.share > a.share ? b : a));
  // When the planes were not told apart (even light on every face), the one "plane" spans the
  // whole roof: its slope is then capped by the roof's own size.
  const roofSize = Math.sqrt(grid.roofPixels) / grid.scale;
  const baseUnit = Math.max(3, Math.min(largest.slope, ROOF_SLOPE_CAP * roofSize) / COURSES[look]);
  const frames = planes.map((plane) => {
    // Scale in steps and angle to a degree, and one origin for all: two parts of one plane that
    // the light split (a cast shadow's edge) keep one continuous pattern.
    const scale = Math.max(MIN_PLANE_SCALE, Math.min(1, Math.sqrt(plane.size / largest.size)));
    const unit = Math.max(2.5, baseUnit * Math.pow(SCALE_STEP, Math.round(Math.log(scale) / Math.log(SCALE_STEP))));
    const angle = (Math.round((plane.angle * 180) / Math.PI) * Math.PI) / 180;
    return {
      cos: Math.cos(angle),
      sin: Math.sin(angle),
      cx: grid.x0,
      cy: grid.y0,
      relief: reliefOf(look, unit),
    };
  });
  const detail = look === 'plain' ? DETAIL.plain : DETAIL.relief;
  const [tr, tg, tb] = rgb;
  const alphaRow = opacityRows(filled, width, height);
  const alpha = new Float32Array(width);

  // Grid columns and weights of each photo column, computed once.
  const gw = grid.width,
    gh = grid.height,
    s = grid.scale;
  const gx0s = new Int32Array(width),
    gx1s = new Int32Array(width),
    wxs = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    const fx = Math.min(gw - 1, Math.max(0, (x + 0.5 - grid.x0) * s - 0.5));
    gx0s[x] = fx | 0;
    gx1s[x] = Math.min(gw - 1, (fx | 0) + 1);
    wxs[x] = fx - (fx | 0);
  }
  const weights = new Float32Array(4);
  const labels = new Int32Array(4);

  const span = roofSpans(filled);
  const sy = filled.height / height,
    sx = filled.width / width;
  for (let y = 0; y < height; y++) {
    // Only the photo columns under the roof's extent in the two mask rows this row samples.
    const my = Math.min(filled.height - 1, Math.max(0, (y + 0.5) * sy - 0.5)) | 0;
    const lo = Math.min(span[my * 2]!, span[Math.min(filled.height - 1, my + 1) * 2]!);
    const hi = Math.max(span[my * 2 + 1]!, span[Math.min(filled.height - 1, my + 1) * 2 + 1]!);
    if (hi < 0) continue;
    const xStart = Math.max(0, Math.floor((lo - 1) / sx)),
      xEnd = Math.min(width, Math.ceil((hi + 2) / sx));
    alphaRow(y, xStart, xEnd, alpha);
    const fy = Math.min(gh - 1, Math.max(0, (y + 0.5 - grid.y0) * s - 0.5));
    const top = (fy | 0) * gw,
      bottom = Math.min(gh - 1, (fy | 0) + 1) * gw,
      wy = fy - (fy | 0);
    for (let x = xStart, i = (y * width + xStart) * 3; x < xEnd; x++, i += 3) {
      let a = alpha[x]!;
      if (a === 0) continue;
      const g00 = top + gx0s[x]!,
        g01 = top + gx1s[x]!,
        g10 = bottom + gx0s[x]!,
        g11 = bottom + gx1s[x]!;
      const wx = wxs[x]!;
      const w00 = (1 - wx) * (1 - wy),
        w01 = wx * (1 - wy),
        w10 = (1 - wx) * wy,
        w11 = wx * wy;
      const k00 = keep[g00]!,
        k01 = keep[g01]!,
        k10 = keep[g10]!,
        k11 = keep[g11]!;
      if (k00 | k01 | k10 | k11) {
        a *= 1 - (k00 * w00 + k01 * w01 + k10 * w10 + k11 * w11) / 255;
        if (a <= 0.002) continue;
      }
      // The plane with the most weight among the four grid pixels, and how close to a border this is.
      let plane = label[g00]!;
      let line = 1;
      if (label[g01] !== plane || label[g10] !== plane || label[g11] !== plane) {
        labels[0] = plane;
        labels[1] = label[g01]!;
        labels[2] = label[g10]!;
        labels[3] = label[g11]!;
        weights[0] = w00;
        weights[1] = w01;
        weights[2] = w10;
        weights[3] = w11;
        for (let m = 1; m < 4; m++)
          for (let k = 0; k < m; k++)
            if (labels[k] === labels[m]) {
              weights[k]! += weights[m]!;
              weights[m] = 0;
              break;
            }
        let first = 0,
          second = 0;
        for (let m = 0; m < 4; m++) {
          const w = weights[m]!;
          if (w > first) {
            second = first;
            first = w;
            plane = labels[m]!;
          } else if (w > second) second = w;
        }
        // 1 on the border itself, 0 half a grid pixel away: a line a grid pixel wide.
        const t = Math.max(0, 1 - 2 * (first - second));
        line = 1 - BORDER_LINE * t * t * (3 - 2 * t);
      }
      const local = light[g00]! * w00 + light[g01]! * w01 + light[g10]! * w10 + light[g11]! * w11 || 1;
      const frame = frames[plane]!;
      const dx = x - frame.cx,
        dy = y - frame.cy;
      const relief = frame.relief(dx * frame.cos + dy * frame.sin, dy * frame.cos - dx * frame.sin);
      const l = 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
      const shade = Math.min(1.8, Math.max(0.2, local / mean));
      const fine = Math.min(1.6, Math.max(0.5, 1 + (l / Math.max(4, local) - 1) * detail));
      const k = relief * shade * fine * line;
      data[i] = Math.min(255, data[i]! * (1 - a) + tr * k * a);
      data[i + 1] = Math.min(255, data[i + 1]! * (1 - a) + tg * k * a);
      data[i + 2] = Math.min(255, data[i + 2]! * (1 - a) + tb * k * a);
    }
  }
  return data;
}
