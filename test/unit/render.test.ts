import { describe, expect, it } from 'vitest';
import { analyzeRoof, renderMaterial } from '../../tasks/visualization_generate/render/composite.ts';
import { fillSpeckleHoles } from '../../tasks/visualization_generate/render/holes.ts';
import sharp from 'sharp';
import { rasterizeOutline, type Mask } from '../../tasks/visualization_generate/mask.ts';
import { generateImage } from '../../tasks/visualization_generate/generateImage.ts';
import type { ImageProvider } from '../../tasks/visualization_generate/providers/provider.ts';

/**
 * A hip roof drawn as a photo would show it: a front plane, two side planes behind hip lines,
 * each in its own light with old courses along its own eave, and a small porch roof apart from
 * it. Coordinates in pixels of a 960 × 720 photo.
 */
const [W, H] = [960, 720];
type Point = [number, number];
interface DrawnPlane {
  name: string;
  polygon: Point[];
  light: number;
  /** Eave direction in degrees (positive turns down to the right). */
  eave: number;
}
const PLANES: DrawnPlane[] = [
  {
    name: 'front',
    polygon: [
      [200, 560],
      [760, 560],
      [600, 240],
      [360, 240],
    ],
    light: 150,
    eave: 0,
  },
  {
    name: 'left',
    polygon: [
      [40, 500],
      [360, 240],
      [200, 560],
    ],
    light: 85,
    eave: Math.atan2(60, 160) * (180 / Math.PI),
  },
  {
    name: 'right',
    polygon: [
      [920, 500],
      [600, 240],
      [760, 560],
    ],
    light: 205,
    eave: -Math.atan2(60, 160) * (180 / Math.PI),
  },
  {
    name: 'porch',
    polygon: [
      [60, 610],
      [240, 610],
      [240, 690],
      [60, 690],
    ],
    light: 120,
    eave: 0,
  },
];
const VENT = { x: 470, y: 440, r: 7 };

function inPolygon(polygon: Point[], x: number, y: number) {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i]!,
      [xj, yj] = polygon[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function planeAt(x: number, y: number) {
  return PLANES.findIndex((plane) => inPolygon(plane.polygon, x + 0.5, y + 0.5));
}

/**
 * The photo: sky-blue background, each plane its light with stripes of period 8 along its eave
 * (or as `stripes` says at a pixel), one dark vent.
 */
function photo(
  light = (k: number) => PLANES[k]!.light,
  stripes = (k: number, _x: number, _y: number) => PLANES[k]!.eave,
) {
  const data = new Uint8Array(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 3;
      const k = planeAt(x, y);
      if (k < 0) {
        data.set([150, 190, 230], i);
        continue;
      }
      const a = (stripes(k, x, y) * Math.PI) / 180;
      const across = -x * Math.sin(a) + y * Math.cos(a);
      const v = light(k) + 10 * Math.sin((2 * Math.PI * across) / 8);
      data.set([v, v * 0.97, v * 0.93], i);
      if ((x - VENT.x) ** 2 + (y - VENT.y) ** 2 <= VENT.r ** 2) data.set([25, 25, 28], i);
    }
  }
  return { data, width: W, height: H, channels: 3 as const };
}

/** The roof mask as a partner's outline would give it, at a quarter of the photo's size. */
function roofMask() {
  return rasterizeOutline(
    PLANES.map((plane) => plane.polygon.map(([x, y]) => [x / W, y / H] as [number, number])),
    W / 4,
    H / 4,
  );
}

const lum = (d: Uint8Array, x: number, y: number) => {
  const i = (y * W + x) * 3;
  return 0.299 * d[i]! + 0.587 * d[i + 1]! + 0.114 * d[i + 2]!;
};

