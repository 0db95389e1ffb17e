import sharp from 'sharp';
import { PermanentError } from '../../../core/errors.ts';
import type { VisualizationRow } from '../../../storage/visualizations.ts';
import { outlineMaskSize, rasterizeOutline, type Mask } from '../mask.ts';
import type { RawRgb } from '../photo.ts';
import type { RoofOutline } from '../../../core/roofOutline.ts';
import { findRoofAutomatically, type RoofModel } from './autoFind.ts';
import { readBlobBytes, type BlobStore } from '../../../storage/blobs.ts';
import type { Segmenter, StoredEmbedding } from '../../../core/segmenter/segmenter.ts';
import { storedEmbeddingSize } from '../../../core/segmenter/embeddingBlob.ts';

/**
 * The roof a generate paints, from the partner's latest word on it: the roof_outline sent, else
 * the latest roof selection's mask, else the roof found with no input (autoFind.ts), which
 * refuses by asking for one tap when it finds none it trusts.
 */
export async function roofMaskFor(
  deps: { blobs: BlobStore; segmenter: Segmenter },
  row: Pick<VisualizationRow, 'roof_outline' | 'roof_selection' | 'embedding_state' | 'embedding_key'>,
  original: Buffer,
  photo: RawRgb,
): Promise<Mask> {
  const { blobs, segmenter } = deps;
  if (row.roof_outline) return outlineRoof(row.roof_outline)(photo);
  if (row.roof_selection) return maskFromPng(await readBlobBytes(blobs, row.roof_selection.mask_key));
  // A photo that could not be embedded is the colour finder's alone. One not embedded yet (a generate
  // right after create) is embedded here: the segmenter shares the embedding job's computation in
  // this process, or keeps this one for the job (docs/decisions/visualizer.md).
  if (row.embedding_state === 'failed') return foundRoof(original, null)();
  const embedding =
    row.embedding_state === 'ready' && row.embedding_key ? await storedEmbedding(blobs, row.embedding_key) : null;
  return foundRoof(original, { segmenter, embedding })();
}

async function storedEmbedding(blobs: BlobStore, key: string): Promise<StoredEmbedding> {
  const bytes = await readBlobBytes(blobs, key);
  return { key, bytes, ...storedEmbeddingSize(bytes) };
}

/** A generate's roof from a partner's outline, drawn at the photo's aspect. */
export function outlineRoof(outline: RoofOutline) {
  return async (photo: RawRgb): Promise<Mask> => {
    const { width, height } = outlineMaskSize(photo);
    return rasterizeOutline(outline, width, height);
  };
}

/**
 * A generate's roof found with no input from the partner (autoFind.ts); its refusal asks for one
 * tap. With no model (null) it is the colour finder's alone.
 */
export function foundRoof(image: Buffer, model: RoofModel | null) {
  return async (): Promise<Mask> => {
    const found = await findRoofAutomatically(image, model);
    if ('refused' in found) throw new PermanentError(found.refused);
    return found.mask;
  };
}

async function maskFromPng(png: Buffer): Promise<Mask> {
  const { data, info } = await sharp(png).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
