// `npm run soak`: one `web` and one `worker` process against a fresh embedded PostgreSQL, driven
// for SOAK_SECONDS (300) at a steady SOAK_RATE (30 requests/s, open loop) with a mix over every
// endpoint group. Reports throughput, p99 per group, errors, rows lost (every write answered 2xx
// must be found afterwards) and the RSS of each process at start, middle and end. Loopback only.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchDatabase, root, startProcess } from './lib.ts';
import { createWorkspace } from '../storage/workspaces.ts';
import { createApiKey } from '../storage/apiKeys.ts';
import { listCatalog } from '../storage/catalog.ts';
import { SCOPES } from '../core/scopes.ts';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 300);
const RATE = Number(process.env.SOAK_RATE ?? 30);
const MAX_IN_FLIGHT = 64;

const db = await benchDatabase();
const env = { DATABASE_URL: db.url, RATE_LIMIT_PER_MINUTE: '100000000', LOG_LEVEL: 'warn' };
const web = await startProcess('api/server.ts', env);
const worker = await startProcess('worker/main.ts', env, { http: false });
const ws = await createWorkspace(db.sql, 'Soak');
const key = (await createApiKey(db.sql, { workspaceId: ws.id, name: 'soak', scopes: [...SCOPES] })).key;
const catalog = await listCatalog(db.sql, ws.id);
// The visualizer fixture's house, as bench/generateConcurrency.ts sends it: a roof the local provider finds.
const image = `data:image/jpeg;base64,${readFileSync(join(root, 'test/fixtures/visualizer/house.jpg')).toString('base64')}`;

interface Answer {
  status: number;
  body: any;
}

