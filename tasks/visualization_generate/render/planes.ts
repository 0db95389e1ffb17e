import type { Mask } from '../mask.ts';
import { slic, toLab } from '../superpixels.ts';
import { addTensor, orientation } from './tensor.ts';
import { splitByStripes, straighten } from './stripeSplit.ts';

/** Decoded photo pixels, RGB interleaved. */
export interface RgbPhoto {
  data: Uint8Array | Buffer;
  width: number;
  height: number;
  channels: 3;
}

/** Planes are found on the roof's bounding box shrunk to at most this many pixels across. */
export const PLANE_ANALYSIS_SIZE = 480;

/**
 * Merging stops when neighbouring parts differ by more than this (Lab L units, blended from the
 * step in light across their shared border and the difference of their means): a hip or a ridge
 * between a sunlit and a shaded plane steps by 8–30, shingles on one plane drift by 1–4.
 */
const PLANE_STEP = 5;
/** A part smaller than this share of the roof is never a plane of its own (unless cut off by the mask). */
const MIN_PLANE_SHARE = 0.012;
/** Texture stripes at an angle to each other keep two parts apart, this much at 90° and fully coherent. */
const ORIENTATION_WEIGHT = 6;
/** A plane's texture gives its eave when its structure tensor is at least this coherent (0..1). */
const TEXTURE_COHERENCE = 0.3;
/** The texture's stripes overrule a clean lower edge when they differ from it by more than this (a valley or hip below). */
const TEXTURE_OVERRULES = (15 * Math.PI) / 180;
/** A column holding less than this share of a plane's mean column height is a sliver's, not the plane's body. */
const SLIVER_SHARE = 0.25;
/** Eaves are never drawn steeper than this in the photo. */
const MAX_EAVE_TILT = (60 * Math.PI) / 180;

export interface Plane {
  /** Direction of the eave in the photo, radians from the x axis (positive turns down to the right). */
  angle: number;
  /** Where the eave direction came from: the texture's stripes or the plane's lower boundary. */
  eaveFrom: 'texture' | 'boundary';
  /** Centroid in photo pixels. */
  cx: number;
  cy: number;
  /** The plane's size in photo pixels: square root of its area. */
  size: number;
  /** Its extent down the slope (perpendicular to the eave), in photo pixels. */
  slope: number;
  /** Its share of the roof's pixels. */
  share: number;
}

/** The analysis grid: the roof's bounding box at a reduced size, and what is known per grid pixel. */
export interface RoofGrid {
  /** Photo pixel of the grid's corner, and grid pixels per photo pixel. */
  x0: number;
  y0: number;
  scale: number;
  width: number;
  height: number;
  /** RGB of the photo averaged over each grid pixel. */
  rgb: Uint8Array;
  /** The same in Lab (superpixels.ts), read by the planes' texture, their split and the light's details. */
  lab: Float32Array;
  /** 1 where the (hole-filled) mask is roof. */
  inside: Uint8Array;
  roofPixels: number;
}

export interface RoofPlanes {
  grid: RoofGrid;
  /** Plane of every grid pixel; pixels off the roof carry their nearest plane so blending at the eave is seamless. */
  label: Int16Array;
  planes: Plane[];
}

