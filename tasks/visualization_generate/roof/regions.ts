/** Connected regions of a mask and how deep each pixel lies in its region: where to tap a region. */

/** Labels of the 4-connected parts of `m` (non-zero = set), and each part's size. */
export function regionsOf(m: Uint8Array, w: number, h: number) {
  const label = new Int32Array(w * h);
  const sizes = [0];
  const stack: number[] = [];
  for (let s = 0; s < m.length; s++) {
    if (!m[s] || label[s]) continue;
    const id = sizes.length;
    let n = 0;
    label[s] = id;
    stack.push(s);
    while (stack.length) {
      const p = stack.pop()!;
      n++;
      const x = p % w;
      for (const q of [x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, p - w, p + w]) {
        if (q >= 0 && q < m.length && m[q] && !label[q]) ((label[q] = id), stack.push(q));
      }
    }
    sizes.push(n);
  }
  return { label, sizes };
}

/** Each pixel of part `id`: its distance to the part's edge (two-pass chamfer, pixels); 0 elsewhere. */
export function depthIn(label: Int32Array, id: number, w: number, h: number) {
  const d = new Float32Array(w * h);
  for (let p = 0; p < d.length; p++) d[p] = label[p] === id ? 1e9 : 0;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const p = y * w + x;
      if (d[p]) d[p] = Math.min(d[p]!, x ? d[p - 1]! + 1 : 1, y ? d[p - w]! + 1 : 1);
    }
  for (let y = h - 1; y >= 0; y--)
    for (let x = w - 1; x >= 0; x--) {
      const p = y * w + x;
      if (d[p]) d[p] = Math.min(d[p]!, x < w - 1 ? d[p + 1]! + 1 : 1, y < h - 1 ? d[p + w]! + 1 : 1);
    }
  return d;
}

/** The point of region `id` farthest from its edge, as 0..1 fractions of the frame. */
export function deepestPoint(label: Int32Array, id: number, w: number, h: number) {
  const depth = depthIn(label, id, w, h);
  let best = 0;
  for (let p = 0; p < depth.length; p++) if (depth[p]! > depth[best]!) best = p;
  return { x: ((best % w) + 0.5) / w, y: (Math.floor(best / w) + 0.5) / h };
}
