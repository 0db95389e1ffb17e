import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../helpers/harness.ts';
import { importReport } from '../helpers/reportImports.ts';
import { SUMMARY_CSV } from '../fixtures/reports/build.ts';
import { timedRequest } from '../helpers/timedRequest.ts';
import { startFaultSystem, type FaultSystem, type RunningProcess } from './system.ts';
import { ms, printFigures } from './figures.ts';

const SILENT_ENDPOINTS = 16;
const LEADS = 2;
const IMPORTS = 20;
/** The worker's slots (WORKER_CONCURRENCY). */
const SLOTS = 4;
/** What the other workspace's work may take however the first one's receivers behave. */
const FAIR_MS = 5000;

let system: FaultSystem;
let web: RunningProcess;
/** Accepts connections and never answers: each delivery to it waits for the worker's timeout. */
let silent: net.Server;
const silentSockets = new Set<net.Socket>();
/** Answers 204 at once, noting when each webhook id arrived. */
let receiver: http.Server;
const arrived = new Map<string, number>();
const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

const listen = (server: net.Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
  );

beforeAll(async () => {
  silent = net.createServer((socket) => {
    silentSockets.add(socket);
    socket.on('close', () => silentSockets.delete(socket));
    socket.on('error', () => {});
  });
  receiver = http.createServer((req, res) => {
    arrived.set(String(req.headers['webhook-id']), Date.now());
    req.resume();
    res.writeHead(204).end();
  });
  system = await startFaultSystem({ WEBHOOK_ALLOW_PRIVATE: 'true' });
  // One worker with the default four slots, as in production.
  [web] = await Promise.all([system.start('web'), system.start('worker', { WORKER_CONCURRENCY: String(SLOTS) })]);
});
afterAll(async () => {
  agent.destroy();
  for (const socket of silentSockets) socket.destroy();
  await Promise.all([silent, receiver].map((s) => new Promise((resolve) => s.close(resolve))));
  await system?.close();
});

const post = (key: string, path: string, body: unknown) =>
  timedRequest(agent, `${web.baseUrl}${path}`, { key, body, headers: { 'idempotency-key': crypto.randomUUID() } });

describe('one workspace cannot keep another waiting', { timeout: 120_000 }, () => {
  it("delivers another workspace's test event and imports its CSV while one's receivers never answer", async () => {
    const silentUrl = `http://127.0.0.1:${await listen(silent)}`;
    const receiverUrl = `http://127.0.0.1:${await listen(receiver)}`;
    const noisy = await system.tenant('Never answers');
    const other = await system.tenant('Other workspace');

    for (let i = 0; i < SILENT_ENDPOINTS; i++) {
      const created = await post(noisy.key, '/api/v1/webhook-endpoints', { url: `${silentUrl}/e${i}`, events: ['*'] });
      expect(created.status).toBe(201);
      const test = await post(noisy.key, `/api/v1/webhook-endpoints/${created.body.webhook_endpoint.id}/test`, {});
      expect(test.status).toBe(202);
    }
    for (let i = 0; i < LEADS; i++)
      expect((await post(noisy.key, '/api/v1/leads', { contact_email: `lead${i}@example.com` })).status).toBe(201);
    for (let i = 0; i < IMPORTS; i += 4) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(4, IMPORTS - i) }, () =>
          importReport(web, noisy.key, [{ name: 'summary.csv', data: Buffer.from(SUMMARY_CSV) }]),
        ),
      );
      for (const res of batch) expect(res.status, res.text).toBe(201);
    }
    // Alone, the first workspace takes every slot: the silent receiver holds that many deliveries.
    expect(await waitUntil(async () => silentSockets.size >= SLOTS, 20_000, 50)).toBe(true);

    const runningOfNoisy = async () =>
      (
        await system.sql<{ n: number }[]>`
        select count(*)::int as n from graphile_worker._private_jobs
        where locked_at is not null and payload->>'workspace_id' = ${noisy.workspaceId}`
      )[0]!.n;
    const mostRunning = { n: 0 };
    const sampling = setInterval(
      () => void runningOfNoisy().then((n) => (mostRunning.n = Math.max(mostRunning.n, n))),
      100,
    );

    const startedAt = Date.now();
    const endpoint = await post(other.key, '/api/v1/webhook-endpoints', { url: `${receiverUrl}/hook`, events: ['*'] });
    expect(endpoint.status).toBe(201);
    const test = await post(other.key, `/api/v1/webhook-endpoints/${endpoint.body.webhook_endpoint.id}/test`, {});
    expect(test.status).toBe(202);
    const eventId = test.body.webhook_event.id as string;
    const imported = await importReport(web, other.key, [{ name: 'summary.csv', data: Buffer.from(SUMMARY_CSV) }]);
    expect(imported.status, imported.text).toBe(201);
    const postedAt = Date.now();
    const reportId = imported.body.report.id as string;
    let importedAt = 0;
    const importDone = async () => {
      const [row] = await system.sql<{ status: string }[]>`select status from reports where id = ${reportId}`;
      if (row?.status !== 'importing') importedAt ||= Date.now();
      return row?.status !== 'importing';
    };
    let importStartedAt = 0;
    const importStarted = async () => {
      const [job] = await system.sql<{ locked: boolean }[]>`
        select locked_at is not null as locked from graphile_worker._private_jobs where payload->>'report_id' = ${reportId}`;
      if (job?.locked) importStartedAt ||= Date.now();
    };
    const bothDone = async () => (await importStarted(), await importDone()) && arrived.has(eventId);
    const done = await waitUntil(bothDone, 30_000, 50);
    clearInterval(sampling);
    const noisyPending = await system.sql<{ n: number }[]>`
      select count(*)::int as n from webhook_deliveries where workspace_id = ${noisy.workspaceId} and status = 'pending'`;
    const [report] = await system.sql<{ status: string }[]>`select status from reports where id = ${reportId}`;

    printFigures('Fault suite: one workspace with receivers that never answer, another workspace beside it', {
      'endpoints that never answer (first workspace)': SILENT_ENDPOINTS,
      'their deliveries still pending (test events and leads)': noisyPending[0]!.n,
      'imports queued by the first workspace': IMPORTS,
      "most of the first workspace's jobs running at once": `${mostRunning.n} (slots: ${SLOTS})`,
      "other workspace's test event delivered after": arrived.has(eventId)
        ? ms(arrived.get(eventId)! - startedAt)
        : 'never',
      "other workspace's import job started after it was posted": importStartedAt
        ? ms(importStartedAt - postedAt)
        : 'never seen running',
      "other workspace's CSV import finished after": importedAt ? ms(importedAt - startedAt) : 'never',
    });
    expect(done).toBe(true);
    expect(report!.status).toBe('draft');
    expect(arrived.get(eventId)! - startedAt).toBeLessThan(FAIR_MS);
    expect(importedAt - startedAt).toBeLessThan(FAIR_MS);
    // Every slot, and never the reserve the other workspace's jobs started in.
    expect(mostRunning.n).toBe(SLOTS);
    expect(noisyPending[0]!.n).toBeGreaterThan(0);
  });
});
