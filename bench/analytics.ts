// Events and attribution analytics benchmark: `npx tsx bench/analytics.ts` (also run by `npm run bench`).
// Seeds one workspace with 1,000,000 leads, 3,000,000 events, 500,000 calls/SMS and two years of
// spend in SQL, then measures GET /lead-sources for 90-day and 2-year ranges and sustained
// POST /events/page-view ingestion against the real API process. Prints Markdown on stdout.
import { randomUUID } from 'node:crypto';
import { benchDatabase, load, row, startProcess } from './lib.ts';
import { createWorkspace } from '../storage/workspaces.ts';
import { createApiKey } from '../storage/apiKeys.ts';
import { SCOPES } from '../core/scopes.ts';

const LEADS = Number(process.env.BENCH_LEADS ?? 1_000_000);
const EVENTS = LEADS * 3;
const COMMS = LEADS / 2;
const say = (s = '') => console.log(s);
const log = (s: string) => console.error(`[bench/analytics] ${s}`);

const db = await benchDatabase();
const { sql } = db;
const ws = await createWorkspace(sql, 'Bench analytics');
const key = (await createApiKey(sql, { workspaceId: ws.id, name: 'bench', scopes: [...SCOPES] })).key;
const now = new Date();
const start = new Date(now.getTime() - 730 * 86_400_000);

let t0 = performance.now();
// 20 sources × 10 campaigns, created evenly over two years; a quarter converted, some with gaps.
await sql`
  insert into leads (id, workspace_id, stage_id, attribution, conversion_type, contact_phone, created_at, converted_at,
                     sales_value, funnel_gap_summary, stage_timestamps)
  select 'lead_b' || g, ${ws.id},
         (select id from pipeline_stages where workspace_id = ${ws.id} and key = case when g % 4 = 0 then 'sold' else 'new' end),
         jsonb_build_object('source', 'source' || (g % 20), 'medium', 'cpc', 'campaign', 'campaign' || (g % 10)),
         'partner_api', lpad((2125500000 + g)::text, 10, '0'),
         ${start}::timestamptz + (g::float8 / ${LEADS}) * interval '730 days',
         case when g % 4 = 0 then ${start}::timestamptz + (g::float8 / ${LEADS}) * interval '730 days' + interval '9 days' end,
         case when g % 4 = 0 then 1000 + g % 9000 end,
         case when g % 4 = 0 then jsonb_build_object('has_gap', g % 8 = 0, 'skipped_stages', case when g % 8 = 0 then '["quoted"]'::jsonb else '[]'::jsonb end) end,
         '{}'::jsonb
  from generate_series(1, ${LEADS}) g`;
log(`leads ${((performance.now() - t0) / 1000).toFixed(0)} s`);
t0 = performance.now();
await sql`
  insert into events (id, workspace_id, external_event_id, type, session_id, payload, occurred_at, source, medium, campaign)
  select 'evt_b' || g, ${ws.id}, 'seed-' || g, case when g % 10 = 0 then 'form_submission' else 'page_view' end,
         'sess-' || (g / 3), '{}'::jsonb, ${start}::timestamptz + (g::float8 / ${EVENTS}) * interval '730 days',
         'source' || (g % 20), 'cpc', 'campaign' || (g % 10)
  from generate_series(1, ${EVENTS}) g`;
log(`events ${((performance.now() - t0) / 1000).toFixed(0)} s`);
t0 = performance.now();
await sql`
  insert into communications (id, workspace_id, lead_id, channel, direction, status, started_at, duration_seconds, thread_id, approved)
  select 'comm_b' || g, ${ws.id}, 'lead_b' || (g * 2), case when g % 3 = 0 then 'sms' else 'call' end,
         case when g % 2 = 0 then 'inbound' else 'outbound' end,
         case when g % 3 = 0 then 'received' when g % 5 = 0 then 'missed' else 'answered' end,
         ${start}::timestamptz + (g::float8 * 2 / ${LEADS}) * interval '730 days' + interval '1 hour',
         case when g % 3 <> 0 then 30 + g % 600 end, null, g % 50 <> 0
  from generate_series(1, ${COMMS}) g`;
