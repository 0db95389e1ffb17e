import { describe, expect, it } from 'vitest';
import { describePlanes, type RoofGrid } from '../../tasks/visualization_generate/render/planes.ts';

/**
 * A plane of even light (no texture, so its lower edge gives the eave) on a 200 × 160 grid:
 * a body whose lower edge falls at `eave` degrees, and a thin sliver, three pixels high, that the
 * merging can leave along a neighbour's border, running level across most of the grid.
 */
function grid(eave: number, sliver: boolean) {
  const [width, height] = [200, 160];
  const inside = new Uint8Array(width * height);
  const label = new Int16Array(width * height).fill(-1);
  const tan = Math.tan((eave * Math.PI) / 180);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      // The body: columns 110..190, from row 20 down to its eave line through (110, 150).
      const body = x >= 110 && x < 190 && y >= 20 && y <= 150 + (x - 110) * tan;
      const thin = sliver && x < 110 && y >= 40 && y < 43;
      if (body || thin) {
        inside[y * width + x] = 1;
        label[y * width + x] = 0;
      }
    }
  const roofPixels = inside.reduce((n, v) => n + v, 0);
  const g: RoofGrid = {
    x0: 0,
    y0: 0,
    scale: 1,
    width,
    height,
    rgb: new Uint8Array(width * height * 3).fill(120),
    lab: new Float32Array(width * height * 3).fill(50),
    inside,
    roofPixels,
  };
  return { g, label };
}

describe("a plane's eave", () => {
  it('runs along the lower edge of its body', () => {
    const { g, label } = grid(-40, false);
    const [plane] = describePlanes(g, label, 1);
    expect(plane!.eaveFrom).toBe('boundary');
    expect(Math.abs((plane!.angle * 180) / Math.PI + 40)).toBeLessThan(3);
  });

  it('ignores the straight lower edge of a sliver the plane reaches out with', () => {
    const { g, label } = grid(-40, true);
    const [plane] = describePlanes(g, label, 1);
    expect(Math.abs((plane!.angle * 180) / Math.PI + 40)).toBeLessThan(3);
  });
});
