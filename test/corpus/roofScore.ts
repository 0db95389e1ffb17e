import sharp from 'sharp';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { findRoofAutomatically } from '../../tasks/visualization_generate/roof/autoFind.ts';
import { deepestPoint, regionsOf } from '../../tasks/visualization_generate/roof/regions.ts';
import { renderMaterial } from '../../tasks/visualization_generate/render/composite.ts';
import { decodeForSegmenter } from '../../tasks/visualization_generate/photo.ts';
import type { Segmenter } from '../../core/segmenter/segmenter.ts';

/** A hand-drawn roof outline for one corpus photo: polygons of [x, y] in 0..1 of the image. */
interface PhotoMask {
  photo: string;
  note?: string;
  roof: [number, number][][];
  /** Parts inside the roof outline that are not roof (dormer faces, a chimney). */
  holes?: [number, number][][];
  /** Neither roof nor background: neighbours' roofs, which the finder may or may not take. */
  ignore?: [number, number][][];
}

export interface RoofScore {
  photo: string;
  refused?: string;
  /** Share of the true roof's pixels the rendering changed. */
  coverage?: number;
  /** Share of everything else (neither roof nor ignored) the rendering changed. */
  spill?: number;
  /** Time to find the roof once the photo's embedding exists (as a generate on a prepared photo). */
  findMs: number;
  /** Decoder runs the finding took. */
  decodes: number;
}

/** The workbench's ten photos, and a second set from public repositories kept to check the finder generalizes. */
export const MASK_SETS = {
  workbench: new URL('../fixtures/photo-masks/', import.meta.url),
  extra: new URL('../fixtures/photo-masks-extra/', import.meta.url),
};
/** Width the result is judged at: finer than the finder works at, so its edges count. */
const JUDGE_WIDTH = 800;

export function photoMasks(masksDir: URL = MASK_SETS.workbench): PhotoMask[] {
  return readdirSync(masksDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(new URL(f, masksDir), 'utf8')) as PhotoMask);
}

async function raster(polygons: [number, number][][], holes: [number, number][][], width: number, height: number) {
  const poly = (p: [number, number][], fill: string) =>
    `<polygon points="${p.map(([x, y]) => `${x * width},${y * height}`).join(' ')}" fill="${fill}"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#000"/>${polygons
    .map((p) => poly(p, '#fff'))
    .join('')}${holes.map((p) => poly(p, '#000')).join('')}</svg>`;
  return sharp(Buffer.from(svg)).extractChannel(0).raw().toBuffer();
}

/**
 * Finds the roof as a generate with no outline and no selection does (findRoofAutomatically, on
 * the photo's embedding computed first, as the embedding job does), paints a material with the
 * result, and counts which pixels changed inside and outside the true roof.
 */
export async function scorePhoto(
  photoPath: string,
  spec: PhotoMask,
  segmenter: Segmenter,
  overlayDir?: string,
): Promise<RoofScore> {
  const image = readFileSync(photoPath);
  const embedding = await segmenter.embed(await decodeForSegmenter(image));
  const started = performance.now();
  const found = await findRoofAutomatically(image, { segmenter, embedding });
  const findMs = performance.now() - started;
  const { decodes } = found;
  if ('refused' in found) return { photo: spec.photo, refused: found.refused, findMs, decodes };

  const { data, info } = await sharp(photoPath)
    .rotate()
    .resize({ width: JUDGE_WIDTH })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const before = Buffer.from(data);
  const photo = { data, width: info.width, height: info.height, channels: 3 as const };
  const after = renderMaterial(photo, found.mask, { name: 'Standing seam metal' }, '#2f4a3a');
  const roof = await raster(spec.roof, spec.holes ?? [], info.width, info.height);
  const ignore = await raster(spec.ignore ?? [], [], info.width, info.height);
  const classes = overlayDir ? Buffer.from(before) : null;
  let roofAll = 0,
    roofChanged = 0,
    restAll = 0,
    restChanged = 0;
  for (let p = 0; p < roof.length; p++) {
    const i = p * 3;
    const changed =
      Math.max(
        Math.abs(after[i]! - before[i]!),
        Math.abs(after[i + 1]! - before[i + 1]!),
        Math.abs(after[i + 2]! - before[i + 2]!),
      ) > 8;
    let mark: number[] | null = null;
    if (roof[p]! > 127) {
      roofAll++;
      roofChanged += Number(changed);
      mark = changed ? [0, 200, 0] : [0, 80, 255];
    } else if (ignore[p]! <= 127) {
      restAll++;
      restChanged += Number(changed);
      if (changed) mark = [255, 0, 0];
    }
    if (classes && mark) for (let k = 0; k < 3; k++) classes[i + k] = (classes[i + k]! + 2 * mark[k]!) / 3;
  }
  if (overlayDir) {
    await mkdir(overlayDir, { recursive: true });
    const outline = `<svg xmlns="http://www.w3.org/2000/svg" width="${info.width}" height="${info.height}">${spec.roof
      .map(
        (p) =>
          `<polygon points="${p.map(([x, y]) => `${x * info.width},${y * info.height}`).join(' ')}" fill="none" stroke="#ff00ff" stroke-width="2"/>`,
      )
      .join('')}</svg>`;
    await sharp(after, { raw: { width: info.width, height: info.height, channels: 3 } })
      .composite([{ input: Buffer.from(outline) }])
      .png()
      .toFile(join(overlayDir, `${spec.photo}.png`));
    // Green: roof changed; blue: roof missed; red: spill.
    await sharp(classes!, { raw: { width: info.width, height: info.height, channels: 3 } })
      .png()
      .toFile(join(overlayDir, `${spec.photo}.classes.png`));
  }
  return { photo: spec.photo, coverage: roofChanged / roofAll, spill: restChanged / restAll, findMs, decodes };
}

