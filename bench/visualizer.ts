// Local-provider generation on a 12-megapixel photo: latency p50/p99 and peak RSS while four
// generations run at once (WORKER_CONCURRENCY=4). `npx tsx bench/visualizer.ts [runs]`
import sharp from 'sharp';
import { renderLocal } from '../tasks/visualization_generate/local.ts';
import { inspectImage } from '../tasks/visualization_generate/inspect-image.ts';
import { findRoof, ROOF_ANALYSIS_WIDTH } from '../tasks/visualization_generate/roof-mask.ts';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const CONCURRENCY = 4;
const runs = Number(process.argv[2] ?? 24);

// The worker's settings (tasks/visualization_generate.ts).
sharp.concurrency(1);
sharp.cache(false);

// Rendered in a child process so that the scene's own memory does not count as the worker's.
const photoPath = join(tmpdir(), 'visualizer-bench-12mp.jpg');
execFileSync(process.execPath, ['--import', 'tsx', 'test/fixtures/visualizer/house.ts', '4000', photoPath], {
  stdio: 'inherit',
});
const photo = readFileSync(photoPath);
const info = await inspectImage(photo);
console.log(
  `input: ${info.width}×${info.height} (${((info.width * info.height) / 1e6).toFixed(1)} MP), ${(photo.length / 1e6).toFixed(1)} MB JPEG`,
);

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
      await renderLocal({
        image: photo,
        color: { name: 'Terracotta', hex: '#b5583a' },
        material: { id: 'mat_bench', name: 'Clay tile' },
        shape: null,
        prompt: '',
      });
      latencies.push(performance.now() - t0);
    }
  }),
);
clearInterval(sampler);
latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)]!;
const mb = (b: number) => `${Math.round(b / 1024 / 1024)} MB`;
console.log(`runs: ${runs} at concurrency ${CONCURRENCY}, wall ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(
  `latency p50 ${pct(50).toFixed(0)} ms, p99 ${pct(99).toFixed(0)} ms, max ${latencies.at(-1)!.toFixed(0)} ms`,
);
console.log(
  `RSS: before ${mb(baseline)}, peak ${mb(peakRss)} (budget 400 MB) → ${peakRss < 400 * 1024 * 1024 ? 'OK' : 'OVER'}`,
);

// Roof finder on the same photo, alone: the shrink to the analysis width that every provider's
// mask step pays (the baseline) and the finder's own work on the shrunk pixels, one at a time.
const shrinkMs: number[] = [];
const findMs: number[] = [];
for (let i = 0; i < 9; i++) {
  const t0 = performance.now();
  const small = await sharp(photo)
    .resize({ width: ROOF_ANALYSIS_WIDTH })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const t1 = performance.now();
  const found = findRoof({ data: small.data, width: small.info.width, height: small.info.height, channels: 3 });
  findMs.push(performance.now() - t1);
  shrinkMs.push(t1 - t0);
  if ('refused' in found) throw new Error(`roof finder refused the bench photo: ${found.refused}`);
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
console.log(
  `roof finder: shrink to ${ROOF_ANALYSIS_WIDTH} px p50 ${median(shrinkMs).toFixed(0)} ms (baseline), find p50 ${median(findMs).toFixed(0)} ms → ${(median(findMs) / median(shrinkMs)).toFixed(2)}× the baseline`,
);
