// Batches against their single endpoints, in the same run and on the same server process, each
// pair in alternating slices:
// (a) leads per second through POST /api/v1/leads/batch (100 per request) and through
// POST /api/v1/leads; (b) page views per second through POST /api/v1/events/batch (500 per
// request) and through POST /api/v1/events/page-view; (c) a 10,000-lead sync as one client
// makes it: 100 batches sent one after another, timed from the first to the last answer, in a
// workspace in service and as a new install's first (a new database, its worker running).
// `npx tsx bench/batches.ts`
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import type autocannon from 'autocannon';
import {
  alternatingLoads,
  benchDatabase,
  leadUpserts,
  postmasterPid,
  processTreeCpuSeconds,
  startProcess,
  type LoadResult,
} from './lib.ts';
import { createWorkspace } from '../storage/workspaces.ts';
import { createApiKey } from '../storage/apiKeys.ts';
import { SCOPES } from '../core/scopes.ts';
import { seedLeads } from './seed.ts';
import { createSql, type Sql } from '../storage/db.ts';

const LEADS_PER_BATCH = 100;
const EVENTS_PER_BATCH = 500;
/** Enough to keep both cores busy with batches without queueing whole seconds of them. */
const BATCH_CONNECTIONS = 4;
const DURATION_S = 10;
const SLICES = 2;

/** A new workspace and the Authorization header of an all-scopes key of it. */
async function workspaceWithKey(sql: Sql, name: string) {
  const ws = await createWorkspace(sql, name);
  const { key } = await createApiKey(sql, { workspaceId: ws.id, name: 'Bench key', scopes: [...SCOPES] });
  return { ws, auth: { authorization: `Bearer ${key}` } };
}

const db = await benchDatabase();
const { ws, auth } = await workspaceWithKey(db.sql, 'Batches');
// A workspace in service: 20,000 leads already (other phones than the bench's), and the table's
// statistics, which autovacuum takes within a minute of the first writes (the first sync of a new
// install, without them until its worker's first analyze, is measured at the end).
await seedLeads(db.sql, ws.id, 20_000);
await db.sql`analyze leads`;
const api = await startProcess('api/server.ts', {
  DATABASE_URL: db.url,
  RATE_LIMIT_PER_MINUTE: '100000000',
  AUTH_FAILURE_LIMIT_PER_MINUTE: '100000000',
});

const run = randomBytes(4).toString('hex');
let sent = 0;
/** Autocannon requests of `body(i)` with a unique Idempotency-Key each. */
const posts = (body: (i: number) => unknown): autocannon.Request[] => [
  {
    setupRequest: (req) => {
      const i = ++sent;
      return {
        ...req,
        headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': `bench-${run}-${i}` },
        body: JSON.stringify(body(i)),
      };
    },
  },
];

/**
 * A lead shaped as leadUpserts sends them (50,000 phones, so creates first and updates later), in
 * a phone range and under names of its own: on leadUpserts' phones and names, one load's items
 * repeat the other's leads exactly and write nothing (measured in turns, the single upserts read
 * 913 req/s where they read about 550 creating leads).
 */
const lead = (i: number) => ({
  contact_name: `Batch ${i}`,
  contact_phone: `213${5000000 + (i % 50_000)}`,
  attribution: { source: 'google' },
});
const leadBatch = (i: number) => ({
  leads: Array.from({ length: LEADS_PER_BATCH }, (_, k) => lead(i * LEADS_PER_BATCH + k)),
});
const pageView = (i: number) => ({
  external_event_id: `pv-${run}-${i}`,
  session_id: `sess-${run}-${i % 20_000}`,
  page_url: `https://roofs.example.com/estimate?utm_source=google&utm_campaign=c${i % 10}`,
  occurred_at: new Date(Date.UTC(2026, 2, 1) + i * 1000).toISOString(),
});
const eventBatch = (i: number) => ({
  events: Array.from({ length: EVENTS_PER_BATCH }, (_, k) => ({
    type: 'page_view',
    ...pageView(1e9 + i * EVENTS_PER_BATCH + k),
  })),
});

const failed = (r: LoadResult) => r.errors + r.non2xx;
/** Items per second over the whole measured load (autocannon's req/s is a whole number per second). */
const itemRate = (r: LoadResult, items: number) => ((r.requests - failed(r)) * items) / DURATION_S;
const perSecond = (n: number) => Math.round(n).toLocaleString('en-US');

// Each batch load alternates with its single endpoint's (single, batch, batch, single), so that
// both meet the VM in the same state (alternatingLoads). CPU per batch, which other load on the
// machine barely changes where it halves the rates, is read around the lead batch's slices; the
// load generator's own (this process, autocannon building the batches) shares the cores too.
const cpu = { api: 0, db: 0, client: 0, batches: 0 };
const [leadSingle, leadBatches] = await alternatingLoads(
  [
    { url: `${api.url}/api/v1/leads`, method: 'POST', requests: leadUpserts(auth) },
    {
      url: `${api.url}/api/v1/leads/batch`,
      method: 'POST',
      connections: BATCH_CONNECTIONS,
      requests: posts(leadBatch),
    },
  ],
  {
    duration: DURATION_S,
    slices: SLICES,
    around: async (i, slice) => {
      if (i !== 1) return slice();
      const before = { api: processTreeCpuSeconds(api.child.pid!), db: processTreeCpuSeconds(postmasterPid()), sent };
      const client = process.cpuUsage();
      await slice();
      cpu.api += processTreeCpuSeconds(api.child.pid!) - before.api;
      cpu.db += processTreeCpuSeconds(postmasterPid()) - before.db;
      const { user, system } = process.cpuUsage(client);
      cpu.client += (user + system) / 1e6;
      cpu.batches += sent - before.sent;
    },
  },
);
const cpuPerBatchMs = {
  api: (cpu.api * 1000) / cpu.batches,
  db: (cpu.db * 1000) / cpu.batches,
  client: (cpu.client * 1000) / cpu.batches,
};
const [viewSingle, viewBatches] = await alternatingLoads(
  [
    { url: `${api.url}/api/v1/events/page-view`, method: 'POST', requests: posts(pageView) },
    {
      url: `${api.url}/api/v1/events/batch`,
      method: 'POST',
      connections: BATCH_CONNECTIONS,
      requests: posts(eventBatch),
    },
  ],
  { duration: DURATION_S, slices: SLICES },
);