export async function scoreAll(
  corpusDir: string,
  segmenter: Segmenter,
  options: { overlayDir?: string; only?: string; masksDir?: URL } = {},
) {
  const out: RoofScore[] = [];
  for (const spec of photoMasks(options.masksDir)) {
    if (options.only && !spec.photo.includes(options.only)) continue;
    out.push(await scorePhoto(join(corpusDir, 'photos', spec.photo), spec, segmenter, options.overlayDir));
  }
  return out;
}

/** How a prompted selection (POST …/roof-selection as partners send it) did on one photo. */
export interface PromptedScore {
  photo: string;
  /** One tap on the largest roof plane. */
  tap: { coverage: number; spill: number };
  /** A box around the roof, then up to 3 corrective taps: the result after each round. */
  boxRounds: { coverage: number; spill: number; taps: number }[];
}

/**
 * Scores the two prompted modes partners use, through the real segmenter as the API runs it
 * (Segmenter.select: the decoder, then the mask cleaned): one tap on the largest roof plane, and
 * a box around the roof followed by up to 3 corrective taps, each on the centre of the largest
 * wrongly marked region (on missed roof: a `roof` tap; on spill: a `not_roof` tap), all taps sent
 * together each time, as the API asks. Judged at the selection's own size (1024 px on its longest side).
 */
export async function scorePrompted(
  segmenter: Segmenter,
  photoPath: string,
  spec: PhotoMask,
  overlayDir?: string,
): Promise<PromptedScore> {
  const photo = await decodeForSegmenter(readFileSync(photoPath));
  const embedding = await segmenter.embed(photo);
  const { width: w, height: h } = embedding;
  const roofPx = await raster(spec.roof, spec.holes ?? [], w, h);
  const ignorePx = await raster(spec.ignore ?? [], [], w, h);
  const roof = Uint8Array.from(roofPx, (v) => (v > 127 ? 1 : 0));
  const judge = (mask: Uint8Array) => {
    let roofAll = 0,
      roofHit = 0,
      restAll = 0,
      restHit = 0;
    for (let p = 0; p < roof.length; p++) {
      const on = mask[p]! > 127;
      if (roof[p]) (roofAll++, (roofHit += Number(on)));
      else if (ignorePx[p]! <= 127) (restAll++, (restHit += Number(on)));
    }
    return { coverage: roofHit / roofAll, spill: restHit / restAll };
  };
  const planes = regionsOf(roof, w, h);
  const largest = planes.sizes.indexOf(Math.max(...planes.sizes.slice(1)));
  const tap = judge(
    (await segmenter.select(embedding, { taps: [{ ...deepestPoint(planes.label, largest, w, h), label: 1 }] })).mask,
  );

  let x0 = w,
    y0 = h,
    x1 = 0,
    y1 = 0;
  for (let p = 0; p < roof.length; p++)
    if (roof[p]) {
      const x = p % w,
        y = (p - x) / w;
      ((x0 = Math.min(x0, x)), (x1 = Math.max(x1, x + 1)), (y0 = Math.min(y0, y)), (y1 = Math.max(y1, y + 1)));
    }
  const box = [x0 / w, y0 / h, x1 / w, y1 / h] as const;
  const taps: { x: number; y: number; label: 1 | 0 }[] = [];
  const boxRounds: PromptedScore['boxRounds'] = [];
  let mask: Uint8Array;
  for (;;) {
    mask = (await segmenter.select(embedding, { taps, box })).mask;
    const s = judge(mask);
    boxRounds.push({ ...s, taps: taps.length });
    if ((s.coverage >= 0.95 && s.spill <= 0.03) || taps.length === 3) break;
    const missed = Uint8Array.from(mask, (v, p) => (roof[p] && v <= 127 ? 1 : 0));
    const spill = Uint8Array.from(mask, (v, p) => (!roof[p] && ignorePx[p]! <= 127 && v > 127 ? 1 : 0));
    const [a, b] = [regionsOf(missed, w, h), regionsOf(spill, w, h)];
    const [aMax, bMax] = [Math.max(0, ...a.sizes.slice(1)), Math.max(0, ...b.sizes.slice(1))];
    if (!aMax && !bMax) break;
    const [r, label] = aMax >= bMax ? ([a, 1] as const) : ([b, 0] as const);
    taps.push({ ...deepestPoint(r.label, r.sizes.indexOf(Math.max(aMax, bMax)), w, h), label });
  }
  if (overlayDir) await writeSelectionOverlay(overlayDir, spec.photo, photo, { roof, ignorePx, mask, box, taps });
  return { photo: spec.photo, tap, boxRounds };
}

