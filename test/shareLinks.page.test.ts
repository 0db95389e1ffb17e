import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliContext } from './helpers/cliContext.ts';
import { createTestContext, type TestContext, type TestResponse, type Tenant } from './helpers/harness.ts';
import { expectMatchesSpec } from './helpers/openapi.ts';
import { type ImageHost, startVisualizer, type Visualizer } from './helpers/visualizations.ts';
import { BROWSER_ACCEPT, shareVisualization, type Shared } from './helpers/sharedVisualization.ts';
import { shareLinkCommands } from '../cli/commands/shareLink.ts';

const WORKSPACE_NAME = 'Summit Roofing & Sons';
let t: TestContext;
let host: ImageHost;
let tenant: Tenant;
let shared: Shared;

let visualizer: Visualizer;
beforeAll(async () => {
  visualizer = await startVisualizer(
    { SHARE_LINK_LIMIT_PER_MINUTE: '1000', GENERATE_WAIT_MS: '15000' },
    { tenantName: WORKSPACE_NAME },
  );
  ({ t, host, tenant } = visualizer);
  shared = await shareVisualization(t, tenant, host);
});
afterAll(() => visualizer.close());

const open = (token: string, accept = BROWSER_ACCEPT) =>
  t.request('GET', `/api/v1/share-links/${token}`, { headers: { accept } });
const newLink = async () => (await shareVisualization(t, tenant, host)).token;

/** The page's CSP directives by name, e.g. `img-src` → ["'self'", "http://…"]. */
function policy(res: TestResponse): Map<string, string[]> {
  const header = res.headers.get('content-security-policy') ?? '';
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );
}

const sha256Source = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const inline = (markup: string, tag: 'style' | 'script') =>
  [...markup.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => m[1]!);

function expectPage(res: TestResponse, status: number) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(res.headers.get('vary')).toBe('Accept');
  expect(res.headers.get('cache-control')).toBe('no-store');
  expect(res.text).toMatch(/^<!doctype html>/);
  expect(res.text).toMatch(/<title>[^<]+<\/title>/);
  const directives = policy(res);
  expect(directives.get('default-src')).toEqual(["'none'"]);
  expect(directives.get('img-src')).toEqual(["'self'", t.baseUrl]);
  expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
  // Every inline block is allowed by its hash, and only by it: nothing inline the page does not carry.
  expect(directives.get('style-src')).toEqual(inline(res.text, 'style').map(sha256Source));
  const scripts = inline(res.text, 'script');
  if (scripts.length) expect(directives.get('script-src')).toEqual(scripts.map(sha256Source));
  expect(res.headers.get('content-security-policy')).not.toMatch(/unsafe|https?:\/\/(?!127\.0\.0\.1)|\*/);
}

/** No workspace, key, visualization or lead data: only the token, in the image URLs. */
function expectNothingPrivate(markup: string) {
  const secrets = [
    tenant.workspaceId,
    tenant.keyId,
    tenant.key,
    shared.visualizationId,
    WORKSPACE_NAME,
    'Summit',
    '/files/',
  ];
  for (const secret of secrets) expect(markup).not.toContain(secret);
  // Nor any internal id (workspace, visualization, key, catalog entries): they all read prefix_.
  expect(markup).not.toMatch(/\b(ws|vis|key|mat|col|shp)_|session|lead|share-page/i);
}

