import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import net from 'node:net';
import { createTestContext, waitUntil, type TestContext } from './helpers/harness.ts';
import { holdLeadMatchLock, sessionsWaitingOnLocks } from './helpers/locks.ts';
import { startProcfileProcess } from './helpers/procfile.ts';
import { freePort } from '../storage/cluster/embedded.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

interface Answer {
  status: number;
  connection: string | undefined;
}

function send(
  agent: http.Agent,
  port: number,
  method: string,
  path: string,
  key: string,
  socketErrors: Error[],
  body?: unknown,
  idempotencyKey?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: {
          authorization: `Bearer ${key}`,
          ...(payload ? { 'content-type': 'application/json', 'idempotency-key': idempotencyKey! } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection }));
      },
    );
    req.on('socket', (socket) => {
      if (!socket.listenerCount('error')) socket.on('error', (err) => socketErrors.push(err));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

const REQUESTS = 24;

describe('web under deploy signals (Procfile process, own process group)', { timeout: 60_000 }, () => {
  it.each([
    { to: 'the whole process group', concurrency: 1, signal: (pid: number) => process.kill(-pid, 'SIGTERM') },
    { to: 'the main process alone', concurrency: 1, signal: (pid: number) => process.kill(pid, 'SIGTERM') },
    { to: 'the whole process group', concurrency: 2, signal: (pid: number) => process.kill(-pid, 'SIGTERM') },
    { to: 'the main process alone', concurrency: 2, signal: (pid: number) => process.kill(pid, 'SIGTERM') },
  ])(
    'SIGTERM to $to with WEB_CONCURRENCY=$concurrency answers every accepted request and exits 0',
    async ({ concurrency, signal }) => {
      const tenant = await t.tenant();
      const port = await freePort();
      const web = await startProcfileProcess(
        'web',
        {
          DATABASE_URL: t.databaseUrl,
          PORT: String(port),
          WEB_CONCURRENCY: String(concurrency),
          DB_POOL_MAX: '30',
          LOG_LEVEL: 'info',
          DATA_DIR: t.config.DATA_DIR,
        },
        { line: 'API listening', count: concurrency },
      );
      const agent = new http.Agent({ keepAlive: true, maxSockets: REQUESTS + 4 });
      const socketErrors: Error[] = [];
      try {
        // Keep-alive sockets that have served a request: the slow requests reuse most of them, the
        // rest stay idle through the drain.
        await Promise.all(
          Array.from({ length: REQUESTS + 4 }, () => send(agent, port, 'GET', '/api/v1/me', tenant.key, socketErrors)),
        );
        const release = await holdLeadMatchLock(t.sql, tenant.workspaceId, '2125550177');
        const answers = Array.from({ length: REQUESTS }, (_, i) =>
          send(
            agent,
            port,
            'POST',
            '/api/v1/leads',
            tenant.key,
            socketErrors,
            { contact_phone: '212-555-0177' },
            `deploy-${i}`,
          ).then(
            (a) => a,
            (err: Error) => err,
          ),
        );
        expect(await waitUntil(async () => (await sessionsWaitingOnLocks(t.sql)) === REQUESTS, 30_000)).toBe(true);

        const signalledAt = Date.now();
        signal(web.pid);
        await new Promise((r) => setTimeout(r, 300));
        await release();
        const settled = await Promise.all(answers);
        const code = await web.exited;
        const drainMs = Date.now() - signalledAt;

        expect(settled.filter((a) => a instanceof Error)).toEqual([]);
        expect((settled as Answer[]).map((a) => a.status).filter((s) => s < 200 || s >= 300)).toEqual([]);
        expect((settled as Answer[]).map((a) => a.connection)).toEqual(Array(REQUESTS).fill('close'));
        expect(socketErrors).toEqual([]);
        expect(code, web.output()).toBe(0);
        expect(drainMs).toBeLessThan(5000);
        console.log(
          `WEB_CONCURRENCY=${concurrency}: ${REQUESTS} requests answered 2xx, exited 0 ${drainMs} ms after SIGTERM`,
        );
        const refused = await new Promise<boolean>((resolve) => {
          const socket = net.connect(port, '127.0.0.1');
          socket.once('connect', () => (socket.destroy(), resolve(false)));
          socket.once('error', () => resolve(true));
        });
        expect(refused).toBe(true);
      } finally {
        agent.destroy();
        if (web.child.exitCode === null) process.kill(-web.pid, 'SIGKILL');
      }
    },
  );
});
