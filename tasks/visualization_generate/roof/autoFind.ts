import type { Candidate, Embedding, Segmenter, StoredEmbedding, Tap } from '../../../core/segmenter/segmenter.ts';
import { cleanMask } from '../../../core/segmenter/maskCleanup.ts';
import type { Mask } from '../mask.ts';
import { decodeForSegmenter, decodePhotoSmall } from '../photo.ts';
import { examineRoof, ROOF_ANALYSIS_WIDTH, type RoofEvidence } from '../roofMask.ts';

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

/** Prompts spread over the colour finder's roof: a few per part, each a lone tap. */
const MAX_PROMPTS = 4;
const PROMPTS_PER_PART = 2;
/** How many times an answer holding what is not roof is asked again with one more `not_roof` tap. */
const CORRECTIONS = 2;
/** Smallest region taken (share of the frame): a roof is never a speck; mulch and flower beds often take the roof's colour. */
const MIN_REGION_SHARE = 0.02;
/** Parts of the colour finder's roof smaller than this share of the frame give no prompt (chimney tops, flower beds). */
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
 * texture finder (roofMask.ts) gives the evidence, the segmenter the shapes: the finder's roof
 * (or, when it refuses, the material it grew) is prompted with lone taps spread over its parts;
 * the decoder's answer to a lone tap is one region it sees as an object (a plane, a roof, or the
 * whole house), and a region is taken only when the finder's independent evidence says it is roof
 * (hardly any sky, vegetation or colour the material does not take, and mostly that material).
 * The answer is the finder's roof joined with the regions taken; with none taken it is the
 * finder's own answer (so the model never makes it refuse), and a refusal asks for one tap.
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
  const size = { width: embedding.width, height: embedding.height };
  const { taken, decodes } = await promptedRegions(model.segmenter, embedding, size, evidence, start);
  if (taken.length === 0) {
    return 'mask' in found ? { ...found, decodes, embedded } : { ...refused(found.refused), decodes, embedded };
  }
  const union = new Uint8Array(size.width * size.height);
  if ('mask' in found) paintScaled(union, size, found.mask);
  for (const c of taken) for (let p = 0; p < union.length; p++) union[p] = union[p]! | c.mask[p]!;
  cleanMask(union, size.width, size.height, { maxHoleShare: 0.0004, minIslandShare: 0.0015 });
  for (let p = 0; p < union.length; p++) union[p] = union[p] ? 255 : 0;
  return { mask: { data: union, ...size }, decodes, embedded };
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
  const taken: Candidate[] = [];
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
      const judged = judgeCandidate(c.mask, size, evidence);
      if (isRoof(judged)) return void taken.push(c);
      if (round === CORRECTIONS || asked.some((m) => alike(m, c.mask))) return;
      asked.push(c.mask);
      const foreign = foreignTap(c.mask, size, evidence);
      if (foreign) next.push([...prompts[i]!, foreign]);
    });
    prompts = next;
  }
  return { taken, decodes };
}

/** Whether two masks of one size mostly agree (intersection over union above 0.9). */
export function alike(a: Uint8Array, b: Uint8Array) {
  let both = 0,
    either = 0;
  for (let p = 0; p < a.length; p++) ((both += a[p]! & b[p]!), (either += a[p]! | b[p]!));
  return both > 0.9 * either;
}

/** A `not_roof` tap at the deepest point of the largest part of `mask` the evidence calls foreign (not the material). */
export function foreignTap(mask: Uint8Array, size: { width: number; height: number }, evidence: RoofEvidence): Tap | null {
  const { width, height } = evidence;
  const foreign = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const sy = Math.min(size.height - 1, Math.floor(((y + 0.5) * size.height) / height));
    for (let x = 0; x < width; x++) {
      const sx = Math.min(size.width - 1, Math.floor(((x + 0.5) * size.width) / width));
      const p = y * width + x;
      if (!mask[sy * size.width + sx] || evidence.material?.[p]) continue;
      foreign[p] = evidence.skyOrVegetation[p]! | (evidence.offMaterial?.[p] ?? 0);
    }
  }
  const { label, sizes } = parts(foreign, width, height);
  let largest = 0;
  for (let id = 1; id < sizes.length; id++) if (sizes[id]! > (sizes[largest] ?? 0)) largest = id;
  if (!largest || sizes[largest]! < MIN_PART_SHARE * width * height) return null;
  const depth = chamfer(label, largest, width, height);
  let best = 0;
  for (let p = 0; p < depth.length; p++) if (depth[p]! > depth[best]!) best = p;
  return { x: ((best % width) + 0.5) / width, y: (Math.floor(best / width) + 0.5) / height, label: 0 };
}

