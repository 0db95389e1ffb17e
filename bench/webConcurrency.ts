// `npx tsx bench/webConcurrency.ts` (also run by `npm run bench`): GET /api/v1/me and POST
// /api/v1/leads against `web` with its defaults (one copy, its default pool), with
// WEB_CONCURRENCY=2, and with a pool of twice the machine's cores, on the same database, as ratios.
// The three run side by side and are measured in turns (alternatingLoads), so the VM's drift and the
// table's growth weigh on each alike. PostgreSQL shares the same cores: a second copy gains what is
// left of them, and every connection past a few per core is one more backend competing for them.
import { availableParallelism } from 'node:os';
import { alternatingLoads, benchDatabase, leadUpserts, startProcess, type LoadResult } from './lib.ts';
import { loadConfig } from '../core/config.ts';
import { createWorkspace } from '../storage/workspaces.ts';
import { createApiKey } from '../storage/apiKeys.ts';
import { SCOPES } from '../core/scopes.ts';
import { seedLeads } from './seed.ts';

const db = await benchDatabase();
const ws = await createWorkspace(db.sql, 'Bench concurrency');
const { key } = await createApiKey(db.sql, { workspaceId: ws.id, name: 'bench', scopes: [...SCOPES] });
const auth = { authorization: `Bearer ${key}` };
// Leads with statistics, as a worker's first analyze leaves a new table (worker/firstStatistics.ts):
// no worker runs here, and on a table never analyzed each upsert's lookup walks the workspace,
// which would be what the three configurations are measured on.
await seedLeads(db.sql, ws.id, 50_000);
await db.sql`vacuum analyze leads`;
// One sequence of upserts for the three, so each writes new phones as much as the others do.
const upserts = leadUpserts(auth);

const defaultPool = String(loadConfig({}).DB_POOL_MAX);
const poolOfCores = 2 * availableParallelism();
const env = { DATABASE_URL: db.url, RATE_LIMIT_PER_MINUTE: '100000000' };
// The defaults, a second copy, a pool of twice the cores: in this order in every table below.
const webs = [
  await startProcess('api/server.ts', { ...env, WEB_CONCURRENCY: '1', DB_POOL_MAX: defaultPool }),
  await startProcess('api/server.ts', { ...env, WEB_CONCURRENCY: '2', DB_POOL_MAX: defaultPool }),
  await startProcess('api/server.ts', { ...env, WEB_CONCURRENCY: '1', DB_POOL_MAX: String(poolOfCores) }),
];
const inTurns = { duration: 12, slices: 4 };
const me = await alternatingLoads(
  webs.map((web) => ({ url: `${web.url}/api/v1/me`, headers: auth })),
  inTurns,
);
const upsert = await alternatingLoads(
  webs.map((web) => ({ url: `${web.url}/api/v1/leads`, method: 'POST' as const, requests: upserts })),
  inTurns,
);
for (const web of webs) await web.stop();

const ratio = (a: LoadResult, b: LoadResult) => `${(a.rps / b.rps).toFixed(2)}×`;
const cell = (r: LoadResult) => `${r.rps} (${r.p99})`;
console.log(
  `| 32 connections, ${inTurns.slices} slices of ${inTurns.duration / inTurns.slices} s each in turns after a 3 s warm-up | defaults: 1 copy, DB_POOL_MAX=${defaultPool}, req/s (p99 ms) | WEB_CONCURRENCY=2 | against the defaults | DB_POOL_MAX=${poolOfCores} (twice the cores) | against the defaults |`,
);
console.log('|---|---|---|---|---|---|');
for (const [name, [d, w, p]] of [
  ['GET /api/v1/me', me],
  ['POST /api/v1/leads', upsert],
] as const) {
  console.log(`| ${name} | ${cell(d!)} | ${cell(w!)} | ${ratio(w!, d!)} | ${cell(p!)} | ${ratio(p!, d!)} |`);
}
await db.stop();
