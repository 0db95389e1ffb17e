import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliContext } from './helpers/cliContext.ts';
import { createTestContext, type TestContext, type Tenant } from './helpers/harness.ts';
import { expectMatchesSpec } from './helpers/openapi.ts';
import {
  createVisualization,
  download,
  generate,
  newKey,
  type ImageHost,
  startVisualizer,
  type Visualizer,
} from './helpers/visualizations.ts';
import { shareLinkCommands } from '../cli/commands/shareLink.ts';
import { workspaceCommands } from '../cli/commands/workspace.ts';

let t: TestContext;
let host: ImageHost;
let tenant: Tenant;
let completedId: string;
let visualizer: Visualizer;
beforeAll(async () => {
  visualizer = await startVisualizer({ SHARE_LINK_LIMIT_PER_MINUTE: '1000', GENERATE_WAIT_MS: '15000' });
  ({ t, host, tenant } = visualizer);
  const created = await createVisualization(t, tenant, {
    session_id: 'share',
    original_image_url: host.url('/house.jpg'),
  });
  const res = await generate(t, tenant, created.id);
  expect(res.body.visualization.status).toBe('completed');
  completedId = created.id;
});
afterAll(() => visualizer.close());

const create = (body: unknown, key = tenant.key, idem = newKey('share')) =>
  t.request('POST', '/api/v1/share-links', { key, body, headers: { 'idempotency-key': idem } });
const read = (token: string) => t.request('GET', `/api/v1/share-links/${token}`);

describe('POST /api/v1/share-links', () => {
  it('creates a 43-character token with a public URL and a 30-day default expiry', async () => {
    const res = await create({ visualization_id: completedId });
    expect(res.status).toBe(201);
    await expectMatchesSpec(t, 'POST', '/api/v1/share-links', res);
    const link = res.body.share_link;
    expect(link).toEqual({
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      url: `${t.baseUrl}/api/v1/share-links/${link.token}`,
      visualization_id: completedId,
      expires_at: expect.any(String),
      created_at: expect.any(String),
    });
    const days = (Date.parse(link.expires_at) - Date.parse(link.created_at)) / 86_400_000;
    expect(days).toBeCloseTo(30, 3);
  });

  it('replays the stored 201 for a repeated Idempotency-Key', async () => {
    const key = newKey();
    const first = await create({ visualization_id: completedId, expires_in_days: 2 }, tenant.key, key);
    const again = await create({ visualization_id: completedId, expires_in_days: 2 }, tenant.key, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    expect(again.text).toBe(first.text);
  });

  it('answers 409 for a row that is not completed and 404 for an unknown or foreign row', async () => {
    const pending = await createVisualization(t, tenant, {
      session_id: 'share',
      original_image_url: 'https://x.example/h.jpg',
    });
    const notDone = await create({ visualization_id: pending.id });
    expect(notDone.status).toBe(409);
    expect(notDone.body.error.code).toBe('CONFLICT');
    await expectMatchesSpec(t, 'POST', '/api/v1/share-links', notDone);
    expect((await create({ visualization_id: 'vis_unknown' })).status).toBe(404);
    const other = await t.tenant();
    const foreign = await create({ visualization_id: completedId }, other.key);
    expect(foreign.status).toBe(404);
    await expectMatchesSpec(t, 'POST', '/api/v1/share-links', foreign);
  });

  it.each([
    ['expires_in_days', { visualization_id: 'v', expires_in_days: 366 }],
    ['expires_in_days', { visualization_id: 'v', expires_in_days: 0 }],
    ['visualization_id', { visualization_id: '' }],
    ['workspace_id', { visualization_id: 'v', workspace_id: 'ws_x' }],
  ])('answers 400 naming %s', async (field, body) => {
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body.error.details.issues[0].path).toBe(field);
  });

  it('answers 401 without a key and 403 without the scope', async () => {
    expect(
      (
        await t.request('POST', '/api/v1/share-links', {
          body: { visualization_id: completedId },
          headers: { 'idempotency-key': 'x' },
        })
      ).status,
    ).toBe(401);
    const reader = await t.tenant({ scopes: ['reports.read'] });
    const res = await create({ visualization_id: completedId }, reader.key);
    expect(res.status).toBe(403);
    await expectMatchesSpec(t, 'POST', '/api/v1/share-links', res);
  });
});

