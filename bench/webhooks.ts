// Webhooks. (a) Deliveries per second from a worker process (WORKER_CONCURRENCY=4) to a local
// receiver, working off a recorded backlog: for one endpoint (one job, WEBHOOK_ENDPOINT_CONCURRENCY
// requests in flight) and for eight, answering at once, and for one answering in 200 ms. (b) What
// recording events costs POST /api/v1/leads: req/s in a workspace with one endpoint subscribed to
// every lead.* event, against workspaces with none measured before and after it; the worker is not
// running, so this is the recording alone ((a) is the sending).
// (c) The database's time per recorded event with that endpoint, by function
// (pg_stat_user_functions), each event in a transaction of its own as a request records it.
// `npx tsx bench/webhooks.ts [deliveries per run]`
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  benchDatabase,
  leadUpserts,
  postmasterPid,
  processTreeCpuSeconds,
  row,
  startProcess,
  sustainedLoad,
} from './lib.ts';
import { addEndpoint, recordEvents } from '../test/helpers/webhooks.ts';
import { WEBHOOK_EVENT_TYPES } from '../core/webhookEventTypes.ts';
import { createWorkspace } from '../storage/workspaces.ts';
import { createApiKey } from '../storage/apiKeys.ts';
import { createSql } from '../storage/db.ts';

const DELIVERIES = Number(process.argv[2] ?? 2000);
const db = await benchDatabase();
const env = {
  DATABASE_URL: db.url,
  WEBHOOK_ALLOW_PRIVATE: 'true',
  WORKER_CONCURRENCY: '4',
  RATE_LIMIT_PER_MINUTE: '100000000',
  AUTH_FAILURE_LIMIT_PER_MINUTE: '100000000',
};