/**
 * The box and taps' last selection over the photo: green roof selected, blue roof missed, red
 * spill; the box in yellow, `roof` taps as green dots and `not_roof` taps as red ones.
 */
async function writeSelectionOverlay(
  overlayDir: string,
  name: string,
  photo: { data: Uint8Array; width: number; height: number },
  m: {
    roof: Uint8Array;
    ignorePx: Buffer;
    mask: Uint8Array;
    box: readonly number[];
    taps: { x: number; y: number; label: 1 | 0 }[];
  },
) {
  const { width: w, height: h } = photo;
  const out = Buffer.from(photo.data);
  for (let p = 0; p < m.roof.length; p++) {
    const on = m.mask[p]! > 127;
    const mark = m.roof[p] ? (on ? [0, 200, 0] : [0, 80, 255]) : on && m.ignorePx[p]! <= 127 ? [255, 0, 0] : null;
    if (mark) for (let k = 0; k < 3; k++) out[p * 3 + k] = (out[p * 3 + k]! + 2 * mark[k]!) / 3;
  }
  const [bx0, by0, bx1, by1] = m.box.map((v, i) => v * (i % 2 ? h : w));
  const marks = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect x="${bx0}" y="${by0}" width="${bx1! - bx0!}" height="${by1! - by0!}" fill="none" stroke="#ffd700" stroke-width="3"/>${m.taps
    .map(
      (t) =>
        `<circle cx="${t.x * w}" cy="${t.y * h}" r="8" fill="${t.label ? '#00ff00' : '#ff0000'}" stroke="#000" stroke-width="2"/>`,
    )
    .join('')}</svg>`;
  await mkdir(overlayDir, { recursive: true });
  await sharp(out, { raw: { width: w, height: h, channels: 3 } })
    .composite([{ input: Buffer.from(marks) }])
    .png()
    .toFile(join(overlayDir, `${name}.box-taps.png`));
}

const percent = (v: number | undefined) => (v === undefined ? '' : `${(v * 100).toFixed(1)} %`);

/** The issue's goals for the two scored modes, as shares of what may be painted or missed. */
export const ROOF_GOALS = { maxSpill: 0.03, autoCoverage: 0.85, boxCoverage: 0.95 } as const;

/** Automatic finding's scores as a Markdown table, with the count against the goal under it. */
export function automaticTable(results: RoofScore[]): string {
  const met = results.filter(
    (r) => !r.refused && r.coverage! >= ROOF_GOALS.autoCoverage && r.spill! <= ROOF_GOALS.maxSpill,
  );
  const spilled = results.filter((r) => !r.refused && r.spill! > ROOF_GOALS.maxSpill);
  return [
    '| photo | result | coverage | spill | decoder runs | ms after the embedding |',
    '|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.photo} | ${r.refused ? 'refused' : 'found'} | ${percent(r.coverage)} | ${percent(r.spill)} | ${r.decodes} | ${r.findMs.toFixed(0)} |`,
    ),
    '',
    `Coverage ≥ 85 % with spill ≤ 3 % on ${met.length} of ${results.length}; spill over 3 % on ${spilled.length}; refused ${results.filter((r) => r.refused).length}.`,
  ].join('\n');
}

