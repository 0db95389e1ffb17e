import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type Tenant, type TestContext } from './helpers/harness.ts';

let t: TestContext;
let tenant: Tenant;
let operations: { method: string; path: string; source: string }[];
beforeAll(async () => {
  t = await createTestContext({ RATE_LIMIT_PER_MINUTE: '1000' });
  tenant = await t.tenant();
  const doc = (await t.request('GET', '/api/v1/openapi.json')).body;
  operations = Object.entries(doc.paths as Record<string, Record<string, Record<string, unknown>>>).flatMap(
    ([path, ops]) =>
      Object.entries(ops).map(([method, op]) => {
        const samples = op['x-codeSamples'] as { lang: string; source: string }[];
        expect(samples, `${method} ${path}`).toEqual([expect.objectContaining({ lang: 'curl' })]);
        // The document names the server it was built for (the test server's port came later).
        expect(samples[0]!.source).toContain(`curl`);
        return { method, path, source: samples[0]!.source.replaceAll(doc.servers[0].url, t.baseUrl) };
      }),
  );
});
afterAll(() => t.close());

/** Runs a sample as a partner pastes it, in a POSIX shell with KEY exported; its HTTP status and body. */
async function paste(source: string) {
  const { stdout } = await promisify(execFile)(
    'sh',
    ['-c', `${source} --silent --show-error --write-out '\\n%{http_code}'`],
    { env: { PATH: process.env.PATH, KEY: tenant.key } },
  );
  const lines = stdout.split('\n');
  return { status: Number(lines.pop()), body: lines.join('\n') };
}

describe('the curl sample of every operation in /docs', () => {
  it('exists for each operation, against the server the document names', () => {
    expect(operations.length).toBeGreaterThan(30);
    for (const op of operations) expect(op.source, `${op.method} ${op.path}`).toMatch(/^curl .*http:\/\/127\.0\.0\.1/);
  });

  it('is accepted as sent: key, Idempotency-Key, JSON body and URL all pass (ids of the story may be unknown here)', async () => {
    const outcomes: Record<string, number> = {};
    for (const op of operations.filter((o) => !o.source.includes(' -F '))) {
      const { status, body } = await paste(op.source);
      outcomes[`${op.method.toUpperCase()} ${op.path}`] = status;
      // A 404 is the story's resource, absent here; never an unknown route.
      if (status === 404) expect(JSON.parse(body).error.message, op.path).not.toMatch(/No route/);
      if (status === 400) {
        // Only ids the example story names that this fresh workspace does not hold.
        const issues = JSON.parse(body).error.details.issues as { path: string; message: string }[];
        expect(issues.map((i) => i.message).join('; ')).toMatch(/catalog|not an active|unknown lead|stage/i);
      }
    }
    for (const [op, status] of Object.entries(outcomes)) expect([op, status]).not.toEqual([op, 401]);
    expect(outcomes['POST /api/v1/leads']).toBe(201);
    expect(outcomes['POST /api/v1/events/page-view']).toBe(201);
    expect(outcomes['GET /api/v1/me']).toBe(200);
  }, 120_000);

  it('imports the shipped sample report file with -F', () => {
    const op = operations.find((o) => o.path === '/api/v1/reports/import')!;
    expect(op.source).toContain('-F files=@samples/reports/roof-measurements.csv');
  });
});
