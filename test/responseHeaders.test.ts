import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type Tenant } from './helpers/harness.ts';

let t: TestContext;
let tenant: Tenant;
let leadId: string;
beforeAll(async () => {
  t = await createTestContext({ RATE_LIMIT_PER_MINUTE: '1000' });
  tenant = await t.tenant();
  const created = await t.request('POST', '/api/v1/leads', {
    key: tenant.key,
    body: { contact_name: 'Header Check' },
    headers: { 'idempotency-key': 'headers-1' },
  });
  leadId = created.body.lead.id;
});
afterAll(() => t.close());

describe('headers on every answer', () => {
  it.each([
    ['the OpenAPI document', 'GET', '/api/v1/openapi.json', false, 200],
    ['an unknown route', 'GET', '/api/v1/nothing-here', true, 404],
    ['an unknown route without a key', 'GET', '/nothing-at-all', false, 404],
    ['a missing key', 'GET', '/api/v1/me', false, 401],
    ['a bad query', 'GET', '/api/v1/leads?limit=0', true, 400],
    ['/me', 'GET', '/api/v1/me', true, 200],
    ['a lead', 'GET', '/api/v1/leads/{lead}', true, 200],
    ['a page of leads', 'GET', '/api/v1/leads', true, 200],
    ['the lead CSV export', 'GET', '/api/v1/leads/export', true, 200],
    ['an unknown share link', 'GET', `/api/v1/share-links/${'D'.repeat(43)}`, false, 404],
  ])('%s answers with nosniff and Cache-Control: no-store', async (_, method, path, withKey, status) => {
    const res = await t.request(method, path.replace('{lead}', leadId), withKey ? { key: tenant.key } : {});
    expect(res.status).toBe(status);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});
