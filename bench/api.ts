// The API's own scenario of `npm run bench` (bench/run.ts): the real server in its own process on
// a fresh embedded database, driven by autocannon, with a bare Koa server measured in the same run
// as the baseline. Prints Markdown; bench/run.ts files it in bench/RESULTS.md.
import postgres from 'postgres';
import { bareBaseline, benchDatabase, load, row, startProcess, sustainedLoad } from './lib.ts';
import { createWorkspace } from '../storage/workspaces.ts';
import { createApiKey } from '../storage/apiKeys.ts';
import { SCOPES } from '../core/scopes.ts';
import { listLeads, type LeadFilter } from '../storage/leads.ts';
import { listActiveStages } from '../storage/pipelineStages.ts';
import { seedLeads } from './seed.ts';

type PlanNode = Record<string, unknown> & { Plans?: PlanNode[]; Plan?: PlanNode };
const planNodes = (p: unknown): PlanNode[] =>
  Array.isArray(p)
    ? p.flatMap(planNodes)
    : p && typeof p === 'object'
      ? [p as PlanNode, ...planNodes((p as PlanNode).Plan ?? []), ...planNodes((p as PlanNode).Plans ?? [])]
      : [];

const say = (line = '') => console.log(line);

const db = await benchDatabase();
const serverEnv = {
  DATABASE_URL: db.url,
  RATE_LIMIT_PER_MINUTE: '100000000',
  AUTH_FAILURE_LIMIT_PER_MINUTE: '100000000',
};

const ws = await createWorkspace(db.sql, 'Bench');
const { key } = await createApiKey(db.sql, { workspaceId: ws.id, name: 'Bench key', scopes: [...SCOPES] });
const auth = { authorization: `Bearer ${key}` };

say('## GET /api/v1/me against a bare Koa baseline (32 connections, 10 s each)');
say();
say('| server | req/s | p50 ms | p99 ms | errors |');
say('|---|---|---|---|---|');
const bareMe = await bareBaseline();
const api = await startProcess('api/server.ts', serverEnv);
const me = await sustainedLoad({ url: `${api.url}/api/v1/me`, headers: auth });
say(row('bare Koa, same JSON from memory', bareMe));
say(row('Partner API (auth, rate limit in Postgres, logging)', me));
say();
say(
  `Throughput ratio: **${((me.rps / bareMe.rps) * 100).toFixed(0)}%** of the bare baseline (target ≥ 50%); p99 ${me.p99} ms (target ≤ 25 ms).`,
);
say();

// ---- Leads: 200,000 in the measured workspace and 200,000 in another ----
const other = await createWorkspace(db.sql, 'Other');
await seedLeads(db.sql, ws.id, 200_000);
await seedLeads(db.sql, other.id, 200_000);
await db.sql`vacuum analyze leads`;
await db.sql`vacuum analyze communications`;
const stages = await listActiveStages(db.sql, ws.id);

const filters: [string, string, LeadFilter][] = [
  ['no filter', '', {}],
  ['source', 'source=google', { source: 'google' }],
  ['medium', 'medium=social', { medium: 'social' }],
  ['campaign', 'campaign=campaign-7', { campaign: 'campaign-7' }],
  ['conversion_type', 'conversion_type=onsite_form', { conversion_type: 'onsite_form' }],
  ['communication_channel', 'communication_channel=call', { communication_channel: 'call' }],
  ['status_stage_id', `status_stage_id=${stages[2]!.id}`, { status_stage_id: stages[2]!.id }],
  [
    'from/to (updated_at)',
    `from=${new Date(Date.now() - 86400_000 * 30).toISOString()}&to=${new Date(Date.now() - 86400_000 * 20).toISOString()}`,
    {
      from: new Date(Date.now() - 86400_000 * 30).toISOString(),
      to: new Date(Date.now() - 86400_000 * 20).toISOString(),
    },
  ],
];

say(
  '## GET /api/v1/leads?limit=50 with 200,000 leads here and 200,000 in another workspace (32 connections for 5 s, then 4 for 5 s after 1 s to drain)',
);
say();
say('| filter | req/s | p50 ms | p99 ms | errors | p99 ms at 4 connections (req/s) | plan |');
say('|---|---|---|---|---|---|---|');
// Capture the exact SQL the list endpoint runs, to EXPLAIN it.
let captured: { query: string; params: unknown[] } | undefined;
const spy = postgres(db.pg.url('bench'), {
  max: 1,
  debug: (_c, query, params) => (captured = { query, params: params as unknown[] }),
});
for (const [name, q, f] of filters) {
  await listLeads(spy as never, ws.id, f, 50);
  const plan = (await db.sql.unsafe(`explain (format json) ${captured!.query}`, captured!.params as never[]))[0]![
    'QUERY PLAN'
  ];
  const nodes = planNodes(plan);
  const seqOnLeads = nodes.some((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'leads');
  const indexes = [...new Set(nodes.map((n) => n['Index Name']).filter(Boolean))].join(', ');
  const url = `${api.url}/api/v1/leads?limit=50${q ? `&${q}` : ''}`;
  const r = await load({ url, headers: auth, duration: 5 });
  // The 32-connection run's last requests are still being served when it returns: a second at 4
  // connections lets them drain, so they do not land in the measured run's tail.
  await load({ url, headers: auth, duration: 1, connections: 4 });
  const few = await load({ url, headers: auth, duration: 5, connections: 4 });
  say(
    row(name, r, `${few.p99} (${few.rps}) | ${seqOnLeads ? `SEQ SCAN on leads; ${indexes}` : indexes || 'no index'}`),
  );
}
await spy.end();
say();

say('## GET /api/v1/leads/export of 10,000 leads');
say();
const rssBefore = api.rssMb();
let rssPeak = rssBefore;
const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, api.rssMb())), 20);
const t0 = performance.now();
const res = await fetch(`${api.url}/api/v1/leads/export`, { headers: auth });
const csv = await res.text();
const exportMs = performance.now() - t0;
clearInterval(sampler);
const lines = csv.trimEnd().split('\n').length - 1;
say(
  `${lines} rows, ${(csv.length / 1e6).toFixed(1)} MB in **${exportMs.toFixed(0)} ms** (target ≤ 1,500 ms); server RSS ${rssBefore.toFixed(0)} → peak ${rssPeak.toFixed(0)} MB, growth **${(rssPeak - rssBefore).toFixed(0)} MB** (target ≤ 50 MB); truncated: ${res.headers.get('x-export-truncated')}.`,
);
say();

await api.stop();
await db.stop();
