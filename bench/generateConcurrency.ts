// 200 concurrent generate calls across 50 visualizations, four per row under two
// Idempotency-Keys, against the real API and a real worker process: afterwards every completed
// row must have exactly one succeeded attempt, none reserved, and no row left processing.
// `npx tsx bench/generateConcurrency.ts`
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchDatabase, root, startProcess } from './lib.ts';
import { createWorkspace } from '../storage/workspaces.ts';
import { createApiKey } from '../storage/apiKeys.ts';

const ROWS = 50;
const CALLS_PER_ROW = 4;

const db = await benchDatabase();
const ws = await createWorkspace(db.sql, 'Generate bench');
const { key } = await createApiKey(db.sql, { workspaceId: ws.id, name: 'bench', scopes: ['sales_visualizer.use'] });
const env = {
  DATABASE_URL: db.url,
  RATE_LIMIT_PER_MINUTE: '100000000',
  // The bench's one key sends every call: the per-key cap on expensive requests would answer most
  // of them 429 before they reach the attempt reservation this bench is about.
  EXPENSIVE_REQUESTS_PER_KEY: '1000',
  GENERATE_WAIT_MS: '60000',
  WORKER_CONCURRENCY: '4',
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '16777216',
};
const api = await startProcess('api/server.ts', env);
const worker = await startProcess('worker/main.ts', env, { http: false });
const image = `data:image/jpeg;base64,${readFileSync(join(root, 'test/fixtures/visualizer/house.jpg')).toString('base64')}`;
const headers = (idem: string) => ({
  authorization: `Bearer ${key}`,
  'content-type': 'application/json',
  'idempotency-key': idem,
});

const ids: string[] = [];
for (let i = 0; i < ROWS; i++) {
  const res = await fetch(`${api.url}/api/v1/visualizations`, {
    method: 'POST',
    headers: headers(`create-${i}`),
    body: JSON.stringify({ session_id: `bench-session-${i % 5}`, original_image_url: image }),
  });
  ids.push(((await res.json()) as { visualization: { id: string } }).visualization.id);
}

const started = Date.now();
const statuses = await Promise.all(
  ids.flatMap((id, row) =>
    Array.from({ length: CALLS_PER_ROW }, (_, call) =>
      fetch(`${api.url}/api/v1/visualizations/${id}/generate`, {
        method: 'POST',
        headers: headers(`gen-${row}-${call % 2}`),
        body: '{}',
      }).then(async (r) => {
        const body = (await r.json()) as { visualization?: { status: string }; error?: { code: string } };
        return `${r.status}${r.headers.get('idempotency-replayed') ? ' replayed' : ''} ${body.visualization?.status ?? body.error?.code}`;
      }),
    ),
  ),
);
const wall = Date.now() - started;
const counts = statuses.reduce<Record<string, number>>((acc, s) => ((acc[s] = (acc[s] ?? 0) + 1), acc), {});

const [rows] = await db.sql`
  select count(*) filter (where status = 'completed')::int as completed,
         count(*) filter (where status = 'processing')::int as processing,
         count(*) filter (where status = 'failed')::int as failed
  from visualizations where workspace_id = ${ws.id}`;
const [attempts] = await db.sql`
  select count(*) filter (where status = 'succeeded')::int as succeeded,
         count(*) filter (where status = 'reserved')::int as reserved,
         count(*) filter (where status = 'released')::int as released
  from visualization_attempts where workspace_id = ${ws.id}`;
const ok = attempts!.succeeded === rows!.completed && attempts!.reserved === 0 && rows!.processing === 0;
console.log(`${ROWS * CALLS_PER_ROW} generate calls in ${wall} ms; answers: ${JSON.stringify(counts)}`);
console.log(
  `rows: ${JSON.stringify(rows)}; attempts: ${JSON.stringify(attempts)} → ${ok ? 'exactly one billable attempt per completed row, none stuck' : 'MISMATCH'}`,
);

await api.stop();
await worker.stop();
await db.stop();
