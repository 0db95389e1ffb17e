// Roof finding on real house photos against hand-drawn roof outlines: automatic (as a generate
// with no input paints), one tap, and a box with up to 3 corrective taps, through the real
// segmenter. The scoring is the corpus test's (test/corpus/roofScore.ts); this files its tables in
// bench/RESULTS.md, so the figures the docs point at come from one run on one machine.
// `npx tsx bench/roofFinding.ts`. The photos are the team's workbench (test/corpus/corpusDir.ts:
// CORPUS_DIR, else ../shared/fixtures beside the checkout) and the extra set when CORPUS_EXTRA_DIR holds it.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Segmenter } from '../core/segmenter/segmenter.ts';
import {
  automaticTable,
  MASK_SETS,
  photoMasks,
  promptedTable,
  scoreAll,
  scorePrompted,
} from '../test/corpus/roofScore.ts';
import { corpusDir } from '../test/corpus/corpusDir.ts';

const workbench = corpusDir();
const dirs: Record<keyof typeof MASK_SETS, string | undefined> = {
  workbench: workbench && existsSync(join(workbench, 'photos')) ? workbench : undefined,
  extra: process.env.CORPUS_EXTRA_DIR,
};

const segmenter = new Segmenter(2);
for (const [name, dir] of Object.entries(dirs) as [keyof typeof MASK_SETS, string | undefined][]) {
  const count = photoMasks(MASK_SETS[name]).length;
  if (!dir) {
    console.log(
      `### The ${name} photos (${count})\n\nNot run: their folder is not on this machine (CORPUS_DIR, CORPUS_EXTRA_DIR).\n`,
    );
    continue;
  }
  const auto = await scoreAll(dir, segmenter, { masksDir: MASK_SETS[name] });
  console.log(`### The ${name} photos (${count}): automatic, as a generate with no input\n\n${automaticTable(auto)}\n`);
  const prompted = [];
  for (const spec of photoMasks(MASK_SETS[name])) {
    prompted.push(await scorePrompted(segmenter, join(dir, 'photos', spec.photo), spec));
  }
  console.log(
    `### The ${name} photos (${count}): one tap, and a box with up to 3 corrective taps\n\n${promptedTable(prompted)}\n`,
  );
}
await segmenter.close();