/** The roof's bounding box in photo pixels, from the mask (null when it holds no roof). */
function roofBox(mask: Mask, width: number, height: number) {
  let x0 = mask.width,
    y0 = mask.height,
    x1 = -1,
    y1 = -1;
  for (let y = 0; y < mask.height; y++) {
    for (let x = 0; x < mask.width; x++) {
      if (mask.data[y * mask.width + x]! < 128) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  if (x1 < 0) return null;
  const sx = width / mask.width,
    sy = height / mask.height;
  return {
    x0: Math.max(0, Math.floor((x0 - 1) * sx)),
    y0: Math.max(0, Math.floor((y0 - 1) * sy)),
    x1: Math.min(width, Math.ceil((x1 + 2) * sx)),
    y1: Math.min(height, Math.ceil((y1 + 2) * sy)),
  };
}

/** The roof's box of the photo area-averaged onto the analysis grid, with the mask sampled at each grid pixel. */
export function roofGrid(photo: RgbPhoto, mask: Mask): RoofGrid | null {
  const box = roofBox(mask, photo.width, photo.height);
  if (!box) return null;
  const bw = box.x1 - box.x0,
    bh = box.y1 - box.y0;
  const scale = Math.min(1, PLANE_ANALYSIS_SIZE / Math.max(bw, bh));
  const width = Math.max(1, Math.ceil(bw * scale)),
    height = Math.max(1, Math.ceil(bh * scale));
  const sums = new Float32Array(width * height * 3);
  const counts = new Float32Array(width * height);
  const column = new Int32Array(bw);
  for (let x = 0; x < bw; x++) column[x] = Math.min(width - 1, Math.floor(x * scale));
  const { data } = photo;
  for (let y = box.y0; y < box.y1; y++) {
    const row = Math.min(height - 1, Math.floor((y - box.y0) * scale)) * width;
    for (let x = 0, i = (y * photo.width + box.x0) * 3; x < bw; x++, i += 3) {
      const g = row + column[x]!;
      sums[g * 3]! += data[i]!;
      sums[g * 3 + 1]! += data[i + 1]!;
      sums[g * 3 + 2]! += data[i + 2]!;
      counts[g]!++;
    }
  }
  const rgb = new Uint8Array(width * height * 3);
  const inside = new Uint8Array(width * height);
  let roofPixels = 0;
  for (let gy = 0; gy < height; gy++) {
    const my = Math.min(mask.height - 1, Math.floor(((box.y0 + (gy + 0.5) / scale) * mask.height) / photo.height));
    for (let gx = 0; gx < width; gx++) {
      const g = gy * width + gx;
      const n = Math.max(1, counts[g]!);
      rgb[g * 3] = sums[g * 3]! / n;
      rgb[g * 3 + 1] = sums[g * 3 + 1]! / n;
      rgb[g * 3 + 2] = sums[g * 3 + 2]! / n;
      const mx = Math.min(mask.width - 1, Math.floor(((box.x0 + (gx + 0.5) / scale) * mask.width) / photo.width));
      if (mask.data[my * mask.width + mx]! >= 128) {
        inside[g] = 1;
        roofPixels++;
      }
    }
  }
  return {
    x0: box.x0,
    y0: box.y0,
    scale,
    width,
    height,
    rgb,
    lab: toLab(rgb, width, height, 3).lab,
    inside,
    roofPixels,
  };
}

interface Part {
  n: number;
  l: number;
  a: number;
  b: number;
  jxx: number;
  jyy: number;
  jxy: number;
}

/** Border between two parts: the light on each side of it (two pixels in), summed, and its length. */
interface Border {
  lo: number;
  hi: number;
  sumLo: number;
  sumHi: number;
  n: number;
  cost: number;
}

function mergeCost(a: Part, b: Part, border: Border) {
  const dl = a.l / a.n - b.l / b.n,
    da = a.a / a.n - b.a / b.n,
    db = a.b / a.n - b.b / b.n;
  const means = Math.sqrt(dl * dl + 0.5 * (da * da + db * db));
  // Across a short border the sides are a few pixels: trust the parts' means more.
  const step = Math.abs(border.sumLo - border.sumHi) / Math.max(1, border.n);
  const w = Math.min(1, border.n / 12) * 0.5;
  const oa = orientation(a),
    ob = orientation(b);
  const turn = Math.abs(Math.sin(oa.theta - ob.theta));
  return (1 - w) * means + w * step + ORIENTATION_WEIGHT * Math.min(oa.coherence, ob.coherence) * turn;
}

/**
 * Splits the roof into planes from the photo itself: SLIC superpixels over Lab inside the mask,
 * merged neighbour by neighbour while the light across their border and their texture direction
 * agree, so a hip, ridge or valley (where light changes abruptly) stays a border; separate parts
 * of the mask are separate planes.
 */
export function findPlanes(grid: RoofGrid): RoofPlanes {
  const { width, height, inside, rgb } = grid;
  const size = width * height;
  // Superpixels follow the light, not the material's own courses: the grid is blurred first.
  const { lab } = toLab(blurred(rgb, width, height, 2), width, height, 3);
  const step = Math.max(3, Math.round(Math.sqrt(grid.roofPixels / 500)));
  const superpixel = slic({ lab, width, height }, step).label;

  // Parts: connected runs of one superpixel inside the mask.
  const part = new Int32Array(size).fill(-1);
  const stack: number[] = [];
  let count = 0;
  for (let start = 0; start < size; start++) {
    if (!inside[start] || part[start] !== -1) continue;
    const own = superpixel[start]!;
    part[start] = count;
    stack.push(start);
    while (stack.length) {
      const p = stack.pop()!;
      const x = p % width;
      for (const q of [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, p - width, p + width]) {
        if (q < 0 || q >= size || !inside[q] || part[q] !== -1 || superpixel[q] !== own) continue;
        part[q] = count;
        stack.push(q);
      }
    }
    count++;
  }

  const parts: Part[] = Array.from({ length: count }, () => ({ n: 0, l: 0, a: 0, b: 0, jxx: 0, jyy: 0, jxy: 0 }));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const r = part[p]!;
      if (r < 0) continue;
      const s = parts[r]!;
      s.n++;
      s.l += lab[p * 3]!;
      s.a += lab[p * 3 + 1]!;
      s.b += lab[p * 3 + 2]!;
      addTensor(s, lab, width, height, x, y);
    }
  }

  // Borders, with the light two pixels in on each side (one where the part is thinner).
  const borders = new Map<number, Border>();
  const key = (a: number, b: number) => (a < b ? a * count + b : b * count + a);
  const lightAt = (p: number, d: number, own: number) => {
    const q = p - 2 * d;
    const far = q >= 0 && q < size && part[q] === own ? q : p;
    return lab[far * 3]!;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const a = part[p]!;
      if (a < 0) continue;
      for (const d of [x < width - 1 ? 1 : 0, y < height - 1 ? width : 0]) {
        if (!d) continue;
        const b = part[p + d]!;
        if (b < 0 || b === a) continue;
        const k = key(a, b);
        let border = borders.get(k);
        if (!border) {
          border = { lo: Math.min(a, b), hi: Math.max(a, b), sumLo: 0, sumHi: 0, n: 0, cost: 0 };
          borders.set(k, border);
        }
        const la = lightAt(p, d, a),
          lb = lightAt(p + d, -d, b);
        if (a < b) {
          border.sumLo += la;
          border.sumHi += lb;
        } else {
          border.sumLo += lb;
          border.sumHi += la;
        }
        border.n++;
      }
    }
  }

  // Greedy merging, cheapest border first.
  const neighbours: Set<number>[] = Array.from({ length: count }, () => new Set());
  for (const border of borders.values()) {
    neighbours[border.lo]!.add(border.hi);
    neighbours[border.hi]!.add(border.lo);
    border.cost = mergeCost(parts[border.lo]!, parts[border.hi]!, border);
  }
  const adjacent = neighbours.map((n) => [...n]);
  const alive = new Uint8Array(count).fill(1);
  const into = new Int32Array(count).map((_, i) => i);
  const merge = (keep: number, gone: number) => {
    const a = parts[keep]!,
      b = parts[gone]!;
    a.n += b.n;
    a.l += b.l;
    a.a += b.a;
    a.b += b.b;
    a.jxx += b.jxx;
    a.jyy += b.jyy;
    a.jxy += b.jxy;
    alive[gone] = 0;
    into[gone] = keep;
    borders.delete(key(keep, gone));
    neighbours[keep]!.delete(gone);
    for (const c of neighbours[gone]!) {
      if (c === keep) continue;
      const old = borders.get(key(gone, c))!;
      borders.delete(key(gone, c));
      const goneSum = old.lo === gone ? old.sumLo : old.sumHi;
      const cSum = old.lo === gone ? old.sumHi : old.sumLo;
      let border = borders.get(key(keep, c));
      if (!border) {
        border = { lo: Math.min(keep, c), hi: Math.max(keep, c), sumLo: 0, sumHi: 0, n: 0, cost: 0 };
        borders.set(key(keep, c), border);
      }
      if (border.lo === keep) {
        border.sumLo += goneSum;
        border.sumHi += cSum;
      } else {
        border.sumHi += goneSum;
        border.sumLo += cSum;
      }
      border.n += old.n;
      neighbours[c]!.delete(gone);
      neighbours[c]!.add(keep);
      neighbours[keep]!.add(c);
    }
    neighbours[gone]!.clear();
    for (const c of neighbours[keep]!) {
      const border = borders.get(key(keep, c))!;
      border.cost = mergeCost(parts[border.lo]!, parts[border.hi]!, border);
    }
  };
  for (;;) {
    let best: Border | null = null;
    for (const border of borders.values()) if (!best || border.cost < best.cost) best = border;
    if (!best || best.cost > PLANE_STEP) break;
    const [keep, gone] = parts[best.lo]!.n >= parts[best.hi]!.n ? [best.lo, best.hi] : [best.hi, best.lo];
    merge(keep, gone);
  }
  // Small parts join the neighbour they differ least from, smallest first.
  const minArea = Math.max(6, grid.roofPixels * MIN_PLANE_SHARE);
  for (;;) {
    let small = -1;
    for (let r = 0; r < count; r++)
      if (alive[r] && parts[r]!.n < minArea && neighbours[r]!.size && (small < 0 || parts[r]!.n < parts[small]!.n))
        small = r;
    if (small < 0) break;
    let best: Border | null = null;
    for (const c of neighbours[small]!) {
      const border = borders.get(key(small, c))!;
      if (!best || border.cost < best.cost) best = border;
    }
    const other = best!.lo === small ? best!.hi : best!.lo;
    merge(other, small);
  }

  const root = (r: number) => {
    while (into[r] !== r) r = into[r]!;
    return r;
  };
  const cuts = splitByStripes(grid, part, count, adjacent, root, into, Math.ceil(step / 2) + 1);
  // Dense plane numbers, then every pixel off the roof takes its nearest plane.
  const planeOf = new Int32Array(count).fill(-1);
  let planeCount = 0;
  const label = new Int16Array(size).fill(-1);
  for (let p = 0; p < size; p++) {
    if (part[p]! < 0) continue;
    const r = root(part[p]!);
    if (planeOf[r] === -1) planeOf[r] = planeCount++;
    label[p] = planeOf[r]!;
  }
  // A side split again later is the part of it that holds the cut's root.
  for (const cut of cuts) straighten(label, grid, cut, [planeOf[root(cut.roots[0])]!, planeOf[root(cut.roots[1])]!]);
  spreadLabels(label, width, height);
  return { grid, label, planes: describePlanes(grid, label, planeCount) };
}

