/**
 * The colour finder: reads the roof from colour and texture alone (superpixels in Lab, sky and
 * vegetation, the roofline's material). autoFind.ts takes its roof and evidence as the source of
 * the segmenter's prompts and the judge of its answers; without a model it is the roof itself.
 */
import type { Mask } from '../mask.ts';
import { slic, toLab, type LabImage } from '../superpixels.ts';

export type { Mask };

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
      const gx =
        L(x + 1, y - 1) + 2 * L(x + 1, y) + L(x + 1, y + 1) - L(x - 1, y - 1) - 2 * L(x - 1, y) - L(x - 1, y + 1);
      const gy =
        L(x - 1, y + 1) + 2 * L(x, y + 1) + L(x + 1, y + 1) - L(x - 1, y - 1) - 2 * L(x, y - 1) - L(x + 1, y - 1);
      const p = y * width + x;
      gxx[p] = gx * gx;
      gyy[p] = gy * gy;
      gxy[p] = gx * gy;
    }
  }
  return { gxx, gyy, gxy };
}

/** What the finder knows of one patch (a superpixel, or a region of merged ones). */
interface Patch {
  n: number;
  l: number;
  a: number;
  b: number;
  /** RMS gradient of L: texture strength. */
  texture: number;
  /** 0..1: how much the texture runs in one direction (courses, seams) rather than every way. */
  coherence: number;
  /** Topmost row. */
  top: number;
  /** Whether it touches the frame's border. */
  framed: boolean;
}

const chroma = (p: Patch) => Math.hypot(p.a, p.b);
/** Hue angle in degrees, 0..360 (0 = magenta-red, 60-ish = orange, 100-ish = yellow, 135+ = green). */
const hue = (p: Patch) => ((Math.atan2(p.b, p.a) * 180) / Math.PI + 360) % 360;

function isSkyLike(p: Patch) {
  const c = chroma(p);
  return (p.l > 55 && p.b < -10) || (p.l > 68 && p.b < -4 && p.texture < 50) || (p.l > 80 && c < 10 && p.texture < 40);
}

/** Green, or the near-black green of foliage in shade. */
function isVegetation(p: Patch) {
  const h = hue(p);
  const c = chroma(p);
  return h > 95 && h < 200 && (c > 7 || (p.l < 25 && c > 2.5) || (p.l < 12 && c > 1.2));
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
  const acc = new Float64Array(count * 6);
  const patches: Patch[] = [];
  for (let j = 0; j < count; j++)
    patches.push({
      n: 0,
      l: 0,
      a: 0,
      b: 0,
      texture: 0,
      coherence: 0,
      top: height,
      framed: false,
    });
  const borders = new Map<number, number>();
  for (let p = 0; p < width * height; p++) {
    const j = label[p]!;
    const x = p % width,
      y = (p - x) / width;
    const s = patches[j]!;
    s.n++;
    const o = j * 6;
    acc[o]! += lab[p * 3]!;
    acc[o + 1]! += lab[p * 3 + 1]!;
    acc[o + 2]! += lab[p * 3 + 2]!;
    acc[o + 3]! += gxx[p]!;
    acc[o + 4]! += gyy[p]!;
    acc[o + 5]! += gxy[p]!;
    if (y < s.top) s.top = y;
    if (x === 0 || y === 0 || x === width - 1 || y === height - 1) s.framed = true;
    for (const q of [x < width - 1 ? p + 1 : -1, y < height - 1 ? p + width : -1]) {
      if (q < 0 || label[q] === j) continue;
      const k = Math.min(j, label[q]!) * count + Math.max(j, label[q]!);
      borders.set(k, (borders.get(k) ?? 0) + 1);
    }
  }
  for (let j = 0; j < count; j++) {
    const s = patches[j]!,
      o = j * 6,
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
  }
  return { label, patches, borders };
}

/** The photo as superpixels, with sky and vegetation marked and what lies above each one. */
interface Scene {
  width: number;
  height: number;
  label: Int32Array;
  patches: Patch[];
  /** Per patch: touching patch → length of the common border. */
  neighbours: Map<number, number>[];
  sky: Uint8Array;
  vegetation: Uint8Array;
  /** Per patch: share of its upper edge with sky, vegetation or the frame's top just above it (NaN: no upper edge). */
  openAbove: Float32Array;
}

