import type { RoofGrid } from './planes.ts';
import { addTensor, orientation } from './tensor.ts';

/** Stripes of two directions at least this far apart within one plane are two planes (a hip between faces of one light). */
const SPLIT_TURN = (25 * Math.PI) / 180;
/** Each side of such a split holds at least this share of the roof. */
const SPLIT_SHARE = 0.06;
/** A part's stripes count when its structure tensor is at least this coherent. */
const SPLIT_COHERENCE = 0.25;

/**
 * Splits a plane whose parts' texture runs two clearly different ways (the courses of two faces
 * meeting at a hip under the same light, which the merging's light steps cannot see): the parts'
 * stripe directions are sorted into two groups (2-means on doubled angles, weighted by size and
 * coherence); parts without clear stripes and small islands of one group join the group around
 * them; the plane is split when each group holds SPLIT_SHARE of the roof.
 */
export function splitByStripes(
  grid: RoofGrid,
  part: Int32Array,
  count: number,
  adjacent: number[][],
  root: (r: number) => number,
  into: Int32Array,
  band: number,
): Cut[] {
  const cuts: Cut[] = [];
  const { width, height, lab, inside } = grid;
  const t = Array.from({ length: count }, () => ({ n: 0, jxx: 0, jyy: 0, jxy: 0 }));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const r = part[p]!;
      if (r < 0) continue;
      t[r]!.n++;
      // Stripes only where the gradient sees roof alone: the roof's outline is not a stripe.
      if (x < 2 || y < 2 || x >= width - 2 || y >= height - 2) continue;
      if (!inside[p - 2] || !inside[p + 2] || !inside[p - 2 * width] || !inside[p + 2 * width]) continue;
      addTensor(t[r]!, lab, width, height, x, y);
    }
  }
  const members = new Map<number, number[]>();
  for (let r = 0; r < count; r++) {
    const k = root(r);
    let m = members.get(k);
    if (!m) members.set(k, (m = []));
    m.push(r);
  }
  const minSide = SPLIT_SHARE * grid.roofPixels;
  // A plane split in two is looked at again: three faces of one light (a hip roof's front and
  // sides) come apart one at a time.
  const queue = [...members.values()];
  while (queue.length) {
    const list = queue.pop()!;
    const size = list.reduce((a, r) => a + t[r]!.n, 0);
    if (size < 2 * minSide) continue;
    // Doubled-angle unit vectors and weights of the parts with clear stripes.
    const u = new Map<number, [number, number, number]>();
    for (const r of list) {
      const { theta, coherence } = orientation(t[r]!);
      if (coherence < SPLIT_COHERENCE) continue;
      u.set(r, [Math.cos(2 * theta), Math.sin(2 * theta), t[r]!.n * coherence]);
    }
    if (u.size < 4) continue;
    // 2-means, seeded with the heaviest part.
    const seeds = [...u.entries()].sort((a, b) => b[1][2] - a[1][2]);
    const first = seeds[0]![1];
    // The second seed: far from the first and heavy, so a few odd parts (a vent) do not seed a group.
    const pull = ([x, y, w]: [number, number, number]) => w * (1 - x * first[0] - y * first[1]);
    const second = seeds.reduce((best, e) => (pull(e[1]) > pull(best[1]) ? e : best))[1];
    let centres = [
      [first[0], first[1]],
      [second[0], second[1]],
    ];
    const group = new Map<number, number>();
    for (let it = 0; it < 10; it++) {
      const sums = [
        [0, 0],
        [0, 0],
      ];
      for (const [r, [cx, cy, w]] of u) {
        const g = cx * centres[0]![0]! + cy * centres[0]![1]! >= cx * centres[1]![0]! + cy * centres[1]![1]! ? 0 : 1;
        group.set(r, g);
        sums[g]![0]! += w * cx;
        sums[g]![1]! += w * cy;
      }
      centres = sums.map(([x, y]) => {
        const l = Math.hypot(x!, y!) || 1;
        return [x! / l, y! / l];
      });
    }
    const turn =
      0.5 * Math.acos(Math.max(-1, Math.min(1, centres[0]![0]! * centres[1]![0]! + centres[0]![1]! * centres[1]![1]!)));
    if (turn < SPLIT_TURN) continue;
    // Parts without clear stripes take the group most of their neighbours in the plane have, until none is left.
    const inPlane = new Set(list);
    for (let changed = true; changed;) {
      changed = false;
      for (const r of list) {
        if (group.has(r)) continue;
        const votes = [0, 0];
        for (const q of adjacent[r]!) if (inPlane.has(q) && group.has(q)) votes[group.get(q)!]! += t[q]!.n;
        if (votes[0]! + votes[1]! === 0) continue;
        group.set(r, votes[0]! >= votes[1]! ? 0 : 1);
        changed = true;
      }
    }
    // Islands of one group smaller than a side join the other group.
    const seen = new Set<number>();
    for (const r of list) {
      if (seen.has(r) || !group.has(r)) continue;
      const g = group.get(r)!;
      const island = [r];
      seen.add(r);
      for (let i = 0; i < island.length; i++)
        for (const q of adjacent[island[i]!]!)
          if (inPlane.has(q) && !seen.has(q) && group.get(q) === g) (seen.add(q), island.push(q));
      if (island.reduce((a, q) => a + t[q]!.n, 0) < minSide) for (const q of island) group.set(q, 1 - g);
    }
    const sides = [0, 0];
    for (const r of list) if (group.has(r)) sides[group.get(r)!]! += t[r]!.n;
    if (sides[0]! < minSide || sides[1]! < minSide) continue;
    const { xs, ys } = borderPixels(grid, part, group);
    if (xs.length > SPLIT_MAX_BORDER * Math.sqrt(Math.min(sides[0]!, sides[1]!))) continue;
    // Each group becomes a plane of its own, rooted at its first part; parts with no group stay with the first.
    const sideOf = (r: number) => group.get(r) ?? 0;
    const halves = [list.filter((r) => sideOf(r) === 0), list.filter((r) => sideOf(r) === 1)];
    const roots = halves.map((h) => h[0]!) as [number, number];
    for (const [g, half] of halves.entries()) for (const r of half) into[r] = roots[g]!;
    queue.push(...halves);
    // The faces' border follows the superpixels' zigzag; its straight stretch is drawn straight.
    const stretch = straightStretch(xs, ys, band);
    if (!stretch) continue;
    let side = 0;
    for (let p = 0; p < part.length; p++) {
      const g = part[p]! >= 0 ? group.get(part[p]!) : undefined;
      if (g === undefined) continue;
      const x = p % width,
        y = (p - x) / width;
      const d = (x - stretch.px) * -stretch.dy + (y - stretch.py) * stretch.dx;
      if (Math.abs(d) <= 2 * band) side += g === 1 ? d : -d;
    }
    cuts.push({ roots, ...stretch, side: side < 0 ? -1 : 1, band });
  }
  return cuts;
}

