import { slic, toLab, type LabImage } from './superpixels.ts';

/** One byte per pixel, 255 = roof. */
export interface Mask {
  data: Uint8Array;
  width: number;
  height: number;
}

export interface PhotoPixels {
  data: Uint8Array | Buffer;
  width: number;
  height: number;
  channels: number;
}

/** Width the roof is searched at: callers shrink the photo to about this before calling findRoof. */
export const ROOF_ANALYSIS_WIDTH = 400;

const ASK_FOR_OUTLINE = 'send roof_outline (polygons of [x, y] points in 0..1 around the roof) to say where it is';

/** Area-averages the photo down to the analysis width, so a full-size photo works too. */
function shrink(img: PhotoPixels): PhotoPixels {
  if (img.width <= ROOF_ANALYSIS_WIDTH * 1.25) return img;
  const width = ROOF_ANALYSIS_WIDTH;
  const height = Math.max(1, Math.round((img.height * width) / img.width));
  const out = new Uint8Array(width * height * 3);
  const sx = img.width / width,
    sy = img.height / height;
  for (let y = 0; y < height; y++) {
    const y0 = Math.floor(y * sy),
      y1 = Math.max(y0 + 1, Math.floor((y + 1) * sy));
    for (let x = 0; x < width; x++) {
      const x0 = Math.floor(x * sx),
        x1 = Math.max(x0 + 1, Math.floor((x + 1) * sx));
      let r = 0,
        g = 0,
        b = 0;
      for (let yy = y0; yy < y1; yy++) {
        for (let xx = x0, i = (yy * img.width + x0) * img.channels; xx < x1; xx++, i += img.channels) {
          r += img.data[i]!;
          g += img.data[i + 1]!;
          b += img.data[i + 2]!;
        }
      }
      const n = (y1 - y0) * (x1 - x0);
      const o = (y * width + x) * 3;
      out[o] = r / n;
      out[o + 1] = g / n;
      out[o + 2] = b / n;
    }
  }
  return { data: out, width, height, channels: 3 };
}

/** Per-pixel gradient of L (Sobel) as the structure tensor's parts, for texture strength and direction. */
function gradients({ lab, width, height }: LabImage) {
  const gxx = new Float32Array(width * height),
    gyy = new Float32Array(width * height),
    gxy = new Float32Array(width * height);
  const L = (x: number, y: number) =>
    lab[(Math.min(height - 1, Math.max(0, y)) * width + Math.min(width - 1, Math.max(0, x))) * 3]!;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const gx = L(x + 1, y - 1) + 2 * L(x + 1, y) + L(x + 1, y + 1) - L(x - 1, y - 1) - 2 * L(x - 1, y) - L(x - 1, y + 1);
      const gy = L(x - 1, y + 1) + 2 * L(x, y + 1) + L(x + 1, y + 1) - L(x - 1, y - 1) - 2 * L(x, y - 1) - L(x + 1, y - 1);
      const p = y * width + x;
      gxx[p] = gx * gx;
      gyy[p] = gy * gy;
      gxy[p] = gx * gy;
    }
  }
  return { gxx, gyy, gxy };
}

/** What the finder knows of one patch (a superpixel, or a region of merged ones). */
export interface Patch {
  n: number;
  l: number;
  a: number;
  b: number;
  /** Mean gradient energy of L: texture strength. */
  texture: number;
  /** 0..1: how much the texture runs in one direction (courses, seams) rather than every way. */
  coherence: number;
  x: number;
  y: number;
  top: number;
  bottom: number;
  left: number;
  right: number;
}

const chroma = (p: Patch) => Math.hypot(p.a, p.b);
/** Hue angle in degrees, 0..360 (0 = magenta-red, 60-ish = orange, 100-ish = yellow, 135+ = green). */
const hue = (p: Patch) => ((Math.atan2(p.b, p.a) * 180) / Math.PI + 360) % 360;

function isSkyLike(p: Patch) {
  const c = chroma(p);
  return (p.l > 55 && p.b < -10 && p.texture < 900) || (p.l > 80 && c < 10 && p.texture < 500);
}

