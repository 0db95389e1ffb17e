/**
 * Tidies a thresholded mask (1 = selected) in place: specks the decoder leaves inside the roof
 * (a few pixels of shadow) are filled, and islands apart from it (a neighbour's gutter) are
 * dropped, while holes the size of a chimney, a skylight or a vent stay holes, so those keep the
 * photo's own pixels. Sizes are shares of the whole mask. Returns how many pixels are selected.
 */
export function cleanMask(
  mask: Uint8Array,
  width: number,
  height: number,
  limits: { maxHoleShare: number; minIslandShare: number },
): number {
  const n = width * height;
  const label = new Int32Array(n).fill(-1);
  const queue = new Int32Array(n);
  const maxHole = limits.maxHoleShare * n;
  const minIsland = limits.minIslandShare * n;
  // Flood each 4-connected region once; a region of 0s touching the border is background, not a hole.
  for (let start = 0; start < n; start++) {
    if (label[start] !== -1) continue;
    const value = mask[start]!;
    let head = 0,
      tail = 0,
      border = false;
    queue[tail++] = start;
    label[start] = start;
    while (head < tail) {
      const p = queue[head++]!;
      const x = p % width,
        y = (p - x) / width;
      if (x === 0 || y === 0 || x === width - 1 || y === height - 1) border = true;
      if (x > 0 && label[p - 1] === -1 && mask[p - 1] === value) ((label[p - 1] = start), (queue[tail++] = p - 1));
      if (x < width - 1 && label[p + 1] === -1 && mask[p + 1] === value)
        ((label[p + 1] = start), (queue[tail++] = p + 1));
      if (y > 0 && label[p - width] === -1 && mask[p - width] === value)
        ((label[p - width] = start), (queue[tail++] = p - width));
      if (y < height - 1 && label[p + width] === -1 && mask[p + width] === value)
        ((label[p + width] = start), (queue[tail++] = p + width));
    }
    const flip = value ? tail < minIsland : !border && tail <= maxHole;
    if (flip) for (let k = 0; k < tail; k++) mask[queue[k]!] = value ? 0 : 1;
  }
  let selected = 0;
  for (let p = 0; p < n; p++) selected += mask[p]!;
  return selected;
}
