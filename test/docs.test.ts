import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request as httpRequest } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { createTestContext, type TestContext } from './helpers/harness.ts';
import { DOCS_CONTENT_SECURITY_POLICY } from '../api/docs/page.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** A GET whose body arrives as sent (fetch would decompress it), with the headers given. */
function rawGet(
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpRequest(`${t.baseUrl}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

const assetPaths = (html: string) => [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);

describe('GET /docs', () => {
  it('serves the reference page without a key, under a self-only policy, loading only its own assets', async () => {
    const res = await t.request('GET', '/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe(DOCS_CONTENT_SECURITY_POLICY);
    expect(DOCS_CONTENT_SECURITY_POLICY).toMatch(/^default-src 'none'; script-src 'self'; /);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const paths = assetPaths(res.text);
    expect(paths.filter((p) => p.startsWith('/docs/assets/'))).toHaveLength(3);
    expect(
      paths.every((p) => p.startsWith('/docs/assets/') || p === '/api/v1/openapi.json'),
      paths.join(' '),
    ).toBe(true);
  });

  it('serves each asset under its content hash, cacheable for good, gzipped when asked, and nothing from a CDN', async () => {
    const page = await t.request('GET', '/docs');
    for (const path of assetPaths(page.text).filter((p) => p.startsWith('/docs/assets/'))) {
      const plain = await rawGet(path, { 'accept-encoding': 'identity' });
      expect(plain.status, path).toBe(200);
      expect(plain.headers['cache-control'], path).toBe('public, max-age=31536000, immutable');
      expect(plain.headers['content-encoding'], path).toBeUndefined();
      expect(plain.headers['content-type'], path).toMatch(/^(application\/javascript|text\/css); charset=utf-8$/);
      const gzipped = await rawGet(path, { 'accept-encoding': 'gzip, deflate, br' });
      expect(gzipped.headers['content-encoding'], path).toBe('gzip');
      expect(gzipped.headers.vary, path).toBe('Accept-Encoding');
      expect(gunzipSync(gzipped.body).equals(plain.body), path).toBe(true);
      expect(plain.body.toString('utf8'), path).not.toMatch(/https:\/\/cdn\./);
    }
  });

  it('answers 404 for an asset it does not have, such as an outdated hash', async () => {
    const res = await t.request('GET', '/docs/assets/redoc.standalone.000000000000.js');
    expect(res.status).toBe(404);
    expect(res.body.error).toEqual({ code: 'NOT_FOUND', message: 'Asset not found', request_id: expect.any(String) });
  });
});
