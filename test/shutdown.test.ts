import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers/harness.ts';
import { startApi } from '../api/server.ts';
import { createLogger } from '../core/logger.ts';
import { createSql } from '../storage/db.ts';
import { holdLeadMatchLock } from './helpers/locks.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('graceful shutdown', () => {
  it('keeps accepting for the drain window, then stops, and lets an in-flight request finish before the pool may close', async () => {
    const tenant = await t.tenant();
    const sql = createSql(t.databaseUrl, 4);
    const config = { ...t.config, SHUTDOWN_DRAIN_MS: 600 };
    const api = await startApi({ config, logger: createLogger('silent'), sql, port: 0 });
    const base = `http://127.0.0.1:${api.port}`;
    const release = await holdLeadMatchLock(t.sql, tenant.workspaceId, '2125550177');
    const inFlight = fetch(`${base}/api/v1/leads`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${tenant.key}`,
        'content-type': 'application/json',
        'idempotency-key': 'shutdown-1',
      },
      body: JSON.stringify({ contact_phone: '212-555-0177' }),
    });
    await new Promise((r) => setTimeout(r, 200));
    let closed = false;
    const closing = api.close().then(() => (closed = true));
    await new Promise((r) => setTimeout(r, 200));
    expect(closed).toBe(false);
    // Within the drain window a new connection is still answered, and told to close.
    const during = await fetch(`${base}/api/v1/openapi.json`);
    expect(during.status).toBe(200);
    expect(during.headers.get('connection')).toBe('close');
    await during.text();
    await new Promise((r) => setTimeout(r, 600));
    await expect(fetch(`${base}/api/v1/openapi.json`)).rejects.toThrow();
    await release();
    const res = await inFlight;
    expect(res.status).toBe(201);
    await closing;
    expect(closed).toBe(true);
    await sql.end();
  });
});