// Weekly spend per source × campaign × kind over the two years.
await sql`
  insert into spend_records (id, workspace_id, source, medium, campaign, kind, amount_cents, currency, starts_at, ends_at)
  select 'spend_b' || w || '_' || s || '_' || c || '_' || k, ${ws.id}, 'source' || s, 'cpc', 'campaign' || c,
         case when k = 0 then 'automated' else 'other' end, 10000 + (w * 7 + s * 3 + c) % 50000, 'USD',
         ${start}::timestamptz + w * interval '7 days', ${start}::timestamptz + (w + 1) * interval '7 days'
  from generate_series(0, 104) w, generate_series(0, 19) s, generate_series(0, 9) c, generate_series(0, 1) k`;
log(`communications and spend ${((performance.now() - t0) / 1000).toFixed(0)} s`);
await sql`vacuum analyze`;

const api = await startProcess('api/server.ts', { DATABASE_URL: db.url, RATE_LIMIT_PER_MINUTE: '100000000' });
const auth = { authorization: `Bearer ${key}` };

async function latency(from: Date, n: number) {
  const url = `${api.url}/api/v1/lead-sources?from=${from.toISOString()}&to=${now.toISOString()}`;
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < n + 2; i++) {
    const t = performance.now();
    const res = await fetch(url, { headers: auth });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`lead-sources answered ${res.status}: ${text.slice(0, 200)}`);
    bytes = text.length;
    if (i >= 2) times.push(performance.now() - t); // the first two warm the caches
  }
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]!.toFixed(0);
  return { p50: pct(50), p99: pct(99), bytes };
}

say(`Data set: ${LEADS.toLocaleString('en-US')} leads, ${EVENTS.toLocaleString('en-US')} events, ${COMMS.toLocaleString('en-US')} calls/SMS, 2 years of weekly spend (42,000 records), 20 sources × 10 campaigns.`);
say();
say('| GET /api/v1/lead-sources | requests | p50 ms | p99 ms | target p99 | body |');
say('|---|---|---|---|---|---|');
for (const [name, days, target] of [['90 days', 90, '≤ 300 ms'], ['2 years', 730, '≤ 1,000 ms']] as const) {
  const r = await latency(new Date(now.getTime() - days * 86_400_000), 30);
  say(`| ${name} | 30 | ${r.p50} | ${r.p99} | ${target} | ${(r.bytes / 1e6).toFixed(1)} MB |`);
}
say();

const before = (await sql`select count(*)::int as n from events where workspace_id = ${ws.id} and type = 'page_view'`)[0]!.n as number;
const sent = new Set<string>();
const result = await load({
  url: `${api.url}/api/v1/events/page-view`,
  method: 'POST',
  connections: 32,
  duration: 15,
  requests: [
    {
      setupRequest: (req) => {
        const id = randomUUID();
        sent.add(id);
        return {
          ...req,
          headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': id },
          body: JSON.stringify({ external_event_id: id, session_id: `bench-${id.slice(0, 4)}`, page_url: `https://roofs.example.com/?utm_source=source${id.charCodeAt(0) % 20}` }),
        };
      },
    },
  ],
});
const after = (await sql`select count(*)::int as n from events where workspace_id = ${ws.id} and type = 'page_view'`)[0]!.n as number;
const dupes = (await sql`select count(*)::int as n from (select external_event_id from events where workspace_id = ${ws.id} group by 1 having count(*) > 1) d`)[0]!.n as number;
say('| POST /api/v1/events/page-view (32 connections, 15 s) | req/s | p50 ms | p99 ms | errors |');
say('|---|---|---|---|---|');
say(row('unique external_event_id per request', result));
say();
say(`Target ≥ 1,500 req/s with p99 ≤ 40 ms. Rows added: ${after - before} for ${result.requests - result.errors - result.non2xx} answered 2xx (${sent.size} sent); duplicated external ids: ${dupes}.`);

await api.stop();
await db.stop();
