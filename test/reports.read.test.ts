import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers/harness.ts';
import { expectMatchesSpec } from './helpers/openapi.ts';
import { newId } from '../core/ids.ts';
import { insertReport, type ReportStatus } from '../storage/reports.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ RATE_LIMIT_PER_MINUTE: '10000', AUTH_FAILURE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => t.close());

async function makeReport(
  workspaceId: string,
  opts: { name?: string; status?: ReportStatus; address?: string; updatedAt?: string } = {},
) {
  // created_at is kept to the millisecond and ties list by id: a millisecond apart, the reports
  // list in the order they were made.
  await new Promise((r) => setTimeout(r, 2));
  const report = await insertReport(t.sql, {
    id: newId('rpt'),
    workspaceId,
    projectName: opts.name ?? 'Report',
    externalReportId: null,
  });
  await t.sql`
    update reports set status = ${opts.status ?? 'draft'}, project_address = ${opts.address ?? null},
      updated_at = ${opts.updatedAt ?? new Date().toISOString()}::timestamptz
    where id = ${report.id}`;
  return report.id;
}

const ids = (res: { body: { reports: { id: string }[] } }) => res.body.reports.map((r) => r.id);

describe('GET /api/v1/reports', () => {
  it("lists the workspace's active reports newest first, without archived ones or other workspaces'", async () => {
    const tenant = await t.tenant();
    const other = await t.tenant();
    const a = await makeReport(tenant.workspaceId, { name: 'A' });
    const b = await makeReport(tenant.workspaceId, { name: 'B', status: 'needs_review' });
    await makeReport(tenant.workspaceId, { name: 'Gone', status: 'archived' });
    await makeReport(other.workspaceId, { name: 'Theirs' });
    const res = await t.request('GET', '/api/v1/reports', { key: tenant.key });
    expect(res.status).toBe(200);
    await expectMatchesSpec(t, 'GET', '/api/v1/reports', res);
    expect(ids(res)).toEqual([b, a]);
    expect(res.body.pagination).toEqual({ limit: 50, next_cursor: null, has_more: false });
    expect(res.body.reports[0]).toMatchObject({ id: b, project_name: 'B', status: 'needs_review' });
  });

  it('filters by status, by search over name and address, and by an inclusive updated_at range', async () => {
    const tenant = await t.tenant();
    const draft = await makeReport(tenant.workspaceId, {
      name: 'Smith roof',
      status: 'draft',
      updatedAt: '2025-01-01T00:00:00.000Z',
    });
    const failed = await makeReport(tenant.workspaceId, {
      name: 'Jones',
      status: 'failed',
      address: '9 Maple St, Reno, NV 89501',
      updatedAt: '2025-02-01T00:00:00.000Z',
    });
    await makeReport(tenant.workspaceId, { name: 'Later', status: 'approved', updatedAt: '2025-03-01T00:00:00.000Z' });
    expect(ids(await t.request('GET', '/api/v1/reports?status=failed', { key: tenant.key }))).toEqual([failed]);
    expect(ids(await t.request('GET', '/api/v1/reports?search=smith', { key: tenant.key }))).toEqual([draft]);
    expect(ids(await t.request('GET', '/api/v1/reports?search=MAPLE', { key: tenant.key }))).toEqual([failed]);
    expect(ids(await t.request('GET', '/api/v1/reports?search=100%25', { key: tenant.key }))).toEqual([]);
    const range = await t.request('GET', '/api/v1/reports?from=2025-01-01T00:00:00.000Z&to=2025-02-01T00:00:00.000Z', {
      key: tenant.key,
    });
    expect(ids(range)).toEqual([failed, draft]);
  });

  it('pages with a signed cursor and rejects a tampered one', async () => {
    const tenant = await t.tenant();
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await makeReport(tenant.workspaceId, { name: `R${i}` }));
    const first = await t.request('GET', '/api/v1/reports?limit=2', { key: tenant.key });
    expect(ids(first)).toEqual([made[2], made[1]]);
    expect(first.body.pagination).toMatchObject({ limit: 2, has_more: true, next_cursor: expect.any(String) });
    const cursor = first.body.pagination.next_cursor as string;
    const second = await t.request('GET', `/api/v1/reports?limit=2&cursor=${encodeURIComponent(cursor)}`, {
      key: tenant.key,
    });
    expect(ids(second)).toEqual([made[0]]);
    expect(second.body.pagination).toEqual({ limit: 2, has_more: false, next_cursor: null });
    const bad = await t.request('GET', `/api/v1/reports?cursor=${encodeURIComponent(cursor.slice(0, -2) + 'xx')}`, {
      key: tenant.key,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.issues[0]).toMatchObject({ location: 'query', path: 'cursor' });
  });

  it('pages through reports created within one millisecond without skipping any', async () => {
    const tenant = await t.tenant();
    const made = [];
    for (let i = 0; i < 4; i++) made.push(await makeReport(tenant.workspaceId, { name: `M${i}` }));
    // Microseconds apart inside one millisecond: a position cut to milliseconds skips the later ones.
    await t.sql`
      update reports set created_at = '2026-03-01T10:00:00.123000Z'::timestamptz + interval '100 microseconds' * array_position(${made}::text[], id)
      where id = any(${made}::text[])`;
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const page = await t.request('GET', `/api/v1/reports?limit=1${query}`, { key: tenant.key });
      seen.push(...ids(page));
      cursor = page.body.pagination.next_cursor;
    } while (cursor);
    expect(seen).toEqual([...made].reverse());
  });

  it.each([
    ['status=importing', 'status'],
    ['limit=0', 'limit'],
    ['from=yesterday', 'from'],
    [`search=${'x'.repeat(201)}`, 'search'],
    ['colour=red', 'colour'],
  ])('answers 400 naming the parameter for %s', async (qs, field) => {
    const tenant = await t.tenant();
    const res = await t.request('GET', `/api/v1/reports?${qs}`, { key: tenant.key });
    expect(res.status).toBe(400);
    expect(res.body.error.details.issues[0]).toMatchObject({ location: 'query', path: field });
    await expectMatchesSpec(t, 'GET', '/api/v1/reports', res);
  });

  it('answers 401 without a key and 403 without reports.read', async () => {
    expect((await t.request('GET', '/api/v1/reports')).status).toBe(401);
    const writer = await t.tenant({ scopes: ['reports.write'] });
    const res = await t.request('GET', '/api/v1/reports', { key: writer.key });
    expect(res.status).toBe(403);
    await expectMatchesSpec(t, 'GET', '/api/v1/reports', res);
  });
});

