import type { Embedding, Segmenter, StoredEmbedding, Tap } from '../../../core/segmenter/segmenter.ts';
import { cleanMask } from '../../../core/segmenter/maskCleanup.ts';
import { MAX_HOLE_SHARE } from '../../../core/segmenter/selection.ts';
import type { Mask } from '../mask.ts';
import { decodeForSegmenter, decodePhotoSmall } from '../photo.ts';
import { examineRoof, ROOF_ANALYSIS_WIDTH, type RoofEvidence } from './colourFinder.ts';
import { deepestPoint, depthIn, regionsOf } from './regions.ts';

/** What a refusal asks for: one tap is enough for the segmenter. */
export const ASK_FOR_A_TAP =
  'point at the roof with one tap (POST /api/v1/visualizations/{id}/roof-selection with {"points": [{"x": …, "y": …, "label": "roof"}]}) or send roof_outline';

/** The segmenter and, when the photo's embedding is stored already, that embedding. */
export interface RoofModel {
  segmenter: Segmenter;
  embedding?: Embedding | StoredEmbedding | null;
}

export type AutoFound = ({ mask: Mask } | { refused: string }) & {
  /** Decoder runs spent on the answer. */
  decodes: number;
  /** Whether the photo's embedding had to be computed here (no stored one). */
  embedded: boolean;
};

/**
 * The decoder answers at this share of the embedding's size: upsampling its answer is most of a
 * decode's time (about half at 512 px), and 512 px is still finer than the colour finder's 400.
 */
const ANSWER_SCALE = 0.5;
/** Prompts spread over the colour finder's roof: a few per part, each a lone tap. */
const MAX_PROMPTS = 4;
const PROMPTS_PER_PART = 2;
/** How many times an answer holding what is not roof is asked again with one more `not_roof` tap. */
const CORRECTIONS = 2;
/** Share of a gap's edge the finder's roof must hold for an answer to fill it (fillWithin). */
const ENCLOSED = 0.6;
/** Smallest region taken (share of the frame): a roof is never a speck; mulch and flower beds often take the roof's colour. */
const MIN_REGION_SHARE = 0.02;
/**
 * Parts of the roof smaller than this share of the frame are neither prompted nor painted: apart
 * from the roof, such a part is more often a chimney top, a flower bed, a car or a neighbour's
 * trim than roof, and a few scattered patches of new roof on an old plane read as paint spilt.
 */
const MIN_PART_SHARE = 0.005;
/** A further prompt in one part must lie at least this deep (share of the part's deepest point): not on its rim. */
const MIN_DEPTH_SHARE = 0.4;
/** A candidate region is roof when at most these shares of it are sky or vegetation, or colours the material does not take. */
const MAX_SKY_OR_VEGETATION = 0.02;
const MAX_OFF_MATERIAL = 0.03;
/** …and at least this share of it is the material the colour finder grew. */
const MIN_ON_MATERIAL = 0.5;

/**
 * The roof found with no input from the partner, or a refusal asking for one tap. The colour and
 * texture finder (colourFinder.ts) gives the evidence, the segmenter the shapes: the finder's roof
 * (or, when it refuses, the material it grew) is prompted with lone taps spread over its parts;
 * the decoder's answer to a lone tap is one region it sees as an object (a plane, a roof, or the
 * whole house), and a region is taken only when the finder's independent evidence says it is roof
 * (hardly any sky, vegetation or colour the material does not take, and mostly that material).
 * The answers not taken still fill the gaps the roof encloses (fillWithin). The answer is the
 * finder's roof joined with what the model added; when it adds nothing it is the finder's own
 * answer (so the model never makes it refuse), and a refusal asks for one tap. Without a stored
 * embedding the photo is embedded here first (seconds of CPU).
 */
