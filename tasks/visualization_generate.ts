import sharp from 'sharp';
import type { TaskFactory } from './context.ts';
import { PermanentError } from '../core/errors.ts';
import type { Sql } from '../storage/db.ts';
import { blobKey, type BlobStore } from '../storage/blobs.ts';
import {
  completeVisualization,
  failVisualization,
  findVisualization,
  type VisualizationRow,
} from '../storage/visualizations.ts';
import { settleAttempt } from '../storage/visualizationAttempts.ts';
import { fetchImage } from './visualization_generate/fetch-image.ts';
import { inspectImage } from './visualization_generate/inspect-image.ts';
import { promptFor, providerFor } from './visualization_generate/provider.ts';

async function readBlob(blobs: BlobStore, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await blobs.get(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Both moves settle the reserved attempt with the row, so billing and the row never disagree. */
async function settle(
  sql: Sql,
  blobs: BlobStore,
  row: VisualizationRow,
  outcome:
    | { ok: true; originalKey: string; originalType: string; generatedKey: string; generatedType: string }
    | { ok: false; error: string },
) {
  const { workspace_id: ws, id } = row;
  await sql.begin(async (tx) => {
    if (outcome.ok) {
      if (await completeVisualization(tx, blobs, ws, id, outcome)) await settleAttempt(tx, ws, id, 'succeeded');
    } else if (await failVisualization(tx, blobs, ws, id, outcome.error)) {
      await settleAttempt(tx, ws, id, 'released');
    }
  });
}

/**
 * Renders one visualization: loads the original (the stored upload, or the partner's URL
 * through the SSRF guard), checks it is a bounded photo, asks the provider for the new roof,
 * stores both images and completes the row. Bad input fails the row for good and releases the
 * billable attempt; infrastructure errors are retried by the queue, and the failure of the
 * last attempt fails the row and releases the attempt in the same transaction (migration 14),
 * so no row stays processing and support staff can retry the job.
 */
const visualizationGenerate: TaskFactory<'visualization_generate'> = ({ sql, config, logger, blobs }) => {
  // One libvips thread per image and no operation cache: the worker runs several jobs at once
  // and its memory, not its speed, is the limit.
  sharp.concurrency(1);
  sharp.cache(false);
  const render = providerFor(config);

  return async (payload) => {
    const { workspace_id: ws, visualization_id: id } = payload;
    const row = await findVisualization(sql, ws, id);
    // Settled already: a repeated or superseded job has nothing to do.
    if (row?.status !== 'processing') return;
    try {
      const original = row.original_image_key
        ? { bytes: await readBlob(blobs, row.original_image_key) }
        : await fetchImage(row.original_image_url!, { allowPrivate: config.IMAGE_FETCH_ALLOW_PRIVATE });
      const info = await inspectImage(original.bytes);
      if (!row.color?.hex_code)
        throw new PermanentError('No colour with a hex code is selected; choose a color_id from the catalog');
      const color = { name: row.color.name, hex: row.color.hex_code };
      const generated = await render({
        image: original.bytes,
        color,
        material: row.material,
        shape: row.shape,
        prompt: promptFor({ color, material: row.material, shape: row.shape }),
      });
      const originalKey = row.original_image_key ?? blobKey(ws, 'visualizations', id, 'original');
      if (!row.original_image_key) await blobs.put(originalKey, original.bytes, info.contentType);
      const generatedKey = blobKey(ws, 'visualizations', id, 'generated');
      await blobs.put(generatedKey, generated.bytes, generated.contentType);
      const images = {
        originalKey,
        originalType: info.contentType,
        generatedKey,
        generatedType: generated.contentType,
      };
      await settle(sql, blobs, row, { ok: true, ...images });
    } catch (err) {
      if (!(err instanceof PermanentError)) throw err;
      logger.warn({ visualization_id: id, err: err.message }, 'visualization failed');
      await settle(sql, blobs, row, { ok: false, error: err.message });
    }
  };
};
export default visualizationGenerate;