/**
 * Two faces share an edge or two, so the border between the groups is at most this many times the
 * square root of the smaller group's area; a blotch of other stripes inside one face (shingles
 * whose slots outweigh their courses here and there) has a far longer, ragged one.
 */
const SPLIT_MAX_BORDER = 5;

/** Pixels of the second group of parts touching the first. */
function borderPixels(grid: RoofGrid, part: Int32Array, group: Map<number, number>) {
  const { width, height } = grid;
  const first = (q: number) => part[q]! >= 0 && group.get(part[q]!) === 0;
  const xs: number[] = [],
    ys: number[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      if (part[p]! < 0 || group.get(part[p]!) !== 1) continue;
      if (
        (x > 0 && first(p - 1)) ||
        (x < width - 1 && first(p + 1)) ||
        (y > 0 && first(p - width)) ||
        (y < height - 1 && first(p + width))
      )
        (xs.push(x), ys.push(y));
    }
  }
  return { xs, ys };
}

/** The straight stretch of a border between two planes, along which their pixels are reassigned. */
export interface Cut {
  /** The two planes' roots. */
  roots: [number, number];
  /** The side of the line (the sign of the distance along its normal, (-dy, dx)) the second lies on. */
  side: 1 | -1;
  /** A point on the line, its unit direction, and the stretch [t0, t1] along it. */
  px: number;
  py: number;
  dx: number;
  dy: number;
  t0: number;
  t1: number;
  /** Pixels up to this far from the line are reassigned. */
  band: number;
}

/**
 * The longest straight stretch of a ragged border (RANSAC over pairs of its pixels, from a fixed
 * seed so a photo always renders alike, then a least-squares fit to the pixels within `band` of
 * the best line): null when it holds under a quarter of the border or is short. A hip or a valley is
 * such a stretch; the superpixels' zigzag around it is up to half a superpixel either side.
 */
function straightStretch(xs: number[], ys: number[], band: number) {
  const n = xs.length;
  if (n < 4 * band) return null;
  let seed = 12345;
  const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff), seed / 0x80000000);
  let best: number[] = [];
  for (let trial = 0; trial < 200; trial++) {
    const i = Math.floor(random() * n),
      j = Math.floor(random() * n);
    const dx = xs[j]! - xs[i]!,
      dy = ys[j]! - ys[i]!;
    const l = Math.hypot(dx, dy);
    if (l < 2 * band) continue;
    const inliers: number[] = [];
    for (let k = 0; k < n; k++)
      if (Math.abs(((xs[k]! - xs[i]!) * dy - (ys[k]! - ys[i]!) * dx) / l) <= band) inliers.push(k);
    if (inliers.length > best.length) best = inliers;
  }
  if (best.length < 0.25 * n) return null;
  let mx = 0,
    my = 0;
  for (const k of best) ((mx += xs[k]!), (my += ys[k]!));
  ((mx /= best.length), (my /= best.length));
  let sxx = 0,
    syy = 0,
    sxy = 0;
  for (const k of best) {
    const u = xs[k]! - mx,
      v = ys[k]! - my;
    ((sxx += u * u), (syy += v * v), (sxy += u * v));
  }
  const angle = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  const dx = Math.cos(angle),
    dy = Math.sin(angle);
  let t0 = Infinity,
    t1 = -Infinity;
  for (const k of best) {
    const t = (xs[k]! - mx) * dx + (ys[k]! - my) * dy;
    ((t0 = Math.min(t0, t)), (t1 = Math.max(t1, t)));
  }
  return t1 - t0 < 6 * band ? null : { px: mx, py: my, dx, dy, t0, t1 };
}

/** Pixels of two planes near a cut's stretch take the side of the line they lie on. */
export function straighten(label: Int16Array, grid: RoofGrid, cut: Cut, [a, b]: [number, number]) {
  const { width } = grid;
  for (let p = 0; p < label.length; p++) {
    if (label[p] !== a && label[p] !== b) continue;
    const x = p % width,
      y = (p - x) / width;
    const t = (x - cut.px) * cut.dx + (y - cut.py) * cut.dy;
    const d = (x - cut.px) * -cut.dy + (y - cut.py) * cut.dx;
    if (t < cut.t0 || t > cut.t1 || Math.abs(d) > cut.band) continue;
    label[p] = d * cut.side > 0 ? b : a;
  }
}