export async function findRoofAutomatically(image: Buffer, model: RoofModel | null): Promise<AutoFound> {
  const small = await decodePhotoSmall(image, ROOF_ANALYSIS_WIDTH);
  const evidence = examineRoof({ ...small, channels: 3 });
  const found = evidence.found;
  const refused = (why: string) => ({ refused: `${why.split(';')[0]}; ${ASK_FOR_A_TAP}`, decodes: 0, embedded: false });
  const start = 'mask' in found ? found.mask.data : evidence.material;
  if (!model || !start) return 'mask' in found ? { ...found, decodes: 0, embedded: false } : refused(found.refused);

  const embedded = !model.embedding;
  const embedding = model.embedding ?? (await model.segmenter.embed(await decodeForSegmenter(image)));
  const size = {
    width: Math.round(embedding.width * ANSWER_SCALE),
    height: Math.round(embedding.height * ANSWER_SCALE),
  };
  const { taken, others, decodes } = await promptedRegions(model.segmenter, embedding, size, evidence, start);
  const filled = 'mask' in found ? fillWithin(found.mask.data, others, size, evidence) : null;
  if (taken.length === 0 && !filled) {
    return 'mask' in found ? { ...found, decodes, embedded } : { ...refused(found.refused), decodes, embedded };
  }
  const union = new Uint8Array(size.width * size.height);
  if ('mask' in found) union.set(resample(found.mask.data, found.mask, size));
  for (const mask of taken) for (let p = 0; p < union.length; p++) union[p] = union[p]! | mask[p]!;
  if (filled) for (let p = 0; p < union.length; p++) union[p] = union[p]! | filled[p]!;
  return { mask: { data: cleanAnswer(union, size), ...size }, decodes, embedded };
}

/**
 * The automatic answer (1 = roof) as it is painted (255), cleaned in place: specks filled as in a
 * partner's selection (selection.ts), and parts under MIN_PART_SHARE of the frame dropped.
 */
export function cleanAnswer(answer: Uint8Array, size: { width: number; height: number }): Uint8Array {
  cleanMask(answer, size.width, size.height, { maxHoleShare: MAX_HOLE_SHARE, minIslandShare: MIN_PART_SHARE });
  for (let p = 0; p < answer.length; p++) answer[p] = answer[p] ? 255 : 0;
  return answer;
}

/**
 * The regions the decoder answers to lone taps spread over the evidence (spreadTaps), kept when
 * the evidence says they are roof. An answer that holds what is not roof (typically the whole
 * house) is asked again with a `not_roof` tap added on the largest part of it the evidence calls
 * foreign, up to CORRECTIONS times, like a partner correcting a selection; answers alike to one
 * already asked are not asked again.
 */
async function promptedRegions(
  segmenter: Segmenter,
  embedding: Embedding | StoredEmbedding,
  size: { width: number; height: number },
  evidence: RoofEvidence,
  start: Uint8Array,
) {
  let prompts = spreadTaps(start, evidence.width, evidence.height).map((t) => [t]);
  const taken: Uint8Array[] = [];
  const others: Uint8Array[] = [];
  const asked: Uint8Array[] = [];
  let decodes = 0;
  for (let round = 0; round <= CORRECTIONS && prompts.length; round++) {
    const answers = await segmenter.candidates(
      embedding,
      prompts.map((taps) => ({ taps })),
      size,
    );
    decodes += answers.length;
    const next: Tap[][] = [];
    answers.forEach((c, i) => {
      // The largest of the decoder's readings of the prompt (its own choice and its four masks,
      // as the evidence's pixels see them) that the evidence calls roof.
      let roof: Uint8Array | null = null;
      let roofArea = 0;
      for (const reading of [c.mask, ...c.tokens.map((t) => t.mask)]) {
        const judged = judgeCandidate(resample(reading, size, evidence), evidence);
        if (isRoof(judged) && judged.area > roofArea) ((roof = reading), (roofArea = judged.area));
      }
      if (roof) return void taken.push(roof);
      others.push(c.mask);
      const seen = resample(c.mask, size, evidence);
      if (round === CORRECTIONS || asked.some((m) => alike(m, c.mask))) return;
      asked.push(c.mask);
      const foreign = foreignTap(seen, evidence);
      if (foreign) next.push([...prompts[i]!, foreign]);
    });
    prompts = next;
  }
  return { taken, others, decodes };
}

/** Whether two masks of one size mostly agree (intersection over union above 0.9). */
function alike(a: Uint8Array, b: Uint8Array) {
  let both = 0,
    either = 0;
  for (let p = 0; p < a.length; p++) ((both += a[p]! & b[p]!), (either += a[p]! | b[p]!));
  return both > 0.9 * either;
}

/**
 * A `not_roof` tap at the deepest point of the largest part of an answer (`seen`, at the
 * evidence's size) the evidence calls foreign (not the material).
 */
