import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { HOUSE_JPG, ROOF_MASK_PNG } from './fixtures/visualizer/photos.ts';
import { encodeEmbedding, storedEmbeddingSize } from '../core/segmenter/embeddingBlob.ts';
import { Segmenter } from '../core/segmenter/segmenter.ts';
import { cleanAnswer, findRoofAutomatically } from '../tasks/visualization_generate/roof/autoFind.ts';
import type { Mask } from '../tasks/visualization_generate/mask.ts';
import { decodeForSegmenter, decodePhoto } from '../tasks/visualization_generate/photo.ts';
import { roofMaskFor } from '../tasks/visualization_generate/roof/findRoof.ts';
import { LocalBlobStore } from '../storage/blobs.ts';
import type { VisualizationRow } from '../storage/visualizations.ts';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const segmenter = new Segmenter();
afterAll(() => segmenter.close());

/** The test house (1200 × 900) with two ellipses of `fill` laid over its roof. */
function houseWith(fill: string, opacity: number, ellipses: [number, number, number, number][]) {
  const shapes = ellipses
    .map(
      ([cx, cy, rx, ry]) =>
        `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}" opacity="${opacity}"/>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">${shapes}</svg>`;
  return sharp(HOUSE_JPG)
    .composite([{ input: Buffer.from(svg) }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/**
 * Two tree shadows cast on the roof: shingles far darker than the rest of the roof, which the
 * colour finder leaves out (shadow is not its material), while the model sees one roof through them.
 */
const shadedHouse = () =>
  houseWith('#000', 0.75, [
    [400, 350, 90, 42],
    [900, 385, 55, 20],
  ]);

/** Two patches of sun through a tree, well inside the roof: shingles far lighter than the rest. */
const sunlitHouse = () =>
  houseWith('#fff', 0.45, [
    [520, 330, 70, 26],
    [760, 360, 50, 20],
  ]);

/** Share of the true roof the mask covers, and share of everything else it covers. */
async function score(mask: Mask) {
  const truth = await sharp(ROOF_MASK_PNG)
    .resize(mask.width, mask.height, { fit: 'fill' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  let roof = 0,
    covered = 0,
    rest = 0,
    spilled = 0;
  for (let p = 0; p < truth.length; p++) {
    const on = mask.data[p]! > 127;
    if (truth[p]! > 127) (roof++, (covered += Number(on)));
    else (rest++, (spilled += Number(on)));
  }
  return { coverage: covered / roof, spill: spilled / rest };
}

describe('automatic roof finding with the model', () => {
  it('covers the roof through shadows the colour finder leaves out, from the stored embedding', async () => {
    const photo = await shadedHouse();
    const colourOnly = await findRoofAutomatically(photo, null);
    if (!('mask' in colourOnly)) throw new Error(colourOnly.refused);
    expect((await score(colourOnly.mask)).coverage).toBeLessThan(0.8);

    const bytes = encodeEmbedding(await segmenter.embed(await decodeForSegmenter(photo)));
    const embedding = { key: 'test/auto-find', bytes, ...storedEmbeddingSize(bytes) };
    const found = await findRoofAutomatically(photo, { segmenter, embedding });
    if (!('mask' in found)) throw new Error(found.refused);
    expect(found.embedded).toBe(false);
    expect(found.decodes).toBeGreaterThan(0);
    const { coverage, spill } = await score(found.mask);
    expect(coverage).toBeGreaterThan(0.9);
    expect(spill).toBeLessThan(0.01);
  });

  it("paints a generate's roof with the model whether or not the row's embedding is stored yet, and the colour finder's when it cannot be embedded", async () => {
    const photo = await shadedHouse();
    const blobs = new LocalBlobStore(await mkdtemp(join(tmpdir(), 'autofind-')), Buffer.alloc(32), 'http://localhost');
    const key = 'ws/visualizations/v/embedding';
    await blobs.put(
      key,
      encodeEmbedding(await segmenter.embed(await decodeForSegmenter(photo))),
      'application/octet-stream',
    );
    const row = { roof_outline: null, roof_selection: null };
    const decoded = await decodePhoto(photo);
    const roofWhen = (state: Pick<VisualizationRow, 'embedding_state' | 'embedding_key'>) =>
      roofMaskFor({ blobs, segmenter }, { ...row, ...state }, photo, decoded).then(score);
    // A generate right after create, before the embedding job has stored the embedding.
    expect((await roofWhen({ embedding_state: 'pending', embedding_key: null })).coverage).toBeGreaterThan(0.9);
    expect((await roofWhen({ embedding_state: 'ready', embedding_key: key })).coverage).toBeGreaterThan(0.9);
    expect((await roofWhen({ embedding_state: 'failed', embedding_key: null })).coverage).toBeLessThan(0.8);
  });

  it('fills the patches of sun the roof surrounds, which the colour finder leaves out', async () => {
    const photo = await sunlitHouse();
    const colourOnly = await findRoofAutomatically(photo, null);
    if (!('mask' in colourOnly)) throw new Error(colourOnly.refused);
    const found = await findRoofAutomatically(photo, {
      segmenter,
      embedding: await segmenter.embed(await decodeForSegmenter(photo)),
    });
    if (!('mask' in found)) throw new Error(found.refused);
    expect((await score(colourOnly.mask)).coverage).toBeLessThan(0.9);
    const { coverage, spill } = await score(found.mask);
    expect(coverage).toBeGreaterThan(0.93);
    expect(spill).toBeLessThan(0.01);
  });

  it('paints no part apart from the roof under half a percent of the frame (a car, a flower bed), and fills specks', () => {
    const size = { width: 200, height: 100 };
    const answer = new Uint8Array(size.width * size.height);
    const fill = (x0: number, y0: number, x1: number, y1: number) => {
      for (let y = y0; y < y1; y++) answer.fill(1, y * size.width + x0, y * size.width + x1);
    };
    fill(10, 10, 130, 60); // the roof
    answer[30 * size.width + 50] = 0; // a speck of shadow on it
    fill(170, 80, 178, 88); // 64 px, 0.32 % of the frame: a car
    fill(150, 10, 162, 20); // 120 px, 0.6 %: a garage roof
    const cleaned = cleanAnswer(answer, size);
    const at = (x: number, y: number) => cleaned[y * size.width + x];
    expect([at(20, 20), at(50, 30), at(155, 15)]).toEqual([255, 255, 255]);
    expect(at(174, 84)).toBe(0);
    expect(cleaned.filter((v) => v === 255)).toHaveLength(120 * 50 + 120);
  });

  it('refuses a photo with no roof by asking for one tap, without running the decoder', async () => {
    const flat = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#808080' } })
      .jpeg()
      .toBuffer();
    const found = await findRoofAutomatically(flat, { segmenter });
    expect(found).toMatchObject({
      refused: expect.stringMatching(/roof-selection with \{"points": \[\{"x": …, "y": …, "label": "roof"\}\]\}/),
      decodes: 0,
      embedded: false,
    });
  });
});
