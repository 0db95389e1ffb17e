import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { waitUntil } from '../helpers/harness.ts';
import { importReport } from '../helpers/reportImports.ts';
import { SUMMARY_CSV } from '../fixtures/reports/build.ts';
import { is2xx, timedRequest } from '../helpers/timedRequest.ts';
import { startFaultSystem, type FaultSystem, type RunningProcess } from './system.ts';
import { jobSuccesses } from './workerMetrics.ts';
import { ms, printFigures } from './figures.ts';

const RATE_LIMIT = 30;
const UPSERTS = 24;
const IMPORTS = 20;
const EXPENSIVE_PER_KEY = 4;

let system: FaultSystem;
let webs: RunningProcess[];
let workers: RunningProcess[];
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

beforeAll(async () => {
  system = await startFaultSystem(
    {
      RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
      EXPENSIVE_REQUESTS_PER_KEY: String(EXPENSIVE_PER_KEY),
    },
    { poolerConnections: 6 },
  );
  webs = await Promise.all([system.start('web'), system.start('web')]);
  workers = await Promise.all([system.start('worker'), system.start('worker')]);
});
afterAll(async () => {
  agent.destroy();
  await system?.close();
});

/** The i-th request goes to one web, the next to the other. */
const webFor = (i: number) => webs[i % webs.length]!;

/** A multipart import whose head and first bytes are sent, and the rest never. */
function startedUpload(web: RunningProcess, key: string) {
  const boundary = 'held-upload';
  const req = http.request(`${web.baseUrl}/api/v1/reports/import`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${key}`,
      'idempotency-key': crypto.randomUUID(),
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': '100000',
    },
  });
  req.on('error', () => {});
  const sent = new Promise<void>((resolve) =>
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.csv"\r\n\r\n`, () =>
      resolve(),
    ),
  );
  return { req, sent };
}

describe('two webs and two workers on one database', { timeout: 120_000 }, () => {
  const figures: Record<string, string | number> = {};
  afterAll(() => printFigures('Fault suite: two webs and two workers on one database', figures));

  it('turns concurrent identical upserts over both webs into one lead', async () => {
    const tenant = await system.tenant('Upserts');
    const answers = await Promise.all(
      Array.from({ length: UPSERTS }, (_, i) =>
        timedRequest(agent, `${webFor(i).baseUrl}/api/v1/leads`, {
          key: tenant.key,
          body: { external_id: 'crm-42', external_source: 'crm', contact_email: 'same@example.com' },
          headers: { 'idempotency-key': `upsert-${i}` },
        }),
      ),
    );
    const leads = await system.sql`select id from leads where workspace_id = ${tenant.workspaceId}`;
    figures['identical upserts in parallel (both webs)'] = UPSERTS;
    figures['answered 2xx'] = answers.filter(is2xx).length;
    figures['leads afterwards'] = leads.length;
    expect(answers.map((a) => a.status ?? a.error).filter((s) => s !== 200 && s !== 201)).toEqual([]);
    expect(leads).toHaveLength(1);
    expect(new Set(answers.map((a) => a.body.lead.id))).toEqual(new Set([leads[0]!.id]));
  });

  it('shares one rate limit between both webs', async () => {
    const tenant = await system.tenant('Rate limit');
    // Windows are clock minutes: a burst straddling the turn of a minute would count in two.
    if (new Date().getSeconds() >= 55) await sleep((61 - new Date().getSeconds()) * 1000);
    const answers = await Promise.all(
      Array.from({ length: RATE_LIMIT + 10 }, (_, i) =>
        timedRequest(agent, `${webFor(i).baseUrl}/api/v1/me`, { key: tenant.key }),
      ),
    );
    const statuses = answers.map((a) => a.status ?? a.error);
    figures[`GET /me with one key over both webs (limit ${RATE_LIMIT}/min)`] = answers.length;
    figures['answered 200'] = statuses.filter((s) => s === 200).length;
    figures['answered 429'] = statuses.filter((s) => s === 429).length;
    expect(statuses.filter((s) => s === 200)).toHaveLength(RATE_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });

  it('holds the per-key cap on expensive requests across both webs', async () => {
    const tenant = await system.tenant('Expensive');
    // Uploads that have sent their head and a little of their body: each holds a slot meanwhile.
    const held = Array.from({ length: EXPENSIVE_PER_KEY }, (_, i) => startedUpload(webFor(i), tenant.key));
    await Promise.all(held.map((h) => h.sent));
    await sleep(300);
    const extra = await Promise.all(
      [0, 1].map((i) => importReport(webFor(i), tenant.key, [{ name: 'summary.csv', data: Buffer.from(SUMMARY_CSV) }])),
    );
    for (const h of held) h.req.destroy();
    figures[`uploads held open over both webs (cap ${EXPENSIVE_PER_KEY} per key)`] = EXPENSIVE_PER_KEY;
    figures['one more on each web answered'] = extra.map((e) => e.status).join(', ');
    expect(extra.map((e) => e.status)).toEqual([429, 429]);
    // The slots come back once the held uploads' connections close.
    const again = async () =>
      (await importReport(webFor(0), tenant.key, [{ name: 'summary.csv', data: Buffer.from(SUMMARY_CSV) }])).status ===
      201;
    expect(await waitUntil(again, 10_000, 200)).toBe(true);
  });

  it('runs each enqueued job once', async () => {
    const tenant = await system.tenant('Imports');
    // The import the check above let through, once it has run: this one counts its own runs.
    const idle = async () => (await system.sql`select 1 from graphile_worker.jobs`).length === 0;
    expect(await waitUntil(idle, 30_000, 200)).toBe(true);
    const runsBefore = await Promise.all(workers.map((w) => jobSuccesses(w, 'report_import')));
    const startedAt = Date.now();
    const reports: string[] = [];
    // Four at a time over both webs: imports count against EXPENSIVE_REQUESTS_PER_KEY, held in PostgreSQL.
    for (let i = 0; i < IMPORTS; i += 4) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(4, IMPORTS - i) }, (_, j) =>
          importReport(webFor(i + j), tenant.key, [{ name: 'summary.csv', data: Buffer.from(SUMMARY_CSV) }]),
        ),
      );
      for (const res of batch) {
        expect(res.status, res.text).toBe(201);
        reports.push(res.body.report.id);
      }
    }
    const finished = async () =>
      (await system.sql`select 1 from reports where id = any(${reports}) and status <> 'importing'`).length ===
        IMPORTS && (await system.sql`select 1 from graphile_worker.jobs`).length === 0;
    expect(await waitUntil(finished, 60_000, 200)).toBe(true);
    const doneMs = Date.now() - startedAt;
    const runs = await Promise.all(
      workers.map(async (w, i) => (await jobSuccesses(w, 'report_import')) - runsBefore[i]!),
    );
    const rows = await system.sql<{ status: string; revisions: number }[]>`
      select status, (select count(*)::int from report_revisions where report_id = r.id) as revisions from reports r where id = any(${reports})`;
    figures['report imports posted (both webs)'] = IMPORTS;
    figures['import runs per worker'] = runs.join(' + ');
    figures['reports with exactly one revision'] = rows.filter((r) => r.revisions === 1).length;
    figures['posting to every report imported'] = ms(doneMs);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(IMPORTS);
    expect(rows.map((r) => [r.status, r.revisions])).toEqual(Array(IMPORTS).fill(['draft', 1]));
    expect([...webs, ...workers].every((p) => p.alive())).toBe(true);
  });
});