/** Pixels of a plane at least `margin` from its border (and from the vent). */
function interior(k: number, margin: number) {
  const out: Point[] = [];
  for (let y = margin; y < H - margin; y += 1)
    for (let x = margin; x < W - margin; x += 1) {
      if (planeAt(x, y) !== k) continue;
      if ((x - VENT.x) ** 2 + (y - VENT.y) ** 2 < (VENT.r + margin) ** 2) continue;
      let deep = true;
      for (const [dx, dy] of [
        [margin, 0],
        [-margin, 0],
        [0, margin],
        [0, -margin],
        [margin, margin],
        [-margin, -margin],
        [margin, -margin],
        [-margin, margin],
      ] as const)
        if (planeAt(x + dx, y + dy) !== k) deep = false;
      if (deep) out.push([x, y]);
    }
  return out;
}

/**
 * Dominant stripe direction (degrees, folded into -90..90) of the render's luminance over some
 * pixels: the direction along which the luminance changes least over 5 pixels.
 */
function stripeAngle(d: Uint8Array, pixels: Point[]) {
  let best = Infinity,
    angle = 0;
  for (let deg = -90; deg < 90; deg++) {
    const dx = 5 * Math.cos((deg * Math.PI) / 180),
      dy = 5 * Math.sin((deg * Math.PI) / 180);
    let change = 0;
    for (let k = 0; k < pixels.length; k += 3) {
      const [x, y] = pixels[k]!;
      change += Math.abs(lum(d, Math.round(x + dx), Math.round(y + dy)) - lum(d, x, y));
    }
    if (change < best) {
      best = change;
      angle = deg;
    }
  }
  return angle;
}

function fold(deg: number) {
  let a = deg % 180;
  if (a <= -90) a += 180;
  if (a > 90) a -= 180;
  return a;
}

/** Course spacing down a plane: the first peak of the luminance autocorrelation down columns. */
function courseSpacing(d: Uint8Array, pixels: Point[]) {
  const set = new Set(pixels.map(([x, y]) => y * W + x));
  let mean = 0;
  for (const [x, y] of pixels) mean += lum(d, x, y);
  mean /= pixels.length;
  const corr: number[] = [];
  for (let lag = 0; lag <= 30; lag++) {
    let s = 0,
      n = 0;
    for (const [x, y] of pixels) {
      if (!set.has((y + lag) * W + x)) continue;
      s += (lum(d, x, y) - mean) * (lum(d, x, y + lag) - mean);
      n++;
    }
    corr.push(n ? s / n : 0);
  }
  for (let lag = 3; lag < 30; lag++)
    if (corr[lag]! > corr[lag - 1]! && corr[lag]! >= corr[lag + 1]! && corr[lag]! > 0) return lag;
  return Infinity;
}

const SHINGLE = { name: 'Architectural asphalt shingles' };

