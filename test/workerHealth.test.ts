import { spawn } from 'node:child_process';
import net from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, waitUntil, type TestContext } from './helpers/harness.ts';
import { createLogger } from '../core/logger.ts';
import { startWorker } from '../worker/runner.ts';
import { serveWorkerHealth } from '../worker/healthServer.ts';
import { enqueueJob } from '../storage/jobs.ts';
import { sample } from './helpers/promText.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const get = (port: number, path: string, init: RequestInit = {}) => fetch(`http://127.0.0.1:${port}${path}`, init);

describe("the worker's health server", () => {
  it('serves /healthz, /readyz and /metrics, and stops being ready when the job runner stops', async () => {
    const logger = createLogger('silent');
    const worker = await startWorker({
      config: t.config,
      logger,
      sql: t.sql,
      connectionString: t.databaseUrl,
      concurrency: 1,
      withCron: false,
    });
    const health = await serveWorkerHealth({
      port: 0,
      sql: t.sql,
      logger,
      runner: worker.runner,
      metricsToken: undefined,
      authFailureLimitPerMinute: 20,
    });
    try {
      expect(await (await get(health.port, '/healthz')).json()).toEqual({ status: 'ok' });
      expect(await (await get(health.port, '/readyz')).json()).toEqual({ status: 'ready' });
      const metrics = await get(health.port, '/metrics');
      expect(metrics.status).toBe(200);
      expect(sample(await metrics.text(), 'worker_queue_jobs', { state: 'ready' })).toBe(0);

      for (const [method, path] of [
        ['GET', '/nothing'],
        ['POST', '/healthz'],
      ] as const) {
        const res = await get(health.port, path, { method });
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual({
          error: {
            code: 'NOT_FOUND',
            message: `No route for ${method} ${path}`,
            request_id: res.headers.get('x-request-id'),
          },
        });
      }

      await worker.stop();
      const res = await get(health.port, '/readyz');
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        error: {
          code: 'INTERNAL_ERROR',
          message: 'Job runner is not running',
          request_id: res.headers.get('x-request-id'),
        },
      });
      expect((await get(health.port, '/healthz')).status).toBe(200);
    } finally {
      await health.close();
    }
  });
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('the worker process (npm run worker) with HEALTH_PORT', () => {
  it('serves the probes and its own metrics, the metrics behind METRICS_TOKEN', async () => {
    const port = await freePort();
    const token = 'worker-metrics-token-0123';
    const dataDir = await mkdtemp(join(tmpdir(), 'partner-api-worker-'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'worker/main.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: t.databaseUrl,
        HEALTH_PORT: String(port),
        METRICS_TOKEN: token,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        DB_POOL_MAX: '3',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      const up = async () => (await get(port, '/healthz').catch(() => undefined))?.status === 200;
      expect(await waitUntil(up, 20_000, 100)).toBe(true);
      expect(await (await get(port, '/readyz')).json()).toEqual({ status: 'ready' });
      expect((await get(port, '/metrics')).status).toBe(401);

      await enqueueJob(t.sql, 'cleanup', {});
      let text = '';
      const ran = async () => {
        text = await (await get(port, '/metrics', { headers: { authorization: `Bearer ${token}` } })).text();
        return (sample(text, 'worker_job_duration_seconds_count', { task: 'cleanup', outcome: 'success' }) ?? 0) >= 1;
      };
      expect(await waitUntil(ran, 15_000, 200)).toBe(true);
      expect(sample(text, 'db_pool_max_connections')).toBe(3);
      expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
      expect(text).not.toContain('http_request_duration_seconds_count'); // a worker serves no API

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