/** Green, or the near-black green of foliage in shade. */
function isVegetation(p: Patch) {
  const h = hue(p);
  const c = chroma(p);
  return h > 95 && h < 200 && (c > 7 || (p.l < 25 && c > 2.5));
}

/** Colours roofing comes in: greys and browns, or the reds and oranges of clay and copper. */
function roofColour(p: Patch) {
  const c = chroma(p);
  if (c < 16) return true;
  const h = hue(p);
  return h > 20 && h < 85 && c < 60;
}

interface Segmentation {
  label: Int32Array;
  patches: Patch[];
  /** For each pair of touching patches (key a*count+b, a<b): the length of their common border. */
  borders: Map<number, number>;
}

function describe(label: Int32Array, count: number, img: LabImage): Segmentation {
  const { lab, width, height } = img;
  const { gxx, gyy, gxy } = gradients(img);
  const acc = new Float64Array(count * 9);
  const patches: Patch[] = [];
  for (let j = 0; j < count; j++)
    patches.push({ n: 0, l: 0, a: 0, b: 0, texture: 0, coherence: 0, x: 0, y: 0, top: height, bottom: 0, left: width, right: 0 });
  const borders = new Map<number, number>();
  for (let p = 0; p < width * height; p++) {
    const j = label[p]!;
    const x = p % width,
      y = (p - x) / width;
    const s = patches[j]!;
    s.n++;
    const o = j * 9;
    acc[o]! += lab[p * 3]!;
    acc[o + 1]! += lab[p * 3 + 1]!;
    acc[o + 2]! += lab[p * 3 + 2]!;
    acc[o + 3]! += gxx[p]!;
    acc[o + 4]! += gyy[p]!;
    acc[o + 5]! += gxy[p]!;
    acc[o + 6]! += x;
    acc[o + 7]! += y;
    if (y < s.top) s.top = y;
    if (y > s.bottom) s.bottom = y;
    if (x < s.left) s.left = x;
    if (x > s.right) s.right = x;
    for (const q of [x < width - 1 ? p + 1 : -1, y < height - 1 ? p + width : -1]) {
      if (q < 0 || label[q] === j) continue;
      const k = Math.min(j, label[q]!) * count + Math.max(j, label[q]!);
      borders.set(k, (borders.get(k) ?? 0) + 1);
    }
  }
  for (let j = 0; j < count; j++) {
    const s = patches[j]!,
      o = j * 9,
      n = Math.max(1, s.n);
    s.l = acc[o]! / n;
    s.a = acc[o + 1]! / n;
    s.b = acc[o + 2]! / n;
    const jxx = acc[o + 3]! / n,
      jyy = acc[o + 4]! / n,
      jxy = acc[o + 5]! / n;
    const trace = jxx + jyy;
    s.texture = Math.sqrt(trace);
    s.coherence = trace > 1 ? Math.sqrt((jxx - jyy) ** 2 + 4 * jxy * jxy) / trace : 0;
    s.x = acc[o + 6]! / n / width;
    s.y = acc[o + 7]! / n / height;
  }
  return { label, patches, borders };
}

/** Colour difference with lightness counting half: sun and shade on one material differ mostly in L. */
function difference(p: Patch, q: Patch) {
  return Math.sqrt(0.5 * (p.l - q.l) ** 2 + (p.a - q.a) ** 2 + (p.b - q.b) ** 2);
}

/** Felzenszwalb–Huttenlocher merging of the superpixel graph into regions of one material each. */
function mergeRegions(seg: Segmentation, k: number): Int32Array {
  const count = seg.patches.length;
  const parent = Int32Array.from({ length: count }, (_, i) => i);
  const size = Float64Array.from(seg.patches, (p) => p.n);
  const inner = new Float64Array(count);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  const edges = [...seg.borders.keys()].map((key) => {
    const a = Math.floor(key / count),
      b = key % count;
    return { a, b, w: difference(seg.patches[a]!, seg.patches[b]!) };
  });
  edges.sort((x, y) => x.w - y.w);
  for (const { a, b, w } of edges) {
    const ra = find(a),
      rb = find(b);
    if (ra === rb) continue;
    if (w > Math.min(inner[ra]! + k / size[ra]!, inner[rb]! + k / size[rb]!)) continue;
    parent[rb] = ra;
    size[ra]! += size[rb]!;
    inner[ra] = Math.max(inner[ra]!, inner[rb]!, w);
  }
  return Int32Array.from({ length: count }, (_, i) => find(i));
}

