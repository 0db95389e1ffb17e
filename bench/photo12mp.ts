// Writes the visualizer bench's 12-megapixel photo (4000 × 3000 JPEG) to argv[2]: a real house
// photo of the real-file corpus (its photos/, as npm run test:corpus finds it: test/corpus/corpusDir.ts)
// upscaled when there is one, else the synthetic house of test/fixtures/visualizer/house.ts. Prints its source.
// Run in a child process so the upscaling's memory does not count as the worker's.
import { existsSync, readdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { renderHouse } from '../test/fixtures/visualizer/house.ts';
import { corpusDir } from '../test/corpus/corpusDir.ts';

const out = process.argv[2]!;
const corpus = corpusDir();
const dir = corpus ? join(corpus, 'photos') : undefined;
const photo =
  dir && existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => /\.(jpe?g|png)$/i.test(f))
        .sort()[0]
    : undefined;
if (dir && photo) {
  await sharp(join(dir, photo))
    .rotate()
    .resize(4000, 3000, { fit: 'cover', kernel: sharp.kernel.lanczos3 })
    .jpeg({ quality: 90 })
    .toFile(out);
  console.log(`${photo} (workbench corpus), upscaled`);
} else {
  await writeFile(out, (await renderHouse(4000)).photo);
  console.log('synthetic house (no workbench photos found)');
}
