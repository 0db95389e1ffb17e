import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { localDefaults } from '../cli/localDefaults.ts';
import { loadConfig } from '../core/config.ts';
import { waitUntil } from './harness.ts';

const root = join(import.meta.dirname, '..');
const children: ChildProcess[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.all(children.map((c) => (c.exitCode === null ? once(c, 'exit') : undefined)));
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

/** `npm start`'s entry as `npm start` runs it, with its output collected. */
function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'cli/start.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
  });
  children.push(child);
  const out = { text: '' };
  child.stdout.on('data', (d: Buffer) => (out.text += d));
  child.stderr.on('data', (d: Buffer) => (out.text += d));
  return { child, out };
}

describe('npm start', { timeout: 120_000 }, () => {
  it('listens on 127.0.0.1 unless HOST says otherwise; web keeps every interface', () => {
    expect(localDefaults(loadConfig({}), {}).config.HOST).toBe('127.0.0.1');
    expect(localDefaults(loadConfig({ HOST: '::1' }), {}).config.HOST).toBe('::1');
    expect(loadConfig({}).HOST).toBeUndefined();
  });

  it('refuses a HOST beyond this machine without METRICS_TOKEN, before opening any database', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'start-host-'));
    dirs.push(dir);
    const { child, out } = start({ HOST: '0.0.0.0', DATA_DIR: dir });
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(out.text.trim()).toBe(
      'Invalid configuration: HOST=0.0.0.0 serves /metrics beyond this machine; set METRICS_TOKEN (16+ characters) too',
    );
    expect(() => localDefaults(loadConfig({ HOST: '0.0.0.0', METRICS_TOKEN: 'x'.repeat(16) }), {})).not.toThrow();
  });

  it('allows local webhook receivers unless WEBHOOK_ALLOW_PRIVATE says no; the Procfile processes do not', () => {
    expect(localDefaults(loadConfig({}), {}).config.WEBHOOK_ALLOW_PRIVATE).toBe(true);
    const refused = localDefaults(loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'false' }), { WEBHOOK_ALLOW_PRIVATE: 'false' });
    expect([refused.config.WEBHOOK_ALLOW_PRIVATE, refused.notices]).toEqual([false, []]);
    expect(loadConfig({}).WEBHOOK_ALLOW_PRIVATE).toBe(false);
  });

  it('on a fresh DATA_DIR: prints the demo key and the webhook notice, serves on loopback only, delivers to a local receiver', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'start-fresh-'));
    dirs.push(dir);
    // As root, the embedded PostgreSQL runs as the postgres user, who must reach its directory.
    await chmod(dir, 0o755);
    const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
    const receiver = http.createServer((req, res) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.end('ok');
      });
    });
    receiver.listen(0, '127.0.0.1');
    await once(receiver, 'listening');
    try {
      const { child, out } = start({ DATA_DIR: dir, PORT: '0', LOG_LEVEL: 'info' });
      const ready = () => /"msg":"Partner API ready"/.test(out.text);
      expect(await waitUntil(async () => ready() || child.exitCode !== null, 90_000), out.text).toBe(true);
      expect(ready(), out.text).toBe(true);
      const key = /\b(pk_\S+)/.exec(out.text)![1]!;
      expect(out.text).toContain('!! Webhook URLs on this machine are allowed');
      const { port, host } = JSON.parse(out.text.split('\n').find((l) => l.includes('Partner API ready'))!);
      expect(host).toBe('127.0.0.1');

      const base = `http://127.0.0.1:${port}`;
      const auth = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
      expect((await fetch(`${base}/api/v1/me`, { headers: auth })).status).toBe(200);
      const outside = Object.values(networkInterfaces())
        .flat()
        .find((a) => a && a.family === 'IPv4' && !a.internal);
      if (outside) await expect(fetch(`http://${outside.address}:${port}/metrics`)).rejects.toThrow();

      const hookUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;
      const created = await fetch(`${base}/api/v1/webhook-endpoints`, {
        method: 'POST',
        headers: { ...auth, 'idempotency-key': 'local-hook' },
        body: JSON.stringify({ url: hookUrl, events: ['*'] }),
      });
      expect(created.status).toBe(201);
      const { webhook_endpoint } = (await created.json()) as { webhook_endpoint: { id: string } };
      const test = await fetch(`${base}/api/v1/webhook-endpoints/${webhook_endpoint.id}/test`, {
        method: 'POST',
        headers: { ...auth, 'idempotency-key': 'local-hook-test' },
        body: '{}',
      });
      expect(test.status).toBe(202);
      expect(await waitUntil(async () => received.length > 0, 20_000)).toBe(true);
      expect(received[0]!.headers['webhook-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(JSON.parse(received[0]!.body).type).toBe('webhook_endpoint.test');

      child.kill('SIGTERM');
      const [code] = await once(child, 'exit');
      expect(code).toBe(0);
    } finally {
      receiver.close();
    }
  });
});
