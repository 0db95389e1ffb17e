import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers/harness.ts';
import { expectMatchesSpec } from './helpers/openapi.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ RATE_LIMIT_PER_MINUTE: '1000', AUTH_FAILURE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => t.close());

describe('GET /api/v1/me', () => {
  it('describes the key and its workspace without the secret', async () => {
    const tenant = await t.tenant({ scopes: ['leads.read'], name: 'Roofs R Us' });
    const res = await t.request('GET', '/api/v1/me', { key: tenant.key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      api_key: {
        id: tenant.keyId,
        name: 'test key',
        masked_key: expect.stringMatching(/^pk_.{4}….{4}$/),
        scopes: ['leads.read'],
        mode: 'live',
        api_version: '2026-11-27',
      },
      workspace: { id: tenant.workspaceId, name: 'Roofs R Us' },
    });
    expect(res.text).not.toContain(tenant.key.slice(-20));
    expect(res.headers.get('x-ratelimit-limit')).toBe('1000');
    expect(res.headers.get('x-request-id')).toMatch(/^req_/);
    await expectMatchesSpec(t, 'GET', '/api/v1/me', res);
  });

  it.each([
    ['missing', undefined],
    ['malformed', 'Bearer nonsense'],
    ['unknown', 'Bearer pk_aaaaaaaaaaaaaaaaaaaa_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
    ['wrong scheme', 'Basic dXNlcjpwYXNz'],
  ])('answers 401 with WWW-Authenticate for a %s key', async (_, authorization) => {
    const res = await t.request('GET', '/api/v1/me', { headers: authorization ? { authorization } : {} });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer /);
    expect(res.body.error).toEqual({
      code: 'UNAUTHORIZED',
      message: expect.any(String),
      request_id: res.headers.get('x-request-id'),
    });
    await expectMatchesSpec(t, 'GET', '/api/v1/me', res);
  });

  it('answers 401 for a key whose secret is wrong', async () => {
    const tenant = await t.tenant();
    const forged = tenant.key.slice(0, -4) + (tenant.key.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    const res = await t.request('GET', '/api/v1/me', { key: forged });
    expect(res.status).toBe(401);
  });

  it('answers 403 FORBIDDEN when the workspace is inactive', async () => {
    const tenant = await t.tenant();
    await t.deactivate(tenant.workspaceId);
    await new Promise((r) => setTimeout(r, 2100)); // the key cache holds lookups for 2 s
    const res = await t.request('GET', '/api/v1/me', { key: tenant.key });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('FORBIDDEN');
    await expectMatchesSpec(t, 'GET', '/api/v1/me', res);
  });
});

describe('GET /api/v1/pipeline/stages', () => {
  it("lists the workspace's active stages in order, never another workspace's", async () => {
    const a = await t.tenant({ scopes: ['leads.read'] });
    const b = await t.tenant({ scopes: ['leads.read'] });
    const res = await t.request('GET', '/api/v1/pipeline/stages', { key: a.key });
    expect(res.status).toBe(200);
    expect(res.body.stages.map((s: { key: string }) => s.key)).toEqual([
      'new',
      'contacted',
      'appointment_set',
      'quoted',
      'sold',
      'lost',
    ]);
    expect(res.body.stages.find((s: { key: string }) => s.key === 'sold')).toMatchObject({
      is_conversion_stage: true,
      sort_order: 5,
      label: 'Sold',
    });
    await expectMatchesSpec(t, 'GET', '/api/v1/pipeline/stages', res);
    const own =
      await t.sql`select id from pipeline_stages where workspace_id = ${a.workspaceId} and active order by sort_order`;
    expect(res.body.stages.map((s: { id: string }) => s.id)).toEqual(own.map((r) => r.id));
    const other = await t.request('GET', '/api/v1/pipeline/stages', { key: b.key });
    const overlap = other.body.stages.filter((s: { id: string }) => own.some((r) => r.id === s.id));
    expect(overlap).toEqual([]);
  });

  it('needs leads.read', async () => {
    const tenant = await t.tenant({ scopes: ['reports.read'] });
    const res = await t.request('GET', '/api/v1/pipeline/stages', { key: tenant.key });
    expect(res.status).toBe(403);
    await expectMatchesSpec(t, 'GET', '/api/v1/pipeline/stages', res);
  });
});