/** A box blur of radius r (separable, clipped at the border) of RGB pixels. */
function blurred(rgb: Uint8Array, width: number, height: number, r: number) {
  const tmp = new Uint8Array(rgb.length),
    out = new Uint8Array(rgb.length);
  for (const [src, dst, horizontal] of [
    [rgb, tmp, true],
    [tmp, out, false],
  ] as const) {
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        let r0 = 0,
          g0 = 0,
          b0 = 0,
          n = 0;
        for (let k = -r; k <= r; k++) {
          const xx = horizontal ? x + k : x,
            yy = horizontal ? y : y + k;
          if (xx < 0 || yy < 0 || xx >= width || yy >= height) continue;
          const q = (yy * width + xx) * 3;
          r0 += src[q]!;
          g0 += src[q + 1]!;
          b0 += src[q + 2]!;
          n++;
        }
        const p = (y * width + x) * 3;
        dst[p] = r0 / n;
        dst[p + 1] = g0 / n;
        dst[p + 2] = b0 / n;
      }
    }
  }
  return out;
}

/** Gives every unlabelled pixel the label of its nearest labelled one (breadth first). */
function spreadLabels(label: Int16Array, width: number, height: number) {
  let frontier: number[] = [];
  for (let p = 0; p < label.length; p++) if (label[p]! >= 0) frontier.push(p);
  while (frontier.length) {
    const next: number[] = [];
    for (const p of frontier) {
      const x = p % width;
      for (const q of [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, p >= width ? p - width : -1, p + width]) {
        if (q < 0 || q >= width * height || label[q]! >= 0) continue;
        label[q] = label[p]!;
        next.push(q);
      }
    }
    frontier = next;
  }
  if (label[0]! < 0) label.fill(0);
}

