import { contours } from 'd3-contour';

/**
 * A partner's roof outline: one or more polygons of [x, y] points, each coordinate in 0..1 of
 * the photo's width and height (so a UI showing a scaled photo needs no pixel sizes). Its
 * bounds are OUTLINE_LIMITS, checked by api/schemas/visualizations.ts's RoofOutline.
 */
export type RoofOutline = [number, number][][];

/** A partner's tap on the photo: x and y in 0..1 of its width and height, on the roof or off it. */
export interface RoofTap {
  x: number;
  y: number;
  label: 'roof' | 'not_roof';
}

/** Bounds of a roof outline: enough for a roof of many planes, small enough to rasterise at once. */
export const OUTLINE_LIMITS = { polygons: 20, points: 200, minArea: 0.0001 } as const;

/** Shoelace area of a polygon, in units of the whole photo (1 = all of it). */
export function polygonArea(points: [number, number][]): number {
  let twice = 0;
  for (let k = 0; k < points.length; k++) {
    const [x0, y0] = points[k]!;
    const [x1, y1] = points[(k + 1) % points.length]!;
    twice += x0 * y1 - x1 * y0;
  }
  return Math.abs(twice) / 2;
}

/** Distance of p from the segment a–b. */
function segmentDistance(p: [number, number], a: [number, number], b: [number, number]): number {
  const dx = b[0] - a[0],
    dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  const t = len2 ? Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2)) : 0;
  return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
}

/** Douglas–Peucker on an open run of points: the points that keep the run within `tolerance`. */
function simplifyRun(points: [number, number][], tolerance: number): [number, number][] {
  const keep = new Uint8Array(points.length);
  keep[0] = keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length) {
    const [first, last] = stack.pop()!;
    let worst = -1,
      at = -1;
    for (let k = first + 1; k < last; k++) {
      const d = segmentDistance(points[k]!, points[first]!, points[last]!);
      if (d > worst) ((worst = d), (at = k));
    }
    if (worst > tolerance) {
      keep[at] = 1;
      stack.push([first, at], [at, last]);
    }
  }
  return points.filter((_, k) => keep[k]);
}

/** A closed ring simplified to at most `maxPoints`, the tolerance doubling until it fits. */
function simplifyRing(ring: [number, number][], maxPoints: number): [number, number][] {
  // Split the ring at its point farthest from the first, so both halves are open runs.
  let far = 0;
  for (let k = 1; k < ring.length; k++) {
    if (
      Math.hypot(ring[k]![0] - ring[0]![0], ring[k]![1] - ring[0]![1]) >
      Math.hypot(ring[far]![0] - ring[0]![0], ring[far]![1] - ring[0]![1])
    )
      far = k;
  }
  for (let tolerance = 0.002; ; tolerance *= 2) {
    const a = simplifyRun(ring.slice(0, far + 1), tolerance);
    const b = simplifyRun([...ring.slice(far), ring[0]!], tolerance);
    const out = [...a, ...b.slice(1, -1)];
    if (out.length <= maxPoints) return out;
  }
}

const round = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 10000) / 10000;

/**
 * A mask's outline in roof_outline's form: the outer edge of each region where `values` pass
 * `threshold` (logits at 0, or bytes at 128), traced between pixels so the edge is smooth, then
 * simplified to OUTLINE_LIMITS, largest regions first; regions too small to count are left out.
 * Holes are not polygons of an outline: the mask itself carries them.
 */
export function outlineOfMask(
  values: ArrayLike<number>,
  width: number,
  height: number,
  threshold: number,
): RoofOutline {
  // A border of "outside" so regions touching the photo's edge close along it.
  const padded = new Float64Array((width + 2) * (height + 2)).fill(threshold - 1);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) padded[(y + 1) * (width + 2) + x + 1] = values[y * width + x]!;
  }
  const [shape] = contours()
    .size([width + 2, height + 2])
    .smooth(true)
    .thresholds([threshold])(padded as unknown as number[]);
  const rings = (shape?.coordinates ?? [])
    .map((polygon) =>
      polygon[0]!.slice(0, -1).map(([x, y]) => [round((x! - 1) / width), round((y! - 1) / height)] as [number, number]),
    )
    .map((ring) => ({ ring, area: polygonArea(ring) }))
    .filter((r) => r.area >= OUTLINE_LIMITS.minArea * 4)
    .sort((a, b) => b.area - a.area)
    .slice(0, OUTLINE_LIMITS.polygons);
  return rings
    .map(({ ring }) => simplifyRing(ring, OUTLINE_LIMITS.points))
    .filter((ring) => ring.length >= 3 && polygonArea(ring) >= OUTLINE_LIMITS.minArea);
}
