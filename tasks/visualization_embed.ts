import type { TaskFactory } from './context.ts';
import { PermanentError } from '../core/errors.ts';
import { findVisualization, markEmbeddingFailed } from '../storage/visualizations.ts';
import { embedPhoto } from './visualization_generate/roof/embedding.ts';

/**
 * Computes a visualization's embedding once, right after it is created (or when a selection
 * first needs it), so that partners' taps and the automatic roof finder answer in a fraction of a
 * second instead of seconds. A photo that cannot be used marks the row's embedding failed with
 * the reason, which roof selections then give; anything else fails the attempt for the queue to
 * retry.
 */
const visualizationEmbed: TaskFactory<'visualization_embed'> = ({ sql, config, logger, blobs, segmenter }) => {
  return async (payload) => {
    const { workspace_id: ws, visualization_id: id } = payload;
    const row = await findVisualization(sql, ws, id);
    if (!row || row.embedding_state === 'ready') return;
    try {
      await embedPhoto({ sql, blobs, segmenter, allowPrivate: config.IMAGE_FETCH_ALLOW_PRIVATE }, row);
    } catch (err) {
      if (!(err instanceof PermanentError)) throw err;
      logger.warn({ visualization_id: id, err: err.message }, 'visualization photo cannot be embedded');
      await markEmbeddingFailed(sql, ws, id, err.message);
    }
  };
};
export default visualizationEmbed;