/**
 * The direction of the longest straight run of a plane's lower edge (one point per column), by a
 * Hough vote over directions within MAX_EAVE_TILT of level, with a slight preference for level
 * where two runs tie (a side plane's eave against its hip); null when no line holds at least a
 * third of the columns.
 */
function lowerEdge(xs: number[], ys: number[]): number | null {
  if (xs.length < 8) return null;
  const bins = new Map<number, number>();
  let best = 0,
    bestAngle = 0;
  for (let deg = -60; deg <= 60; deg++) {
    const a = (deg * Math.PI) / 180;
    const sin = Math.sin(a),
      cos = Math.cos(a);
    bins.clear();
    let support = 0;
    for (let i = 0; i < xs.length; i++) {
      const bin = Math.round((ys[i]! * cos - xs[i]! * sin) / 1.5);
      const n = (bins.get(bin) ?? 0) + 1;
      bins.set(bin, n);
      // Neighbouring bins count too: a line between two bins is not split in half.
      const votes = n + (bins.get(bin - 1) ?? 0) + (bins.get(bin + 1) ?? 0);
      if (votes > support) support = votes;
    }
    const score = support * (1 - (0.05 * Math.abs(deg)) / 60);
    if (score > best) {
      best = score;
      bestAngle = a;
    }
  }
  return best >= xs.length / 3 ? bestAngle : null;
}

