import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../helpers/harness.ts';
import { importReport, waitForImport } from '../helpers/reportImports.ts';
import { SUMMARY_CSV } from '../fixtures/reports/build.ts';
import { durationMs, is2xx, timedRequest, type TimedAnswer } from '../helpers/timedRequest.ts';
import { startFaultSystem, type FaultSystem, type RunningProcess } from './system.ts';
import { probeContinuously } from './probes.ts';
import { ms, printFigures } from './figures.ts';

type Tenant = { workspaceId: string; key: string };

const OUTAGE_MS = 5000;
const WRITE_LOOPS = 4;

/**
 * The check runs twice: `web` through PgBouncer (transaction mode), as on a PaaS with a pooler,
 * where a statement sent just as PostgreSQL went down waits there for a server connection, and
 * `web` directly on PostgreSQL.
 */
const VARIANTS = [
  // PgBouncer answers a statement waiting for a server at query_wait_timeout (15 s here): web's
  // own deadline (api/middleware/databaseDeadline.ts) must answer long before.
  { name: 'web through PgBouncer', webThroughPooler: true, answerWithinMs: 5000 },
  // A direct connection fails within connect_timeout (2 s).
  { name: 'web directly on PostgreSQL', webThroughPooler: false, answerWithinMs: 3000 },
];

/** Until `stopped` says so, each loop posts leads with unique external ids, one at a time. */
function writeLoad(web: RunningProcess, tenant: Tenant, answerWithinMs: number, stopped: () => boolean) {
  const agent = new http.Agent({ keepAlive: true });
  const writes: (TimedAnswer & { externalId: string })[] = [];
  let next = 0;
  const loops = Array.from({ length: WRITE_LOOPS }, async () => {
    for (let i = 0; !stopped() && i < 10_000; i++) {
      const externalId = `outage-${next++}`;
      const answer = await timedRequest(agent, `${web.baseUrl}/api/v1/leads`, {
        key: tenant.key,
        body: { external_id: externalId, external_source: 'fault-suite', contact_email: `${externalId}@example.com` },
        headers: { 'idempotency-key': externalId },
        // Past this it counts as unanswered.
        timeoutMs: answerWithinMs,
      });
      writes.push({ ...answer, externalId });
      await sleep(20);
    }
  });
  return { done: async () => (await Promise.all(loops), agent.destroy(), writes) };
}

async function databaseAnswers(system: FaultSystem): Promise<boolean> {
  try {
    await system.sql`select 1`;
    return true;
  } catch {
    return false;
  }
}

