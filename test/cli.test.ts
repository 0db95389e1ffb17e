import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createSql } from '../storage/db.ts';
import { makeWorkerUtils } from 'graphile-worker';
import { createTestContext, waitUntil, type TestContext } from './helpers/harness.ts';
import { progressLine } from '../cli/progress.ts';

const exec = promisify(execFile);
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const root = join(import.meta.dirname, '..');
async function admin(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return adminWith({ DATABASE_URL: t.databaseUrl }, ...args);
}

/** The admin CLI with these database settings (and neither DATABASE_URL nor DATA_DIR otherwise). */
async function adminWith(
  env: { DATABASE_URL?: string; DATA_DIR?: string },
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  const { DATABASE_URL: _url, DATA_DIR: _dir, ...inherited } = process.env;
  try {
    const { stdout, stderr } = await exec(process.execPath, ['--import', 'tsx', 'cli/admin.ts', ...args], {
      cwd: root,
      env: { ...inherited, ...env, LOG_LEVEL: 'silent' },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

// Each command is a fresh tsx process (a few seconds apiece on a busy 2-core machine).
describe('admin CLI', { timeout: 90_000 }, () => {
  it('creates a workspace and a key that works, then revokes it (401 within 5 s)', async () => {
    const ws = await admin('workspace', 'create', '--name', 'CLI Roofing', '--json');
    expect(ws.code).toBe(0);
    const workspace = JSON.parse(ws.stdout);
    expect(workspace).toEqual({ id: expect.stringMatching(/^ws_/), name: 'CLI Roofing', active: true });

    const k = await admin(
      'key',
      'create',
      '--workspace',
      workspace.id,
      '--name',
      'Partner',
      '--scopes',
      'leads.read,leads.write',
      '--json',
    );
    expect(k.code).toBe(0);
    const key = JSON.parse(k.stdout);
    expect(key).toEqual({
      id: expect.stringMatching(/^key_/),
      key: expect.stringMatching(/^pk_/),
      masked_key: expect.any(String),
      scopes: ['leads.read', 'leads.write'],
      mode: 'live',
      api_version: '2026-11-27',
    });

    const me = await t.request('GET', '/api/v1/me', { key: key.key });
    expect(me.status).toBe(200);
    expect(me.body.workspace).toEqual({ id: workspace.id, name: 'CLI Roofing' });
    const stages = await t.request('GET', '/api/v1/pipeline/stages', { key: key.key });
    expect(stages.body.stages.map((s: any) => s.key)).toEqual([
      'new',
      'contacted',
      'appointment_set',
      'quoted',
      'sold',
      'lost',
    ]);

    const revoke = await admin('key', 'revoke', key.id, '--json');
    expect(revoke.code).toBe(0);
    const revokedAt = Date.now();
    let status = 200;
    while (status !== 401 && Date.now() - revokedAt < 5000) {
      status = (await t.request('GET', '/api/v1/me', { key: key.key })).status;
      if (status !== 401) await new Promise((r) => setTimeout(r, 200));
    }
    expect(status).toBe(401);
    expect(Date.now() - revokedAt).toBeLessThan(5000);
  });

  it('deactivates and reactivates a workspace', async () => {
    const workspace = JSON.parse((await admin('workspace', 'create', '--name', 'Pausable', '--json')).stdout);
    const off = await admin('workspace', 'deactivate', workspace.id, '--json');
    expect(JSON.parse(off.stdout)).toEqual({ ...workspace, active: false });
    const on = await admin('workspace', 'activate', workspace.id, '--json');
    expect(JSON.parse(on.stdout).active).toBe(true);
  });

  it('deletes keys, sets quotas and lists jobs as JSON', async () => {
    const workspace = JSON.parse((await admin('workspace', 'create', '--name', 'Q', '--json')).stdout);
    const key = JSON.parse(
      (await admin('key', 'create', '--workspace', workspace.id, '--name', 'x', '--scopes', 'all', '--json')).stdout,
    );
    expect(key.scopes).toContain('reports.assistant.use');
    expect(JSON.parse((await admin('key', 'delete', key.id, '--json')).stdout)).toEqual({ id: key.id, deleted: true });
    const quota = await admin('quota', 'set', '--workspace', workspace.id, '--visualizations', '25', '--json');
    expect(JSON.parse(quota.stdout)).toEqual({ workspace_id: workspace.id, visualizations_per_month: 25 });
    const unlimited = await admin('quota', 'set', '--workspace', workspace.id, '--visualizations', 'unlimited');
    expect(unlimited.stdout).toBe(`workspace_id: ${workspace.id}\nvisualizations_per_month: unlimited\n`);
    const listed = await admin('workspace', 'list');
    const row = listed.stdout.split('\n').find((line) => line.startsWith(workspace.id))!;
    expect(row.split(/\s{2,}/)).toContain('unlimited');
    const jobs = await admin('jobs', 'list', '--failed', '--json');
    expect(JSON.parse(jobs.stdout)).toEqual({ jobs: expect.any(Array) });
  });

  it('lets support staff list failed jobs and retry them, after which the worker runs them', async () => {
    const utils = await makeWorkerUtils({ connectionString: t.databaseUrl });
    try {
      const job = await utils.addJob('cleanup', {}, { maxAttempts: 1 });
      await utils.permanentlyFailJobs([job.id], 'simulated outage');
      const failed = JSON.parse((await admin('jobs', 'list', '--failed', '--json')).stdout);
      expect(failed.jobs).toEqual([
        expect.objectContaining({
          id: job.id,
          task: 'cleanup',
          state: 'failed',
          workspace_id: null,
          last_error: 'simulated outage',
        }),
      ]);
      const retried = JSON.parse((await admin('jobs', 'retry', '--all-failed', '--json')).stdout);
      expect(retried).toEqual({ retried: [job.id], refused: [] });
      expect(JSON.parse((await admin('jobs', 'list', '--failed', '--json')).stdout).jobs).toEqual([]);
      await t.startWorker();
      await waitUntil(
        async () => (await t.sql`select 1 from graphile_worker.jobs where id = ${job.id}`).length === 0,
        10_000,
      );
      expect(await t.sql`select 1 from graphile_worker.jobs where id = ${job.id}`).toHaveLength(0);
    } finally {
      await utils.release();
    }
  });

  it('lists workspaces and their masked keys, and explains every command with --help', async () => {
    const workspace = JSON.parse((await admin('workspace', 'create', '--name', 'Listed', '--json')).stdout);
    const key = JSON.parse(
      (
        await admin(
          'key',
          'create',
          '--workspace',
          workspace.id,
          '--name',
          'Zapier',
          '--scopes',
          'leads.read',
          '--json',
        )
      ).stdout,
    );
    const workspaces = JSON.parse((await admin('workspace', 'list', '--json')).stdout).workspaces;
    expect(workspaces).toContainEqual(
      expect.objectContaining({ id: workspace.id, name: 'Listed', active: true, active_keys: 1 }),
    );
    const keys = await admin('key', 'list', '--workspace', workspace.id, '--json');
    expect(JSON.parse(keys.stdout)).toEqual({
      workspace_id: workspace.id,
      keys: [
        {
          id: key.id,
          name: 'Zapier',
          masked_key: key.masked_key,
          scopes: ['leads.read'],
          mode: 'live',
          api_version: '2026-11-27',
          created_at: expect.any(String),
          revoked_at: null,
        },
      ],
    });
    expect(keys.stdout).not.toContain(key.key.slice(-20));
    const plain = await admin('key', 'list', '--workspace', workspace.id);
    expect(plain.stdout).toMatch(new RegExp(`^keys:\\nid\\s+name\\s+masked_key.*\\n${key.id}\\s+Zapier`, 'm'));

    const help = await admin('--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/workspace list\s+every workspace/);
    expect(help.stdout).toMatch(/jobs retry\s+runs failed or stuck jobs/);
    const jobsHelp = await admin('jobs', 'list', '--help');
    expect(jobsHelp.code).toBe(0);
    expect(jobsHelp.stdout).toContain(
      'usage: npm run --silent admin -- jobs list [--failed | --stuck] [--workspace ID] [--json]',
    );
    for (const flag of ['--failed', '--stuck', '--workspace ID', '--json'])
      expect(jobsHelp.stdout).toContain(`  ${flag} `);
  });

  it('creates no database it was not asked to: an absent one is an error naming DATA_DIR or DATABASE_URL', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'admin-no-db-'));
    try {
      const embedded = await adminWith({ DATA_DIR: dir }, 'workspace', 'list');
      expect(embedded.code).toBe(1);
      expect(embedded.stderr.trim()).toBe(
        `no database in DATA_DIR=${dir} (${join(dir, 'postgres')}); point DATA_DIR at the one \`npm start\` uses, or set DATABASE_URL`,
      );
      expect(embedded.stdout).toBe('');
      expect(await readdir(dir)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }

    const absent = new URL(t.databaseUrl);
    absent.pathname = '/no_such_database';
    const missing = await adminWith({ DATABASE_URL: absent.href }, 'workspace', 'list');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^cannot open DATABASE_URL=postgres:\/\/.*\/no_such_database.*does not exist/);
    if (absent.password) expect(missing.stderr).not.toContain(absent.password);

    await t.sql`create database admin_empty`;
    const empty = new URL(t.databaseUrl);
    empty.pathname = '/admin_empty';
    const bare = await adminWith({ DATABASE_URL: empty.href }, 'workspace', 'list');
    expect(bare.code).toBe(1);
    expect(bare.stderr).toMatch(/admin_empty has no Partner API tables; run `npm run migrate` first/);
    const other = createSql(empty.href, 1);
    try {
      expect(
        await other`select tablename from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
      ).toEqual([]);
    } finally {
      await other.end();
    }
  });

  it('fails with a one-line error and a non-zero exit', async () => {
    for (const args of [
      ['key', 'create', '--workspace', 'ws_missing', '--name', 'x', '--scopes', 'all'],
      ['key', 'create', '--workspace', 'x', '--name', 'x', '--scopes', 'leads.fly'],
      ['key', 'revoke', 'key_missing'],
      ['bogus', 'command'],
    ]) {
      const res = await admin(...args, '--json');
      expect(res.code, args.join(' ')).not.toBe(0);
      expect(res.stdout).toBe('');
      expect(res.stderr.trim().length).toBeGreaterThan(0);
    }
  });
});

describe('progress line', () => {
  const sink = (isTTY: boolean) => {
    const out = { isTTY, text: '', write: (s: string) => (out.text += s) };
    return out;
  };

  it('redraws one line on a terminal and clears it at the end', () => {
    const tty = sink(true);
    const p = progressLine(tty, 'spend rows stored', 10_000);
    p.update(5000);
    p.update(10_000);
    p.end();
    expect(tty.text).toBe(
      '\r\x1b[2Kspend rows stored: 5000/10000 (50%)\r\x1b[2Kspend rows stored: 10000/10000 (100%)\r\x1b[2K',
    );
  });

  it('writes nothing to a pipe or file', () => {
    const pipe = sink(false);
    const p = progressLine(pipe, 'calls and SMS stored', 10);
    p.update(10);
    p.end();
    expect(pipe.text).toBe('');
  });
});