describe('GET /api/v1/reports/{report_id}', () => {
  it('returns the report with its (empty) export list', async () => {
    const tenant = await t.tenant();
    const id = await makeReport(tenant.workspaceId, { name: 'Detail' });
    const res = await t.request('GET', `/api/v1/reports/${id}`, { key: tenant.key });
    expect(res.status).toBe(200);
    await expectMatchesSpec(t, 'GET', '/api/v1/reports/{report_id}', res);
    expect(res.body).toEqual({
      report: expect.objectContaining({ id, project_name: 'Detail', status: 'draft' }),
      exports: [],
    });
  });

  it("answers 404 for another workspace's report, an archived one, an unknown id and an id over 200 characters", async () => {
    const tenant = await t.tenant();
    const other = await t.tenant();
    const theirs = await makeReport(other.workspaceId);
    const archived = await makeReport(tenant.workspaceId, { status: 'archived' });
    for (const id of [theirs, archived, 'rpt_unknown', 'x'.repeat(201)]) {
      const res = await t.request('GET', `/api/v1/reports/${id}`, { key: tenant.key });
      expect(res.status, id).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
      await expectMatchesSpec(t, 'GET', '/api/v1/reports/{report_id}', res);
    }
  });

  it('answers 403 without reports.read', async () => {
    const writer = await t.tenant({ scopes: ['reports.write'] });
    const id = await makeReport(writer.workspaceId);
    expect((await t.request('GET', `/api/v1/reports/${id}`, { key: writer.key })).status).toBe(403);
  });
});