describe('GET /api/v1/share-links/{token} in a browser', () => {
  it('answers a page of the before and after images, the material, colour and shape, and the expiry date', async () => {
    const token = await newLink();
    await t.sql`update share_links set expires_at = '2031-03-04T23:30:00Z' where token = ${token}`;
    const res = await open(token);
    expectPage(res, 200);
    expect(inline(res.text, 'script')).toHaveLength(1);
    expect(res.text).toContain('<title>Your new roof: before and after</title>');
    expect(res.text).toContain('<dt>Material</dt><dd>Clay tile</dd>');
    expect(res.text).toMatch(
      /<dt>Color<\/dt><dd><svg class="swatch"[^>]*><rect [^>]*fill="#b5583a"\/><\/svg>Terracotta<\/dd>/,
    );
    expect(res.text).toContain('<dt>Roof shape</dt><dd>Hip</dd>');
    expect(res.text).toContain('This link expires on March 4, 2031.');
    expect(res.text).toContain('<input type="range"');
    const images = [...res.text.matchAll(/<img src="([^"]+)"/g)].map((m) => m[1]!);
    expect(images).toEqual([
      `${t.baseUrl}/api/v1/share-links/${token}/images/original`,
      `${t.baseUrl}/api/v1/share-links/${token}/images/generated`,
    ]);
    for (const url of images) {
      const image = await fetch(url, { headers: { accept: 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8' } });
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/jpeg');
      expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    }
    expectNothingPrivate(res.text);
    expect(res.headers.get('x-ratelimit-limit')).toBe('1000');
  });

  it('escapes catalog names, and draws no swatch for a colour code that is not #rgb or #rrggbb', async () => {
    const other = await t.tenant();
    const link = await shareVisualization(t, other, host);
    await t.sql`
      update catalog_colors set name = ${'<script>alert("x")</script> & Red'}, hex_code = ${'red" onload="alert(1)'}
      where workspace_id = ${other.workspaceId} and name = ${link.color}`;
    await t.sql`
      update catalog_materials set name = ${"O'Brien <b>tile</b>"}
      where workspace_id = ${other.workspaceId} and name = ${link.material}`;
    const res = await open(link.token);
    expectPage(res, 200);
    expect(res.text).toContain('<dd>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Red</dd>');
    expect(res.text).toContain('<dd>O&#39;Brien &lt;b&gt;tile&lt;/b&gt;</dd>');
    expect(res.text).not.toContain('alert(1)');
    expect(res.text).not.toContain('class="swatch"');
  });

  it('keeps the contract JSON for API clients: application/json, */*, JSON ranked first, or no Accept at all', async () => {
    const json = await open(shared.token, 'application/json');
    expect(json.status).toBe(200);
    await expectMatchesSpec(t, 'GET', '/api/v1/share-links/{token}', json);
    expect(json.body.share_link.visualization.material).toEqual({ id: expect.any(String), name: 'Clay tile' });
    expect(json.headers.get('vary')).toBe('Accept');
    expect(json.headers.get('content-security-policy')).toBeNull();
    const apiClients = [
      '*/*',
      'application/json, text/html',
      'text/html;q=0.5, application/json',
      'application/*',
      'image/png',
    ];
    for (const accept of apiClients) {
      const res = await open(shared.token, accept);
      expect(res.headers.get('content-type'), accept).toBe('application/json; charset=utf-8');
      expect(res.text, accept).toBe(json.text);
      expect(res.headers.get('vary')).toBe('Accept');
    }
    const bare = await withoutAccept(`/api/v1/share-links/${shared.token}`);
    expect(bare.type).toBe('application/json; charset=utf-8');
    expect(bare.text).toBe(json.text);
  });

  it('answers revoked and expired links with a 410 page, and JSON clients with the 410 envelope as before', async () => {
    const revoked = await newLink();
    await shareLinkCommands['share-link revoke'].run(t.sql, cliContext([revoked]));
    const expired = await newLink();
    await t.sql`update share_links set expires_at = now() - interval '1 second' where token = ${expired}`;
    for (const token of [revoked, expired]) {
      const res = await open(token);
      expectPage(res, 410);
      expect(res.text).toContain('<h1>This link is no longer active</h1>');
      expect(res.text).not.toMatch(/<img|<script/);
      expectNothingPrivate(res.text);
      const json = await open(token, 'application/json');
      expect(json.status).toBe(410);
      expect(json.body.error.code).toBe('CONFLICT');
      expect(json.headers.get('vary')).toBe('Accept');
      await expectMatchesSpec(t, 'GET', '/api/v1/share-links/{token}', json);
    }
  });

  it('answers an unknown token with a 404 page, a malformed one with a 400 page, and a row no longer completed with 409', async () => {
    const unknown = await open('U'.repeat(43));
    expectPage(unknown, 404);
    expect(unknown.text).toContain('<h1>This link does not work</h1>');
    expect(unknown.text).not.toContain('U'.repeat(43));
    const malformed = await open('short');
    expectPage(malformed, 400);
    expect(malformed.text).toContain('<h1>This link does not work</h1>');

    const link = await shareVisualization(t, tenant, host);
    await t.sql`update visualizations set status = 'failed' where id = ${link.visualizationId}`;
    const notReady = await open(link.token);
    expectPage(notReady, 409);
    expect(notReady.text).toContain('<h1>These pictures are not ready</h1>');
  });
});

describe('GET /favicon.ico', () => {
  it('answers 204, so a browser showing the page has no failed request to report', async () => {
    const res = await t.request('GET', '/favicon.ico', { headers: { accept: 'image/webp,image/*,*/*;q=0.8' } });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
  });
});

describe('GET /api/v1/share-links/{token} page rate limit', () => {
  it('counts pages and JSON reads against one per-address limit, and answers a 429 page with Retry-After', async () => {
    const limited = await createTestContext({ SHARE_LINK_LIMIT_PER_MINUTE: '2' });
    try {
      const token = 'L'.repeat(43);
      const statuses = [];
      for (const accept of ['application/json', BROWSER_ACCEPT, BROWSER_ACCEPT]) {
        statuses.push((await limited.request('GET', `/api/v1/share-links/${token}`, { headers: { accept } })).status);
      }
      expect(statuses).toEqual([404, 404, 429]);
      const res = await limited.request('GET', `/api/v1/share-links/${token}`, { headers: { accept: BROWSER_ACCEPT } });
      expect(res.status).toBe(429);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.text).toContain('<h1>Too many requests</h1>');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(res.headers.get('x-ratelimit-limit')).toBe('2');
      expect(res.headers.get('vary')).toBe('Accept');
    } finally {
      await limited.close();
    }
  });
});

/** fetch always sends an Accept header; a bare client (curl -H 'Accept:') sends none. */
function withoutAccept(path: string): Promise<{ type: string | undefined; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(t.baseUrl + path, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ type: res.headers['content-type'], text }));
    });
    req.on('error', reject);
    req.end();
  });
}
