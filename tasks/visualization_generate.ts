import sharp from 'sharp';
import type { TaskFactory } from './context.ts';
import { PermanentError } from '../core/errors.ts';
import { blobKey } from '../storage/blobs.ts';
import { findVisualization } from '../storage/visualizations.ts';
import { attemptFailed, settleGeneration } from '../storage/visualizationGeneration.ts';
import { loadOriginal } from './visualization_generate/original.ts';
import { roofMaskFor } from './visualization_generate/roof/findRoof.ts';
import { inspectImage } from './visualization_generate/inspectImage.ts';
import { generateImage } from './visualization_generate/generateImage.ts';
import { ModelRefusedError, ModelUnavailableError } from './visualization_generate/providers/provider.ts';
import { providerFor } from './visualization_generate/providers/providerFor.ts';

/**
 * Renders one visualization: loads the original (the stored upload, or the partner's URL
 * through the SSRF guard), checks it is a bounded photo, has the provider draw the new roof and
 * keeps only that roof (generateImage.ts), stores both images and completes the row. Bad input
 * and a model's refusal fail the row for good and release the billable attempt. A model outage
 * fails the attempt (the queue retries it with backoff, after the model's Retry-After) with the
 * partner's plain reason kept on the row; if the last attempt fails too, migration 17's trigger
 * fails the row with that reason and releases the attempt in the same transaction.
 */
const visualizationGenerate: TaskFactory<'visualization_generate'> = ({ sql, config, logger, blobs, segmenter }) => {
  // One libvips thread per image and no operation cache: the worker runs several jobs at once
  // and its memory, not its speed, is the limit.
  sharp.concurrency(1);
  sharp.cache(false);
  const provider = providerFor(config);

  return async (payload, helpers) => {
    const { workspace_id: ws, visualization_id: id } = payload;
    const row = await findVisualization(sql, ws, id);
    // Settled already: a repeated or superseded job has nothing to do.
    if (row?.status !== 'processing') return;
    try {
      const original = await loadOriginal(blobs, row, config.IMAGE_FETCH_ALLOW_PRIVATE);
      const info = await inspectImage(original.bytes);
      if (!row.color?.hex_code)
        throw new PermanentError('No colour with a hex code is selected; choose a color_id from the catalog');
      const generated = await generateImage(provider, {
        image: original.bytes,
        roofMask: (photo) => roofMaskFor({ blobs, segmenter }, row, original.bytes, photo),
        selection: {
          color: { name: row.color.name, hex: row.color.hex_code },
          material: row.material,
          shape: row.shape,
        },
      });
      // The embedding job may have kept the download already (roof/embedding.ts): the same key.
      const originalKey = row.original_image_key ?? blobKey(ws, 'visualizations', id, 'original');
      if (!original.stored) await blobs.put(originalKey, original.bytes, info.contentType);
      const generatedKey = blobKey(ws, 'visualizations', id, 'generated');
      await blobs.put(generatedKey, generated.bytes, generated.contentType);
      const images = {
        originalKey,
        originalType: info.contentType,
        generatedKey,
        generatedType: generated.contentType,
      };
      await settleGeneration(sql, blobs, row, { ok: true, ...images });
    } catch (err) {
      if (err instanceof ModelUnavailableError) {
        logger.warn({ visualization_id: id, err: err.message }, 'image model unavailable; the queue retries');
        await attemptFailed(sql, row, helpers.job.id, err);
        throw err;
      }
      if (!(err instanceof PermanentError)) throw err;
      const detail = err instanceof ModelRefusedError ? err.detail : undefined;
      logger.warn({ visualization_id: id, err: err.message, detail }, 'visualization failed');
      await settleGeneration(sql, blobs, row, { ok: false, error: err.message });
    }
  };
};
export default visualizationGenerate;
