/**
 * SLIC superpixels over a small Lab image: compact patches that follow colour edges, so that the
 * roof finder reasons about a few hundred patches instead of every pixel.
 */
export interface LabImage {
  /** L, a, b interleaved, L in 0..100. */
  lab: Float32Array;
  width: number;
  height: number;
}

function srgbToLinear(c: number) {
  const v = c / 255;
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
}
const LINEAR = Float32Array.from({ length: 256 }, (_, c) => srgbToLinear(c));
const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);

export function toLab(rgb: Uint8Array, width: number, height: number, channels: number): LabImage {
  const lab = new Float32Array(width * height * 3);
  for (let p = 0, i = 0; p < width * height; p++, i += channels) {
    const r = LINEAR[rgb[i]!]!,
      g = LINEAR[rgb[i + 1]!]!,
      b = LINEAR[rgb[i + 2]!]!;
    const x = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.9505);
    const y = f(0.2126 * r + 0.7152 * g + 0.0722 * b);
    const z = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.089);
    lab[p * 3] = 116 * y - 16;
    lab[p * 3 + 1] = 500 * (x - y);
    lab[p * 3 + 2] = 200 * (y - z);
  }
  return { lab, width, height };
}

/** Labels every pixel with its superpixel (0..count-1); `step` is the grid spacing in pixels. */
export function slic({ lab, width, height }: LabImage, step: number, compactness = 12) {
  const cols = Math.max(1, Math.round(width / step));
  const rows = Math.max(1, Math.round(height / step));
  const k = cols * rows;
  const cx = new Float32Array(k),
    cy = new Float32Array(k),
    cl = new Float32Array(k * 3);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const j = r * cols + c;
      cx[j] = Math.min(width - 1, (c + 0.5) * (width / cols));
      cy[j] = Math.min(height - 1, (r + 0.5) * (height / rows));
      const p = (Math.round(cy[j]!) * width + Math.round(cx[j]!)) * 3;
      cl[j * 3] = lab[p]!;
      cl[j * 3 + 1] = lab[p + 1]!;
      cl[j * 3 + 2] = lab[p + 2]!;
    }
  }
  const label = new Int32Array(width * height);
  const best = new Float32Array(width * height);
  const spatial = (compactness / step) ** 2;
  const sums = new Float64Array(k * 5);
  for (let iter = 0; iter < 6; iter++) {
    best.fill(Infinity);
    for (let j = 0; j < k; j++) {
      const x0 = Math.max(0, Math.floor(cx[j]! - step)),
        x1 = Math.min(width - 1, Math.ceil(cx[j]! + step));
      const y0 = Math.max(0, Math.floor(cy[j]! - step)),
        y1 = Math.min(height - 1, Math.ceil(cy[j]! + step));
      // The centre in locals: the typed arrays written below could alias them, so V8 reloads them otherwise.
      const l0 = cl[j * 3]!,
        a0 = cl[j * 3 + 1]!,
        b0 = cl[j * 3 + 2]!,
        x0c = cx[j]!,
        y0c = cy[j]!;
      for (let y = y0; y <= y1; y++) {
        const dy = y - y0c;
        const dyy = dy * dy;
        for (let x = x0, p = y * width + x0; x <= x1; x++, p++) {
          const dl = lab[p * 3]! - l0,
            da = lab[p * 3 + 1]! - a0,
            db = lab[p * 3 + 2]! - b0;
          const dx = x - x0c;
          const d = dl * dl + da * da + db * db + spatial * (dx * dx + dyy);
          if (d < best[p]!) {
            best[p] = d;
            label[p] = j;
          }
        }
      }
    }
    sums.fill(0);
    for (let p = 0; p < width * height; p++) {
      const s = label[p]! * 5;
      sums[s]! += p % width;
      sums[s + 1]! += (p / width) | 0;
      sums[s + 2]! += lab[p * 3]!;
      sums[s + 3]! += lab[p * 3 + 1]!;
      sums[s + 4]! += lab[p * 3 + 2]!;
    }
    const counts = new Float64Array(k);
    for (let p = 0; p < width * height; p++) counts[label[p]!]!++;
    for (let j = 0; j < k; j++) {
      const n = counts[j]!;
      if (!n) continue;
      cx[j] = sums[j * 5]! / n;
      cy[j] = sums[j * 5 + 1]! / n;
      cl[j * 3] = sums[j * 5 + 2]! / n;
      cl[j * 3 + 1] = sums[j * 5 + 3]! / n;
      cl[j * 3 + 2] = sums[j * 5 + 4]! / n;
    }
  }
  return connected(label, width, height, Math.max(4, (step * step) >> 2));
}

/** Splits labels into connected parts and folds parts smaller than minArea into a neighbour. */
function connected(label: Int32Array, width: number, height: number, minArea: number) {
  const out = new Int32Array(width * height).fill(-1);
  let count = 0;
  const stack: number[] = [];
  const part: number[] = [];
  for (let start = 0; start < label.length; start++) {
    if (out[start] !== -1) continue;
    const own = label[start]!;
    part.length = 0;
    stack.push(start);
    out[start] = count;
    let neighbour = -1;
    while (stack.length) {
      const p = stack.pop()!;
      part.push(p);
      const x = p % width;
      for (const q of [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, p - width, p + width]) {
        if (q < 0 || q >= label.length) continue;
        if (label[q] === own && out[q] === -1) {
          out[q] = count;
          stack.push(q);
        } else if (label[q] !== own && out[q]! >= 0 && out[q] !== count) neighbour = out[q]!;
      }
    }
    if (part.length < minArea && neighbour >= 0) for (const p of part) out[p] = neighbour;
    else count++;
  }
  // Folding leaves gaps in the numbering: make it dense again.
  const remap = new Int32Array(count).fill(-1);
  let next = 0;
  for (let p = 0; p < out.length; p++) {
    const l = out[p]!;
    if (remap[l] === -1) remap[l] = next++;
    out[p] = remap[l]!;
  }
  return { label: out, count: next };
}
