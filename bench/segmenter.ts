// The roof segmenter through the real service: a web process and a worker process on a fresh
// embedded database, a 12-megapixel photo uploaded as a data URL. Measures, one visualization at a
// time: the embedding (create → embedding stored), a roof selection once the embedding exists
// (POST …/roof-selection), and a generate that paints it; the worker's peak RSS; and how long the web
// process's event loop stalls while selections run (a probe GET every 10 ms, against the same probe
// with the web process idle). `MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=16777216 npx tsx bench/segmenter.ts [visualizations]`.
import sharp from 'sharp';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchDatabase, startProcess } from './lib.ts';
import { createWorkspace } from '../storage/workspaces.ts';
import { createApiKey } from '../storage/apiKeys.ts';
import { SCOPES } from '../core/scopes.ts';
import { listCatalog } from '../storage/catalog.ts';

const runs = Number(process.argv[2] ?? 5);
const TARGETS = { embedMs: 3000, selectMs: 500, generateMs: 3000, workerRssMb: 800, stallMs: 50 };

const photoPath = join(tmpdir(), 'segmenter-bench-12mp.jpg');
const source = execFileSync(process.execPath, ['--import', 'tsx', 'bench/photo12mp.ts', photoPath], {
  encoding: 'utf8',
}).trim();
const photo = readFileSync(photoPath);

const db = await benchDatabase();
const env = { DATABASE_URL: db.url, RATE_LIMIT_PER_MINUTE: '100000', GENERATE_WAIT_MS: '60000' };
const web = await startProcess('api/server.ts', env);
const worker = await startProcess('worker/main.ts', env, { http: false });
const ws = await createWorkspace(db.sql, 'Bench');
const { key } = await createApiKey(db.sql, { workspaceId: ws.id, name: 'Bench key', scopes: [...SCOPES] });
const catalog = await listCatalog(db.sql, ws.id);
let seq = 0;
const post = (path: string, body: unknown) =>
  fetch(`${web.url}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${key}`,
      'content-type': 'application/json',
      'idempotency-key': `bench-${Date.now()}-${++seq}`,
    },
    body: JSON.stringify(body),
  });

/** Latencies of a GET every 10 ms while `during` runs: what a request waits when the event loop is busy. */
async function probe<T>(during: () => Promise<T>): Promise<{ result: T; worstMs: number }> {
  let running = true;
  let worstMs = 0;
  const loop = (async () => {
    while (running) {
      const t0 = performance.now();
      await fetch(`${web.url}/api/v1/openapi.json`, { method: 'HEAD' }).then((r) => r.arrayBuffer());
      worstMs = Math.max(worstMs, performance.now() - t0);
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  const result = await during();
  running = false;
  await loop;
  return { result, worstMs };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const embedMs: number[] = [];
const selectMs: number[] = [];
const generateMs: number[] = [];
const idle = await probe(() => new Promise((r) => setTimeout(r, 2000)));
let stallMs = 0;
for (let k = 0; k < runs; k++) {
  // Each run's photo differs a little: a process reuses the embedding of a photo it embedded lately.
  const variant = await sharp(photo)
    .modulate({ brightness: 1 + 0.002 * (k + 1) })
    .jpeg({ quality: 90 })
    .toBuffer();
  const dataUrl = `data:image/jpeg;base64,${variant.toString('base64')}`;
  const t0 = performance.now();
  const created = await post('/api/v1/visualizations', {
    session_id: `bench-${k}`,
    original_image_url: dataUrl,
    color_id: catalog.colors[k % catalog.colors.length]!.id,
  });
  if (created.status !== 201) throw new Error(`create answered ${created.status}: ${await created.text()}`);
  const id = ((await created.json()) as { visualization: { id: string } }).visualization.id;
  for (;;) {
    const [row] = await db.sql<
      { embedding_state: string }[]
    >`select embedding_state from visualizations where id = ${id}`;
    if (row!.embedding_state === 'ready') break;
    if (row!.embedding_state === 'failed') throw new Error('embedding failed');
    await new Promise((r) => setTimeout(r, 20));
  }
  embedMs.push(performance.now() - t0);
  const taps = [
    { points: [{ x: 0.5, y: 0.4, label: 'roof' }] },
    {
      points: [
        { x: 0.5, y: 0.4, label: 'roof' },
        { x: 0.5, y: 0.85, label: 'not_roof' },
      ],
    },
    { box: [0.1, 0.1, 0.9, 0.6] },
    { box: [0.1, 0.1, 0.9, 0.6], points: [{ x: 0.5, y: 0.7, label: 'not_roof' }] },
  ];
  const { worstMs } = await probe(async () => {
    for (const body of taps) {
      const s0 = performance.now();
      const res = await post(`/api/v1/visualizations/${id}/roof-selection`, body);
      if (res.status !== 200) throw new Error(`selection answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
      selectMs.push(performance.now() - s0);
    }
  });
  stallMs = Math.max(stallMs, worstMs);
  const g0 = performance.now();
  const generated = await post(`/api/v1/visualizations/${id}/generate`, {});
  const body = (await generated.json()) as { visualization: { status: string; processing_error: string | null } };
  if (body.visualization.status !== 'completed') throw new Error(`generate: ${JSON.stringify(body)}`);
  generateMs.push(performance.now() - g0);
}
const workerPeakMb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${worker.child.pid}/status`, 'utf8'))![1]) / 1024;

const verdict = (value: number, target: number) => (value <= target ? 'met' : '**not met**');
console.log(`input: ${source}, ${(photo.length / 1e6).toFixed(1)} MB JPEG; ${runs} visualizations, one at a time`);
console.log();
console.log('| measure | result | target | |');
console.log('|---|---|---|---|');
const line = (name: string, value: number, target: number, unit: string) =>
  console.log(`| ${name} | ${value.toFixed(0)} ${unit} | ≤ ${target} ${unit} | ${verdict(value, target)} |`);
line('embedding of the photo (create → stored), p50', median(embedMs), TARGETS.embedMs, 'ms');
line(`roof selection once embedded, p50 of ${selectMs.length}`, median(selectMs), TARGETS.selectMs, 'ms');
line('generate painting the selection, p50', median(generateMs), TARGETS.generateMs, 'ms');
line('worker peak RSS', workerPeakMb, TARGETS.workerRssMb, 'MB');
line(
  `web event-loop stall during selections (worst probe ${stallMs.toFixed(0)} ms less idle worst ${idle.worstMs.toFixed(0)} ms)`,
  Math.max(0, stallMs - idle.worstMs),
  TARGETS.stallMs,
  'ms',
);

await web.stop();
await worker.stop();
await db.stop();