function analyse(photo: PhotoPixels): Scene {
  const small = shrink(photo);
  const { width, height } = small;
  const img = toLab(small.data, width, height, small.channels);
  const step = Math.max(6, Math.round(width / 50));
  const { label, count } = slic(img, step);
  const { patches, borders } = describe(label, count, img);
  const neighbours = patches.map(() => new Map<number, number>());
  for (const [key, length] of borders) {
    const a = Math.floor(key / count),
      b = key % count;
    neighbours[a]!.set(b, length);
    neighbours[b]!.set(a, length);
  }
  const sky = new Uint8Array(count);
  const queue = patches.flatMap((p, j) => (p.top === 0 && isSkyLike(p) ? [j] : []));
  for (const j of queue) sky[j] = 1;
  while (queue.length) {
    const j = queue.pop()!;
    for (const q of neighbours[j]!.keys()) {
      if (!sky[q] && isSkyLike(patches[q]!)) {
        sky[q] = 1;
        queue.push(q);
      }
    }
  }
  const vegetation = Uint8Array.from(patches, (p, j) => Number(!sky[j] && isVegetation(p)));
  const gap = Math.max(2, Math.round(step / 3));
  const edge = new Float32Array(count),
    open = new Float32Array(count);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const j = label[y * width + x]!;
      if (y > 0 && label[(y - 1) * width + x] === j) continue;
      edge[j]!++;
      const above = y >= gap ? label[(y - gap) * width + x]! : -1;
      if (above < 0 || sky[above] || vegetation[above]) open[j]!++;
    }
  }
  const openAbove = Float32Array.from(edge, (e, j) => (e ? open[j]! / e : NaN));
  return { width, height, label, patches, neighbours, sky, vegetation, openAbove };
}

const refusal = (why: string) => ({ refused: `${why}; ${ASK_FOR_OUTLINE}` });

interface ColourModel {
  l: number;
  a: number;
  b: number;
}

/** Seeds: roofing-coloured, textured patches with open sky or trees right above them (the roofline). */
function roofline(scene: Scene) {
  const seeds: number[] = [];
  scene.patches.forEach((p, j) => {
    if (scene.sky[j] || scene.vegetation[j] || !roofColour(p) || p.l > 75) return;
    if (!(scene.openAbove[j]! >= 0.6) || p.coherence < 0.6) return;
    seeds.push(j);
  });
  return seeds;
}

/**
 * The roofline's dominant material: the seed colour most of the seed area agrees with (within 6
 * a*b* and 1.8× in lightness). Every pair of seeds is compared, and a photo with no roofline passes
 * every ribbed patch, so the colours sit in flat arrays and the test squares instead of Math.hypot.
 */
function dominantSeeds(scene: Scene, seeds: number[]) {
  const n = seeds.length;
  const [ls, as, bs, ns] = [new Float64Array(n), new Float64Array(n), new Float64Array(n), new Float64Array(n)];
  seeds.forEach((j, i) => {
    const p = scene.patches[j]!;
    ((ls[i] = p.l), (as[i] = p.a), (bs[i] = p.b), (ns[i] = p.n));
  });
  let bestAt = -1;
  let bestMass = 0;
  for (let i = 0; i < n; i++) {
    let mass = 0;
    for (let k = 0; k < n; k++) if (nearInColour(i, k)) mass += ns[k]!;
    if (mass > bestMass) ((bestMass = mass), (bestAt = i));
  }
  return bestAt < 0 ? [] : seeds.filter((_, k) => nearInColour(bestAt, k));

  function nearInColour(i: number, k: number) {
    const da = as[i]! - as[k]!,
      db = bs[i]! - bs[k]!;
    if (da * da + db * db >= 36) return false;
    const hi = Math.max(ls[i]!, ls[k]!),
      lo = Math.min(ls[i]!, ls[k]!);
    return hi / Math.max(1, lo) < 1.8;
  }
}

/** How much looser the tolerances get for the stability check. */
const SLACK = 1.2;
/** A roof plane may be this much lighter than its roofline; light walls and trim are lighter still. */
const L_UP = 1.5;
/** Largest a*b* distance from the roofline's colour: one material in sun and in skylit shade. */
const AB_TOLERANCE = 8;
/** Share of the roof's median relief a patch needs to join it. */
const CONTRAST_FLOOR = 0.4;
/** Gutters, fascia and trim: lighter than the roof and with at most this share of its texture. */
const TRIM_TEXTURE = 0.8;
/** Smallest a*b* tolerance: what sun and shade shift even the most uniform material by. */
const AB_FLOOR = 3;
/** How many times the roof's own a*b* spread the final growth admits. */
const AB_SPREAD = 3;
/** The roof's own relief (median contrast and texture over a first growth), and once known its own colour. */
interface Relief {
  contrast: number;
  texture: number;
  /** The material's a*b* over a growth, where the roofline is a thin sample that may mix in neighbours' roofs. */
  hue?: { a: number; b: number };
  /** The a*b* tolerance fitted to that colour's own spread. */
  ab?: number;
}
/** Texture relative to lightness: a material's relief in sun and in shade alike. */
const contrastOf = (p: Patch) => p.texture / Math.max(10, p.l);

