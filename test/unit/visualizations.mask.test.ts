import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { compositeRoof, maskPng, rasterizeOutline, softEdge } from '../../tasks/visualization_generate/mask.ts';

const SQUARE: [number, number][] = [
  [0.2, 0.2],
  [0.8, 0.2],
  [0.8, 0.8],
  [0.2, 0.8],
];

describe('roof masks', () => {
  it('rasterises polygons by pixel centres; a polygon tracing back around a hole leaves it out', () => {
    const m = rasterizeOutline([SQUARE], 10, 10);
    const rows = Array.from({ length: 10 }, (_, y) =>
      [...m.data.subarray(y * 10, y * 10 + 10)].map((v) => (v ? '#' : '.')).join(''),
    );
    expect(rows).toEqual([
      '..........',
      '..........',
      '..######..',
      '..######..',
      '..######..',
      '..######..',
      '..######..',
      '..######..',
      '..........',
      '..........',
    ]);
    // A ring: the outer square, then back around an inner square (even-odd within the polygon).
    const ring = rasterizeOutline(
      [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 1],
          [0, 0],
          [0.3, 0.3],
          [0.3, 0.7],
          [0.7, 0.7],
          [0.7, 0.3],
          [0.3, 0.3],
        ],
      ],
      10,
      10,
    );
    expect(ring.data[0]).toBe(255);
    expect(ring.data[5 * 10 + 5]).toBe(0);
    // Two polygons: their union.
    const two = rasterizeOutline(
      [
        [
          [0, 0],
          [0.3, 0],
          [0.3, 0.3],
        ],
        [
          [0.6, 0.6],
          [1, 0.6],
          [1, 1],
          [0.6, 1],
        ],
      ],
      10,
      10,
    );
    expect(two.data[0 * 10 + 2]).toBe(255);
    expect(two.data[8 * 10 + 8]).toBe(255);
    expect(two.data[5 * 10 + 1]).toBe(0);
  });

  it('composites the generated pixels inside the mask and leaves every pixel outside its soft edge exactly as it was', async () => {
    const [w, h] = [400, 300];
    const photo = { data: new Uint8Array(w * h * 3), width: w, height: h };
    for (let i = 0; i < photo.data.length; i++) photo.data[i] = (i * 7919) % 251;
    const original = Uint8Array.from(photo.data);
    const generated = { data: new Uint8Array(w * h * 3).fill(200), width: w, height: h };
    // A small mask, stretched to the photo like an outline drawn at OUTLINE_MASK_WIDTH or a found roof.
    const mask = rasterizeOutline([SQUARE], 100, 75);
    compositeRoof(photo, generated, await softEdge(mask, w, h));
    let changedOutside = 0,
      notGenerated = 0,
      blended = 0;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = (y * w + x) * 3;
        const inner = x > 0.2 * w + 6 && x < 0.8 * w - 6 && y > 0.2 * h + 6 && y < 0.8 * h - 6;
        const outer = x < 0.2 * w - 6 || x > 0.8 * w + 6 || y < 0.2 * h - 6 || y > 0.8 * h + 6;
        for (let c = 0; c < 3; c++) {
          if (outer && photo.data[i + c] !== original[i + c]) changedOutside++;
          if (inner && photo.data[i + c] !== 200) notGenerated++;
          if (!inner && !outer && photo.data[i + c] !== original[i + c] && photo.data[i + c] !== 200) blended++;
        }
      }
    }
    expect(changedOutside).toBe(0);
    expect(notGenerated).toBe(0);
    // The edge is a blend of the two, not a hard step.
    expect(blended).toBeGreaterThan(100);
  });

  it("draws a model's mask: transparent on the roof for OpenAI, white on the roof for inpainting models", async () => {
    const mask = rasterizeOutline([SQUARE], 50, 50);
    const transparent = await sharp(await maskPng(mask, { width: 100, height: 100 }, 'transparent'))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(transparent.info.channels).toBe(4);
    expect(transparent.data[(50 * 100 + 50) * 4 + 3]).toBe(0);
    expect(transparent.data[(5 * 100 + 5) * 4 + 3]).toBe(255);
    const white = await sharp(await maskPng(mask, { width: 100, height: 100 }, 'white'))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(white.data[(50 * 100 + 50) * white.info.channels]).toBe(255);
    expect(white.data[(5 * 100 + 5) * white.info.channels]).toBe(0);
  });
});