function foreignTap(seen: Uint8Array, evidence: RoofEvidence): Tap | null {
  const { width, height } = evidence;
  const foreign = Uint8Array.from(seen, (on, p) =>
    on && !evidence.material?.[p] ? evidence.skyOrVegetation[p]! | (evidence.offMaterial?.[p] ?? 0) : 0,
  );
  const { label, sizes } = regionsOf(foreign, width, height);
  let largest = 0;
  for (let id = 1; id < sizes.length; id++) if (sizes[id]! > (sizes[largest] ?? 0)) largest = id;
  if (!largest || sizes[largest]! < MIN_PART_SHARE * width * height) return null;
  return { ...deepestPoint(label, largest, width, height), label: 0 };
}

/**
 * What the answers not taken whole add: the gaps in the finder's roof that the answers cover and
 * that lie inside the convex hull of one of the roof's parts, never sky or vegetation. A gap the
 * evidence does not call foreign is filled when the roof encloses at least ENCLOSED of its edge:
 * the finder leaves such gaps where shingles lie darker or a little lighter than its tolerance, and
 * an answer that runs on to the walls still traces the roof's own edges there, while a wall or a
 * dormer's face meets the roof along one or two sides only. A gap of colours the material does not
 * take (shingles in sun, far lighter than the rest) is filled only when the roof, with the first
 * fills, surrounds it entirely.
 */
function fillWithin(
  roof: Uint8Array,
  answers: Uint8Array[],
  size: { width: number; height: number },
  evidence: RoofEvidence,
): Uint8Array | null {
  if (answers.length === 0) return null;
  const { width, height } = evidence;
  const covered = new Uint8Array(size.width * size.height);
  for (const a of answers) for (let p = 0; p < covered.length; p++) covered[p] = covered[p]! | a[p]!;
  const hull = hullsOf(roof, width, height);
  const open = Uint8Array.from(resample(covered, size, evidence), (on, q) =>
    Number(on && !roof[q] && hull[q] && !evidence.skyOrVegetation[q]),
  );
  const plain = Uint8Array.from(open, (on, q) => on & Number(!evidence.offMaterial?.[q]));
  const first = enclosedGaps(plain, roof, width, height, ENCLOSED);
  const roofAndFirst = Uint8Array.from(roof, (on, q) => on | first[q]!);
  const rest = Uint8Array.from(open, (on, q) => on & Number(!first[q]));
  const second = enclosedGaps(rest, roofAndFirst, width, height, 1);
  const kept = Uint8Array.from(first, (on, q) => on | second[q]!);
  const out = Uint8Array.from(resample(kept, evidence, size), (on, p) => on & covered[p]!);
  return out.includes(1) ? out : null;
}

/** The regions of `gap` that `roof` holds at least `share` of the edge of. */
function enclosedGaps(gap: Uint8Array, roof: Uint8Array, width: number, height: number, share: number) {
  const { label, sizes } = regionsOf(gap, width, height);
  const edge = new Float64Array(sizes.length),
    enclosed = new Float64Array(sizes.length);
  for (let q = 0; q < gap.length; q++) {
    const id = label[q]!;
    if (!id) continue;
    const x = q % width;
    for (const n of [x > 0 ? q - 1 : -1, x < width - 1 ? q + 1 : -1, q - width, q + width]) {
      if (n < 0 || n >= gap.length || gap[n]) continue;
      edge[id]!++;
      enclosed[id]! += roof[n] ? 1 : 0;
    }
  }
  const keep = Uint8Array.from(sizes, (_, id) => Number(id > 0 && enclosed[id]! >= share * edge[id]!));
  return Uint8Array.from(label, (id) => keep[id]!);
}

/** 1 inside the convex hull of each part of `region` (parts under MIN_PART_SHARE of the frame left out). */
function hullsOf(region: Uint8Array, width: number, height: number) {
  const { label, sizes } = regionsOf(region, width, height);
  const out = new Uint8Array(width * height);
  for (let id = 1; id < sizes.length; id++) {
    if (sizes[id]! < MIN_PART_SHARE * width * height) continue;
    // Each row's leftmost and rightmost pixel hold the part's hull.
    const points: [number, number][] = [];
    for (let y = 0; y < height; y++) {
      let lo = -1,
        hi = -1;
      for (let x = 0; x < width; x++) if (label[y * width + x] === id) ((lo = lo < 0 ? x : lo), (hi = x));
      if (lo >= 0) points.push([lo, y], [hi, y]);
    }
    const hull = convexHull(points);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) if (insideConvex(hull, x, y)) out[y * width + x] = 1;
  }
  return out;
}