/**
 * Grows the roof from its seeds through touching patches of the seeds' material, in sun or
 * shade: never through sky or vegetation, nor across a sharp change of colour, nor to a colour
 * family other than the seeds'. With trimStops, not into what is lighter and smoother than the
 * roof either: the gutter, fascia and trim along its edge, which lead on to the wall below.
 */
function grow(scene: Scene, seeds: number[], slack = 1, relief?: Relief, trimStops = false) {
  const minContrast = CONTRAST_FLOOR * (relief?.contrast ?? 0);
  const { patches } = scene;
  // Lightness stays the roofline's: the sun on the eaves side is what the L rules are set against.
  const model = { ...summarize(seeds.map((j) => patches[j]!)), ...relief?.hue };
  const abTolerance = (relief?.ab ?? AB_TOLERANCE) * slack;
  const inRoof = new Uint8Array(patches.length);
  const queue = [...seeds];
  for (const j of seeds) inRoof[j] = 1;
  while (queue.length) {
    const j = queue.pop()!;
    const from = patches[j]!;
    for (const [q, border] of scene.neighbours[j]!) {
      if (inRoof[q] || border < 2 || scene.sky[q] || scene.vegetation[q]) continue;
      const p = patches[q]!;
      const ab = Math.hypot(p.a - model.a, p.b - model.b);
      // Shade may darken a plane a lot; light walls and trim are what lies above the roof's lightness.
      // A coloured material (copper, clay) keeps its hue in full sun, where light walls do not have one.
      const sunlit = p.l <= model.l * 2.5 && ab < 5 * slack && Math.hypot(p.a, p.b) > 15;
      if (ab > abTolerance || (p.l > model.l * L_UP * slack && !sunlit) || p.l < model.l * 0.3 || p.l > 85) continue;
      // Walls and trim in shade are smooth; a roof keeps its courses' contrast in shade too.
      if (contrastOf(p) < minContrast / slack) continue;
      if (trimStops && p.l > model.l && p.texture < relief!.texture * TRIM_TEXTURE) continue;
      if (difference(p, from) > 12 * slack) continue;
      inRoof[q] = 1;
      queue.push(q);
    }
  }
  return inRoof;
}

/** The largest patch family of roofing colour and ribbed texture, for photos with no roofline found. */
function dominantPlane(scene: Scene) {
  const ribbed = scene.patches.flatMap((p, j) =>
    !scene.sky[j] && !scene.vegetation[j] && roofColour(p) && p.coherence > 0.6 && p.l < 80 ? [j] : [],
  );
  return dominantSeeds(scene, ribbed);
}

/**
 * A close-up may show a big ribbed surface of another colour than the roof found under the sky:
 * the photographer's own roof under a neighbour's skyline. Then the finder cannot tell which is meant.
 */
function rivalPlane(scene: Scene, seeds: number[], roofArea: number) {
  const plane = dominantPlane(scene);
  if (!plane.length) return false;
  const a = summarize(plane.map((j) => scene.patches[j]!)),
    b = summarize(seeds.map((j) => scene.patches[j]!));
  const sameMaterial = Math.hypot(a.a - b.a, a.b - b.b) < AB_TOLERANCE && Math.max(a.l, b.l) / Math.min(a.l, b.l) < 1.5;
  if (sameMaterial) return false;
  return grownArea(scene, grow(scene, plane)) > roofArea;
}

/** Share of the frame the chosen patches cover. */
const grownArea = (scene: Scene, inRoof: Uint8Array) =>
  inRoof.reduce((m, v, j) => m + v * scene.patches[j]!.n, 0) / (scene.width * scene.height);