describe('GET /api/v1/share-links/{token}', () => {
  it('shows project-safe fields, and image URLs that name only the token, to anyone holding it without a key', async () => {
    const link = (await create({ visualization_id: completedId })).body.share_link;
    const res = await read(link.token);
    expect(res.status).toBe(200);
    await expectMatchesSpec(t, 'GET', '/api/v1/share-links/{token}', res);
    expect(res.body).toEqual({
      share_link: {
        token: link.token,
        expires_at: link.expires_at,
        visualization: {
          id: completedId,
          status: 'completed',
          material: null,
          color: { id: expect.any(String), name: expect.any(String), hex_code: expect.stringMatching(/^#/) },
          shape: null,
          original_image_url: expect.any(String),
          generated_image_url: expect.any(String),
          completed_at: expect.any(String),
        },
      },
    });
    // A link opened from a message arrives with the messenger's tracking parameters.
    const tracked = await t.request('GET', `/api/v1/share-links/${link.token}?fbclid=IwAR0x&utm_source=sms`);
    expect([tracked.status, tracked.body]).toEqual([200, res.body]);
    const { original_image_url, generated_image_url } = res.body.share_link.visualization;
    expect(original_image_url).toBe(`${t.baseUrl}/api/v1/share-links/${link.token}/images/original`);
    expect(generated_image_url).toBe(`${t.baseUrl}/api/v1/share-links/${link.token}/images/generated`);
    // Nothing in the answer names the workspace, its key, its storage or its session and lead.
    for (const secret of [tenant.workspaceId, tenant.keyId, '/files/', `visualizations/${completedId}`])
      expect(res.text).not.toContain(secret);
    expect(res.text).not.toMatch(/session_id|lead_id|processing_error/);
    expect(res.headers.get('x-ratelimit-limit')).toBe('1000');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('serves both images through the token alone, as the stored bytes, inline and never cached', async () => {
    const link = (await create({ visualization_id: completedId })).body.share_link;
    const shared = (await read(link.token)).body.share_link.visualization;
    const own = (await t.request('GET', `/api/v1/visualizations/${completedId}`, { key: tenant.key })).body
      .visualization;
    for (const field of ['original_image_url', 'generated_image_url'] as const) {
      const res = await fetch(shared[field]);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      expect(res.headers.get('content-disposition')).toBeNull();
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(Buffer.from(await res.arrayBuffer()).equals((await download(t, own[field])).bytes)).toBe(true);
    }
  });

  it('answers 404 for an image that is neither original nor generated, or of an unknown token', async () => {
    const link = (await create({ visualization_id: completedId })).body.share_link;
    for (const path of [
      `${link.token}/images/mask`,
      `${link.token}/images/__proto__`,
      `${'C'.repeat(43)}/images/original`,
      'short/images/original',
    ]) {
      const res = await t.request('GET', `/api/v1/share-links/${path}`);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    }
  });

  it('answers 404 for the link and its images while the workspace is inactive, and works again once reactivated', async () => {
    const ws = await t.tenant();
    const created = await createVisualization(t, ws, {
      session_id: 'share-inactive',
      original_image_url: host.url('/house.jpg'),
    });
    expect((await generate(t, ws, created.id)).body.visualization.status).toBe('completed');
    const link = (await create({ visualization_id: created.id }, ws.key)).body.share_link;
    const imageUrl = (await read(link.token)).body.share_link.visualization.generated_image_url;
    await workspaceCommands['workspace deactivate'].run(t.sql, cliContext([ws.workspaceId]));
    const res = await read(link.token);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
    await expectMatchesSpec(t, 'GET', '/api/v1/share-links/{token}', res);
    expect((await fetch(imageUrl)).status).toBe(404);
    await workspaceCommands['workspace activate'].run(t.sql, cliContext([ws.workspaceId]));
    expect((await read(link.token)).status).toBe(200);
    expect((await fetch(imageUrl)).status).toBe(200);
  });

  it('answers 410 CONFLICT once revoked with admin share-link revoke', async () => {
    const link = (await create({ visualization_id: completedId })).body.share_link;
    const imageUrl = `${t.baseUrl}/api/v1/share-links/${link.token}/images/original`;
    expect((await fetch(imageUrl)).status).toBe(200);
    const revoked = await shareLinkCommands['share-link revoke'].run(t.sql, cliContext([link.token]));
    expect(revoked.revoked_at).toBeInstanceOf(Date);
    const res = await read(link.token);
    expect(res.status).toBe(410);
    expect(res.body.error).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/revoked/) });
    await expectMatchesSpec(t, 'GET', '/api/v1/share-links/{token}', res);
    const image = await fetch(imageUrl);
    expect(image.status).toBe(410);
    expect(image.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 410 once expired', async () => {
    const link = (await create({ visualization_id: completedId, expires_in_days: 1 })).body.share_link;
    await t.sql`update share_links set expires_at = now() - interval '1 second' where token = ${link.token}`;
    const res = await read(link.token);
    expect(res.status).toBe(410);
    expect(res.body.error.message).toMatch(/expired/);
  });

  it('answers 409 when the shared row is no longer completed', async () => {
    const link = (await create({ visualization_id: completedId })).body.share_link;
    await t.sql`update visualizations set status = 'failed' where id = ${completedId}`;
    try {
      const res = await read(link.token);
      expect(res.status).toBe(409);
      await expectMatchesSpec(t, 'GET', '/api/v1/share-links/{token}', res);
    } finally {
      await t.sql`update visualizations set status = 'completed' where id = ${completedId}`;
    }
  });

  it('answers 404 for an unknown token and 400 for a token outside 10..128 characters', async () => {
    const unknown = await read('A'.repeat(43));
    expect(unknown.status).toBe(404);
    await expectMatchesSpec(t, 'GET', '/api/v1/share-links/{token}', unknown);
    for (const token of ['short', 'x'.repeat(129)]) {
      const res = await read(token);
      expect(res.status).toBe(400);
      expect(res.body.error.details.issues[0].path).toBe('token');
    }
  });
});

describe('GET /api/v1/share-links/{token} rate limit', () => {
  it('answers 429 with Retry-After once a client address passes the per-minute limit', async () => {
    const limited = await createTestContext({ SHARE_LINK_LIMIT_PER_MINUTE: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await limited.request('GET', `/api/v1/share-links/${'B'.repeat(43)}`)).status);
      expect(statuses).toEqual([404, 404, 404, 429]);
      const res = await limited.request('GET', `/api/v1/share-links/${'B'.repeat(43)}`);
      expect(res.body.error.code).toBe('RATE_LIMITED');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      await expectMatchesSpec(limited, 'GET', '/api/v1/share-links/{token}', res);
    } finally {
      await limited.close();
    }
  });
});
