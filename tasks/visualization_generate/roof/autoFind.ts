import type { Mask } from '../mask.ts';
import { decodePhotoSmall } from '../photo.ts';
import { findRoof, ROOF_ANALYSIS_WIDTH } from '../roofMask.ts';

/** What a refusal asks for: one tap is enough for the segmenter. */
export const ASK_FOR_A_TAP =
  'point at the roof with one tap (POST /api/v1/visualizations/{id}/roof-selection with {"points": [{"x": …, "y": …, "label": "roof"}]}) or send roof_outline';

/**
 * The roof found with no input from the partner, or a refusal asking for one tap. The colour and
 * texture finder (roofMask.ts) answers: prompting the segmenter from its confident pixels was
 * measured on the workbench photos and did not yet beat it (docs/decisions/visualizer.md).
 */
export async function findRoofAutomatically(image: Buffer): Promise<{ mask: Mask } | { refused: string }> {
  const small = await decodePhotoSmall(image, ROOF_ANALYSIS_WIDTH);
  const found = findRoof({ ...small, channels: 3 });
  if ('refused' in found) return { refused: `${found.refused.split(';')[0]}; ${ASK_FOR_A_TAP}` };
  return found;
}
