/** Adds the Sobel gradient of Lab L at (x, y) (clamped at the border) to a structure tensor's sums. */
export function addTensor(
  t: { jxx: number; jyy: number; jxy: number },
  lab: Float32Array,
  width: number,
  height: number,
  x: number,
  y: number,
) {
  const L = (dx: number, dy: number) =>
    lab[(Math.min(height - 1, Math.max(0, y + dy)) * width + Math.min(width - 1, Math.max(0, x + dx))) * 3]!;
  const gx = L(1, -1) + 2 * L(1, 0) + L(1, 1) - L(-1, -1) - 2 * L(-1, 0) - L(-1, 1);
  const gy = L(-1, 1) + 2 * L(0, 1) + L(1, 1) - L(-1, -1) - 2 * L(0, -1) - L(1, -1);
  t.jxx += gx * gx;
  t.jyy += gy * gy;
  t.jxy += gx * gy;
}
