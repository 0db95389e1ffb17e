import { readBlobBytes, type BlobStore } from '../../storage/blobs.ts';
import type { VisualizationRow } from '../../storage/visualizations.ts';
import { fetchImage } from './fetchImage.ts';

/**
 * A visualization's original photo: the stored copy (an upload, or the partner's URL downloaded
 * once already), else the partner's URL through the SSRF guard. `stored` says which, so the caller
 * keeps a downloaded copy: every later step must see the same pixels the roof was found on.
 */
export async function loadOriginal(
  blobs: BlobStore,
  row: Pick<VisualizationRow, 'original_image_key' | 'original_image_url'>,
  allowPrivate: boolean,
): Promise<{ bytes: Buffer; stored: boolean }> {
  if (row.original_image_key) return { bytes: await readBlobBytes(blobs, row.original_image_key), stored: true };
  const fetched = await fetchImage(row.original_image_url!, { allowPrivate });
  return { bytes: fetched.bytes, stored: false };
}