/** How long the receiver takes to answer a path under /slow/. */
const SLOW_MS = 200;
let received = 0;
const receiver = createServer((req, res) => {
  received++;
  const delay = req.url?.startsWith('/slow/') ? SLOW_MS : 0;
  req.resume().on('end', () => setTimeout(() => res.writeHead(204).end(), delay));
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

/** Records `events` events for `endpoints` endpoints, then times a worker process working them off. */
async function deliveryRun(endpoints: number, events: number, slow: boolean) {
  const ws = await createWorkspace(db.sql, `Deliveries ${endpoints}${slow ? ' slow' : ''}`);
  const path = slow ? '/slow/e' : '/e';
  for (let k = 0; k < endpoints; k++) await addEndpoint(db.sql, undefined, ws.id, `${receiverUrl}${path}${k}`);
  for (let done = 0; done < events; done += 500) {
    await recordEvents(db.sql, ws.id, Array(Math.min(500, events - done)).fill('lead.updated'));
  }
  const before = received;
  const worker = await startProcess('worker/main.ts', env, { http: false });
  const deliveries = endpoints * events;
  const deadline = Date.now() + 300_000;
  const succeeded = async () =>
    (
      await db.sql<{ n: number }[]>`
      select count(*)::int as n from webhook_deliveries where workspace_id = ${ws.id} and status = 'succeeded'`
    )[0]!.n;
  // CPU from the first success on: the worker's start-up is not delivery time. The machine is
  // shared, so CPU seconds per delivery are the figure that does not move with its load.
  const cpu = () => ({
    worker: processTreeCpuSeconds(worker.child.pid!),
    postgres: processTreeCpuSeconds(postmasterPid()),
  });
  let first: { done: number; worker: number; postgres: number } | undefined;
  for (let done = 0; done < deliveries && Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
    done = await succeeded();
    if (done > 0 && !first) first = { done, ...cpu() };
  }
  const last = cpu();
  await worker.stop();
  // From the first try to the last: the worker's start-up is not delivery time.
  const [span] = await db.sql<{ seconds: number; attempts: number }[]>`
    select extract(epoch from max(a.attempted_at) - min(a.attempted_at))::float8 as seconds, count(*)::int as attempts
    from webhook_delivery_attempts a join webhook_deliveries d on d.id = a.delivery_id where d.workspace_id = ${ws.id}`;
  const done = await succeeded();
  const measured = done - (first?.done ?? 0);
  const perDeliveryMs = (from: number, to: number) => (((to - from) * 1000) / measured).toFixed(2);
  return {
    endpoints,
    deliveries,
    done,
    attempts: span!.attempts,
    requests: received - before,
    seconds: span!.seconds,
    workerCpuMs: perDeliveryMs(first?.worker ?? 0, last.worker),
    postgresCpuMs: perDeliveryMs(first?.postgres ?? 0, last.postgres),
  };
}

console.log(
  `### (a) Deliveries to a local receiver answering 204 (worker process, WORKER_CONCURRENCY=4, WEBHOOK_ENDPOINT_CONCURRENCY at its default)`,
);
console.log();
console.log(
  '| endpoints | receiver answers in | deliveries | succeeded | requests received | seconds (first try to last) | deliveries/s | worker CPU ms per delivery | PostgreSQL CPU ms per delivery |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const [endpoints, slow, total] of [
  [1, false, DELIVERIES],
  [8, false, DELIVERIES],
  [1, true, DELIVERIES / 2],
] as const) {
  const r = await deliveryRun(endpoints, Math.ceil(total / endpoints), slow);
  const rate = Math.round(r.done / r.seconds);
  console.log(
    `| ${r.endpoints} | ${slow ? `${SLOW_MS} ms` : 'at once'} | ${r.deliveries} | ${r.done} | ${r.requests} | ${r.seconds.toFixed(2)} | ${rate} | ${r.workerCpuMs} | ${r.postgresCpuMs} |`,
  );
}
console.log();

async function leadsWorkspace(name: string, subscribed: boolean) {
  const ws = await createWorkspace(db.sql, name);
  const { key } = await createApiKey(db.sql, { workspaceId: ws.id, name: 'bench', scopes: ['leads.write'] });
  const leadEvents = WEBHOOK_EVENT_TYPES.filter((t) => t.startsWith('lead.'));
  if (subscribed) await addEndpoint(db.sql, undefined, ws.id, `${receiverUrl}/leads`, { events: leadEvents });
  return { id: ws.id, auth: { authorization: `Bearer ${key}` } };
}

const api = await startProcess('api/server.ts', env);
const upserts = async (auth: Record<string, string>) =>
  sustainedLoad({ url: `${api.url}/api/v1/leads`, method: 'POST', duration: 10, requests: leadUpserts(auth) });
// Each run in a fresh workspace, so each has the same mix of creates and updates.
const before = await upserts((await leadsWorkspace('No endpoints (before)', false)).auth);
const withEndpoint = await leadsWorkspace('One endpoint', true);
const subscribed = await upserts(withEndpoint.auth);
const after = await upserts((await leadsWorkspace('No endpoints (after)', false)).auth);
await api.stop();
const [events] = await db.sql<{ n: number }[]>`
  select count(*)::int as n from webhook_events where workspace_id = ${withEndpoint.id}`;

console.log('### (b) POST /api/v1/leads upserts (32 connections, 10 s after a 3 s warm-up), worker not running');
console.log();
console.log('| workspace | req/s | p50 ms | p99 ms | errors |');
console.log('|---|---|---|---|---|');
console.log(row('no endpoints (before)', before));
console.log(row('one endpoint subscribed to lead.*', subscribed));
console.log(row('no endpoints (after)', after));
console.log();
// Without events the ratio below would measure nothing.
if (events!.n === 0) throw new Error('POST /leads recorded no webhook events');
const ratio = subscribed.rps / ((before.rps + after.rps) / 2);
console.log(
  `With one subscribed endpoint: **${ratio.toFixed(2)}×** the req/s without (mean of before and after); ` +
    `${events!.n} events recorded by ${subscribed.requests + subscribed.warmUp.requests} requests.`,
);
console.log();

/**
 * Function timings per event, over `n` lead.updated events recorded in `workspaceId` on one
 * connection, after as many again to warm it up as a pooled API connection is (cached plans).
 */
async function perEventCost(workspaceId: string, n: number) {
  const one = createSql(db.url, 1);
  await one`set track_functions = 'all'`;
  const record = async () => {
    for (let i = 0; i < n; i++) await recordEvents(one, workspaceId, ['lead.updated']);
    // The connection's own statistics, flushed now rather than within the next seconds.
    await one`select pg_stat_force_next_flush()`;
  };
  await record();
  await one`select pg_stat_reset()`;
  await record();
  const rows = await one<{ name: string; calls: number; total_ms: number; self_ms: number }[]>`
    select schemaname || '.' || funcname as name, calls::int, total_time as total_ms, self_time as self_ms
    from pg_stat_user_functions where calls > 0 order by total_time desc`;
  await one.end();
  return rows;
}

const COST_EVENTS = 2000;
console.log(
  `### (c) Database time per event recorded for one subscribed endpoint (${COST_EVENTS} events, pg_stat_user_functions)`,
);
console.log();
console.log('| function | calls per event | µs per event (total) | µs per event (self) |');
console.log('|---|---|---|---|');
for (const f of await perEventCost(withEndpoint.id, COST_EVENTS)) {
  const per = (ms: number) => ((ms * 1000) / COST_EVENTS).toFixed(0);
  console.log(`| ${f.name} | ${(f.calls / COST_EVENTS).toFixed(2)} | ${per(f.total_ms)} | ${per(f.self_ms)} |`);
}

receiver.close();
await db.stop();
