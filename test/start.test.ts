import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { localDefaults } from '../cli/localDefaults.ts';
import { loadConfig } from '../core/config.ts';
import { waitUntil } from './helpers/harness.ts';

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

  it('allows local webhook receivers only while listening on loopback, unless WEBHOOK_ALLOW_PRIVATE says otherwise; the Procfile processes do not', () => {
    const token = { METRICS_TOKEN: 'x'.repeat(16) };
    const allowed = (env: Record<string, string>) =>
      localDefaults(loadConfig({ ...token, ...env }), env).config.WEBHOOK_ALLOW_PRIVATE;
    expect(allowed({})).toBe(true);
    expect(allowed({ HOST: '::1' })).toBe(true);
    expect(allowed({ HOST: 'localhost' })).toBe(true);
    expect(allowed({ HOST: '127.0.0.2' })).toBe(true);
    expect(allowed({ HOST: '0.0.0.0' })).toBe(false);
    expect(allowed({ HOST: '::' })).toBe(false);
    expect(allowed({ HOST: '10.0.0.5' })).toBe(false);
    expect(allowed({ WEBHOOK_ALLOW_PRIVATE: 'false' })).toBe(false);
    expect(allowed({ HOST: '0.0.0.0', WEBHOOK_ALLOW_PRIVATE: 'true' })).toBe(true);
    expect(loadConfig({}).WEBHOOK_ALLOW_PRIVATE).toBe(false);

    const open = localDefaults(loadConfig({ ...token, HOST: '0.0.0.0' }), {}).notices.join('\n');
    expect(open).toMatch(
      /Webhook receivers: https:\/\/ URLs on public addresses only, since the API listens on 0\.0\.0\.0/,
    );
    expect(open).toMatch(
      /Never called, in any mode: link-local and cloud metadata addresses \(169\.254\.0\.0\/16, fe80::\/10/,
    );
    const forced = localDefaults(loadConfig({ ...token, HOST: '0.0.0.0', WEBHOOK_ALLOW_PRIVATE: 'true' }), {
      WEBHOOK_ALLOW_PRIVATE: 'true',
    }).notices.join('\n');
    expect(forced).toMatch(/!! HOST=0\.0\.0\.0 with WEBHOOK_ALLOW_PRIVATE=true/);
    expect(forced).toMatch(/loopback and private networks \(127\.0\.0\.0\/8, ::1\/128, 10\.0\.0\.0\/8/);
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
      expect(out.text).toMatch(/Webhook receivers: http:\/\/ and https:\/\/ URLs on public addresses and on loopback/);
      const { port, host } = JSON.parse(out.text.split('\n').find((l) => l.includes('Partner API ready'))!);
      expect(host).toBe('127.0.0.1');

      const base = `http://127.0.0.1:${port}`;
      const auth = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
      expect((await fetch(`${base}/api/v1/me`, { headers: auth })).status).toBe(200);
      // The banner's second key is the demo workspace's test-mode key.
      const testKey = /\b(pk_test_\S+)/.exec(out.text)![1]!;
      const me = await fetch(`${base}/api/v1/me`, { headers: { authorization: `Bearer ${testKey}` } });
      expect(await me.json()).toMatchObject({ api_key: { mode: 'test' }, workspace: { name: 'Demo workspace' } });
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
      // A new endpoint signs as Standard Webhooks does: webhook-id, webhook-timestamp, v1,<base64>.
      expect(received[0]!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
      expect(received[0]!.headers['webhook-timestamp']).toMatch(/^\d+$/);
      expect(received[0]!.headers['webhook-id']).toEqual(expect.any(String));
      expect(JSON.parse(received[0]!.body).type).toBe('webhook_endpoint.test');

      child.kill('SIGTERM');
      const [code] = await once(child, 'exit');
      expect(code).toBe(0);
    } finally {
      receiver.close();
    }
  });

  it('with HOST=0.0.0.0: says receivers must be public, and refuses the local and reserved URLs a key tries', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'start-open-'));
    dirs.push(dir);
    await chmod(dir, 0o755);
    const env = { DATA_DIR: dir, PORT: '0', LOG_LEVEL: 'info', HOST: '0.0.0.0', METRICS_TOKEN: 't'.repeat(20) };
    const { child, out } = start(env);
    const ready = () => /"msg":"Partner API ready"/.test(out.text);
    expect(await waitUntil(async () => ready() || child.exitCode !== null, 90_000), out.text).toBe(true);
    expect(out.text).toMatch(
      /Webhook receivers: https:\/\/ URLs on public addresses only, since the API listens on 0\.0\.0\.0/,
    );
    expect(out.text).toMatch(/Never called, in any mode: link-local and cloud metadata addresses/);
    const key = /\b(pk_\S+)/.exec(out.text)![1]!;
    const { port } = JSON.parse(out.text.split('\n').find((l) => l.includes('Partner API ready'))!);
    const base = `http://127.0.0.1:${port}`;
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const refusals: Record<string, string> = {};
    for (const url of [
      'https://169.254.169.254/latest/meta-data/',
      'https://0.0.0.0/h',
      'https://2130706433/h',
      'http://localhost/h',
      'https://localhost/h',
      'https://10.0.0.1/h',
      'https://[::127.0.0.1]/h',
      'https://[2002:7f00:1::1]/h',
      'https://[64:ff9b:1::7f00:1]/h',
      'https://[fec0::1]/h',
      'https://192.0.2.1/h',
      'https://metadata.google.internal/computeMetadata/v1/',
    ]) {
      const res = await fetch(`${base}/api/v1/webhook-endpoints`, {
        method: 'POST',
        headers: { ...headers, 'idempotency-key': `hook-${url}` },
        body: JSON.stringify({ url, events: ['*'] }),
      });
      const body = (await res.json()) as { error: { details: { issues: { path: string; message: string }[] } } };
      expect([url, res.status, body.error.details.issues[0]!.path]).toEqual([url, 400, 'url']);
      refusals[url] = body.error.details.issues[0]!.message;
      const image = await fetch(`${base}/api/v1/visualizations`, {
        method: 'POST',
        headers: { ...headers, 'idempotency-key': `image-${url}` },
        body: JSON.stringify({ session_id: 's', original_image_url: url }),
      });
      expect([url, image.status]).toEqual([url, 400]);
    }
    expect(refusals).toEqual({
      'https://169.254.169.254/latest/meta-data/':
        '169.254.169.254 is a private or reserved address (link-local or cloud metadata, never called)',
      'https://0.0.0.0/h': '0.0.0.0 is a private or reserved address',
      'https://2130706433/h': '127.0.0.1 is a private or reserved address',
      'http://localhost/h': 'localhost resolves to 127.0.0.1, a private or reserved address',
      'https://localhost/h': 'localhost resolves to 127.0.0.1, a private or reserved address',
      'https://10.0.0.1/h': '10.0.0.1 is a private or reserved address',
      'https://[::127.0.0.1]/h': '::7f00:1 is a private or reserved address',
      'https://[2002:7f00:1::1]/h': '2002:7f00:1::1 is a private or reserved address',
      'https://[64:ff9b:1::7f00:1]/h': '64:ff9b:1::7f00:1 is a private or reserved address',
      'https://[fec0::1]/h': 'fec0::1 is a private or reserved address',
      'https://192.0.2.1/h': '192.0.2.1 is a private or reserved address',
      'https://metadata.google.internal/computeMetadata/v1/':
        'metadata.google.internal resolves to a private or reserved address (cloud metadata, never called)',
    });
    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
  });
});