/** Area-weighted summary of a set of patches. */
function summarize(members: Patch[]): Patch {
  const r: Patch = { n: 0, l: 0, a: 0, b: 0, texture: 0, coherence: 0, x: 0, y: 0, top: Infinity, bottom: 0, left: Infinity, right: 0 };
  for (const p of members) {
    r.n += p.n;
    r.l += p.l * p.n;
    r.a += p.a * p.n;
    r.b += p.b * p.n;
    r.texture += p.texture * p.n;
    r.coherence += p.coherence * p.n;
    r.x += p.x * p.n;
    r.y += p.y * p.n;
    r.top = Math.min(r.top, p.top);
    r.bottom = Math.max(r.bottom, p.bottom);
    r.left = Math.min(r.left, p.left);
    r.right = Math.max(r.right, p.right);
  }
  for (const key of ['l', 'a', 'b', 'texture', 'coherence', 'x', 'y'] as const) r[key] /= Math.max(1, r.n);
  return r;
}

export interface Region extends Patch {
  id: number;
  patches: number[];
  sky: boolean;
  vegetation: boolean;
  /** Share of the region's border that touches sky or vegetation. */
  openBorder: number;
  /** Share of the region's upper edge (pixels whose pixel above is another region or the image top) under sky or vegetation. */
  openAbove: number;
  neighbours: Map<number, number>;
}

/** The photo cut into regions of one material each, with sky and vegetation marked. */
export function analyse(photo: PhotoPixels) {
  const small = shrink(photo);
  const img = toLab(small.data, small.width, small.height, small.channels);
  const step = Math.max(6, Math.round(small.width / 40));
  const { label, count } = slic(img, step);
  const seg = describe(label, count, img);
  const regionOf = mergeRegions(seg, 15 * step * step);
  const byRegion = new Map<number, number[]>();
  regionOf.forEach((r, j) => byRegion.set(r, [...(byRegion.get(r) ?? []), j]));
  const regions = new Map<number, Region>();
  for (const [id, members] of byRegion) {
    const s = summarize(members.map((j) => seg.patches[j]!));
    regions.set(id, { ...s, id, patches: members, sky: false, vegetation: false, openBorder: 0, openAbove: 0, neighbours: new Map() });
  }
  for (const [key, length] of seg.borders) {
    const a = regionOf[Math.floor(key / count)]!,
      b = regionOf[key % count]!;
    if (a === b) continue;
    const ra = regions.get(a)!,
      rb = regions.get(b)!;
    ra.neighbours.set(b, (ra.neighbours.get(b) ?? 0) + length);
    rb.neighbours.set(a, (rb.neighbours.get(a) ?? 0) + length);
  }
  markSky(regions);
  for (const r of regions.values()) r.vegetation = !r.sky && isVegetation(r);
  for (const r of regions.values()) {
    let open = 0,
      all = 0;
    for (const [id, length] of r.neighbours) {
      const q = regions.get(id)!;
      all += length;
      if (q.sky || q.vegetation) open += length;
    }
    if (r.top === 0) open += r.right - r.left;
    r.openBorder = all ? open / (all + (r.top === 0 ? r.right - r.left : 0)) : 0;
  }
  const above = openAbove(regions, (r) => r, label, regionOf, small.width, small.height);
  for (const r of regions.values()) r.openAbove = above.get(r.id) ?? 0;
  return { width: small.width, height: small.height, label, regionOf, regions };
}

/** Sky: sky-coloured regions that reach the top edge, and sky-coloured regions touching those. */
function markSky(regions: Map<number, Region>) {
  const queue = [...regions.values()].filter((r) => r.top === 0 && isSkyLike(r));
  for (const r of queue) r.sky = true;
  while (queue.length) {
    const r = queue.pop()!;
    for (const id of r.neighbours.keys()) {
      const q = regions.get(id)!;
      if (!q.sky && isSkyLike(q)) {
        q.sky = true;
        queue.push(q);
      }
    }
  }
}

