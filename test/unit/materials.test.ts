import { describe, expect, it } from 'vitest';
import { renderMaterial } from '../../tasks/visualization_generate/render/composite.ts';
import { lookOf, type MaterialLook } from '../../tasks/visualization_generate/render/materials.ts';

const [W, H] = [480, 360];
/** The roof: a rectangle in the middle of the frame, in a mask a quarter the photo's size. */
const MASK = (() => {
  const data = new Uint8Array((W / 4) * (H / 4));
  for (let y = 20; y < 70; y++) for (let x = 20; x < 100; x++) data[y * (W / 4) + x] = 255;
  return { data, width: W / 4, height: H / 4 };
})();
const ROOF = { x0: 80, x1: 400, y0: 80, y1: 280 };

/** A plain mid-grey photo whose left half lies in shade. */
function photo() {
  const data = new Uint8Array(W * H * 3);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) data.fill(x < W / 2 ? 70 : 150, (y * W + x) * 3, (y * W + x + 1) * 3);
  return { data, width: W, height: H, channels: 3 as const };
}

const NAMES: Record<Exclude<MaterialLook, 'plain'>, string> = {
  shingle: 'Architectural asphalt shingles',
  three_tab: '3-tab shingles',
  metal: 'Standing seam metal',
  clay_tile: 'Clay tile',
  concrete_tile: 'Concrete tile',
  slate: 'Slate',
  shake: 'Cedar shake',
};

const lum = (d: Uint8Array, i: number) => 0.299 * d[i]! + 0.587 * d[i + 1]! + 0.114 * d[i + 2]!;

/** Mean absolute luminance step across columns (dx) and down rows (dy) inside the sunlit roof. */
function relief(d: Uint8Array) {
  let dx = 0,
    dy = 0,
    n = 0;
  for (let y = ROOF.y0 + 4; y < ROOF.y1 - 4; y++) {
    for (let x = W / 2 + 4; x < ROOF.x1 - 4; x++) {
      const i = (y * W + x) * 3;
      dx += Math.abs(lum(d, i + 3) - lum(d, i));
      dy += Math.abs(lum(d, i + W * 3) - lum(d, i));
      n++;
    }
  }
  return { dx: dx / n, dy: dy / n };
}

function meanLum(d: Uint8Array, x0: number, x1: number) {
  let s = 0,
    n = 0;
  for (let y = ROOF.y0 + 4; y < ROOF.y1 - 4; y++)
    for (let x = x0; x < x1; x++) {
      s += lum(d, (y * W + x) * 3);
      n++;
    }
  return s / n;
}

describe('material rendering', () => {
  it('maps the default catalog names to their looks', () => {
    for (const [look, name] of Object.entries(NAMES)) expect(lookOf({ name }), name).toBe(look);
    expect(lookOf({ name: 'Green roof' })).toBe('plain');
    expect(lookOf(null)).toBe('plain');
  });

  const rendered = Object.fromEntries(
    Object.entries(NAMES).map(([look, name]) => {
      const p = photo();
      return [look, renderMaterial(p, MASK, { name }, '#8a5a3a')];
    }),
  ) as Record<keyof typeof NAMES, Uint8Array>;

  it('leaves every pixel outside the mask as it was, and paints the roof', () => {
    const before = photo().data;
    for (const [look, after] of Object.entries(rendered)) {
      let outsideChanged = 0,
        insideChanged = 0;
      for (let y = 0; y < H; y++) {
        for (let x = 0; x < W; x++) {
          const i = (y * W + x) * 3;
          const changed = after[i] !== before[i] || after[i + 1] !== before[i + 1] || after[i + 2] !== before[i + 2];
          const inside = x >= ROOF.x0 + 4 && x < ROOF.x1 - 4 && y >= ROOF.y0 + 4 && y < ROOF.y1 - 4;
          const outside = x < ROOF.x0 - 4 || x >= ROOF.x1 + 4 || y < ROOF.y0 - 4 || y >= ROOF.y1 + 4;
          if (outside) outsideChanged += Number(changed);
          if (inside) insideChanged += Number(changed);
        }
      }
      expect(outsideChanged, look).toBe(0);
      expect(insideChanged / ((ROOF.x1 - ROOF.x0 - 8) * (ROOF.y1 - ROOF.y0 - 8)), look).toBeGreaterThan(0.97);
    }
  });

  it('keeps the photo light: the shaded half of the roof stays darker', () => {
    for (const [look, d] of Object.entries(rendered)) {
      const shade = meanLum(d, ROOF.x0 + 4, W / 2 - 30),
        sun = meanLum(d, W / 2 + 30, ROOF.x1 - 4);
      expect(shade / sun, look).toBeLessThan(0.75);
    }
  });

  it('draws seams down and courses across, and each material differs from every other', () => {
    const r = Object.fromEntries(Object.entries(rendered).map(([look, d]) => [look, relief(d)]));
    expect(r.metal!.dx).toBeGreaterThan(r.metal!.dy * 2);
    for (const look of ['shingle', 'three_tab', 'clay_tile', 'concrete_tile', 'slate', 'shake'] as const)
      expect(r[look]!.dy + r[look]!.dx, look).toBeGreaterThan(1);
    expect(r.three_tab!.dy).toBeGreaterThan(r.three_tab!.dx);
    const looks = Object.keys(rendered) as (keyof typeof NAMES)[];
    for (const a of looks) {
      for (const b of looks) {
        if (a >= b) continue;
        let diff = 0,
          n = 0;
        for (let y = ROOF.y0 + 4; y < ROOF.y1 - 4; y++)
          for (let x = W / 2 + 4; x < ROOF.x1 - 4; x++) {
            const i = (y * W + x) * 3;
            diff += Math.abs(lum(rendered[a], i) - lum(rendered[b], i));
            n++;
          }
        expect(diff / n, `${a} vs ${b}`).toBeGreaterThan(6);
      }
    }
  });
});