/** Rasterises the chosen patches, one analysis pixel in from their outline: a miss beats a spill. */
function rasterise(scene: Scene, inRoof: Uint8Array) {
  const { width, height, label } = scene;
  const data = new Uint8Array(width * height);
  let area = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      if (!inRoof[label[p]!]) continue;
      const inside =
        x > 0 && y > 0 && x < width - 1 && y < height - 1
          ? inRoof[label[p - 1]!] && inRoof[label[p + 1]!] && inRoof[label[p - width]!] && inRoof[label[p + width]!]
          : inRoof[label[p]!];
      if (!inside) continue;
      data[p] = 255;
      area++;
    }
  }
  return { data, area };
}

/**
 * The roof, or a refusal. Precision first: the roofline is where roofing-coloured, ribbed
 * patches have sky or trees right above them; its dominant colour is the roof's material, and
 * the roof grows from it (see grow). With no roofline, the roof grows from the dominant ribbed
 * plane when that is large and not shadow. When neither is clear the finder refuses rather than guess.
 */
export function findRoof(photo: PhotoPixels): { mask: Mask } | { refused: string } {
  return examineRoof(photo).found;
}

/**
 * What the finder saw besides its answer, at the analysis size, for a finder that prompts a
 * segmenter with it (autoFind.ts): where sky and vegetation are, the roof's material as
 * grown from its seeds even when the answer is a refusal, and what lies off that material.
 */
export interface RoofEvidence {
  found: { mask: Mask } | { refused: string };
  width: number;
  height: number;
  /** 1 on sky or vegetation, which no roof is. */
  skyOrVegetation: Uint8Array;
  /** 1 on the material grown from the seeds (before the finder's own stability checks); null with no seeds. */
  material: Uint8Array | null;
  /** 1 on colours that material does not take (far off its a*b*, or much lighter); null with no seeds. */
  offMaterial: Uint8Array | null;
}

/** findRoof's answer with its evidence (RoofEvidence). */
export function examineRoof(photo: PhotoPixels): RoofEvidence {
  const scene = analyse(photo);
  const { patches, width, height, label } = scene;
  const total = width * height;
  const perPixel = (inPatch: (j: number) => boolean) => Uint8Array.from(label, (j) => Number(inPatch(j)));
  const evidence = {
    width,
    height,
    skyOrVegetation: perPixel((j) => !!(scene.sky[j] || scene.vegetation[j])),
    material: null as Uint8Array | null,
    offMaterial: null as Uint8Array | null,
  };
  const refuse = (why: string, clue = evidence) => ({ ...clue, found: refusal(why) });
  const areaOf = (js: number[]) => js.reduce((m, j) => m + patches[j]!.n, 0) / total;
  let seeds = dominantSeeds(scene, roofline(scene));
  const fromRoofline = areaOf(seeds) >= 0.01;
  if (!fromRoofline) {
    seeds = dominantPlane(scene);
    // Near-black is shadow, not a material: a shaded wall is as ribbed as a roof.
    if (areaOf(seeds) < 0.1 || summarize(seeds.map((j) => patches[j]!)).l < 15)
      return refuse('No roofline against the sky or trees, and no roof dominating the frame, could be found');
  }
  const minArea = fromRoofline ? 0.04 : 0.1;
  // The roof's own relief, measured over a first growth, keeps smooth walls and trim out of the second.
  const first = grow(scene, seeds);
  const members = patches.filter((_, j) => first[j]);
  const relief = { contrast: medianBy(members, contrastOf), texture: medianBy(members, (p) => p.texture) };
  const plain = grow(scene, seeds, 1, relief);
  const own = { ...relief, ...ownColour(patches.filter((_, j) => plain[j])) };
  evidence.material = perPixel((j) => !!plain[j]);
  evidence.offMaterial = offMaterial(scene, plain, own);
  const extent = rasterise(scene, plain).area / total;
  if (extent < minArea) return refuse('Too little of the photo could be told apart as roof');
  // A roof with clear edges keeps its extent when the tolerances loosen; one that runs on into
  // walls or ground of a similar colour does not, and then no edge found is trustworthy.
  const looser = grownArea(scene, grow(scene, seeds, SLACK, relief));
  if (looser > extent * 1.3 + 0.02)
    return refuse('The roof could not be told apart from walls or ground of a similar colour');
  // Only a roof judged clear of walls and ground is trimmed: the trim rule must not make a runaway look stable.
  // The material's own colour and spread over that growth then bound the final one (see ownColour).
  const { data, area } = rasterise(
    scene,
    enclosedBack(scene, grow(scene, seeds, 1, own), grow(scene, seeds, 1, own, true)),
  );
  if (area / total < minArea) return refuse('Too little of the photo could be told apart as roof');
  // Which roof is meant is what is unclear, so the material grown is no evidence either.
  if (fromRoofline && rivalPlane(scene, seeds, area / total))
    return refuse('The photo shows more than one roof and which one is meant is unclear', {
      ...evidence,
      material: null,
      offMaterial: null,
    });
  if (area / total > 0.9) return refuse('The photo looks like one surface rather than a house with a roof');
  return { ...evidence, found: { mask: { data, width, height } } };
}