/**
 * For each group of regions (groupOf maps region id to group id), the share of its upper edge
 * (its topmost pixel in each run down a column) that has sky, vegetation or the image top above it.
 */
function openAbove(
  regions: Map<number, Region>,
  groupOf: (region: number) => number,
  label: Int32Array,
  regionOf: Int32Array,
  width: number,
  height: number,
) {
  const gap = 2;
  const edge = new Map<number, [number, number]>();
  const at = (x: number, y: number) => regionOf[label[y * width + x]!]!;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const r = at(x, y);
      const g = groupOf(r);
      if (y > 0 && groupOf(at(x, y - 1)) === g) continue;
      const above = y >= gap ? at(x, y - gap) : -1;
      const q = above >= 0 ? regions.get(above)! : null;
      const e = edge.get(g) ?? [0, 0];
      e[0]++;
      if (!q || q.sky || q.vegetation) e[1]++;
      edge.set(g, e);
    }
  }
  return new Map([...edge].map(([g, [all, open]]) => [g, open / all]));
}


/** Two touching regions that may be planes of one roof: same colour family, lit differently. */
function samePlaneFamily(r: Region, q: Region) {
  const ab = Math.hypot(r.a - q.a, r.b - q.b);
  const lRatio = Math.max(r.l, q.l) / Math.max(1, Math.min(r.l, q.l));
  const ribbed = r.coherence > 0.7 && q.coherence > 0.7;
  return ab < (ribbed ? 18 : 8) && lRatio < 2.5 && Math.abs(r.coherence - q.coherence) < 0.35;
}

const refusal = (why: string) => ({ refused: `${why}; ${ASK_FOR_OUTLINE}` });

/**
 * The roof, or a refusal. Precision first: a region seeds the roof when it is roofing-coloured,
 * textured like courses or seams, and open above (sky, trees or the frame's top edge over most
 * of its upper edge: nothing of the house sits on a roof); touching planes of the same material
 * in other light join their seed. When too little qualifies the finder refuses rather than guess.
 */
export function findRoof(photo: PhotoPixels): { mask: Mask } | { refused: string } {
  const a = analyse(photo);
  const total = a.width * a.height;
  const candidate = (r: Region) =>
    !r.sky && !r.vegetation && r.n / total > 0.003 && roofColour(r) && r.coherence > 0.5 && r.l < 78;
  const seeds = [...a.regions.values()].filter((r) => candidate(r) && r.openAbove >= 0.5 && r.n / total > 0.01);
  const chosen = new Set<number>();
  for (const seed of seeds) {
    chosen.add(seed.id);
    const queue = [seed];
    while (queue.length) {
      const r = queue.pop()!;
      for (const [id, border] of r.neighbours) {
        const q = a.regions.get(id)!;
        if (chosen.has(id) || border < 3 || !candidate(q) || !samePlaneFamily(seed, q)) continue;
        chosen.add(id);
        queue.push(q);
      }
    }
  }
  if (process.env.ROOF_DEBUG)
    for (const id of chosen) {
      const r = a.regions.get(id)!;
      console.log(seeds.includes(r) ? 'seed' : 'grown', id, (r.n / total * 100).toFixed(1), 'coh', r.coherence.toFixed(2), 'above', r.openAbove.toFixed(2), 'Lab', r.l.toFixed(0), r.a.toFixed(1), r.b.toFixed(1), 'xy', r.x.toFixed(2), r.y.toFixed(2));
    }
  const data = new Uint8Array(total);
  let area = 0;
  for (let p = 0; p < total; p++) {
    if (chosen.has(a.regionOf[a.label[p]!]!)) {
      data[p] = 255;
      area++;
    }
  }
  if (area / total < 0.03) return refusal('No roof could be told apart from the walls, ground and trees with confidence');
  if (area / total > 0.9) return refusal('The photo looks like one surface rather than a house with a roof');
  return { mask: { data, width: a.width, height: a.height } };
}
