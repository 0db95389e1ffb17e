import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { HOUSE_JPG, ROOF_MASK_PNG } from './visualizations.fixtures.ts';
import { findRoof } from '../tasks/visualization_generate/roof-mask.ts';
import { renderLocal } from '../tasks/visualization_generate/local.ts';

const TERRACOTTA = { name: 'Terracotta', hex: '#b5583a' };

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

  it('with a supplied mask, recolours only the masked pixels and keeps the roof texture', async () => {
    const out = await renderLocal({
      image: HOUSE_JPG,
      mask: ROOF_MASK_PNG,
      color: TERRACOTTA,
      material: null,
      shape: null,
      prompt: '',
    });
    const [w, h] = [300, 225];
    const before = await raw(HOUSE_JPG, w, h, 3);
    const after = await raw(out.bytes, w, h, 3);
    const truth = await raw(ROOF_MASK_PNG, w, h, 1);
    let outsideDiff = 0,
      outside = 0;
    const roofLum: number[] = [];
    for (let p = 0; p < truth.length; p++) {
      const i = p * 3;
      if (truth[p] === 0) {
        outside++;
        outsideDiff +=
          Math.abs(after[i]! - before[i]!) +
          Math.abs(after[i + 1]! - before[i + 1]!) +
          Math.abs(after[i + 2]! - before[i + 2]!);
      } else if (truth[p] === 255) {
        expect(after[i]!).toBeGreaterThan(after[i + 2]!);
        roofLum.push(0.299 * after[i]! + 0.587 * after[i + 1]! + 0.114 * after[i + 2]!);
      }
    }
    // Only JPEG re-encoding noise outside the roof.
    expect(outsideDiff / outside / 3).toBeLessThan(3);
    const mean = roofLum.reduce((a, b) => a + b, 0) / roofLum.length;
    const sd = Math.sqrt(roofLum.reduce((a, b) => a + (b - mean) ** 2, 0) / roofLum.length);
    expect(sd).toBeGreaterThan(5);
  });

  it('refuses a photo with no roof against the sky', async () => {
    const flat = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#808080' } })
      .jpeg()
      .toBuffer();
    await expect(
      renderLocal({ image: flat, color: TERRACOTTA, material: null, shape: null, prompt: '' }),
    ).rejects.toThrow(/roof_outline/);
  });
});