describe('roof rendering, plane by plane', () => {
  const before = photo();
  const analysis = analyzeRoof(before, roofMask())!;
  const shingles = renderMaterial(photo(), roofMask(), SHINGLE, '#8a8d90');
  const metal = renderMaterial(photo(), roofMask(), { name: 'Standing seam metal' }, '#8a9a90');

  it('finds the four planes, each with the eave it was drawn with', () => {
    const { planes, label, grid } = analysis.roof;
    expect(planes).toHaveLength(4);
    for (const [k, drawn] of PLANES.entries()) {
      // The plane found under the drawn plane's centroid.
      const [cx, cy] = drawn.polygon.reduce(
        ([sx, sy], [x, y]) => [sx + x / drawn.polygon.length, sy + y / drawn.polygon.length],
        [0, 0],
      );
      const gx = Math.floor((cx - grid.x0) * grid.scale),
        gy = Math.floor((cy - grid.y0) * grid.scale);
      const found = planes[label[gy * grid.width + gx]!]!;
      expect(Math.abs(fold((found.angle * 180) / Math.PI - drawn.eave)), `${drawn.name} (${k})`).toBeLessThan(6);
    }
  });

  it('keeps each plane its own light, and the hip line visible: a step of light across it', () => {
    const mean = (d: Uint8Array, pixels: Point[]) => pixels.reduce((s, [x, y]) => s + lum(d, x, y), 0) / pixels.length;
    // Bands either side of the left hip, from (360, 240) to (200, 560), near it and farther away.
    const [ax, ay, bx, by] = [360, 240, 200, 560];
    const len = Math.hypot(bx - ax, by - ay);
    const [nx, ny] = [(by - ay) / len, -(bx - ax) / len];
    const band = (sign: number, from: number, to: number) => {
      const out: Point[] = [];
      for (let t = 0.15; t <= 0.85; t += 0.01)
        for (let off = from; off <= to; off++)
          out.push([
            Math.round(ax + (bx - ax) * t + sign * off * nx),
            Math.round(ay + (by - ay) * t + sign * off * ny),
          ]);
      return out;
    };
    const leftSign =
      planeAt(Math.round(ax + (bx - ax) / 2 + 5 * nx), Math.round(ay + (by - ay) / 2 + 5 * ny)) === 1 ? 1 : -1;
    for (const d of [shingles, metal]) {
      const step = (from: number, to: number) => mean(d, band(-leftSign, from, to)) - mean(d, band(leftSign, from, to));
      const far = step(16, 30),
        near = step(2, 5);
      // The photo's light steps 85 → 150 across the hip: the render keeps it, and keeps it sharp.
      expect(mean(d, band(leftSign, 16, 30)) / mean(d, band(-leftSign, 16, 30))).toBeLessThan(0.75);
      expect(near / far).toBeGreaterThan(0.85);
    }
    // Whole planes: darkest to lightest as drawn.
    const planeMean = (k: number) => mean(shingles, interior(k, 6));
    expect(planeMean(1)).toBeLessThan(planeMean(0));
    expect(planeMean(0)).toBeLessThan(planeMean(2));
  });

  it('tells faces of one light apart by their courses, and draws the hip between them straight', () => {
    // Overcast: every plane in the same light; the side planes' courses run at ±40° to the front's.
    const even = photo(
      () => 140,
      (k) => [0, 40, -40, 0][k]!,
    );
    const { planes, label, grid } = analyzeRoof(even, roofMask())!.roof;
    const labelAt = (x: number, y: number) =>
      label[Math.floor((y - grid.y0) * grid.scale) * grid.width + Math.floor((x - grid.x0) * grid.scale)]!;
    // Either side of the left hip, 12 px off it, along its middle 70 %.
    const [ax, ay, bx, by] = [360, 240, 200, 560];
    const len = Math.hypot(bx - ax, by - ay);
    const [nx, ny] = [(by - ay) / len, -(bx - ax) / len];
    let apart = 0,
      samples = 0;
    for (let t = 0.15; t <= 0.85; t += 0.05, samples++) {
      const [x, y] = [ax + (bx - ax) * t, ay + (by - ay) * t];
      const sides = [1, -1].map((sign) => labelAt(Math.round(x + sign * 12 * nx), Math.round(y + sign * 12 * ny)));
      if (sides[0] !== sides[1]) apart++;
    }
    expect(apart / samples).toBeGreaterThan(0.9);
    expect(planes.length).toBeGreaterThanOrEqual(3);
  });

  it('keeps one face one plane when a patch of it shows other stripes (shingles whose slots outweigh their courses)', () => {
    // The front plane alone, level courses with a blotch of upright stripes, in one light.
    const front = rasterizeOutline(
      [PLANES[0]!.polygon.map(([x, y]) => [x / W, y / H] as [number, number])],
      W / 4,
      H / 4,
    );
    const blotchy = photo(
      () => 140,
      (_k, x, y) =>
        (x - 420) ** 2 + (y - 470) ** 2 < 70 ** 2 || (x - 540) ** 2 / 4 + (y - 330) ** 2 < 45 ** 2 ? 90 : 0,
    );
    const { planes } = analyzeRoof(blotchy, front)!.roof;
    expect(Math.max(...planes.map((p) => p.share))).toBeGreaterThan(0.9);
  });

  it("runs the courses along each plane's eave and the seams across it", () => {
    for (const k of [0, 1, 2]) {
      const pixels = interior(k, 6);
      expect(Math.abs(fold(stripeAngle(shingles, pixels) - PLANES[k]!.eave)), PLANES[k]!.name).toBeLessThan(8);
      expect(Math.abs(fold(stripeAngle(metal, pixels) - PLANES[k]!.eave - 90)), PLANES[k]!.name).toBeLessThan(8);
    }
  });

  it('draws finer courses on a smaller plane', () => {
    const front = courseSpacing(shingles, interior(0, 6)),
      porch = courseSpacing(shingles, interior(3, 4));
    expect(front).toBeLessThan(30);
    expect(porch).toBeLessThan(front * 0.8);
  });

  it("keeps a vent's own pixels, and paints the roof right around it", () => {
    const b = before.data;
    for (let dy = -2; dy <= 2; dy++)
      for (let dx = -2; dx <= 2; dx++) {
        const i = ((VENT.y + dy) * W + VENT.x + dx) * 3;
        expect(
          Math.abs(shingles[i]! - b[i]!) +
            Math.abs(shingles[i + 1]! - b[i + 1]!) +
            Math.abs(shingles[i + 2]! - b[i + 2]!),
        ).toBeLessThan(12);
      }
    // 40 px away the old roof is gone: the new colour's blue-grey, not the old warm grey.
    const i = ((VENT.y + 40) * W + VENT.x) * 3;
    expect(shingles[i + 2]!).toBeGreaterThanOrEqual(shingles[i]!);
  });

  it('fills speckle holes of the mask, and keeps a hole the size of a chimney', () => {
    const mask = roofMask();
    const at = (x: number, y: number) => (y / 4) * (W / 4) + x / 4;
    mask.data[at(480, 400)] = 0; // one missed pixel of the mask: 16 photo pixels
    for (let y = 300; y < 360; y += 4) for (let x = 560; x < 620; x += 4) mask.data[at(x, y)] = 0; // 0.5 % of the photo
    const filled = fillSpeckleHoles(mask);
    expect(filled.data[at(480, 400)]).toBe(255);
    expect(filled.data[at(580, 320)]).toBe(0);
    const painted = renderMaterial(photo(), mask, SHINGLE, '#8a8d90');
    const b = before.data;
    const i = (401 * W + 481) * 3;
    expect(painted[i + 2]! - painted[i]!).toBeGreaterThanOrEqual(0);
    expect(b[i + 2]! - b[i]!).toBeLessThan(0);
    const j = (330 * W + 590) * 3;
    expect([painted[j], painted[j + 1], painted[j + 2]]).toEqual([b[j], b[j + 1], b[j + 2]]);
  });

  it('hands every provider the same hole-filled mask (a model provider sees no speckle holes)', async () => {
    const mask = roofMask();
    const speckle = (400 / 4) * (W / 4) + 480 / 4;
    mask.data[speckle] = 0;
    const seen: Mask[] = [];
    const model: ImageProvider = {
      local: false,
      render: async (input) => {
        seen.push(input.mask);
        return input.image;
      },
    };
    const image = await sharp(Buffer.from(before.data), { raw: { width: W, height: H, channels: 3 } })
      .jpeg()
      .toBuffer();
    await generateImage(model, {
      image,
      roofMask: async () => mask,
      selection: { color: { name: 'Grey', hex: '#8a8d90' }, material: null, shape: null },
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.data[speckle]).toBe(255);
    expect(seen[0]!.data.filter((v) => v === 0).length).toBe(mask.data.filter((v) => v === 0).length - 1);
  });
});