/** An angle folded into (-π/2, π/2]: a direction without a sense. */
function fold(angle: number) {
  let a = angle % Math.PI;
  if (a <= -Math.PI / 2) a += Math.PI;
  if (a > Math.PI / 2) a -= Math.PI;
  return a;
}

/**
 * Each plane's eave and size. The eave is the longest straight run of the plane's lower edge
 * (lowerEdge); where the plane's own texture has clear stripes (old shingle or tile courses, or
 * seams across them) far from that run's direction, or where there is no such run, the stripes
 * give it.
 */
export function describePlanes(grid: RoofGrid, label: Int16Array, count: number): Plane[] {
  const { width, height, inside, scale, lab } = grid;
  const stats = Array.from({ length: count }, () => ({ n: 0, sx: 0, sy: 0, jxx: 0, jyy: 0, jxy: 0 }));
  const bottom = Array.from({ length: count }, () => new Int32Array(width).fill(-1));
  const thickness = Array.from({ length: count }, () => new Int32Array(width));
  const same = (p: number, q: number) => inside[q] && label[q] === label[p];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      if (!inside[p]) continue;
      const r = label[p]!;
      const s = stats[r]!;
      s.n++;
      s.sx += x;
      s.sy += y;
      bottom[r]![x] = y;
      thickness[r]![x]!++;
      // Texture only well inside the plane: its border's own edge is not a stripe.
      if (x < 2 || y < 2 || x >= width - 2 || y >= height - 2) continue;
      if (!same(p, p - 2) || !same(p, p + 2) || !same(p, p - 2 * width) || !same(p, p + 2 * width)) continue;
      addTensor(s, lab, width, height, x, y);
    }
  }
  return stats.map((s, r) => {
    const n = Math.max(1, s.n);
    const cx = s.sx / n,
      cy = s.sy / n;
    // The lower edge: the lowest pixel of each column the plane has body in. A sliver the merging
    // left along a neighbour's border (a few pixels thick across that plane) has a long straight
    // lower edge of its own, which is not the plane's eave.
    const xs: number[] = [],
      ys: number[] = [];
    const columns = bottom[r]!;
    const spanned = columns.reduce((k, y) => k + (y >= 0 ? 1 : 0), 0);
    const body = (SLIVER_SHARE * s.n) / Math.max(1, spanned);
    for (let x = 0; x < width; x++) {
      if (columns[x]! < 0 || thickness[r]![x]! < body) continue;
      xs.push(x);
      ys.push(columns[x]!);
    }
    const boundary = lowerEdge(xs, ys);
    let angle = boundary ?? 0;
    let eaveFrom: Plane['eaveFrom'] = 'boundary';
    const { theta, coherence } = orientation(s);
    if (coherence > TEXTURE_COHERENCE) {
      // Stripes are courses along the eave or seams across it: the one nearer the lower edge
      // (or, without one, nearer level) is the eave.
      const stripes = fold(theta + Math.PI / 2);
      const across = fold(stripes + Math.PI / 2);
      const reference = boundary ?? 0;
      const nearer = Math.abs(fold(stripes - reference)) <= Math.abs(fold(across - reference)) ? stripes : across;
      // A clean lower edge within a few degrees of the stripes is the sharper measure of the two.
      if (boundary === null || Math.abs(fold(nearer - boundary)) > TEXTURE_OVERRULES) {
        angle = nearer;
        eaveFrom = 'texture';
      }
    }
    angle = Math.max(-MAX_EAVE_TILT, Math.min(MAX_EAVE_TILT, fold(angle)));
    // Extent down the slope: the plane's pixels projected on the eave's normal.
    const nx = -Math.sin(angle),
      ny = Math.cos(angle);
    let lo = Infinity,
      hi = -Infinity;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const p = y * width + x;
        if (!inside[p] || label[p] !== r) continue;
        const t = x * nx + y * ny;
        if (t < lo) lo = t;
        if (t > hi) hi = t;
      }
    }
    return {
      angle,
      eaveFrom,
      cx: grid.x0 + (cx + 0.5) / scale,
      cy: grid.y0 + (cy + 0.5) / scale,
      size: Math.sqrt(s.n) / scale,
      slope: (hi - lo + 1) / scale,
      share: s.n / Math.max(1, grid.roofPixels),
    };
  });
}