/** What the finder's evidence says of one candidate region: shares of it on sky or vegetation, off the material, on it. */
export function judgeCandidate(mask: Uint8Array, size: { width: number; height: number }, evidence: RoofEvidence) {
  const { width, height } = evidence;
  let area = 0,
    skyOrVegetation = 0,
    off = 0,
    on = 0;
  for (let y = 0; y < height; y++) {
    const sy = Math.min(size.height - 1, Math.floor(((y + 0.5) * size.height) / height));
    for (let x = 0; x < width; x++) {
      const sx = Math.min(size.width - 1, Math.floor(((x + 0.5) * size.width) / width));
      if (!mask[sy * size.width + sx]) continue;
      const p = y * width + x;
      area++;
      skyOrVegetation += evidence.skyOrVegetation[p]!;
      off += evidence.offMaterial?.[p] ?? 0;
      on += evidence.material?.[p] ?? 0;
    }
  }
  const n = Math.max(1, area);
  return { area: area / (width * height), skyOrVegetation: skyOrVegetation / n, off: off / n, on: on / n };
}

export function isRoof(j: ReturnType<typeof judgeCandidate>) {
  return (
    j.area >= MIN_REGION_SHARE &&
    j.skyOrVegetation <= MAX_SKY_OR_VEGETATION &&
    j.off <= MAX_OFF_MATERIAL &&
    j.on >= MIN_ON_MATERIAL
  );
}

/** ORs a mask of another size into `out` (nearest pixel). */
function paintScaled(out: Uint8Array, size: { width: number; height: number }, mask: Mask) {
  for (let y = 0; y < size.height; y++) {
    const my = Math.min(mask.height - 1, Math.floor(((y + 0.5) * mask.height) / size.height));
    for (let x = 0; x < size.width; x++) {
      const mx = Math.min(mask.width - 1, Math.floor(((x + 0.5) * mask.width) / size.width));
      if (mask.data[my * mask.width + mx]) out[y * size.width + x] = 1;
    }
  }
}

/**
 * Lone roof taps spread over a region's parts: in each part (largest first) its deepest point
 * (farthest from its edge), then the deepest point outside a disc of that depth around the taps
 * so far, while it lies at least MIN_DEPTH_SHARE as deep as the first.
 */
export function spreadTaps(region: Uint8Array, width: number, height: number): Tap[] {
  const { label, sizes } = parts(region, width, height);
  const order = sizes
    .map((n, id) => ({ n, id }))
    .filter((p) => p.id > 0 && p.n >= MIN_PART_SHARE * width * height)
    .sort((a, b) => b.n - a.n);
  const taps: Tap[] = [];
  for (const { id } of order) {
    const depth = chamfer(label, id, width, height);
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

/** Labels of the 4-connected parts of `m` (non-zero = set), and each part's size. */
function parts(m: Uint8Array, w: number, h: number) {
  const label = new Int32Array(w * h);
  const sizes = [0];
  const stack: number[] = [];
  for (let s = 0; s < m.length; s++) {
    if (!m[s] || label[s]) continue;
    const id = sizes.length;
    let n = 0;
    label[s] = id;
    stack.push(s);
    while (stack.length) {
      const p = stack.pop()!;
      n++;
      const x = p % w;
      for (const q of [x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, p - w, p + w]) {
        if (q >= 0 && q < m.length && m[q] && !label[q]) ((label[q] = id), stack.push(q));
      }
    }
    sizes.push(n);
  }
  return { label, sizes };
}

/** Each pixel of part `id`: its distance to the part's edge (two-pass chamfer, pixels); 0 elsewhere. */
function chamfer(label: Int32Array, id: number, w: number, h: number) {
  const d = new Float32Array(w * h);
  for (let p = 0; p < d.length; p++) d[p] = label[p] === id ? 1e9 : 0;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const p = y * w + x;
      if (d[p]) d[p] = Math.min(d[p]!, x ? d[p - 1]! + 1 : 1, y ? d[p - w]! + 1 : 1);
    }
  for (let y = h - 1; y >= 0; y--)
    for (let x = w - 1; x >= 0; x--) {
      const p = y * w + x;
      if (d[p]) d[p] = Math.min(d[p]!, x < w - 1 ? d[p + 1]! + 1 : 1, y < h - 1 ? d[p + w]! + 1 : 1);
    }
  return d;
}
