import type { Mask } from '../mask.ts';

/**
 * Holes smaller than this share of the photo are speckle (a segmenter's missed pixels near a ridge
 * or a skylight's glare), larger ones are left out on purpose (chimneys, skylights, dormer faces).
 */
export const SPECKLE_HOLE_SHARE = 0.0005;

/**
 * The mask with its speckle holes filled: every region of non-roof enclosed by roof (not touching
 * the frame) smaller than `maxShare` of the mask becomes roof, so the old roof never shows through
 * inside the painted region. Answers the mask itself when it has no such hole.
 */
export function fillSpeckleHoles(mask: Mask, maxShare = SPECKLE_HOLE_SHARE): Mask {
  const { data, width, height } = mask;
  const maxArea = Math.max(1, Math.floor(width * height * maxShare));
  const seen = new Uint8Array(width * height);
  const stack: number[] = [];
  const part: number[] = [];
  let out: Uint8Array | null = null;
  for (let start = 0; start < data.length; start++) {
    if (seen[start] || data[start]! >= 128) continue;
    part.length = 0;
    let enclosed = true;
    seen[start] = 1;
    stack.push(start);
    while (stack.length) {
      const p = stack.pop()!;
      if (part.length <= maxArea) part.push(p);
      const x = p % width;
      const y = (p - x) / width;
      if (x === 0 || y === 0 || x === width - 1 || y === height - 1) enclosed = false;
      if (x > 0) visit(p - 1);
      if (x < width - 1) visit(p + 1);
      if (y > 0) visit(p - width);
      if (y < height - 1) visit(p + width);
    }
    if (enclosed && part.length <= maxArea) {
      out ??= Uint8Array.from(data);
      for (const p of part) out[p] = 255;
    }
  }
  return out ? { data: out, width, height } : mask;

  function visit(q: number) {
    if (seen[q] || data[q]! >= 128) return;
    seen[q] = 1;
    stack.push(q);
  }
}
