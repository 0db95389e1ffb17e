import { outlineOfMask, type RoofOutline } from '../roofOutline.ts';
import { cleanMask } from './maskCleanup.ts';

/** Holes up to this share of the photo are specks to fill; larger ones (a chimney, a skylight) stay. */
export const MAX_HOLE_SHARE = 0.0004;
/** Islands below this share of the photo are stray pixels, not roof. */
export const MIN_ISLAND_SHARE = 0.0015;
/** The outline is traced at most this wide: smooth and exact enough to draw, cheap to trace. */
const OUTLINE_WIDTH = 512;

/**
 * A decoded mask made fit to keep and to show: thresholded at the decoder's own boundary (logit
 * 0), cleaned (maskCleanup.ts), its share of the photo, and its outline in roof_outline's form.
 */
export function selectionOf(
  logits: Float32Array,
  width: number,
  height: number,
): { mask: Uint8Array; outline: RoofOutline; areaShare: number } {
  const mask = new Uint8Array(width * height);
  for (let p = 0; p < mask.length; p++) mask[p] = logits[p]! > 0 ? 1 : 0;
  const selected = cleanMask(mask, width, height, { maxHoleShare: MAX_HOLE_SHARE, minIslandShare: MIN_ISLAND_SHARE });
  const outline = outlineOfMask(...coverageGrid(mask, width, height), 0.5);
  for (let p = 0; p < mask.length; p++) mask[p] = mask[p] ? 255 : 0;
  return { mask, outline, areaShare: selected / mask.length };
}

/** The mask averaged over blocks (coverage 0..1) so the traced outline is at most OUTLINE_WIDTH wide. */
function coverageGrid(mask: Uint8Array, width: number, height: number): [Float32Array, number, number] {
  const step = Math.max(1, Math.ceil(width / OUTLINE_WIDTH));
  const w = Math.ceil(width / step),
    h = Math.ceil(height / step);
  const grid = new Float32Array(w * h);
  const counts = new Float32Array(w * h);
  for (let y = 0; y < height; y++) {
    const row = ((y / step) | 0) * w;
    for (let x = 0; x < width; x++) {
      const cell = row + ((x / step) | 0);
      grid[cell]! += mask[y * width + x]!;
      counts[cell]!++;
    }
  }
  for (let c = 0; c < grid.length; c++) grid[c]! /= counts[c]!;
  return [grid, w, h];
}
