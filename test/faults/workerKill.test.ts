import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../helpers/harness.ts';
import { holdRowLocks, sessionsWaitingOnLocks } from '../helpers/locks.ts';
import { importReport, waitForImport } from '../helpers/reportImports.ts';
import { SUMMARY_CSV } from '../fixtures/reports/build.ts';
import { HOUSE_JPG } from '../fixtures/visualizer/photos.ts';
import { timedRequest } from '../helpers/timedRequest.ts';
import { EXPORT_FORMATS } from '../../storage/reports.ts';
import { startFaultSystem, type FaultSystem, type RunningProcess } from './system.ts';
import { jobSuccesses } from './workerMetrics.ts';
import { ms, printFigures } from './figures.ts';

let system: FaultSystem;
let web: RunningProcess;
let tenant: { workspaceId: string; key: string };
/**
 * The import's and the generation's workspaces: one workspace's jobs may share a lane
 * (storage/jobPolicies.ts), and all three jobs must run at once here.
 */
let importTenant: { workspaceId: string; key: string };
let painter: { workspaceId: string; key: string };
const agent = new http.Agent({ keepAlive: true });
const csv = [{ name: 'summary.csv', data: Buffer.from(SUMMARY_CSV) }];

beforeAll(async () => {
  system = await startFaultSystem();
  web = await system.start('web');
  tenant = await system.tenant('Worker kill');
  importTenant = await system.tenant('Worker kill (import)');
  painter = await system.tenant('Worker kill (generation)');
});
afterAll(async () => {
  agent.destroy();
  await system?.close();
});

async function call(method: string, path: string, body?: unknown, key = tenant.key) {
  const answer = await timedRequest(agent, `${web.baseUrl}${path}`, {
    method,
    key,
    body,
    headers: body === undefined ? {} : { 'idempotency-key': randomUUID() },
  });
  expect(answer.status, JSON.stringify(answer.body ?? answer.error)).toBeLessThan(300);
  return answer.body;
}

/** The three jobs queued while no worker runs, so each can be locked before any worker starts it. */
async function queueOneOfEach() {
  const exported = (await importReport(web, tenant.key, csv)).body.report.id as string;
  const importer = await system.start('worker');
  await waitForImport(system, exported);
  process.kill(-importer.pid, 'SIGTERM');
  expect(await importer.exited, importer.output()).toBe(0);

  const imported = (await importReport(web, importTenant.key, csv)).body.report.id as string;
  const exports = (await call('POST', `/api/v1/reports/${exported}/export`, { formats: EXPORT_FORMATS })).exports.map(
    (e: { export_id: string }) => e.export_id,
  ) as string[];
  const created = await call(
    'POST',
    '/api/v1/visualizations',
    {
      session_id: 'worker-kill',
      original_image_url: `data:image/jpeg;base64,${HOUSE_JPG.toString('base64')}`,
    },
    painter.key,
  );
  const visualization = created.visualization.id as string;
  expect(
    (await call('POST', `/api/v1/visualizations/${visualization}/generate`, {}, painter.key)).visualization.status,
  ).toBe('processing');
  return { imported, exports, visualization };
}

