import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { waitUntil } from '../harness.ts';
import { holdLeadMatchLock, sessionsWaitingOnLocks } from '../locks.ts';
import { durationMs, is2xx, timedRequest } from '../timedRequest.ts';
import { startFaultSystem, type FaultSystem } from './system.ts';
import { ms, printFigures } from './figures.ts';

const IN_FLIGHT = 32;

let system: FaultSystem;
beforeAll(async () => {
  system = await startFaultSystem();
});
afterAll(() => system?.close());

describe("SIGTERM to web's process group under load", { timeout: 60_000 }, () => {
  it('answers every request in flight 2xx and exits 0 within a few seconds', async () => {
    // A pool with room for every request, so all of them reach the lock rather than queue for a connection.
    const web = await system.start('web', { DB_POOL_MAX: String(IN_FLIGHT + 8) });
    const tenant = await system.tenant('Deploy');
    const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
    // Every upsert of this phone waits inside its transaction until the lock is let go, so all
    // of them are in flight when the signal arrives.
    const release = await holdLeadMatchLock(system.sql, tenant.workspaceId, '2125550199');
    const answers = Array.from({ length: IN_FLIGHT }, (_, i) =>
      timedRequest(agent, `${web.baseUrl}/api/v1/leads`, {
        key: tenant.key,
        body: { contact_phone: '212-555-0199' },
        headers: { 'idempotency-key': `sigterm-${i}` },
      }),
    );
    expect(await waitUntil(async () => (await sessionsWaitingOnLocks(system.sql)) === IN_FLIGHT, 15_000)).toBe(true);

    const signalledAt = Date.now();
    process.kill(-web.pid, 'SIGTERM');
    await sleep(300);
    await release();
    const settled = await Promise.all(answers);
    const code = await Promise.race([web.exited, sleep(10_000).then(() => 'still running')]);
    const exitMs = Date.now() - signalledAt;
    agent.destroy();
    printFigures("Fault suite: SIGTERM to web's process group", {
      'requests in flight at SIGTERM': IN_FLIGHT,
      'answered 2xx': settled.filter(is2xx).length,
      'no answer (dropped, refused, timed out)': settled.filter((a) => a.error).length,
      'slowest answer (held on a lock until 300 ms after SIGTERM)': ms(Math.max(...settled.map(durationMs))),
      'exit code': String(code),
      'SIGTERM to exit': ms(exitMs),
    });

    expect(settled.filter((a) => !is2xx(a)).map((a) => a.status ?? a.error)).toEqual([]);
    expect(code, web.output()).toBe(0);
    expect(exitMs).toBeLessThan(5000);
    const leads = await system.sql`select 1 from leads where workspace_id = ${tenant.workspaceId}`;
    expect(leads).toHaveLength(1);
  });
});
