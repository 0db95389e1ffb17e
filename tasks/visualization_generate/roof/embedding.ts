import type { BlobStore } from '../../../storage/blobs.ts';
import { blobKey } from '../../../storage/blobs.ts';
import type { Sql } from '../../../storage/db.ts';
import { keepOriginal, markEmbeddingReady, type VisualizationRow } from '../../../storage/visualizations.ts';
import { EMBEDDING_CONTENT_TYPE, encodeEmbedding } from '../../../core/segmenter/embeddingBlob.ts';
import type { Segmenter } from '../../../core/segmenter/segmenter.ts';
import { inspectImage } from '../inspectImage.ts';
import { loadOriginal } from '../original.ts';
import { decodeForSegmenter } from '../photo.ts';

export interface EmbedDeps {
  sql: Sql;
  blobs: BlobStore;
  segmenter: Segmenter;
  allowPrivate: boolean;
}

/**
 * Computes and stores the row's embedding from its original, keeping the original too when it was
 * downloaded, so the photo a generate paints is the photo the roof was selected on. Throws a
 * PermanentError when the original is not a usable photo.
 */
export async function embedPhoto(
  deps: EmbedDeps,
  row: Pick<VisualizationRow, 'id' | 'workspace_id' | 'original_image_key' | 'original_image_url'>,
): Promise<void> {
  const { sql, blobs, segmenter } = deps;
  const ws = row.workspace_id;
  const original = await loadOriginal(blobs, row, deps.allowPrivate);
  const info = await inspectImage(original.bytes);
  if (!original.stored) {
    const key = blobKey(ws, 'visualizations', row.id, 'original');
    await blobs.put(key, original.bytes, info.contentType);
    await keepOriginal(sql, ws, row.id, key, info.contentType);
  }
  const embedding = await segmenter.embed(await decodeForSegmenter(original.bytes));
  const key = blobKey(ws, 'visualizations', row.id, 'embedding');
  await blobs.put(key, encodeEmbedding(embedding), EMBEDDING_CONTENT_TYPE);
  await markEmbeddingReady(sql, ws, row.id, key);
}
