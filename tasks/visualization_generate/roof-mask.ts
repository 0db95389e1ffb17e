/**
 * Finds the roof in a small RGB rendering of a house photo. The cues are the ones a person
 * uses: the roof is the first large surface under the sky, it is not vegetation, and it is
 * one fairly uniform material that stops at the eave (a change of colour to wall or trim).
 * Returns a soft mask (0..255) of the same size, or null when no plausible roof is found.
 */
export interface SmallImage {
  data: Uint8Array;
  width: number;
  height: number;
}

const lum = (r: number, g: number, b: number) => 0.299 * r + 0.587 * g + 0.114 * b;

function dist(d: Uint8Array, i: number, r: number, g: number, b: number) {
  const dr = d[i]! - r,
    dg = d[i + 1]! - g,
    db = d[i + 2]! - b;
  return Math.sqrt(dr * dr + dg * dg + db * db);
}

function isVegetation(r: number, g: number, b: number) {
  const max = Math.max(r, g, b),
    min = Math.min(r, g, b);
  const sat = max === 0 ? 0 : (max - min) / max;
  return g >= r * 1.04 && g >= b * 1.02 && sat > 0.12;
}

function skyLike(r: number, g: number, b: number) {
  const l = lum(r, g, b);
  const max = Math.max(r, g, b),
    min = Math.min(r, g, b);
  const sat = max === 0 ? 0 : (max - min) / max;
  return (b >= r && b >= g * 0.95 && l > 95) || (l > 175 && sat < 0.22);
}

/** Sky: sky-coloured pixels connected to the top edge through gentle colour steps. */
function findSky({ data, width, height }: SmallImage): Uint8Array {
  const sky = new Uint8Array(width * height);
  const queue: number[] = [];
  for (let x = 0; x < width; x++) {
    const i = x * 3;
    if (skyLike(data[i]!, data[i + 1]!, data[i + 2]!)) {
      sky[x] = 1;
      queue.push(x);
    }
  }
  while (queue.length) {
    const p = queue.pop()!;
    const x = p % width,
      y = (p - x) / width;
    const pi = p * 3;
    for (const [nx, ny] of [
      [x - 1, y],
      [x + 1, y],
      [x, y - 1],
      [x, y + 1],
    ] as const) {
      if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
      const q = ny * width + nx;
      if (sky[q]) continue;
      const qi = q * 3;
      const r = data[qi]!,
        g = data[qi + 1]!,
        b = data[qi + 2]!;
      if (skyLike(r, g, b) && dist(data, pi, r, g, b) < 22) {
        sky[q] = 1;
        queue.push(q);
      }
    }
  }
  return sky;
}

function median(values: number[]) {
  const s = [...values].sort((a, b) => a - b);
  return s[s.length >> 1]!;
}

function dilate(mask: Uint8Array, width: number, height: number, r: number, value: 0 | 1) {
  const out = new Uint8Array(mask);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (mask[y * width + x] !== value) continue;
      for (let dy = -r; dy <= r; dy++) {
        for (let dx = -r; dx <= r; dx++) {
          const nx = x + dx,
            ny = y + dy;
          if (nx >= 0 && ny >= 0 && nx < width && ny < height) out[ny * width + nx] = value;
        }
      }
    }
  }
  return out;
}

/** Drops connected parts smaller than minArea (stray patches of roof-like colour). */
function keepLargeParts(mask: Uint8Array, width: number, height: number, minArea: number) {
  const label = new Int32Array(width * height).fill(-1);
  const out = new Uint8Array(width * height);
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || label[start] !== -1) continue;
    const part: number[] = [start];
    label[start] = start;
    for (let k = 0; k < part.length; k++) {
      const p = part[k]!;
      const x = p % width,
        y = (p - x) / width;
      for (const q of [
        x > 0 ? p - 1 : -1,
        x < width - 1 ? p + 1 : -1,
        y > 0 ? p - width : -1,
        y < height - 1 ? p + width : -1,
      ]) {
        if (q >= 0 && mask[q] && label[q] === -1) {
          label[q] = start;
          part.push(q);
        }
      }
    }
    if (part.length >= minArea) for (const p of part) out[p] = 1;
  }
  return out;
}

export function detectRoof(img: SmallImage): Uint8Array | null {
  const { data, width, height } = img;
  const sky = findSky(img);

  // Seeds: the first non-sky, non-vegetation pixels a little under the skyline.
  const seeds: number[] = [];
  for (let x = Math.floor(width * 0.08); x < width * 0.92; x++) {
    let y = 0;
    while (y < height && sky[y * width + x]) y++;
    if (y === 0 || y > height * 0.7) continue;
    const sy = Math.min(height - 1, y + Math.max(2, Math.round(height * 0.015)));
    const i = (sy * width + x) * 3;
    const r = data[i]!,
      g = data[i + 1]!,
      b = data[i + 2]!;
    if (!sky[sy * width + x] && !isVegetation(r, g, b)) seeds.push(sy * width + x);
  }
  if (seeds.length < width * 0.05) return null;

  // The roof's colour: the median seed, with seeds far from it (chimneys, antennas) dropped.
  const channel = (c: number) => median(seeds.map((p) => data[p * 3 + c]!));
  const [mr, mg, mb] = [channel(0), channel(1), channel(2)];
  const spread = median(seeds.map((p) => dist(data, p * 3, mr, mg, mb)));
  const roofSeeds = seeds.filter((p) => dist(data, p * 3, mr, mg, mb) <= Math.max(12, spread * 2.5));
  const tolerance = Math.min(70, Math.max(32, spread * 3 + 22));

  const mask = new Uint8Array(width * height);
  const queue = [...roofSeeds];
  for (const p of roofSeeds) mask[p] = 1;
  const maxY = height * 0.85;
  while (queue.length) {
    const p = queue.pop()!;
    const x = p % width,
      y = (p - x) / width;
    for (const [nx, ny] of [
      [x - 1, y],
      [x + 1, y],
      [x, y - 1],
      [x, y + 1],
    ] as const) {
      if (nx < 0 || ny < 0 || nx >= width || ny >= maxY) continue;
      const q = ny * width + nx;
      if (mask[q] || sky[q]) continue;
      const qi = q * 3;
      const r = data[qi]!,
        g = data[qi + 1]!,
        b = data[qi + 2]!;
      if (isVegetation(r, g, b)) continue;
      if (dist(data, qi, mr, mg, mb) < tolerance && dist(data, p * 3, r, g, b) < 45) {
        mask[q] = 1;
        queue.push(q);
      }
    }
  }

  // Close small gaps (texture, vents) without growing past the outline, then drop specks.
  const closed = dilate(dilate(mask, width, height, 2, 1), width, height, 2, 0);
  for (let p = 0; p < closed.length; p++) if (sky[p]) closed[p] = 0;
  const roof = keepLargeParts(closed, width, height, Math.round(width * height * 0.01));

  let area = 0;
  for (const v of roof) area += v;
  const share = area / (width * height);
  if (share < 0.02 || share > 0.7) return null;
  for (let p = 0; p < roof.length; p++) roof[p] = roof[p] ? 255 : 0;
  return roof;
}
