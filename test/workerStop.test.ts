import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run, makeWorkerUtils } from 'graphile-worker';
import { createTestContext, waitUntil, type TestContext } from './helpers/harness.ts';
import { createLogger } from '../core/logger.ts';
import { stopHandingBackJobs } from '../worker/handBackOnStop.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('stopping a worker', () => {
  it('hands a job still running after the grace period back, due at once, to another worker', async () => {
    const utils = await makeWorkerUtils({ connectionString: t.databaseUrl });
    const ranBy: string[] = [];
    const stuck = await run({
      connectionString: t.databaseUrl,
      concurrency: 1,
      noHandleSignals: true,
      pollInterval: 1000,
      taskList: {
        outlast_deploy: async () => {
          ranBy.push('stuck');
          await new Promise(() => {});
        },
      },
    });
    const stop = stopHandingBackJobs(stuck, t.sql, createLogger('silent'), 300);
    const job = await utils.addJob('outlast_deploy', {});
    expect(await waitUntil(async () => ranBy.length === 1, 5000)).toBe(true);
    await stop();
    const [row] = await t.sql<{ locked_by: string | null; due: boolean }[]>`
      select locked_by, run_at <= now() as due from graphile_worker.jobs where id = ${job.id}`;
    expect(row).toEqual({ locked_by: null, due: true });

    const handedBackAt = Date.now();
    const other = await run({
      connectionString: t.databaseUrl,
      concurrency: 1,
      noHandleSignals: true,
      pollInterval: 1000,
      taskList: { outlast_deploy: async () => void ranBy.push('other') },
    });
    expect(await waitUntil(async () => ranBy.length === 2, 3000, 50)).toBe(true);
    expect(ranBy).toEqual(['stuck', 'other']);
    expect(Date.now() - handedBackAt).toBeLessThan(2000);
    await other.stop();
    await utils.release();
  });
});
