import sharp from 'sharp';
import { PermanentError } from '../../../core/errors.ts';
import type { VisualizationRow } from '../../../storage/visualizations.ts';
import { outlineMaskSize, rasterizeOutline, type Mask } from '../mask.ts';
import { readBlob } from '../original.ts';
import { decodeForSegmenter, type RawRgb } from '../photo.ts';
import type { RoofOutline } from '../../../core/roofOutline.ts';
import type { Segmenter } from '../../../core/segmenter/segmenter.ts';
import { findRoofAutomatically } from './autoFind.ts';
import { embeddingFor, type EmbedDeps } from './embedding.ts';

/**
 * The roof a generate paints, from the partner's latest word on it: the roof_outline sent, else
 * the latest roof selection's mask, else the roof the model finds on its own (autoFind.ts), which
 * refuses by asking for one tap when it finds none it trusts.
 */
export async function roofMaskFor(
  deps: EmbedDeps,
  row: VisualizationRow,
  original: { bytes: Buffer; stored: boolean },
  photo: RawRgb,
): Promise<Mask> {
  if (row.roof_outline) return outlineRoof(row.roof_outline)(photo);
  if (row.roof_selection) return maskFromPng(await readBlob(deps.blobs, row.roof_selection.mask_key));
  const { embedding } = await embeddingFor(deps, row, original);
  const found = await findRoofAutomatically(deps.segmenter, embedding, original.bytes);
  if ('refused' in found) throw new PermanentError(found.refused);
  return found.mask;
}

/** A generate's roof from a partner's outline, drawn at the photo's aspect. */
export function outlineRoof(outline: RoofOutline) {
  return async (photo: RawRgb): Promise<Mask> => {
    const { width, height } = outlineMaskSize(photo);
    return rasterizeOutline(outline, width, height);
  };
}

/** A generate's roof found by the model alone in a photo nobody stored (benches and tests of the renderers). */
export function foundRoof(segmenter: Segmenter, image: Buffer) {
  return async (): Promise<Mask> => {
    const embedding = await segmenter.embed(await decodeForSegmenter(image));
    const found = await findRoofAutomatically(segmenter, embedding, image);
    if ('refused' in found) throw new PermanentError(found.refused);
    return found.mask;
  };
}

async function maskFromPng(png: Buffer): Promise<Mask> {
  const { data, info } = await sharp(png).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