/** Andrew's monotone chain: the hull's corners, counter-clockwise. */
function convexHull(points: [number, number][]) {
  const sorted = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o: [number, number], a: [number, number], b: [number, number]) =>
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const half = (pts: [number, number][]) => {
    const h: [number, number][] = [];
    for (const p of pts) {
      while (h.length >= 2 && cross(h[h.length - 2]!, h[h.length - 1]!, p) <= 0) h.pop();
      h.push(p);
    }
    h.pop();
    return h;
  };
  return [...half(sorted), ...half([...sorted].reverse())];
}

function insideConvex(hull: [number, number][], x: number, y: number) {
  if (hull.length < 3) return false;
  for (let i = 0; i < hull.length; i++) {
    const a = hull[i]!,
      b = hull[(i + 1) % hull.length]!;
    if ((b[0] - a[0]) * (y - a[1]) - (b[1] - a[1]) * (x - a[0]) < 0) return false;
  }
  return true;
}

/**
 * What the finder's evidence says of one candidate region (`seen`, at the evidence's size): shares
 * of it on sky or vegetation, off the material, on it.
 */
function judgeCandidate(seen: Uint8Array, evidence: RoofEvidence) {
  const { width, height } = evidence;
  let area = 0,
    skyOrVegetation = 0,
    off = 0,
    on = 0;
  for (let p = 0; p < seen.length; p++) {
    if (!seen[p]) continue;
    area++;
    skyOrVegetation += evidence.skyOrVegetation[p]!;
    off += evidence.offMaterial?.[p] ?? 0;
    on += evidence.material?.[p] ?? 0;
  }
  const n = Math.max(1, area);
  return { area: area / (width * height), skyOrVegetation: skyOrVegetation / n, off: off / n, on: on / n };
}

function isRoof(j: ReturnType<typeof judgeCandidate>) {
  return (
    j.area >= MIN_REGION_SHARE &&
    j.skyOrVegetation <= MAX_SKY_OR_VEGETATION &&
    j.off <= MAX_OFF_MATERIAL &&
    j.on >= MIN_ON_MATERIAL
  );
}

type Size = { width: number; height: number };

/** `mask` (at `from`'s size) at `to`'s size, each pixel from the nearest one: 1 where it is set. */
function resample(mask: Uint8Array, from: Size, to: Size): Uint8Array {
  const out = new Uint8Array(to.width * to.height);
  const columns = Int32Array.from({ length: to.width }, (_, x) =>
    Math.min(from.width - 1, Math.floor(((x + 0.5) * from.width) / to.width)),
  );
  for (let y = 0; y < to.height; y++) {
    const row = Math.min(from.height - 1, Math.floor(((y + 0.5) * from.height) / to.height)) * from.width;
    for (let x = 0; x < to.width; x++) if (mask[row + columns[x]!]) out[y * to.width + x] = 1;
  }
  return out;
}

/**
 * Lone roof taps spread over a region's parts: in each part (largest first) its deepest point
 * (farthest from its edge), then the deepest point outside a disc of that depth around the taps
 * so far, while it lies at least MIN_DEPTH_SHARE as deep as the first.
 */
function spreadTaps(region: Uint8Array, width: number, height: number): Tap[] {
  const { label, sizes } = regionsOf(region, width, height);
  const order = sizes
    .map((n, id) => ({ n, id }))
    .filter((p) => p.id > 0 && p.n >= MIN_PART_SHARE * width * height)
    .sort((a, b) => b.n - a.n);
  const taps: Tap[] = [];
  for (const { id } of order) {
    const depth = depthIn(label, id, width, height);
    let first = 0;
    for (let k = 0; k < PROMPTS_PER_PART && taps.length < MAX_PROMPTS; k++) {
      let best = -1;
      for (let p = 0; p < depth.length; p++) if (depth[p]! > 0 && (best < 0 || depth[p]! > depth[best]!)) best = p;
      if (best < 0) break;
      const d = depth[best]!;
      if (k === 0) first = d;
      else if (d < first * MIN_DEPTH_SHARE) break;
      const bx = best % width,
        by = (best - bx) / width;
      taps.push({ x: (bx + 0.5) / width, y: (by + 0.5) / height, label: 1 });
      const r = Math.max(d, first * 0.75);
      for (let y = Math.max(0, Math.floor(by - r)); y <= Math.min(height - 1, by + r); y++)
        for (let x = Math.max(0, Math.floor(bx - r)); x <= Math.min(width - 1, bx + r); x++)
          if ((x - bx) ** 2 + (y - by) ** 2 <= r * r) depth[y * width + x] = 0;
    }
  }
  return taps;
}