async function call(method: string, path: string, body?: unknown, form?: FormData): Promise<Answer> {
  const headers: Record<string, string> = { authorization: `Bearer ${key}` };
  if (method !== 'GET') headers['idempotency-key'] = randomUUID();
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${web.url}${path}`, {
    method,
    headers,
    body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: (res.headers.get('content-type') ?? '').includes('json') && text ? JSON.parse(text) : text,
  };
}

/** What the writes answered 2xx, to be found in the database at the end. */
const written = {
  leads: [] as string[],
  pageViews: [] as string[],
  forms: [] as string[],
  conversions: [] as string[],
  reports: [] as string[],
  visualizations: [] as string[],
};
const leadIds: string[] = [];
const draftReports: string[] = [];
let n = 0;
const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)];

/** The mix: a name (the endpoint group) and a request; weights by repetition. */
const OPERATIONS: [string, () => Promise<Answer>][] = [
  ['me', () => call('GET', '/api/v1/me')],
  [
    'leads: upsert',
    async () => {
      const id = `soak-${++n}`;
      const a = await call('POST', '/api/v1/leads', {
        external_id: id,
        external_source: 'soak',
        contact_name: `Soak ${n}`,
        attribution: { source: `source${n % 7}`, campaign: `campaign${n % 3}` },
      });
      if (a.status < 300) {
        written.leads.push(id);
        leadIds.push(a.body.lead.id);
      }
      return a;
    },
  ],
  [
    'leads: upsert',
    async () => {
      const id = `soak-${++n}`;
      const a = await call('POST', '/api/v1/leads', {
        external_id: id,
        external_source: 'soak',
        contact_phone: `+1512555${String(n % 10000).padStart(4, '0')}`,
      });
      if (a.status < 300) (written.leads.push(id), leadIds.push(a.body.lead.id));
      return a;
    },
  ],
  ['leads: read', () => call('GET', '/api/v1/leads?limit=20')],
  [
    'leads: read',
    () => (leadIds.length ? call('GET', `/api/v1/leads/${pick(leadIds)}`) : call('GET', '/api/v1/leads?limit=1')),
  ],
  [
    'leads: patch',
    () =>
      leadIds.length
        ? call('PATCH', `/api/v1/leads/${pick(leadIds)}`, { custom_fields: { touched: ++n } })
        : call('GET', '/api/v1/me'),
  ],
  ['leads: export', () => call('GET', '/api/v1/leads/export?limit=500')],
  [
    'events: page view',
    async () => {
      const id = randomUUID();
      const a = await call('POST', '/api/v1/events/page-view', {
        external_event_id: id,
        session_id: `s-${id.slice(0, 3)}`,
        page_url: `https://roofs.example.com/?utm_source=source${n % 7}`,
      });
      if (a.status < 300) written.pageViews.push(id);
      return a;
    },
  ],
  [
    'events: page view',
    async () => {
      const id = randomUUID();
      const a = await call('POST', '/api/v1/events/page-view', {
        external_event_id: id,
        session_id: `s-${id.slice(0, 3)}`,
        page_url: 'https://roofs.example.com/quote',
      });
      if (a.status < 300) written.pageViews.push(id);
      return a;
    },
  ],
  [
    'events: form',
    async () => {
      const id = randomUUID();
      const a = await call('POST', '/api/v1/events/form-submission', {
        external_event_id: id,
        session_id: `s-${id.slice(0, 3)}`,
        contact_name: 'Form Soak',
        contact_email: `${id.slice(0, 8)}@example.com`,
        consent_granted: true,
      });
      if (a.status < 300) written.forms.push(id);
      return a;
    },
  ],
  [
    'conversions',
    async () => {
      if (!leadIds.length) return call('GET', '/api/v1/me');
      const id = randomUUID();
      const a = await call('POST', `/api/v1/leads/${pick(leadIds)}/conversions`, { external_event_id: id });
      if (a.status < 300) written.conversions.push(id);
      return a;
    },
  ],
  ['analytics', () => call('GET', `/api/v1/lead-sources?from=${new Date(Date.now() - 30 * 86_400_000).toISOString()}`)],
  ['analytics', () => call('GET', '/api/v1/campaigns')],
  [
    'reports: import',
    async () => {
      const form = new FormData();
      form.append(
        'files',
        new Blob(
          [
            'Label,Value,Unit\r\nTotal roof area,1850,sq ft\r\nPredominant pitch,7/12,\r\nRidges,52,ft\r\nHips,30,ft\r\nValleys,12,ft\r\nRakes,40,ft\r\nEaves,96,ft\r\n',
          ],
          { type: 'text/csv' },
        ),
        `soak-${++n}.csv`,
      );
      const a = await call('POST', '/api/v1/reports/import', undefined, form);
      if (a.status < 300) written.reports.push(a.body.report.id);
      return a;
    },
  ],
  [
    'reports: read and export',
    async () => {
      if (!written.reports.length) return call('GET', '/api/v1/reports?limit=10');
      const id = pick(written.reports)!;
      const a = await call('GET', `/api/v1/reports/${id}`);
      if (a.status === 200 && a.body.report.status === 'draft' && !draftReports.includes(id)) {
        draftReports.push(id);
        return call('POST', `/api/v1/reports/${id}/export`, { formats: ['csv', 'json'] });
      }
      return a;
    },
  ],
  [
    'visualizer',
    async () => {
      const created = await call('POST', '/api/v1/visualizations', {
        session_id: `vs-${++n}`,
        original_image_url: image,
        color_id: catalog.colors[0]?.id ?? null,
      });
      if (created.status >= 300) return created;
      const id = created.body.visualization.id;
      const generated = await call('POST', `/api/v1/visualizations/${id}/generate`, {
        color_id: catalog.colors[0]?.id ?? null,
      });
      if (generated.status < 300) written.visualizations.push(id);
      return generated;
    },
  ],
];

interface GroupStats {
  times: number[];
  errors: number;
  statuses: Map<number, number>;
}
const stats = new Map<string, GroupStats>();
const rss: { at: string; web: number; worker: number }[] = [];
const sampleRss = (at: string) => rss.push({ at, web: web.rssMb(), worker: worker.rssMb() });

sampleRss('start');
const started = Date.now();
let inFlight = 0;
let dropped = 0;
let i = 0;
await new Promise<void>((done) => {
  const tick = setInterval(() => {
    const elapsed = (Date.now() - started) / 1000;
    if (elapsed >= SECONDS) {
      clearInterval(tick);
      const drain = setInterval(() => inFlight === 0 && (clearInterval(drain), done()), 100);
      return;
    }
    if (rss.length === 1 && elapsed >= SECONDS / 2) sampleRss('middle');
    if (inFlight >= MAX_IN_FLIGHT) return void dropped++;
    const [group, run] = OPERATIONS[i++ % OPERATIONS.length]!;
    const s: GroupStats = stats.get(group) ?? { times: [], errors: 0, statuses: new Map() };
    stats.set(group, s);
    inFlight++;
    const t0 = performance.now();
    run()
      .then((a) => {
        s.statuses.set(a.status, (s.statuses.get(a.status) ?? 0) + 1);
        if (a.status >= 300) s.errors++;
      })
      .catch(() => s.errors++)
      .finally(() => {
        s.times.push(performance.now() - t0);
        inFlight--;
      });
  }, 1000 / RATE);
});
sampleRss('end');