/** One tap, and a box with each corrective tap, as a Markdown table, with the count against the goal under it. */
export function promptedTable(results: PromptedScore[]): string {
  const last = results.map((r) => r.boxRounds.at(-1)!);
  const met = last.filter((s) => s.coverage >= ROOF_GOALS.boxCoverage && s.spill <= ROOF_GOALS.maxSpill).length;
  const covered = last.filter((s) => s.coverage >= 0.9).length;
  const rounds = (r: PromptedScore) =>
    r.boxRounds.map((s) => `${percent(s.coverage)} / ${percent(s.spill)}`).join(' → ');
  return [
    '| photo | one tap (coverage / spill) | box, then each corrective tap (coverage / spill) |',
    '|---|---|---|',
    ...results.map((r) => `| ${r.photo} | ${percent(r.tap.coverage)} / ${percent(r.tap.spill)} | ${rounds(r)} |`),
    '',
    `Box + ≤ 3 taps: coverage ≥ 95 % with spill ≤ 3 % on ${met} of ${last.length}; coverage ≥ 90 % on ${covered}.`,
  ].join('\n');
}

/** Box and taps' final counts, for floors a test holds. */
export function promptedCounts(results: PromptedScore[]) {
  const last = results.map((r) => r.boxRounds.at(-1)!);
  return {
    goalMet: last.filter((s) => s.coverage >= ROOF_GOALS.boxCoverage && s.spill <= ROOF_GOALS.maxSpill).length,
    covered90: last.filter((s) => s.coverage >= 0.9).length,
  };
}

const TILE = { width: 480, height: 360 };

/** One tile of a sheet: an image (or a grey field) fitted into TILE, with a caption across its top. */
async function sheetTile(image: string | Buffer | null, caption: string): Promise<Buffer> {
  const field = image
    ? await sharp(image)
        .resize({ ...TILE, fit: 'contain', background: '#202020' })
        .removeAlpha()
        .png()
        .toBuffer()
    : await sharp({ create: { ...TILE, channels: 3, background: '#505050' } })
        .png()
        .toBuffer();
  const text = caption.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const band = `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE.width}" height="28"><rect width="100%" height="100%" fill="#000" opacity="0.7"/><text x="8" y="19" font-family="sans-serif" font-size="15" fill="#fff">${text}</text></svg>`;
  return sharp(field)
    .composite([{ input: Buffer.from(band), top: 0, left: 0 }])
    .png()
    .toBuffer();
}

/**
 * The before/after sheet of a photo set, to look at every output in one place
 * (`<overlayDir>/<set>-sheet.png`): a row per photo with the photo, its automatic rendering (or the
 * refusal), the automatic map (green roof painted, blue roof missed, red spill) and the box-and-taps
 * selection map. Reads the overlays scorePhoto and scorePrompted wrote.
 */
export async function writeBeforeAfterSheet(
  overlayDir: string,
  setName: string,
  corpusDir: string,
  auto: RoofScore[],
  prompted: PromptedScore[],
) {
  const rows: Buffer[][] = [];
  for (const a of auto) {
    const p = prompted.find((x) => x.photo === a.photo);
    const last = p?.boxRounds.at(-1);
    const file = (suffix: string) => join(overlayDir, `${a.photo}${suffix}`);
    rows.push([
      await sheetTile(
        await sharp(join(corpusDir, 'photos', a.photo))
          .rotate()
          .toBuffer(),
        a.photo,
      ),
      a.refused
        ? await sheetTile(null, `automatic: refused (${a.refused.split(';')[0]!.slice(0, 40)}…)`)
        : await sheetTile(file('.png'), `automatic: ${percent(a.coverage)} covered, ${percent(a.spill)} spill`),
      a.refused
        ? await sheetTile(null, 'no map')
        : await sheetTile(file('.classes.png'), 'green painted, blue missed, red spill'),
      last
        ? await sheetTile(
            file('.box-taps.png'),
            `box + ${last.taps} taps: ${percent(last.coverage)} / ${percent(last.spill)}`,
          )
        : await sheetTile(null, 'not prompted'),
    ]);
  }
  const columns = 4;
  await sharp({
    create: { width: TILE.width * columns, height: TILE.height * rows.length, channels: 3, background: '#000' },
  })
    .composite(rows.flatMap((row, r) => row.map((input, c) => ({ input, left: c * TILE.width, top: r * TILE.height }))))
    .png()
    .toFile(join(overlayDir, `${setName}-sheet.png`));
}
