import { describe, expect, it } from 'vitest';
import { findRoof } from '../../tasks/visualization_generate/roof/colourFinder.ts';
import { maskOpacity } from '../../tasks/visualization_generate/render/composite.ts';
import {
  houseUnderSky,
  roofAroundWall,
  roofOverGutter,
  roofUnderTrees,
  type Scene,
} from '../fixtures/visualizer/scenes.ts';

/** Share of the true roof the found mask paints, and share of everything else it paints. */
function score(scene: Scene) {
  const found = findRoof({ data: scene.rgb, width: scene.width, height: scene.height, channels: 3 });
  if ('refused' in found) throw new Error(found.refused);
  const at = maskOpacity(found.mask, scene.width, scene.height);
  let roof = 0,
    covered = 0,
    rest = 0,
    spilled = 0;
  const painted = (x: number, y: number) => at(x, y) > 0;
  for (let y = 0; y < scene.height; y++) {
    for (let x = 0; x < scene.width; x++) {
      const inRoof = scene.roof[y * scene.width + x]! > 127;
      if (inRoof) {
        roof++;
        covered += Number(painted(x, y));
      } else {
        rest++;
        spilled += Number(painted(x, y));
      }
    }
  }
  return { coverage: covered / roof, spill: spilled / rest, painted };
}

describe('roof finder', () => {
  it('covers both planes of a roof against the sky, in sun and in shade, and nothing else', async () => {
    const { coverage, spill, painted } = score(await houseUnderSky());
    expect(coverage).toBeGreaterThan(0.85);
    expect(spill).toBeLessThan(0.005);
    // The red umbrella, the brick wall, the door and a window stay as they were.
    for (const [x, y] of [
      [90, 480],
      [740, 440],
      [420, 430],
      [220, 380],
    ] as const)
      expect(painted(x, y), `${x},${y}`).toBe(false);
  });

  it('covers a roof seen against trees, and not the trees or the drive', async () => {
    const { coverage, spill } = score(await roofUnderTrees());
    expect(coverage).toBeGreaterThan(0.85);
    expect(spill).toBeLessThan(0.005);
  });

  it('stops at the gutter, lighter and smoother than the roof, rather than run on down the wall below', async () => {
    const { coverage, spill, painted } = score(await roofOverGutter());
    expect(coverage).toBeGreaterThan(0.85);
    expect(spill).toBeLessThan(0.05);
    for (const [x, y] of [
      [100, 360],
      [400, 420],
      [700, 560],
    ] as const)
      expect(painted(x, y), `${x},${y}`).toBe(false);
  });

  it("keeps out a wall in the roof as dark and as lined as it, by the roof's own colour and spread", async () => {
    // The neighbours' grey roofs on the skyline pull the roofline's colour towards the wall's; they may be taken.
    const { coverage, painted } = score(await roofAroundWall());
    expect(coverage).toBeGreaterThan(0.85);
    let wall = 0,
      spilled = 0;
    for (let y = 204; y < 326; y++) {
      for (let x = 304; x < 516; x++) {
        wall++;
        spilled += Number(painted(x, y));
      }
    }
    expect(spilled / wall).toBeLessThan(0.01);
  });

  it('refuses, asking for roof_outline, when no roof can be told apart', async () => {
    const grey = { data: new Uint8Array(400 * 300 * 3).fill(128), width: 400, height: 300, channels: 3 };
    expect(findRoof(grey)).toEqual({ refused: expect.stringMatching(/send roof_outline/) });
    // Sky over a lawn: open above everywhere, but nothing roofing-coloured and ribbed under it.
    const field = new Uint8Array(400 * 300 * 3);
    for (let p = 0; p < 400 * 300; p++) field.set(p < 400 * 150 ? [90, 150, 220] : [70, 130, 50], p * 3);
    expect(findRoof({ data: field, width: 400, height: 300, channels: 3 })).toEqual({
      refused: expect.stringMatching(/send roof_outline/),
    });
  });
});
