// Local-provider generation on a 12-megapixel photo: the whole image pipeline a generate runs
// (decode, roof mask, clay tile painted, JPEG encode), latency p50/p99 and peak RSS while four
// run at once (WORKER_CONCURRENCY=4), plus the roof finder alone against its shrink baseline.
// `MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=16777216 npx tsx bench/visualizer.ts [runs]`: the worker's allocator setting, as
// `npm run bench` runs it (glibc's default arenas add ~130 MB of libvips thread arenas).
import sharp from 'sharp';
import { generateImage } from '../tasks/visualization_generate/generateImage.ts';
import { localProvider } from '../tasks/visualization_generate/providers/local.ts';
import { inspectImage } from '../tasks/visualization_generate/inspectImage.ts';
import { decodePhotoSmall } from '../tasks/visualization_generate/photo.ts';
import { findRoof, ROOF_ANALYSIS_WIDTH } from '../tasks/visualization_generate/roof/colourFinder.ts';
import type { RoofOutline } from '../core/roofOutline.ts';
import { foundRoof, outlineRoof } from '../tasks/visualization_generate/roof/findRoof.ts';

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

const CONCURRENCY = 4;
const runs = Number(process.argv[2] ?? 24);

// The worker's settings (tasks/visualization_generate.ts).
sharp.concurrency(1);
sharp.cache(false);

const photoPath = join(tmpdir(), 'visualizer-bench-12mp.jpg');
const source = execFileSync(process.execPath, ['--import', 'tsx', 'bench/photo12mp.ts', photoPath], {
  encoding: 'utf8',
}).trim();
const photo = readFileSync(photoPath);
const info = await inspectImage(photo);
console.log(
  `input: ${source}: ${info.width}×${info.height} (${((info.width * info.height) / 1e6).toFixed(1)} MP), ${(photo.length / 1e6).toFixed(1)} MB JPEG`,
);

// The roof finder on the same photo, alone: the shrink to the analysis width that every
// provider's mask step pays (the baseline) and the finder's own work on the shrunk pixels.
const shrinkMs: number[] = [];
const findMs: number[] = [];
let refusal: string | undefined;
for (let k = 0; k < 9; k++) {
  const t0 = performance.now();
  const small = await decodePhotoSmall(photo, ROOF_ANALYSIS_WIDTH);
  const t1 = performance.now();
  const found = findRoof({ ...small, channels: 3 });
  findMs.push(performance.now() - t1);
  shrinkMs.push(t1 - t0);
  refusal = 'refused' in found ? found.refused : undefined;
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const found = !refusal;
console.log(
  `roof finder: ${found ? 'roof found' : `refused (${refusal})`}; shrink to ${ROOF_ANALYSIS_WIDTH} px p50 ${median(shrinkMs).toFixed(0)} ms (baseline), find p50 ${median(findMs).toFixed(0)} ms → ${(median(findMs) / median(shrinkMs)).toFixed(2)}× the baseline`,
);

// A refused search would measure only the refusal: the runs then use an outline, as a partner would send.
const outline: RoofOutline | null = found
  ? null
  : [
      [
        [0.1, 0.45],
        [0.9, 0.45],
        [0.7, 0.15],
        [0.3, 0.15],
      ],
    ];

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
const baseline = process.memoryUsage().rss;
const latencies: number[] = [];
let next = 0;
const started = Date.now();
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < runs) {
      next++;
      const t0 = performance.now();
      await generateImage(localProvider, {
        image: photo,
        roofMask: outline ? outlineRoof(outline) : foundRoof(photo, null),
        selection: {
          color: { name: 'Terracotta', hex: '#b5583a' },
          material: { id: 'mat_bench', name: 'Clay tile' },
          shape: null,
        },
      });
      latencies.push(performance.now() - t0);
    }
  }),
);
clearInterval(sampler);
latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)]!;
const mb = (b: number) => `${Math.round(b / 1024 / 1024)} MB`;
console.log(
  `runs: ${runs} at concurrency ${CONCURRENCY} (${outline ? 'with a roof_outline' : 'roof found in the photo'}), wall ${((Date.now() - started) / 1000).toFixed(1)} s, load average ${loadavg()[0]!.toFixed(1)} on this machine`,
);
console.log(
  `latency p50 ${pct(50).toFixed(0)} ms (budget 2000 ms) → ${pct(50) <= 2000 ? 'OK' : 'OVER'}, p99 ${pct(99).toFixed(0)} ms, max ${latencies.at(-1)!.toFixed(0)} ms`,
);
console.log(
  `RSS: before ${mb(baseline)}, peak ${mb(peakRss)} (budget 400 MB) → ${peakRss < 400 * 1024 * 1024 ? 'OK' : 'OVER'}`,
);
