import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { HOUSE_ROOF_OUTLINE, HOUSE_JPG, ROOF_MASK_PNG } from '../fixtures/visualizer/photos.ts';
import { findRoof } from '../../tasks/visualization_generate/roof/colourFinder.ts';
import { generateImage } from '../../tasks/visualization_generate/generateImage.ts';
import { localProvider } from '../../tasks/visualization_generate/providers/local.ts';
import { rasterizeOutline } from '../../tasks/visualization_generate/mask.ts';
import { foundRoof, outlineRoof } from '../../tasks/visualization_generate/roof/findRoof.ts';

const TERRACOTTA = { name: 'Terracotta', hex: '#b5583a' };
const selection = { color: TERRACOTTA, material: null, shape: null };

async function raw(image: Buffer, width: number, height: number, channels: 1 | 3) {
  const img = sharp(image).resize(width, height, { fit: 'fill' });
  return (channels === 1 ? img.extractChannel(0) : img.removeAlpha()).raw().toBuffer();
}

describe('local provider', () => {
  it('finds the roof of the house photo: overlap with the true roof outline is above 90%', async () => {
    const [w, h] = [400, 300];
    const found = findRoof({ data: await raw(HOUSE_JPG, w, h, 3), width: w, height: h, channels: 3 });
    if ('refused' in found) throw new Error(found.refused);
    const mask = found.mask.data;
    const truth = await raw(ROOF_MASK_PNG, w, h, 1);
    let inter = 0;
    let union = 0;
    for (let i = 0; i < truth.length; i++) {
      const a = mask[i]! > 127,
        b = truth[i]! > 127;
      inter += Number(a && b);
      union += Number(a || b);
    }
    expect(inter / union).toBeGreaterThan(0.9);
  });

  it("with the partner's outline, recolours exactly the outlined region and keeps the roof texture", async () => {
    const out = await generateImage(localProvider, {
      image: HOUSE_JPG,
      roofMask: outlineRoof(HOUSE_ROOF_OUTLINE),
      selection,
    });
    const [w, h] = [1200, 900];
    const before = await raw(HOUSE_JPG, w, h, 3);
    const after = await raw(out.bytes, w, h, 3);
    // Pixels well inside or well outside the outline (the soft edge is a few pixels wide).
    const inside = rasterizeOutline(HOUSE_ROOF_OUTLINE, w, h).data;
    const grown = await sharp(inside, { raw: { width: w, height: h, channels: 1 } })
      .blur(3)
      .extractChannel(0)
      .raw()
      .toBuffer();
    let outsideDiff = 0,
      outside = 0;
    const roofLum: number[] = [];
    let kept = 0;
    for (let p = 0; p < inside.length; p++) {
      const i = p * 3;
      if (grown[p] === 0) {
        outside++;
        outsideDiff +=
          Math.abs(after[i]! - before[i]!) +
          Math.abs(after[i + 1]! - before[i + 1]!) +
          Math.abs(after[i + 2]! - before[i + 2]!);
      } else if (grown[p] === 255) {
        // Small objects inside the outline (the dormer's window) keep the photo's pixels.
        kept += Number(after[i]! <= after[i + 2]! + 20);
        roofLum.push(0.299 * after[i]! + 0.587 * after[i + 1]! + 0.114 * after[i + 2]!);
      }
    }
    expect(kept / roofLum.length).toBeLessThan(0.01);
    // Only JPEG re-encoding noise outside the outline, walls and dormer included.
    expect(outsideDiff / outside / 3).toBeLessThan(2);
    expect(roofLum.length).toBeGreaterThan(100_000);
    const mean = roofLum.reduce((a, b) => a + b, 0) / roofLum.length;
    const sd = Math.sqrt(roofLum.reduce((a, b) => a + (b - mean) ** 2, 0) / roofLum.length);
    expect(sd).toBeGreaterThan(5);
  });

  it('refuses a photo with no roof against the sky, telling the partner to send roof_outline', async () => {
    const flat = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#808080' } })
      .jpeg()
      .toBuffer();
    await expect(
      generateImage(localProvider, { image: flat, roofMask: foundRoof(flat, null), selection }),
    ).rejects.toThrow(/roof_outline/);
  });

  it('recolours a flat photo inside an outline although no roof would be found in it', async () => {
    const flat = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#808080' } })
      .jpeg()
      .toBuffer();
    const square: [number, number][][] = [
      [
        [0.25, 0.25],
        [0.75, 0.25],
        [0.75, 0.75],
        [0.25, 0.75],
      ],
    ];
    const out = await raw(
      (await generateImage(localProvider, { image: flat, roofMask: outlineRoof(square), selection })).bytes,
      400,
      300,
      3,
    );
    const at = (x: number, y: number) => [...out.subarray((y * 400 + x) * 3, (y * 400 + x) * 3 + 3)];
    expect(at(200, 150)[0]!).toBeGreaterThan(at(200, 150)[2]! + 60);
    for (const [x, y] of [
      [20, 20],
      [380, 280],
      [90, 150],
      [310, 150],
    ] as const)
      for (const c of at(x, y)) expect(Math.abs(c - 128)).toBeLessThan(4);
  });
});
