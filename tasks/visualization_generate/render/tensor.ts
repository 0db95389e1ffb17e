/**
 * Adds the Sobel gradient of Lab L at (x, y) (clamped at the border) to a structure tensor's sums.
 * Called for every pixel of the analysis grid, so it takes no closure: the service runs through
 * tsx, which gives each closure created a name at run time.
 */
export function addTensor(
  t: { jxx: number; jyy: number; jxy: number },
  lab: Float32Array,
  width: number,
  height: number,
  x: number,
  y: number,
) {
  const left = x > 0 ? x - 1 : 0,
    right = x < width - 1 ? x + 1 : width - 1;
  const up = (y > 0 ? y - 1 : 0) * width,
    row = y * width,
    down = (y < height - 1 ? y + 1 : height - 1) * width;
  const nw = lab[(up + left) * 3]!,
    n = lab[(up + x) * 3]!,
    ne = lab[(up + right) * 3]!,
    w = lab[(row + left) * 3]!,
    e = lab[(row + right) * 3]!,
    sw = lab[(down + left) * 3]!,
    s = lab[(down + x) * 3]!,
    se = lab[(down + right) * 3]!;
  const gx = ne + 2 * e + se - nw - 2 * w - sw;
  const gy = sw + 2 * s + se - nw - 2 * n - ne;
  t.jxx += gx * gx;
  t.jyy += gy * gy;
  t.jxy += gx * gy;
}

/**
 * The gradient's direction (radians, -π/2..π/2; stripes run across it) and coherence (0 no
 * direction, 1 one clean direction) of a structure tensor's sums.
 */
export function orientation(t: { jxx: number; jyy: number; jxy: number }) {
  const d = t.jxx - t.jyy;
  const r = Math.sqrt(d * d + 4 * t.jxy * t.jxy);
  return { theta: 0.5 * Math.atan2(2 * t.jxy, d), coherence: r / Math.max(1e-6, t.jxx + t.jyy) };
}
