import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, waitUntil, type Tenant, type TestContext } from './helpers/harness.ts';
import { createVisualization, generate } from './helpers/visualizations.ts';
import { HOUSE_JPG, HOUSE_ROOF_OUTLINE } from './fixtures/visualizer/photos.ts';
import { enqueueJob, listJobs } from '../storage/jobs.ts';
import { countAttempts } from '../storage/visualizationAttempts.ts';

const exec = promisify(execFile);
const root = join(import.meta.dirname, '..');
// Short intervals so the test waits seconds; production defaults are 5 s and 30 s.
const LIVENESS = { WORKER_HEARTBEAT_SECONDS: '1', WORKER_STALE_AFTER_SECONDS: '3' };
let t: TestContext;
/**
 * A workspace per job: one workspace's jobs run at most two at a time (its lanes,
 * storage/jobPolicies.ts), and the three must hang at once.
 */
let tenants: Tenant[];
let child: ChildProcess | undefined;
/** An image model that takes requests and never answers: the dead worker's jobs hang there. */
const hanging: ServerResponse[] = [];
const model = createServer((_req, res) => void hanging.push(res));

beforeAll(async () => {
  model.listen(0, '127.0.0.1');
  await once(model, 'listening');
  t = await createTestContext({ RATE_LIMIT_PER_MINUTE: '10000', GENERATE_WAIT_MS: '0', ...LIVENESS });
  tenants = [await t.tenant(), await t.tenant(), await t.tenant()];
});
afterAll(async () => {
  child?.kill('SIGKILL');
  for (const res of hanging) res.destroy();
  model.close();
  await t.close();
});

async function admin(...args: string[]) {
  const { stdout } = await exec(process.execPath, ['--import', 'tsx', 'cli/admin.ts', ...args, '--json'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: t.databaseUrl, LOG_LEVEL: 'silent', ...LIVENESS },
  });
  return JSON.parse(stdout);
}

async function processingVisualization(label: string, tenant: Tenant) {
  // With an outline no embedding job is queued beside the generation: the killed worker holds these three jobs only.
  const vis = await createVisualization(t, tenant, {
    session_id: label,
    original_image_url: `data:image/jpeg;base64,${HOUSE_JPG.toString('base64')}`,
    roof_outline: HOUSE_ROOF_OUTLINE,
  });
  expect((await generate(t, tenant, vis.id)).body.visualization.status).toBe('processing');
  const [job] = await t.sql<
    { id: string }[]
  >`select id::text from graphile_worker.jobs where key = ${`visualization_generate:${vis.id}`}`;
  return { id: vis.id, job: job!.id };
}

const statusOf = async (id: string) =>
  (await t.sql<{ status: string }[]>`select status from visualizations where id = ${id}`)[0]!.status;

describe('a worker killed mid-job', { timeout: 120_000 }, () => {
  it('leaves its jobs stuck for at most a lease: a live worker runs them again, once, and jobs retry forces one', async () => {
    const recovered = await processingVisualization('crash-a', tenants[0]!);
    const forced = await processingVisualization('crash-b', tenants[1]!);
    const lastAttempt = await processingVisualization('crash-c', tenants[2]!);
    await enqueueJob(
      t.sql,
      'visualization_generate',
      { workspace_id: tenants[2]!.workspaceId, visualization_id: lastAttempt.id },
      { jobKey: `visualization_generate:${lastAttempt.id}`, maxAttempts: 1 },
    );

    // A real worker process (the Procfile's), whose image model never answers.
    child = spawn(process.execPath, ['--import', 'tsx', 'worker/main.ts'], {
      cwd: root,
      stdio: 'ignore',
      env: {
        ...process.env,
        ...LIVENESS,
        DATABASE_URL: t.databaseUrl,
        DATA_DIR: t.config.DATA_DIR,
        LOG_LEVEL: 'silent',
        WORKER_CONCURRENCY: '3',
        IMAGE_MODEL_PROVIDER: 'http',
        IMAGE_MODEL_URL: `http://127.0.0.1:${(model.address() as { port: number }).port}/render`,
      },
    });
    expect(await waitUntil(async () => hanging.length === 3, 60_000)).toBe(true);
    child.kill('SIGKILL');
    await once(child, 'exit');
    const killedAt = Date.now();

    expect(
      await waitUntil(
        async () => (await listJobs(t.sql, { staleAfterSeconds: 3, state: 'stuck' })).length === 3,
        10_000,
      ),
    ).toBe(true);
    const stuck = await admin('jobs', 'list', '--stuck');
    expect(stuck.jobs.map((j: { id: string }) => j.id).sort()).toEqual(
      [recovered.job, forced.job, lastAttempt.job].sort(),
    );
    expect(stuck.jobs).toContainEqual(
      expect.objectContaining({
        id: forced.job,
        workspace_id: tenants[1]!.workspaceId,
        task: 'visualization_generate',
        state: 'stuck',
        concerns: { visualization_id: forced.id },
      }),
    );
    expect(await admin('jobs', 'retry', forced.job)).toEqual({ retried: [forced.job], refused: [] });
    // The unlock failed the last attempt's job for good, which queued the render of its failure event.
    const [forcedJob] = await listJobs(t.sql, {
      staleAfterSeconds: 3,
      state: 'queued',
      task: 'visualization_generate',
    });
    expect(forcedJob).toMatchObject({ id: forced.job, attempts: 0, locked_by: null });

    // A live worker (the local image model) sweeps the dead worker's locks as it starts.
    await t.startWorker({ concurrency: 3 });
    expect(
      await waitUntil(
        async () => (await statusOf(recovered.id)) === 'completed' && (await statusOf(forced.id)) === 'completed',
        30_000,
      ),
    ).toBe(true);
    const recoveryMs = Date.now() - killedAt;
    console.log(`recovered ${recoveryMs} ms after SIGKILL (lease 3 s; includes two admin CLI runs)`);
    expect(recoveryMs).toBeLessThan(60_000);
    // Its last attempt died with the worker: it failed for good, its attempt released.
    expect(await statusOf(lastAttempt.id)).toBe('failed');

    // Exactly once: one billable attempt per completed row, the dead one's given back.
    expect(await Promise.all(tenants.map((tenant) => countAttempts(t.sql, tenant.workspaceId)))).toEqual([
      { reserved: 0, succeeded: 1, released: 0 },
      { reserved: 0, succeeded: 1, released: 0 },
      { reserved: 0, succeeded: 0, released: 1 },
    ]);
    expect(
      await t.sql`select 1 from graphile_worker.jobs where id = any(${[recovered.job, forced.job]}::bigint[])`,
    ).toHaveLength(0);
    expect((await listJobs(t.sql, { staleAfterSeconds: 3 })).map((j) => [j.id, j.state])).toEqual([
      [lastAttempt.job, 'failed'],
    ]);
  });
});
