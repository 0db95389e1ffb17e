import sharp from 'sharp';
import { ERRORS, conflict, notFound, validation } from '../../../core/errors.ts';
import { newId } from '../../../core/ids.ts';
import type { RoofTap } from '../../../core/roofOutline.ts';
import { storedEmbeddingSize } from '../../../core/segmenter/embeddingBlob.ts';
import type { Segmenter, StoredEmbedding } from '../../../core/segmenter/segmenter.ts';
import { blobKey, readBlobBytes, type BlobStore } from '../../../storage/blobs.ts';
import type { Sql } from '../../../storage/db.ts';
import { enqueueJob, findKeyedJob } from '../../../storage/jobs.ts';
import { JOB_POLICIES } from '../../../storage/jobPolicies.ts';
import {
  findVisualization,
  saveRoofSelection,
  type StoredRoofSelection,
  type VisualizationRow,
} from '../../../storage/visualizations.ts';

/** How long a partner is asked to wait while the photo's embedding is computed (a few seconds of CPU). */
const EMBEDDING_RETRY_AFTER_SECONDS = 2;

/**
 * Stored embeddings read lately, newest last (2 MB each): a partner taps several times on one
 * photo. Keys name one immutable object each.
 */
const EMBEDDINGS_KEPT = 4;
const embeddings = new Map<string, Promise<StoredEmbedding>>();

function storedEmbedding(blobs: BlobStore, key: string): Promise<StoredEmbedding> {
  let found = embeddings.get(key);
  if (found) embeddings.delete(key);
  else found = readBlobBytes(blobs, key).then((bytes) => ({ key, bytes, ...storedEmbeddingSize(bytes) }));
  found.catch(() => embeddings.delete(key));
  embeddings.set(key, found);
  while (embeddings.size > EMBEDDINGS_KEPT) embeddings.delete(embeddings.keys().next().value!);
  return found;
}

/** The row's embedding, or the answer that says why there is none yet (and starts it when nobody has). */
async function requireEmbedding(sql: Sql, blobs: BlobStore, row: VisualizationRow): Promise<StoredEmbedding> {
  if (row.embedding_state === 'failed') throw ERRORS.photoUnusable(row.embedding_error ?? 'The photo cannot be read');
  if (row.embedding_state === 'ready' && row.embedding_key) return storedEmbedding(blobs, row.embedding_key);
  // Rows created before embeddings existed, or whose job was lost, get theirs now.
  const payload = { workspace_id: row.workspace_id, visualization_id: row.id };
  if (!(await findKeyedJob(sql, JOB_POLICIES.visualization_embed.jobKey!(payload)))) {
    await enqueueJob(sql, 'visualization_embed', payload);
  }
  throw ERRORS.roofFinderWarming(EMBEDDING_RETRY_AFTER_SECONDS);
}

export interface RoofSelectionInput {
  points?: RoofTap[];
  box?: [number, number, number, number];
}

/**
 * Finds the roof where the partner pointed: the decoder, in the segmenter's thread, answers a
 * mask for the taps and box on the photo's stored embedding; the mask is kept as a PNG and the
 * selection on the row, for the next generate to paint. Nothing here waits on the event loop
 * for more than a PNG's encoding.
 */
export async function selectRoof(
  deps: { sql: Sql; blobs: BlobStore; segmenter: Segmenter },
  ws: string,
  id: string,
  input: RoofSelectionInput,
): Promise<StoredRoofSelection> {
  const { sql, blobs, segmenter } = deps;
  const row = await findVisualization(sql, ws, id);
  if (!row) throw notFound('Visualization');
  if (row.status === 'processing')
    throw conflict('Visualization is being generated; select the roof before generating', { status: row.status });
  if (row.status === 'completed') {
    throw conflict('Visualization is already completed; create a new visualization to select another roof', {
      status: row.status,
    });
  }
  const embedding = await requireEmbedding(sql, blobs, row);
  const points = input.points ?? [];
  const selection = await segmenter.select(embedding, {
    taps: points.map((p) => ({ x: p.x, y: p.y, label: p.label === 'roof' ? 1 : 0 })),
    box: input.box ?? null,
  });
  if (selection.outline.length === 0) {
    throw validation('Nothing was selected where you pointed', {
      issues: [
        {
          location: 'body',
          path: 'points',
          message:
            'the taps and box found no region; tap on the roof itself with label "roof", or draw a box around the whole roof',
        },
      ],
    });
  }
  const maskKey = blobKey(ws, 'visualizations', id, `roof-selection-${newId('sel')}.png`);
  const png = await sharp(selection.mask, { raw: { width: selection.width, height: selection.height, channels: 1 } })
    .png({ compressionLevel: 6 })
    .toBuffer();
  await blobs.put(maskKey, png, 'image/png');
  const stored: StoredRoofSelection = {
    points,
    box: input.box ?? null,
    outline: selection.outline,
    mask_key: maskKey,
    area_share: Math.round(selection.areaShare * 10000) / 10000,
    created_at: new Date().toISOString(),
  };
  const saved = await saveRoofSelection(sql, ws, id, stored);
  if (!saved) {
    await blobs.delete(maskKey);
    throw conflict('Visualization changed while the roof was being selected; fetch it and try again');
  }
  // Earlier selections' masks stay: a replayed answer still points at its own.
  return stored;
}