// The worker's last jobs: reports still parsing and exports still rendering settle first.
for (let wait = 0; wait < 60; wait++) {
  const [{ busy }] = await db.sql`select count(*)::int as busy from graphile_worker.jobs where attempts < max_attempts`;
  if (busy === 0) break;
  await new Promise((r) => setTimeout(r, 1000));
}
const found = async (query: Promise<{ n: number }[]>) => (await query)[0]!.n;
const lost = {
  leads:
    written.leads.length -
    (await found(
      db.sql`select count(*)::int as n from leads where workspace_id = ${ws.id} and external_id = any(${written.leads})`,
    )),
  page_views:
    written.pageViews.length -
    (await found(
      db.sql`select count(*)::int as n from events where workspace_id = ${ws.id} and external_event_id = any(${written.pageViews})`,
    )),
  form_submissions:
    written.forms.length -
    (await found(
      db.sql`select count(*)::int as n from events where workspace_id = ${ws.id} and external_event_id = any(${written.forms})`,
    )),
  conversions:
    written.conversions.length -
    (await found(
      db.sql`select count(*)::int as n from conversions where workspace_id = ${ws.id} and external_event_id = any(${written.conversions})`,
    )),
  reports:
    written.reports.length -
    (await found(
      db.sql`select count(*)::int as n from reports where workspace_id = ${ws.id} and id = any(${written.reports}) and status in ('draft', 'needs_review')`,
    )),
  // A generation settles completed or failed (the model may find no roof); still processing is lost.
  visualizations:
    written.visualizations.length -
    (await found(
      db.sql`select count(*)::int as n from visualizations where workspace_id = ${ws.id} and id = any(${written.visualizations}) and status in ('completed', 'failed')`,
    )),
};

const total = [...stats.values()].reduce((sum, s) => sum + s.times.length, 0);
const p = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil(q * xs.length) - 1)] ?? 0;
console.log(`## Soak: ${SECONDS} s at ${RATE} requests/s (open loop), one web and one worker\n`);
console.log(
  `${total} requests, ${(total / SECONDS).toFixed(1)} req/s; ${dropped} ticks skipped with ${MAX_IN_FLIGHT} requests in flight.\n`,
);
console.log('| group | requests | p50 ms | p99 ms | errors | statuses |');
console.log('|---|---|---|---|---|---|');
for (const [group, s] of stats) {
  const statuses = [...s.statuses].map(([code, count]) => `${code}×${count}`).join(' ');
  console.log(
    `| ${group} | ${s.times.length} | ${p(s.times, 0.5).toFixed(0)} | ${p(s.times, 0.99).toFixed(0)} | ${s.errors} | ${statuses} |`,
  );
}
console.log('\n| rows lost (2xx answered, not found or not finished) | count |');
console.log('|---|---|');
for (const [what, count] of Object.entries(lost)) console.log(`| ${what} | ${count} |`);
console.log('\n| RSS MB | start | middle | end |');
console.log('|---|---|---|---|');
for (const proc of ['web', 'worker'] as const)
  console.log(`| ${proc} | ${rss.map((r) => r[proc].toFixed(0)).join(' | ')} |`);
const outcomes = await db.sql<{ status: string; n: number }[]>`
  select status, count(*)::int as n from visualizations where workspace_id = ${ws.id} and id = any(${written.visualizations}) group by 1 order by 1`;
console.log(`\nVisualizations generated: ${outcomes.map((o) => `${o.status} ${o.n}`).join(', ')}.`);

await web.stop();
await worker.stop();
await db.stop();
const lostTotal = Object.values(lost).reduce((a, b) => a + b, 0);
process.exit(lostTotal === 0 ? 0 : 1);
