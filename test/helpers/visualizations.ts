// Shared by the visualizer test files: a local HTTP server standing in for partners' image
// hosts, the app, worker and tenant they all start from, and small helpers that go through the
// public API.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { once } from 'node:events';
import { createDeflate } from 'node:zlib';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'vitest';
import { createTestContext, type TestContext, type Tenant } from './harness.ts';
import { listCatalog } from '../../storage/catalog.ts';
import { HOUSE_JPG } from '../fixtures/visualizer/photos.ts';

/** An image that runs script when a browser opens it from the origin serving it. */
export const SCRIPTED_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.domain)</script></svg>',
);

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A real, valid 20,000 × 20,000 black PNG (1.2 GB of pixels in about a megabyte). */
export async function decompressionBombPng(): Promise<Buffer> {
  const size = 20_000;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(0, 9); // greyscale
  const deflate = createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (d: Buffer) => parts.push(d));
  const row = Buffer.alloc(size + 1);
  for (let y = 0; y < size; y++) if (!deflate.write(row)) await once(deflate, 'drain');
  deflate.end();
  await once(deflate, 'end');
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', Buffer.concat(parts)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface ImageHost {
  url: (path: string) => string;
  hits: Map<string, number>;
  close: () => Promise<void>;
}

/**
 * The partner's image host: /house.jpg, /not-image.png (text sent as image/png), /page.html,
 * /bomb.png, /big.jpg (11 MB), /slow.jpg (never answers), /redirect.jpg (302 to /house.jpg),
 * /drawing.svg (a scripted SVG as image/svg+xml) and /disguised.jpg (the same SVG as image/jpeg).
 */
export async function startImageHost(): Promise<ImageHost> {
  const bomb = await decompressionBombPng();
  const hits = new Map<string, number>();
  const pending: ServerResponse[] = [];
  const routes: Record<string, (res: ServerResponse) => void> = {
    '/house.jpg': (res) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(HOUSE_JPG),
    '/not-image.png': (res) =>
      res.writeHead(200, { 'content-type': 'image/png' }).end('this is plain text, not a PNG at all'),
    '/page.html': (res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>'),
    '/bomb.png': (res) => res.writeHead(200, { 'content-type': 'image/png' }).end(bomb),
    '/big.jpg': (res) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(Buffer.alloc(11 * 1024 * 1024, 7)),
    '/slow.jpg': (res) => void pending.push(res),
    '/redirect.jpg': (res) => res.writeHead(302, { location: '/house.jpg' }).end(),
    '/drawing.svg': (res) => res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(SCRIPTED_SVG),
    '/disguised.jpg': (res) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(SCRIPTED_SVG),
  };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    hits.set(req.url!, (hits.get(req.url!) ?? 0) + 1);
    (routes[req.url!] ?? ((r: ServerResponse) => r.writeHead(404).end()))(res);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as { port: number }).port;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    hits,
    close: async () => {
      for (const res of pending) res.destroy();
      server.closeAllConnections();
      server.close();
    },
  };
}

export interface Visualizer {
  t: TestContext;
  host: ImageHost;
  tenant: Tenant;
  /** Closes the app, its worker and database, and the image host. */
  close: () => Promise<void>;
}

/**
 * What every visualizer test file starts from: an image host the worker may fetch from (private
 * addresses allowed), an app whose rate limit no test reaches, a running worker and a tenant.
 * `env` adds to the configuration or overrides it (GENERATE_WAIT_MS, an image model provider …).
 */
export async function startVisualizer(
  env: Record<string, string>,
  options: { workerConcurrency?: number; tenantName?: string } = {},
): Promise<Visualizer> {
  const host = await startImageHost();
  const t = await createTestContext({ RATE_LIMIT_PER_MINUTE: '10000', IMAGE_FETCH_ALLOW_PRIVATE: 'true', ...env });
  await t.startWorker(options.workerConcurrency === undefined ? {} : { concurrency: options.workerConcurrency });
  const tenant = await t.tenant(options.tenantName === undefined ? {} : { name: options.tenantName });
  return {
    t,
    host,
    tenant,
    close: async () => {
      await t.close();
      await host.close();
    },
  };
}

let keySeq = 0;
export const newKey = (label = 'k') => `${label}-${Date.now()}-${++keySeq}`;

export async function catalogOf(t: TestContext, tenant: Tenant) {
  return listCatalog(t.sql, tenant.workspaceId);
}

export async function createVisualization(t: TestContext, tenant: Tenant, body: Record<string, unknown>) {
  const res = await t.request('POST', '/api/v1/visualizations', {
    key: tenant.key,
    body,
    headers: { 'idempotency-key': newKey('create') },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.visualization as { id: string; status: string; [k: string]: unknown };
}

export async function generate(
  t: TestContext,
  tenant: Tenant,
  id: string,
  body: Record<string, unknown> = {},
  key = newKey('gen'),
) {
  return t.request('POST', `/api/v1/visualizations/${id}/generate`, {
    key: tenant.key,
    body,
    headers: { 'idempotency-key': key },
  });
}

/**
 * Reads a URL the API handed out (signed file URLs included) as bytes. The harness learns the
 * API's port only after the blob store has captured PUBLIC_BASE_URL, so signed URLs are sent
 * to the test server's origin (the signature covers key and expiry, not the host).
 */
export async function download(
  t: TestContext,
  url: string,
): Promise<{ status: number; type: string | null; bytes: Buffer }> {
  const u = new URL(url);
  const res = await fetch(u.pathname.startsWith('/files/') ? t.baseUrl + u.pathname + u.search : url);
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}

export async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > deadline) return v;
    await sleep(100);
  }
}
