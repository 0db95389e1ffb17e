import sharp from 'sharp';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { findRoof, ROOF_ANALYSIS_WIDTH } from '../../tasks/visualization_generate/roof-mask.ts';
import { renderMaterial } from '../../tasks/visualization_generate/render/composite.ts';

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
  findMs: number;
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
 * Runs the finder as the local provider does (on the photo shrunk to the analysis width), paints
 * a material with the result, and counts which pixels changed inside and outside the true roof.
 */
export async function scorePhoto(photoPath: string, spec: PhotoMask, overlayDir?: string): Promise<RoofScore> {
  const small = await sharp(photoPath)
    .rotate()
    .resize({ width: ROOF_ANALYSIS_WIDTH })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const started = performance.now();
  const found = findRoof({ data: small.data, width: small.info.width, height: small.info.height, channels: 3 });
  const findMs = performance.now() - started;
  if ('refused' in found) return { photo: spec.photo, refused: found.refused, findMs };

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
  return { photo: spec.photo, coverage: roofChanged / roofAll, spill: restChanged / restAll, findMs };
}

export async function scoreAll(
  corpusDir: string,
  options: { overlayDir?: string; only?: string; masksDir?: URL } = {},
) {
  const out: RoofScore[] = [];
  for (const spec of photoMasks(options.masksDir)) {
    if (options.only && !spec.photo.includes(options.only)) continue;
    out.push(await scorePhoto(join(corpusDir, 'photos', spec.photo), spec, options.overlayDir));
  }
  return out;
}
