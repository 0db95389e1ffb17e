// The local provider's painting of a 12-megapixel photo (the synthetic house at 4000 × 3000 with
// its true roof mask), in CPU time of this process: the roof's analysis on its small grid (planes,
// light, kept details) and the full-resolution painting, each as a p50 over 5 runs and as a ratio
// to a baseline measured in the same run (one pass over the same photo blending a flat colour
// through the same mask), so a loaded machine shows as a slower baseline, not a regression.
import sharp from 'sharp';
import { renderHouse } from '../test/fixtures/visualizer/house.ts';
import { analyzeRoof, paintRoof } from '../tasks/visualization_generate/render/composite.ts';

const RUNS = 5;
const { photo: jpeg, roofMask } = await renderHouse(4000);
const { data, info } = await sharp(jpeg).removeAlpha().raw().toBuffer({ resolveWithObject: true });
const maskRaw = await sharp(roofMask).resize(1024, 768, { fit: 'fill' }).extractChannel(0).raw().toBuffer();
const mask = { data: new Uint8Array(maskRaw), width: 1024, height: 768 };

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

/** The baseline: a flat colour blended through the mask, nearest mask pixel, over every photo pixel. */
function flatFill(pixels: Uint8Array) {
  const { width, height } = info;
  for (let y = 0; y < height; y++) {
    const row = Math.min(767, ((y * 768) / height) | 0) * 1024;
    for (let x = 0, i = y * width * 3; x < width; x++, i += 3) {
      const a = mask.data[row + Math.min(1023, ((x * 1024) / width) | 0)]! / 255;
      if (a === 0) continue;
      pixels[i] = pixels[i]! * (1 - a) + 181 * a;
      pixels[i + 1] = pixels[i + 1]! * (1 - a) + 88 * a;
      pixels[i + 2] = pixels[i + 2]! * (1 - a) + 58 * a;
    }
  }
}

const analysis: number[] = [],
  painting: number[] = [],
  baseline: number[] = [];
for (let run = 0; run < RUNS; run++) {
  const photo = { data: new Uint8Array(data), width: info.width, height: info.height, channels: 3 as const };
  let t = cpuMs();
  flatFill(new Uint8Array(data));
  baseline.push(cpuMs() - t);
  t = cpuMs();
  const roof = analyzeRoof(photo, mask)!;
  analysis.push(cpuMs() - t);
  t = cpuMs();
  paintRoof(photo, roof, { name: 'Clay tile' }, [181, 88, 58]);
  painting.push(cpuMs() - t);
}
const base = p50(baseline);
console.log(`12 MP render (${info.width} × ${info.height}, synthetic house), CPU ms p50 of ${RUNS}:`);
console.log();
console.log('| step | CPU ms | × flat fill |');
console.log('| --- | ---: | ---: |');
console.log(`| flat fill (baseline) | ${base.toFixed(0)} | 1.0 |`);
console.log(
  `| roof analysis (planes, light, details) | ${p50(analysis).toFixed(0)} | ${(p50(analysis) / base).toFixed(1)} |`,
);
console.log(`| painting, full resolution | ${p50(painting).toFixed(0)} | ${(p50(painting) / base).toFixed(1)} |`);
