import { createHash, createVerify, generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { CRC32C } from '@google-cloud/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GcsBlobStore, LocalBlobStore, blobKey, createBlobStore, verifyLocal } from '../../storage/blobs.ts';
import { readStream } from '../../tasks/report_import/zip.ts';

describe('blobKey', () => {
  it('namespaces keys by workspace', () => {
    expect(blobKey('ws_1', 'reports', 'rpt_1', 'a.pdf')).toBe('ws_1/reports/rpt_1/a.pdf');
  });

  it.each([['..'], ['../ws_2'], ['a/b'], [''], ['.hidden'], ['a\\b']])(
    'refuses the segment %j so no key leaves its workspace',
    (segment) => {
      expect(() => blobKey('ws_1', 'reports', segment)).toThrow(/unsafe blob key/);
    },
  );
});

describe('LocalBlobStore', () => {
  const secret = Buffer.alloc(32, 7);
  let store: LocalBlobStore;
  beforeAll(async () => {
    store = new LocalBlobStore(await mkdtemp(join(tmpdir(), 'blobs-')), secret, 'http://files.test');
  });

  it('writes streams and buffers, reads them back and reports their size', async () => {
    expect(await store.put('ws_1/a/one.txt', Buffer.from('hello'), 'text/plain')).toEqual({ size: 5 });
    expect(
      await store.put('ws_1/a/two.txt', Readable.from([Buffer.from('stre'), Buffer.from('am')]), 'text/plain'),
    ).toEqual({ size: 6 });
    expect((await readStream(await store.get('ws_1/a/two.txt'), 'two')).toString()).toBe('stream');
    await store.delete('ws_1/a/one.txt');
    await expect(store.get('ws_1/a/one.txt')).rejects.toThrow();
  });

  it("lists the keys under a workspace's prefix, not another's nor a file still being written", async () => {
    await store.put('ws_list/reports/r1/a.pdf', Buffer.from('a'), 'application/pdf');
    await store.put('ws_list/visualizations/v1/original', Buffer.from('b'), 'image/jpeg');
    await store.put('ws_list2/reports/r2/b.pdf', Buffer.from('c'), 'application/pdf');
    await store.put('ws_list/visualizations/v1/generated.1.2.part', Buffer.from('d'), 'image/png');
    expect(await store.list('ws_list/')).toEqual(['ws_list/reports/r1/a.pdf', 'ws_list/visualizations/v1/original']);
    expect(await store.list('ws_none/')).toEqual([]);
  });

  it('refuses a key that climbs out of the store', () => {
    expect(() => store.path('../../etc/passwd')).toThrow(/escapes/);
  });

  it('signs URLs that verify until they expire and not after, nor when altered', async () => {
    const url = new URL(
      await store.signedUrl('ws_1/a/two.txt', {
        expiresInSeconds: 300,
        fileName: 'two.txt',
        contentType: 'text/plain',
      }),
    );
    expect(url.origin).toBe('http://files.test');
    const key = decodeURIComponent(url.pathname.slice('/files/'.length));
    expect(verifyLocal(secret, key, url.searchParams)).toBe(true);
    expect(verifyLocal(secret, key, url.searchParams, Date.now() + 301_000)).toBe(false);
    expect(verifyLocal(secret, 'ws_2/a/two.txt', url.searchParams)).toBe(false);
    const retyped = new URLSearchParams(url.searchParams);
    retyped.set('type', 'text/html');
    expect(verifyLocal(secret, key, retyped)).toBe(false);
  });

  it('is what createBlobStore builds by default', () => {
    expect(
      createBlobStore({ STORAGE_DRIVER: 'local', DATA_DIR: '/tmp', PUBLIC_BASE_URL: 'http://x' }, secret),
    ).toBeInstanceOf(LocalBlobStore);
  });
});

function crc32c(data: Buffer): string {
  const c = new CRC32C();
  c.update(data);
  return c.toString();
}

describe('GcsBlobStore', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const credentials = {
    client_email: 'signer@test-project.iam.gserviceaccount.com',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };

  it('signs V4 read URLs offline with the service-account key, valid for the asked lifetime', async () => {
    const store = new GcsBlobStore('roof-bucket', { projectId: 'test-project', credentials });
    const url = new URL(
      await store.signedUrl('ws_1/reports/rpt_1/exports/x.pdf', {
        expiresInSeconds: 300,
        fileName: 'x.pdf',
        contentType: 'application/pdf',
      }),
    );
    const q = url.searchParams;
    expect(url.host).toBe('storage.googleapis.com');
    expect(url.pathname).toBe('/roof-bucket/ws_1/reports/rpt_1/exports/x.pdf');
    expect(q.get('X-Goog-Algorithm')).toBe('GOOG4-RSA-SHA256');
    expect(q.get('X-Goog-Expires')).toBe('300');
    expect(q.get('X-Goog-Credential')).toMatch(
      /^signer@test-project\.iam\.gserviceaccount\.com\/\d{8}\/auto\/storage\/goog4_request$/,
    );
    expect(q.get('response-content-type')).toBe('application/pdf');
    expect(q.get('response-content-disposition')).toBe('attachment; filename="x.pdf"');

    // Rebuild the V4 string-to-sign and check the signature with the public key.
    const query = url.search
      .slice(1)
      .split('&')
      .filter((p) => !p.startsWith('X-Goog-Signature='))
      .sort()
      .join('&');
    const canonical = ['GET', url.pathname, query, `host:${url.host}`, '', 'host', 'UNSIGNED-PAYLOAD'].join('\n');
    const scope = q.get('X-Goog-Credential')!.split('/').slice(1).join('/');
    const stringToSign = [
      'GOOG4-RSA-SHA256',
      q.get('X-Goog-Date'),
      scope,
      createHash('sha256').update(canonical).digest('hex'),
    ].join('\n');
    const verifier = createVerify('RSA-SHA256').update(stringToSign);
    expect(verifier.verify(publicKey, Buffer.from(q.get('X-Goog-Signature')!, 'hex'))).toBe(true);
  });

  describe('against a local endpoint (apiEndpoint)', () => {
    let server: Server;
    let endpoint: string;
    const objects = new Map<string, { data: Buffer; contentType: string }>();
    const requests: string[] = [];
    beforeAll(async () => {
      // A minimal stand-in for the JSON API (multipart uploads, media downloads, metadata, delete)
      // that answers with real hashes, so the client's integrity check runs.
      server = createServer(async (req, res) => {
        const url = new URL(req.url!, 'http://x');
        requests.push(`${req.method} ${url.pathname}`);
        const body = await readStream(req, 'request');
        const json = (status: number, value: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(value));
        };
        const upload = url.pathname.match(/^\/upload\/storage\/v1\/b\/([^/]+)\/o$/);
        if (req.method === 'POST' && upload) {
          const boundary = req.headers['content-type']!.match(/boundary=([^;]+)/)![1]!;
          const parts = body.toString('latin1').split(`--${boundary}`).slice(1, -1);
          const name = url.searchParams.get('name') ?? JSON.parse(parts[0]!.split('\r\n\r\n')[1]!).name;
          const [head, ...rest] = parts[1]!.split('\r\n\r\n');
          const data = Buffer.from(rest.join('\r\n\r\n').replace(/\r\n$/, ''), 'latin1');
          objects.set(name, { data, contentType: /content-type: ([^\r\n]+)/i.exec(head!)![1]! });
          return json(200, {
            bucket: upload[1],
            name,
            size: String(data.length),
            md5Hash: createHash('md5').update(data).digest('base64'),
            crc32c: crc32c(data),
          });
        }
        if (req.method === 'GET' && /^\/storage\/v1\/b\/[^/]+\/o$/.test(url.pathname)) {
          const prefix = url.searchParams.get('prefix') ?? '';
          const names = [...objects.keys()].filter((n) => n.startsWith(prefix)).sort();
          return json(200, { kind: 'storage#objects', items: names.map((name) => ({ name })) });
        }
        const object = url.pathname.match(/^\/(?:download\/)?storage\/v1\/b\/([^/]+)\/o\/(.+)$/);
        const name = object ? decodeURIComponent(object[2]!) : '';
        const found = objects.get(name);
        if (!object || (!found && req.method !== 'DELETE'))
          return json(404, { error: { code: 404, message: 'No such object' } });
        if (req.method === 'DELETE') {
          objects.delete(name);
          return json(204, {});
        }
        if (url.searchParams.get('alt') === 'media') {
          res.writeHead(200, { 'content-type': found!.contentType });
          return res.end(found!.data);
        }
        return json(200, {
          bucket: object[1],
          name,
          size: String(found!.data.length),
          contentType: found!.contentType,
        });
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      endpoint = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    });
    afterAll(() => new Promise<void>((r) => server.close(() => r())));

    it('uploads a stream under the workspace key, reads it back and deletes it', async () => {
      const store = new GcsBlobStore('roof-bucket', { apiEndpoint: endpoint, projectId: 'test-project' });
      const key = blobKey('ws_1', 'reports', 'rpt_1', 'source', 'plan.dxf');
      const put = await store.put(
        key,
        Readable.from([Buffer.from('0\nSECTION\n'), Buffer.from('0\nEOF\n')]),
        'image/vnd.dxf',
      );
      expect(put).toEqual({ size: 16 });
      expect(objects.get(key)).toEqual({ data: Buffer.from('0\nSECTION\n0\nEOF\n'), contentType: 'image/vnd.dxf' });
      expect(requests).toContain('POST /upload/storage/v1/b/roof-bucket/o');
      expect((await readStream(await store.get(key), key)).toString()).toBe('0\nSECTION\n0\nEOF\n');
      await store.delete(key);
      expect(objects.has(key)).toBe(false);
      await expect(store.get(key)).rejects.toThrow();
      await store.delete(key);
    });

    it("lists the objects under a workspace's prefix", async () => {
      const store = new GcsBlobStore('roof-bucket', { apiEndpoint: endpoint, projectId: 'test-project' });
      await store.put('ws_g/reports/r1/a.pdf', Buffer.from('a'), 'application/pdf');
      await store.put('ws_g2/reports/r2/b.pdf', Buffer.from('b'), 'application/pdf');
      expect(await store.list('ws_g/')).toEqual(['ws_g/reports/r1/a.pdf']);
      expect(requests.some((r) => r === 'GET /storage/v1/b/roof-bucket/o')).toBe(true);
    });
  });
});
