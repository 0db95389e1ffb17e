import type { BlobStore } from '../../../storage/blobs.ts';
import { blobKey } from '../../../storage/blobs.ts';
import type { Sql } from '../../../storage/db.ts';
import { keepOriginal, markEmbeddingReady, type VisualizationRow } from '../../../storage/visualizations.ts';
import { decodeEmbedding, EMBEDDING_CONTENT_TYPE, encodeEmbedding } from '../../../core/segmenter/embeddingBlob.ts';
import type { Embedding, Segmenter } from '../../../core/segmenter/segmenter.ts';
import { inspectImage } from '../inspect-image.ts';
import { loadOriginal, readBlob } from '../original.ts';
import { decodeForSegmenter } from '../photo.ts';

export interface EmbedDeps {
  sql: Sql;
  blobs: BlobStore;
  segmenter: Segmenter;
  allowPrivate: boolean;
}

/**
 * Embeddings being computed in this process, by row: a generate that needs the embedding while
 * the row's visualization_embed job computes it waits for that one instead of computing it again.
 */
const computing = new Map<string, Promise<Embedding>>();

/**
 * The row's embedding: the stored one, or computed now from its original (kept too when it was
 * downloaded, so the photo painted later is the photo the roof was found on) and stored for every
 * later prompt. Throws a PermanentError when the original is not a usable photo.
 */
export async function embeddingFor(
  deps: EmbedDeps,
  row: Pick<
    VisualizationRow,
    'id' | 'workspace_id' | 'original_image_key' | 'original_image_url' | 'embedding_state' | 'embedding_key'
  >,
  /** The original when the caller has it already (the generate task). */
  loaded?: { bytes: Buffer; stored: boolean },
): Promise<{ embedding: Embedding; photo: Buffer }> {
  const { sql, blobs, segmenter } = deps;
  const ws = row.workspace_id;
  const original = loaded ?? (await loadOriginal(blobs, row, deps.allowPrivate));
  if (row.embedding_state === 'ready' && row.embedding_key) {
    return { embedding: decodeEmbedding(await readBlob(blobs, row.embedding_key)), photo: original.bytes };
  }
  const rowKey = `${ws}/${row.id}`;
  let embedding = computing.get(rowKey);
  if (!embedding) {
    embedding = (async () => {
      const info = await inspectImage(original.bytes);
      if (!original.stored) {
        const key = blobKey(ws, 'visualizations', row.id, 'original');
        await blobs.put(key, original.bytes, info.contentType);
        await keepOriginal(sql, ws, row.id, key, info.contentType);
      }
      const computed = await segmenter.embed(await decodeForSegmenter(original.bytes));
      const key = blobKey(ws, 'visualizations', row.id, 'embedding');
      await blobs.put(key, encodeEmbedding(computed), EMBEDDING_CONTENT_TYPE);
      await markEmbeddingReady(sql, ws, row.id, key);
      return computed;
    })().finally(() => computing.delete(rowKey));
    computing.set(rowKey, embedding);
  }
  return { embedding: await embedding, photo: original.bytes };
}