describe.each(VARIANTS)('PostgreSQL stopped with pg_ctl -m immediate under a write load, $name', (variant) => {
  let system: FaultSystem;
  let web: RunningProcess;
  let worker: RunningProcess;
  let tenant: Tenant;

  beforeAll(async () => {
    system = await startFaultSystem({}, { webThroughPooler: variant.webThroughPooler });
    [web, worker] = await Promise.all([system.start('web'), system.start('worker')]);
    tenant = await system.tenant('Outage');
  });
  afterAll(() => system?.close());

  it(
    'keeps both processes up, answers every write in time, recovers within 2 s, runs jobs again and loses no 2xx write',
    { timeout: 90_000 },
    async () => {
      const probes = probeContinuously([
        `${web.baseUrl}/healthz`,
        `${worker.baseUrl}/healthz`,
        `${web.baseUrl}/readyz`,
        `${worker.baseUrl}/readyz`,
      ]);
      let loadStopped = false;
      const load = writeLoad(web, tenant, variant.answerWithinMs, () => loadStopped);
      await sleep(1000);

      const stoppedAt = Date.now();
      await system.stopPostgres();
      await sleep(OUTAGE_MS);
      await system.startPostgres();
      const restartedAt = Date.now();

      // The worker takes a job again: an import posted as soon as web writes, done by the worker.
      let posted = await importReport(web, tenant.key, [{ name: 'summary.csv', data: Buffer.from(SUMMARY_CSV) }]);
      for (let i = 0; posted.status !== 201 && i < 50; i++) {
        await sleep(100);
        posted = await importReport(web, tenant.key, [{ name: 'summary.csv', data: Buffer.from(SUMMARY_CSV) }]);
      }
      expect(posted.status, posted.text).toBe(201);
      expect(await waitUntil(() => databaseAnswers(system), 10_000)).toBe(true);
      const imported = await waitForImport(system, posted.body.report.id, 20_000);
      const jobDoneMs = Date.now() - restartedAt;
      await sleep(Math.max(0, 3000 - jobDoneMs));
      loadStopped = true;
      const writes = await load.done();
      const answers = await probes.stop();

      const failed = writes.filter((w) => !is2xx(w));
      const recovered = writes.find((w) => w.startedAt >= restartedAt && is2xx(w));
      const recoveryMs = recovered ? recovered.endedAt - restartedAt : Infinity;
      const slowest = Math.max(...writes.map(durationMs));
      const healthz = answers.filter((a) => a.url.endsWith('/healthz'));
      const readyzDuringOutage = answers.filter(
        (a) => a.url.endsWith('/readyz') && a.startedAt >= stoppedAt && a.endedAt <= restartedAt,
      );
      const webReadyAgain = answers.find(
        (a) => a.url === `${web.baseUrl}/readyz` && a.startedAt >= restartedAt && a.status === 200,
      );
      printFigures(`Fault suite: database outage, ${variant.name}`, {
        'writes sent (4 loops)': writes.length,
        'answered 2xx': writes.length - failed.length,
        'answered 500 INTERNAL_ERROR with Retry-After': failed.filter(
          (w) => w.status === 500 && w.headers?.['retry-after'],
        ).length,
        [`no answer within ${variant.answerWithinMs} ms (dropped, refused, timed out)`]: writes.filter((w) => w.error)
          .length,
        'slowest answer': ms(slowest),
        'PostgreSQL down (stop -m immediate to accepting again)': ms(restartedAt - stoppedAt),
        'first 2xx write after PostgreSQL was back': ms(recoveryMs),
        'web /readyz 200 again after': webReadyAgain ? ms(webReadyAgain.endedAt - restartedAt) : 'never',
        'worker finished an import after PostgreSQL was back': ms(jobDoneMs),
        '/healthz probes (web and worker), all 200': `${healthz.filter((a) => a.status === 200).length}/${healthz.length}`,
        '/readyz probes during the outage, all 503': `${readyzDuringOutage.filter((a) => a.status === 503).length}/${readyzDuringOutage.length}`,
      });

      expect(writes.filter((w) => w.error).map((w) => w.error)).toEqual([]);
      expect(failed.length).toBeGreaterThan(0);
      for (const w of failed) {
        expect({ status: w.status, code: w.body?.error?.code, retryAfter: w.headers?.['retry-after'] }).toEqual({
          status: 500,
          code: 'INTERNAL_ERROR',
          retryAfter: expect.stringMatching(/^\d+$/),
        });
      }
      expect(slowest).toBeLessThan(variant.answerWithinMs);
      expect(recoveryMs).toBeLessThan(2000);
      expect(healthz.filter((a) => a.status !== 200)).toEqual([]);
      expect(readyzDuringOutage.length).toBeGreaterThan(0);
      expect(readyzDuringOutage.filter((a) => a.status !== 503)).toEqual([]);
      expect(['draft', 'needs_review']).toContain(imported.status);
      expect(jobDoneMs).toBeLessThan(10_000);
      expect([web.alive(), worker.alive()], web.output() + worker.output()).toEqual([true, true]);

      // Nothing answered 2xx is lost: every such lead is there, under its external id.
      const answered = writes.filter(is2xx).map((w) => w.externalId);
      const [{ n }] = await system.sql<{ n: number }[]>`
      select count(*)::int as n from leads where workspace_id = ${tenant.workspaceId} and external_id = any(${answered})`;
      expect(n).toBe(answered.length);
    },
  );
});
