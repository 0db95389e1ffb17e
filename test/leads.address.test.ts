import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type Tenant } from './helpers/harness.ts';

describe('addresses through the API', () => {
  let t: TestContext;
  let tenant: Tenant;
  beforeAll(async () => {
    t = await createTestContext({ RATE_LIMIT_PER_MINUTE: '10000' });
    tenant = await t.tenant();
  });
  afterAll(() => t.close());

  it('accepts "45 Oak St, Unit B2 2nd Floor" (once refused as a UK postcode) and refuses a London address', async () => {
    const post = (property_address: string, n: number) =>
      t.request('POST', '/api/v1/leads', {
        key: tenant.key,
        body: { property_address },
        headers: { 'idempotency-key': `addr-${n}` },
      });
    const us = await post('45 Oak St, Unit B2 2nd Floor', 1);
    expect(us.status, us.text).toBe(201);
    expect(us.body.lead.property_address).toBe('45 Oak St, Unit B2 2nd Floor');
    const uk = await post('2 Colmore Row, Birmingham B2 4QA', 2);
    expect(uk.status).toBe(400);
    expect(uk.body.error.details.issues[0]).toMatchObject({
      location: 'body',
      path: 'property_address',
      message: expect.stringMatching(/UK postcode/),
    });
  });
});
