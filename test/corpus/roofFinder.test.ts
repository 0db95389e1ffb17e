import { describe, expect, it } from 'vitest';
import { afterAll } from 'vitest';
import { join } from 'node:path';
import {
  automaticTable,
  MASK_SETS,
  photoMasks,
  promptedCounts,
  promptedTable,
  ROOF_GOALS,
  scoreAll,
  scorePrompted,
  type PromptedScore,
  type RoofScore,
  writeBeforeAfterSheet,
} from './roofScore.ts';
import { Segmenter } from '../../core/segmenter/segmenter.ts';
import { requireCorpusDir } from './corpusDir.ts';

const CORPUS_DIR = requireCorpusDir();
/**
 * A second set the finder was not tuned on (test/fixtures/photo-masks-extra/README.md says where each
 * photo comes from): scored when CORPUS_EXTRA_DIR holds them in photos/.
 */
const CORPUS_EXTRA_DIR = process.env.CORPUS_EXTRA_DIR;

interface PhotoSet {
  dir: string | undefined;
  masksDir: URL;
  /** What the finder achieved when this was written (coverage less 5 points); any other photo may refuse. */
  found: Record<string, number>;
}

const SETS: Record<keyof typeof MASK_SETS, PhotoSet> = {
  workbench: {
    dir: CORPUS_DIR,
    masksDir: MASK_SETS.workbench,
    found: {
      'metal-copper-standing-seam-aerial-trees.png': 0.45,
      'shingle-charcoal-turret-multiplane-aerial.jpg': 0.49,
      'shingle-multicolour-yellow-house-trees.jpg': 0.83,
      'shingle-tan-3tab-garage-trees.jpg': 0.89,
      'steel-shake-brown-red-brick-wall.png': 0.88,
      'tile-charcoal-2storey-hip-sky.jpg': 0.79,
      'tile-grey-concrete-red-brick-sky.jpg': 0.73,
    },
  },
  extra: {
    dir: CORPUS_EXTRA_DIR,
    masksDir: MASK_SETS.extra,
    found: { 'metal-grey-aerial-garden.jpg': 0.52, 'tile-brown-wall-workers.jpg': 0.67 },
  },
};

const segmenter = new Segmenter(2);
afterAll(() => segmenter.close());

/** Automatic results per set, for the before/after sheet the prompted run completes. */
const automatic = new Map<string, RoofScore[]>();

for (const [name, set] of Object.entries(SETS)) {
  describe.skipIf(!set.dir)(`roof finder on the ${name} photos, against hand-drawn roof outlines`, () => {
    let results: RoofScore[];

    it('scores every photo (ROOF_OVERLAY_DIR=/tmp/… writes the renderings to look at)', async () => {
      results = await scoreAll(set.dir!, segmenter, {
        overlayDir: process.env.ROOF_OVERLAY_DIR,
        masksDir: set.masksDir,
      });
      automatic.set(name, results);
      console.log(`${name} (automatic, after the embedding):\n${automaticTable(results)}`);
      expect(results).toHaveLength(photoMasks(set.masksDir).length);
    }, 600_000);

    it('never spills past the bound on any photo, and refuses by asking for one tap', () => {
      for (const r of results) {
        if (r.refused) expect(r.refused, r.photo).toMatch(/roof-selection.*"label": "roof"/);
        else expect(r.spill, r.photo).toBeLessThanOrEqual(ROOF_GOALS.maxSpill);
      }
    });

    it('finds at least the roofs it found when measured, as fully', () => {
      for (const [photo, coverage] of Object.entries(set.found)) {
        const r = results.find((x) => x.photo === photo)!;
        expect(r.refused, photo).toBeUndefined();
        expect(r.coverage, photo).toBeGreaterThanOrEqual(coverage);
      }
    });
  });
}

if (!CORPUS_EXTRA_DIR)
  console.log('CORPUS_EXTRA_DIR is not set: the second photo set (test/fixtures/photo-masks-extra) is skipped');

/**
 * The prompted modes partners use (POST …/roof-selection), through the real segmenter: one tap on
 * the largest roof plane, and a box with up to 3 corrective taps. The issue's goal for the box
 * mode is coverage ≥ 95 % with spill ≤ 3 % on nearly every photo; the floors below are one photo
 * short of what the segmenter reached when this was written (a change of thread count may move a
 * borderline photo), so a change that loses ground fails here.
 */
const PROMPTED_FLOORS: Record<keyof typeof MASK_SETS, { boxGoalMet: number; boxCoverage90: number }> = {
  workbench: { boxGoalMet: 1, boxCoverage90: 5 },
  extra: { boxGoalMet: 0, boxCoverage90: 0 },
};

for (const [name, set] of Object.entries(SETS)) {
  describe.skipIf(!set.dir)(`roof selection on the ${name} photos, against hand-drawn roof outlines`, () => {
    let results: PromptedScore[];

    it('scores one tap, and a box with up to 3 corrective taps, on every photo', async () => {
      results = [];
      for (const spec of photoMasks(set.masksDir)) {
        results.push(
          await scorePrompted(segmenter, join(set.dir!, 'photos', spec.photo), spec, process.env.ROOF_OVERLAY_DIR),
        );
      }
      console.log(`${name}, prompted:\n${promptedTable(results)}`);
      const overlayDir = process.env.ROOF_OVERLAY_DIR;
      if (overlayDir && automatic.has(name)) {
        await writeBeforeAfterSheet(overlayDir, name, set.dir!, automatic.get(name)!, results);
        console.log(`${name}: before/after sheet in ${join(overlayDir, `${name}-sheet.png`)}`);
      }
      expect(results).toHaveLength(photoMasks(set.masksDir).length);
    }, 600_000);

    it('reaches at least the figures measured when this was written', () => {
      const { goalMet, covered90: covered } = promptedCounts(results);
      expect(goalMet).toBeGreaterThanOrEqual(PROMPTED_FLOORS[name as keyof typeof MASK_SETS].boxGoalMet);
      expect(covered).toBeGreaterThanOrEqual(PROMPTED_FLOORS[name as keyof typeof MASK_SETS].boxCoverage90);
    });
  });
}