/**
 * A sync of 10,000 new leads, as one client sends it: each batch after the previous answer; its
 * seconds and failed batches.
 */
async function sync(apiUrl: string, headers: Record<string, string>, label: string) {
  const start = performance.now();
  let failures = 0;
  for (let b = 0; b < 10_000 / LEADS_PER_BATCH; b++) {
    const res = await fetch(`${apiUrl}/api/v1/leads/batch`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': `${label}-${run}-${b}` },
      body: JSON.stringify({
        leads: Array.from({ length: LEADS_PER_BATCH }, (_, k) => ({
          external_id: `${label}-${run}-${b}-${k}`,
          external_source: 'crm',
          contact_name: `Synced ${b}-${k}`,
          contact_phone: `6465${String(b * LEADS_PER_BATCH + k).padStart(6, '0')}`,
        })),
      }),
    });
    const body = (await res.json()) as { results?: { status: number }[] };
    if (res.status !== 200 || body.results!.some((r) => r.status !== 201)) failures++;
  }
  return { seconds: (performance.now() - start) / 1000, failures };
}
const inService = await sync(api.url, auth, 'sync');

// The same sync as a new install's first: a new database (no statistics yet: see the worker's
// first statistics, docs/decisions/schema.md), with `npm start`'s worker beside the API.
const newUrl = await db.newDatabase('bench_new');
const newSql = createSql(newUrl, 2);
const newTenant = await workspaceWithKey(newSql, 'New install');
const env = { DATABASE_URL: newUrl, RATE_LIMIT_PER_MINUTE: '100000000' };
const [newApi, newWorker] = await Promise.all([
  startProcess('api/server.ts', env),
  startProcess('worker/main.ts', env, { http: false }),
]);
const firstSync = await sync(newApi.url, newTenant.auth, 'first');
await Promise.all([newApi.stop(), newWorker.stop(), newSql.end()]);

console.log('| endpoint | connections | req/s | items/s | p50 ms | p99 ms | failed requests |');
console.log('|---|---|---|---|---|---|---|');
const line = (name: string, connections: number, r: LoadResult, items: number) =>
  console.log(
    `| ${name} | ${connections} | ${r.rps} | ${perSecond(itemRate(r, items))} | ${r.p50} | ${r.p99} | ${failed(r)} |`,
  );
line('POST /api/v1/leads', 32, leadSingle, 1);
line(`POST /api/v1/leads/batch (${LEADS_PER_BATCH} leads)`, BATCH_CONNECTIONS, leadBatches, LEADS_PER_BATCH);
line('POST /api/v1/events/page-view', 32, viewSingle, 1);
line(`POST /api/v1/events/batch (${EVENTS_PER_BATCH} page views)`, BATCH_CONNECTIONS, viewBatches, EVENTS_PER_BATCH);
console.log();
const leadsPerSecond = itemRate(leadBatches, LEADS_PER_BATCH);
const viewsPerSecond = itemRate(viewBatches, EVENTS_PER_BATCH);
const leadRatio = leadsPerSecond / itemRate(leadSingle, 1);
const viewRatio = viewsPerSecond / itemRate(viewSingle, 1);
console.log(
  `Leads: **${perSecond(leadsPerSecond)} leads/s** through the batch, **${leadRatio.toFixed(1)}×** the single upsert ` +
    `(goal ≥ 10,000 leads/s, about 10× the single upsert: the rate is ${leadsPerSecond >= 10_000 ? 'met' : 'NOT met'}).`,
);
const cpuMs = cpuPerBatchMs.api + cpuPerBatchMs.db + cpuPerBatchMs.client;
const cores = availableParallelism();
console.log(
  `A batch of ${LEADS_PER_BATCH} leads costs ${cpuPerBatchMs.api.toFixed(1)} ms of API CPU, ${cpuPerBatchMs.db.toFixed(1)} ms ` +
    `of PostgreSQL CPU and ${cpuPerBatchMs.client.toFixed(1)} ms of the load generator's: at most ` +
    `${perSecond(((cores * 1000) / cpuMs) * LEADS_PER_BATCH)} leads/s on this machine's ${cores} cores, all three on them.`,
);
console.log(
  `Page views: **${perSecond(viewsPerSecond)} events/s** through the batch, **${viewRatio.toFixed(1)}×** the single endpoint.`,
);
console.log(
  `A 10,000-lead sync from one client (100 batches, one after another): **${inService.seconds.toFixed(1)} s** ` +
    `in a workspace in service, **${firstSync.seconds.toFixed(1)} s** as a new install's first ` +
    `(${inService.failures + firstSync.failures} failed batches).`,
);

await api.stop();
await db.stop();