/** How far off the material's a*b* (at least) and above its lightness a colour is no longer that material. */
const OFF_AB = 6;
const OFF_L = 15;

/**
 * Per pixel: 1 on patches whose colour the material does not take: further in a*b* than its own
 * tolerance (at least OFF_AB) from its hue, or lighter than nine tenths of it by more than OFF_L.
 */
function offMaterial(scene: Scene, grown: Uint8Array, own: { hue: { a: number; b: number }; ab: number }) {
  const members = scene.patches.filter((_, j) => grown[j]);
  const lightest = quantileBy(members, (p) => p.l, 0.9);
  const far = Math.max(OFF_AB, own.ab);
  const off = Uint8Array.from(scene.patches, (p) =>
    Number(Math.hypot(p.a - own.hue.a, p.b - own.hue.b) > far || p.l > lightest + OFF_L),
  );
  return Uint8Array.from(scene.label, (j) => off[j]!);
}

/**
 * The roof's a*b* colour and tolerance from a growth of it. The roofline is a thin sample: along the
 * skyline it also catches neighbours' roofs and walls, and its mean can lie between the roof and a
 * wall of similar lightness (beige siding in shade beside a brown roof). The growth is mostly roof,
 * so its area-weighted mean is the material's hue, and three quarters of its area lie within
 * `spread` of it; walls of a similar colour lie further out than a few such spreads.
 */
function ownColour(grown: Patch[]) {
  const { a, b } = summarize(grown);
  const spread = quantileBy(grown, (p) => Math.hypot(p.a - a, p.b - b), 0.75);
  return { hue: { a, b }, ab: Math.min(AB_TOLERANCE, Math.max(AB_FLOOR, AB_SPREAD * spread)) };
}

/**
 * Puts back what the trim rule left out but the roof encloses on every side: lighter, smoother
 * shingles in full sun inside a plane, where trim and gutters always lie along the roof's edge.
 */
function enclosedBack(scene: Scene, plain: Uint8Array, trimmed: Uint8Array) {
  const out = Uint8Array.from(trimmed);
  const seen = new Uint8Array(plain.length);
  for (let start = 0; start < plain.length; start++) {
    if (!plain[start] || trimmed[start] || seen[start]) continue;
    const component = [start];
    seen[start] = 1;
    let enclosed = true;
    for (let i = 0; i < component.length; i++) {
      const j = component[i]!;
      if (scene.patches[j]!.framed) enclosed = false;
      for (const q of scene.neighbours[j]!.keys()) {
        if (trimmed[q]) continue;
        if (!plain[q]) enclosed = false;
        else if (!seen[q]) {
          seen[q] = 1;
          component.push(q);
        }
      }
    }
    if (enclosed) for (const j of component) out[j] = 1;
  }
  return out;
}

/** Colour difference with lightness counting half: sun and shade on one material differ mostly in L. */
function difference(p: Patch, q: Patch) {
  return Math.sqrt(0.5 * (p.l - q.l) ** 2 + (p.a - q.a) ** 2 + (p.b - q.b) ** 2);
}

/** Area-weighted quantile (0..1) of one measure over the patches. */
function quantileBy(members: Patch[], measure: (p: Patch) => number, q: number) {
  const sorted = [...members].sort((p, r) => measure(p) - measure(r));
  const at = sorted.reduce((m, p) => m + p.n, 0) * q;
  let seen = 0;
  for (const p of sorted) if ((seen += p.n) >= at) return measure(p);
  return 0;
}

const medianBy = (members: Patch[], measure: (p: Patch) => number) => quantileBy(members, measure, 0.5);

/** Area-weighted mean colour of a set of patches. */
function summarize(members: Patch[]): ColourModel {
  let n = 0,
    l = 0,
    a = 0,
    b = 0;
  for (const p of members) {
    n += p.n;
    l += p.l * p.n;
    a += p.a * p.n;
    b += p.b * p.n;
  }
  return { l: l / n, a: a / n, b: b / n };
}