describe('a worker killed with SIGKILL mid-job', { timeout: 120_000 }, () => {
  it('has its import, export and generation finished exactly once by a new worker within 60 s', async () => {
    const jobs = await queueOneOfEach();
    // Each job stops at its final write (the revision, an artifact's ready mark, the completed
    // row), so the kill lands mid-run whatever this machine's speed.
    const releases = await Promise.all([
      holdRowLocks(system.sql, 'reports', [jobs.imported]),
      holdRowLocks(system.sql, 'report_exports', jobs.exports),
      holdRowLocks(system.sql, 'visualizations', [jobs.visualization]),
    ]);
    const doomed = await system.start('worker');
    expect(await waitUntil(async () => (await sessionsWaitingOnLocks(system.sql)) === 3, 30_000)).toBe(true);

    const killedAt = Date.now();
    process.kill(-doomed.pid, 'SIGKILL');
    await doomed.exited;
    // Released only once the dead worker's backends are gone, so none of its writes can land.
    expect(await waitUntil(async () => (await sessionsWaitingOnLocks(system.sql)) === 0, 10_000)).toBe(true);
    for (const release of releases) await release();
    const successor = await system.start('worker');
    const startedMs = Date.now() - killedAt;

    const doneMs: Record<string, number> = {};
    const isDone: Record<string, () => Promise<boolean>> = {
      report_import: async () =>
        (await system.sql`select 1 from reports where id = ${jobs.imported} and status <> 'importing'`).length === 1,
      report_export: async () =>
        (await system.sql`select 1 from report_exports where id = any(${jobs.exports}) and status = 'pending'`)
          .length === 0,
      visualization_generate: async () =>
        (await system.sql`select 1 from visualizations where id = ${jobs.visualization} and status <> 'processing'`)
          .length === 1,
    };
    await waitUntil(
      async () => {
        for (const [task, done] of Object.entries(isDone))
          if (doneMs[task] === undefined && (await done())) doneMs[task] = Date.now() - killedAt;
        return Object.keys(doneMs).length === 3;
      },
      60_000,
      200,
    );
    const onSuccessor = Object.fromEntries(
      await Promise.all(Object.keys(isDone).map(async (task) => [task, await jobSuccesses(successor, task)])),
    );
    printFigures('Fault suite: worker killed with SIGKILL mid-job (lease 3 s, heartbeat 1 s)', {
      'jobs mid-run when killed (held at their final write by row locks)': 3,
      'new worker started after the kill': ms(startedMs),
      'kill to import done (report)': ms(doneMs.report_import ?? NaN),
      [`kill to export done (${EXPORT_FORMATS.length} formats)`]: ms(doneMs.report_export ?? NaN),
      'kill to generation done (visualization)': ms(doneMs.visualization_generate ?? NaN),
      'successful runs on the new worker (import, export, generation)': Object.values(onSuccessor).join(', '),
    });

    expect(Object.keys(doneMs).sort()).toEqual(Object.keys(isDone).sort());
    for (const elapsed of Object.values(doneMs)) expect(elapsed).toBeLessThan(60_000);
    expect(onSuccessor).toEqual({ report_import: 1, report_export: 1, visualization_generate: 1 });

    const [report] = await system.sql<{ status: string; revisions: number }[]>`
      select status, (select count(*)::int from report_revisions where report_id = r.id) as revisions from reports r where id = ${jobs.imported}`;
    expect(['draft', 'needs_review']).toContain(report!.status);
    expect(report!.revisions).toBe(1);

    const artifacts = await system.sql<{ id: string; status: string; size_bytes: number }[]>`
      select id, status, size_bytes from report_exports where id = any(${jobs.exports}) order by id`;
    expect(artifacts.map((a) => a.status)).toEqual(Array(EXPORT_FORMATS.length).fill('ready'));
    for (const artifact of artifacts) {
      const redirect = await timedRequest(agent, `${web.baseUrl}/api/v1/reports/exports/${artifact.id}/download`, {
        key: tenant.key,
      });
      expect(redirect.status).toBe(307);
      const file = await fetch(redirect.headers!.location!, { signal: AbortSignal.timeout(10_000) });
      expect(Buffer.from(await file.arrayBuffer()).length).toBe(artifact.size_bytes);
    }

    const attempts =
      await system.sql`select status, count(*)::int as n from visualization_attempts where visualization_id = ${jobs.visualization} group by status`;
    expect([...attempts]).toEqual([{ status: 'succeeded', n: 1 }]);
    expect((await system.sql`select status from visualizations where id = ${jobs.visualization}`)[0]!.status).toBe(
      'completed',
    );
    expect(
      await system.sql`select 1 from graphile_worker.jobs where task_identifier = any(${Object.keys(isDone)})`,
    ).toHaveLength(0);
  });
});
