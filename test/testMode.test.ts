import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { createTestContext, waitUntil, type TestContext, type Tenant, type TestResponse } from './helpers/harness.ts';
import { expectMatchesSpec } from './helpers/openapi.ts';
import { cliContext } from './helpers/cliContext.ts';
import { importAndWait } from './helpers/reportImports.ts';
import { eagleViewPdf } from './fixtures/reports/build.ts';
import { createVisualization, generate, startImageHost, type ImageHost } from './helpers/visualizations.ts';
import { keyCommands } from '../cli/commands/key.ts';
import { workspaceCommands } from '../cli/commands/workspace.ts';
import type { CliContext } from '../cli/args.ts';
import { createBlobStore } from '../storage/blobs.ts';
import { storageSigningSecret } from '../storage/secrets.ts';
import { countAttempts } from '../storage/visualizationAttempts.ts';
import { setVisualizationQuota } from '../storage/workspaces.ts';

let t: TestContext;
let host: ImageHost;
beforeAll(async () => {
  host = await startImageHost();
  t = await createTestContext({
    RATE_LIMIT_PER_MINUTE: '10000',
    AUTH_FAILURE_LIMIT_PER_MINUTE: '1000',
    IMAGE_FETCH_ALLOW_PRIVATE: 'true',
    GENERATE_WAIT_MS: '25000',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    WEBHOOK_DISPATCH_INTERVAL_MS: '250',
  });
  await t.startWorker();
});
afterAll(async () => {
  await t.close();
  await host.close();
});

/** An admin command's context with the test service's settings (its blob folder among them). */
const admin = (positionals: string[], flags: CliContext['flags'] = {}): CliContext => ({
  ...cliContext(positionals, flags),
  config: t.config,
});

interface Twins {
  live: Tenant;
  test: Tenant;
}

/** A workspace with a live key and a test key made as the operator makes one: `key create --test`. */
async function twins(name = 'Summit Roofing'): Promise<Twins> {
  const live = await t.tenant({ name });
  const made = (await keyCommands['key create'].run(
    t.sql,
    admin([], { workspace: live.workspaceId, name: 'sandbox', scopes: 'all', test: true }),
  )) as { id: string; key: string; mode: string };
  const [row] = await t.sql<{ workspace_id: string }[]>`select workspace_id from api_keys where id = ${made.id}`;
  return { live, test: { workspaceId: row!.workspace_id, key: made.key, keyId: made.id } };
}

const write = (method: string, path: string, key: string, body: unknown = {}) =>
  t.request(method, path, { key, body, headers: { 'idempotency-key': randomUUID() } });

const createLead = async (key: string, name: string) => {
  const res = await write('POST', '/api/v1/leads', key, { contact_name: name });
  expect(res.status, res.text).toBe(201);
  return res.body.lead.id as string;
};

/** The error as a partner compares it: everything but the request id. */
const errorOf = (res: TestResponse) => {
  const { request_id: _id, ...rest } = res.body.error;
  return { status: res.status, ...rest };
};

describe('test keys', () => {
  it('are made by key create --test on a twin of the workspace, once, and start pk_test_', async () => {
    const { live, test } = await twins();
    expect(test.key).toMatch(/^pk_test_[0-9a-z]{20}_[A-Za-z0-9_-]{43}$/);
    expect(test.workspaceId).not.toBe(live.workspaceId);
    const second = (await keyCommands['key create'].run(
      t.sql,
      admin([], { workspace: live.workspaceId, name: 'ci', scopes: 'leads.read', test: true }),
    )) as { id: string; key: string; masked_key: string; mode: string };
    expect(second).toMatchObject({ mode: 'test', masked_key: expect.stringMatching(/^pk_test_.{4}….{4}$/) });
    const [row] = await t.sql`select workspace_id from api_keys where id = ${second.id}`;
    expect(row!.workspace_id).toBe(test.workspaceId);
    const [twin] = await t.sql`select name, mode, live_workspace_id from workspaces where id = ${test.workspaceId}`;
    expect(twin).toEqual({ name: 'Summit Roofing', mode: 'test', live_workspace_id: live.workspaceId });

    const listed = (await keyCommands['key list'].run(t.sql, admin([], { workspace: live.workspaceId }))) as {
      keys: { id: string; mode: string; masked_key: string }[];
    };
    expect(listed.keys.map((k) => [k.id, k.mode])).toEqual([
      [second.id, 'test'],
      [test.keyId, 'test'],
      [live.keyId, 'live'],
    ]);
  });

  it('GET /me says which mode a key is in and shows the live workspace id to both', async () => {
    const { live, test } = await twins('Roofs R Us');
    const cases = [
      { tenant: live, name: 'test key', mode: 'live', masked: /^pk_[0-9a-z]{4}….{4}$/ },
      { tenant: test, name: 'sandbox', mode: 'test', masked: /^pk_test_[0-9a-z]{4}….{4}$/ },
    ];
    for (const c of cases) {
      const res = await t.request('GET', '/api/v1/me', { key: c.tenant.key });
      expect(res.body).toEqual({
        api_key: {
          id: c.tenant.keyId,
          name: c.name,
          masked_key: expect.stringMatching(c.masked),
          scopes: expect.any(Array),
          mode: c.mode,
          api_version: '2026-11-27',
        },
        workspace: { id: live.workspaceId, name: 'Roofs R Us' },
      });
      await expectMatchesSpec(t, 'GET', '/api/v1/me', res);
    }
  });

  it("are unknown under the other mode's prefix, and a malformed key still says what keys look like", async () => {
    const { live, test } = await twins();
    const asLivePrefix = test.key.replace(/^pk_test_/, 'pk_');
    const asTestPrefix = live.key.replace(/^pk_/, 'pk_test_');
    for (const key of [asLivePrefix, asTestPrefix]) {
      const res = await t.request('GET', '/api/v1/me', { key });
      expect(res.status).toBe(401);
      expect(res.body.error.message).toMatch(/^Unknown API key; send the whole key/);
    }
    const cut = await t.request('GET', '/api/v1/me', { key: test.key.slice(0, -1) });
    expect(cut.status).toBe(401);
    expect(cut.body.error.message).toMatch(/look like pk_<id>_<secret> \(pk_test_<id>_<secret> in test mode\)/);
  });

  it('answer 403, and their share links 404, once their live workspace is deactivated', async () => {
    const { live, test } = await twins();
    const vis = await createVisualization(t, test, { session_id: 's-off', original_image_url: host.url('/house.jpg') });
    expect((await generate(t, test, vis.id)).body.visualization.status).toBe('completed');
    const shared = await write('POST', '/api/v1/share-links', test.key, { visualization_id: vis.id });
    expect(shared.status, shared.text).toBe(201);
    const link = `/api/v1/share-links/${shared.body.share_link.token}`;
    expect((await t.request('GET', link)).status).toBe(200);
    await t.deactivate(live.workspaceId);
    await new Promise((r) => setTimeout(r, 2100)); // the key cache holds lookups for 2 s
    const res = await t.request('GET', '/api/v1/me', { key: test.key });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('FORBIDDEN');
    expect((await t.request('GET', link)).status).toBe(404);
  });
});

describe('cross-mode access', () => {
  let pair: Twins;
  let stranger: Tenant;
  beforeAll(async () => {
    pair = await twins();
    stranger = await t.tenant();
  });

  /** A read by the other mode's key answers exactly what another workspace's key gets. */
  async function expectHidden(path: string, owner: Tenant, otherMode: Tenant) {
    expect((await t.request('GET', path, { key: owner.key })).status).toBe(200);
    const crossMode = await t.request('GET', path, { key: otherMode.key });
    const crossWorkspace = await t.request('GET', path, { key: stranger.key });
    expect(crossMode.status).toBe(404);
    expect(errorOf(crossMode)).toEqual(errorOf(crossWorkspace));
  }

  it('leads: each mode reads and lists only its own', async () => {
    const testLead = await createLead(pair.test.key, 'Sandbox Sam');
    const liveLead = await createLead(pair.live.key, 'Real Rita');
    await expectHidden(`/api/v1/leads/${testLead}`, pair.test, pair.live);
    await expectHidden(`/api/v1/leads/${liveLead}`, pair.live, pair.test);
    const patched = await write('PATCH', `/api/v1/leads/${liveLead}`, pair.test.key, { notes: 'x' });
    expect(patched.status).toBe(404);
    const ids = async (key: string) =>
      (await t.request('GET', '/api/v1/leads', { key })).body.leads.map((l: { id: string }) => l.id);
    expect(await ids(pair.test.key)).toEqual([testLead]);
    expect(await ids(pair.live.key)).toEqual([liveLead]);
  });

  it('an Idempotency-Key a test key used is never replayed to the live key', async () => {
    const key = randomUUID();
    const send = (tenant: Tenant) =>
      t.request('POST', '/api/v1/leads', {
        key: tenant.key,
        body: { contact_name: 'Same key' },
        headers: { 'idempotency-key': key },
      });
    const asTest = await send(pair.test);
    const asLive = await send(pair.live);
    expect([asTest.status, asLive.status]).toEqual([201, 201]);
    expect(asLive.headers.get('idempotency-replayed')).toBeNull();
    expect(asLive.body.lead.id).not.toBe(asTest.body.lead.id);
    const [row] = await t.sql`select workspace_id from leads where id = ${asLive.body.lead.id}`;
    expect(row!.workspace_id).toBe(pair.live.workspaceId);
  });

  it('reports: a test import runs the real pipeline and stays in test mode', async () => {
    const report = await importAndWait(t, pair.test.key, [{ name: 'eagleview.pdf', data: await eagleViewPdf() }]);
    expect(report.status).not.toBe('failed');
    await expectHidden(`/api/v1/reports/${report.id}`, pair.test, pair.live);
    expect((await t.request('GET', '/api/v1/reports', { key: pair.live.key })).body.reports).toEqual([]);
    const refused = await write('POST', `/api/v1/reports/${report.id}/export`, pair.live.key, { formats: ['pdf'] });
    expect(refused.status).toBe(404);
    const exported = await write('POST', `/api/v1/reports/${report.id}/export`, pair.test.key, { formats: ['json'] });
    expect(exported.status, exported.text).toBe(201);
    const exportId = exported.body.exports[0].export_id as string;
    const ready = async () =>
      (await t.sql`select status from report_exports where id = ${exportId}`)[0]?.status === 'ready';
    expect(await waitUntil(ready, 20_000)).toBe(true);
    await expectHidden(`/api/v1/reports/exports/${exportId}`, pair.test, pair.live);
  });

  it('visualizations: a test generate completes with the live quota at 0 and records no billable attempt', async () => {
    await setVisualizationQuota(t.sql, pair.live.workspaceId, 0);
    const body = { session_id: 's-test', original_image_url: host.url('/house.jpg') };
    const liveVis = await createVisualization(t, pair.live, body);
    const refused = await generate(t, pair.live, liveVis.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error.details.reason).toBe('quota_exhausted');

    const testVis = await createVisualization(t, pair.test, body);
    const res = await generate(t, pair.test, testVis.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body.visualization).toMatchObject({ status: 'completed', generated_image_url: expect.any(String) });
    expect(await countAttempts(t.sql, pair.test.workspaceId)).toEqual({ reserved: 0, succeeded: 0, released: 0 });
    expect(await countAttempts(t.sql, pair.live.workspaceId)).toEqual({ reserved: 0, succeeded: 0, released: 0 });
    await expectHidden(`/api/v1/visualizations/${testVis.id}`, pair.test, pair.live);
    await expectHidden(`/api/v1/visualizations/${liveVis.id}`, pair.live, pair.test);
    expect((await generate(t, pair.live, testVis.id)).status).toBe(404);
  });

  it('webhook endpoints and events: each mode sees only its own', async () => {
    const made = await write('POST', '/api/v1/webhook-endpoints', pair.test.key, {
      url: 'https://hooks.example.com/test',
      events: ['lead.created'],
    });
    expect(made.status, made.text).toBe(201);
    const endpointId = made.body.webhook_endpoint.id as string;
    await expectHidden(`/api/v1/webhook-endpoints/${endpointId}`, pair.test, pair.live);
    expect(
      (await t.request('GET', '/api/v1/webhook-endpoints', { key: pair.live.key })).body.webhook_endpoints,
    ).toEqual([]);
    await createLead(pair.test.key, 'Event Eve');
    const events = await t.request('GET', '/api/v1/webhook-events', { key: pair.test.key });
    const eventId = events.body.webhook_events[0].id as string;
    await expectHidden(`/api/v1/webhook-events/${eventId}`, pair.test, pair.live);
    const liveEvents = await t.request('GET', '/api/v1/webhook-events', { key: pair.live.key });
    expect(liveEvents.body.webhook_events.map((e: { id: string }) => e.id)).not.toContain(eventId);
  });
});

describe('webhooks in test mode', () => {
  let server: Server;
  const received: { path: string; body: any }[] = [];
  let base = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ path: req.url!, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('a test event reaches only the endpoint a test key registered, and a live event only the live one', async () => {
    const { live, test } = await twins();
    const register = async (key: string, path: string) => {
      const res = await write('POST', '/api/v1/webhook-endpoints', key, { url: base + path, events: ['lead.created'] });
      expect(res.status, res.text).toBe(201);
      return res.body.webhook_endpoint.id as string;
    };
    const liveEndpoint = await register(live.key, '/live');
    const testEndpoint = await register(test.key, '/test');

    const testLead = await createLead(test.key, 'Sandbox Sue');
    expect(await waitUntil(async () => received.some((r) => r.body.data?.object?.id === testLead), 15_000)).toBe(true);
    const liveLead = await createLead(live.key, 'Real Ray');
    expect(await waitUntil(async () => received.some((r) => r.body.data?.object?.id === liveLead), 15_000)).toBe(true);

    const pathsOf = (leadId: string) => received.filter((r) => r.body.data?.object?.id === leadId).map((r) => r.path);
    expect(pathsOf(testLead)).toEqual(['/test']);
    expect(pathsOf(liveLead)).toEqual(['/live']);
    const deliveries = await t.sql<{ endpoint_id: string; n: number }[]>`
      select endpoint_id, count(*)::int as n from webhook_deliveries
      where endpoint_id in (${liveEndpoint}, ${testEndpoint}) group by endpoint_id order by endpoint_id = ${testEndpoint}`;
    expect(deliveries).toEqual([
      { endpoint_id: liveEndpoint, n: 1 },
      { endpoint_id: testEndpoint, n: 1 },
    ]);
  });
});

describe('workspace wipe-test', () => {
  it("counts without --confirm, then removes the test data and files and leaves live data and the test keys' setup", async () => {
    const { live, test } = await twins();
    const blobs = createBlobStore(t.config, await storageSigningSecret(t.sql, t.config.STORAGE_SIGNING_SECRET));
    const testLead = await createLead(test.key, 'Sandbox Sam');
    const liveLead = await createLead(live.key, 'Real Rita');
    const endpoint = await write('POST', '/api/v1/webhook-endpoints', test.key, {
      url: 'https://hooks.example.com/t',
      events: ['lead.created'],
    });
    expect(endpoint.status).toBe(201);
    const report = await importAndWait(t, test.key, [{ name: 'eagleview.pdf', data: await eagleViewPdf() }]);
    const liveReport = await importAndWait(t, live.key, [{ name: 'eagleview.pdf', data: await eagleViewPdf() }]);
    const vis = await createVisualization(t, test, {
      session_id: 's-wipe',
      original_image_url: host.url('/house.jpg'),
    });
    expect((await generate(t, test, vis.id)).body.visualization.status).toBe('completed');
    const testFiles = await blobs.list(`${test.workspaceId}/`);
    const liveFiles = await blobs.list(`${live.workspaceId}/`);
    expect(testFiles.length).toBeGreaterThanOrEqual(3); // the report's file, the photo and the rendering
    expect(liveFiles.length).toBeGreaterThanOrEqual(1);

    const run = (flags: CliContext['flags']) =>
      workspaceCommands['workspace wipe-test'].run(t.sql, admin([live.workspaceId], flags));
    const counted = (await run({})) as { wiped: boolean; would_remove: Record<string, number> };
    expect(counted).toMatchObject({
      workspace_id: live.workspaceId,
      test_workspace_id: test.workspaceId,
      wiped: false,
      would_remove: { leads: 1, reports: 1, visualizations: 1, stored_files: testFiles.length },
    });
    expect(counted.would_remove.webhook_events).toBeGreaterThanOrEqual(1);
    expect((await t.request('GET', `/api/v1/leads/${testLead}`, { key: test.key })).status).toBe(200);
    expect(await blobs.list(`${test.workspaceId}/`)).toEqual(testFiles);

    const wiped = await run({ confirm: true });
    expect(wiped).toMatchObject({
      wiped: true,
      removed: { leads: 1, reports: 1, visualizations: 1, stored_files: testFiles.length },
    });
    expect((await t.request('GET', `/api/v1/leads/${testLead}`, { key: test.key })).status).toBe(404);
    expect((await t.request('GET', `/api/v1/reports/${report.id}`, { key: test.key })).status).toBe(404);
    expect((await t.request('GET', `/api/v1/visualizations/${vis.id}`, { key: test.key })).status).toBe(404);
    expect((await t.request('GET', '/api/v1/webhook-events', { key: test.key })).body.webhook_events).toEqual([]);
    expect(await blobs.list(`${test.workspaceId}/`)).toEqual([]);
    for (const table of ['leads', 'reports', 'report_files', 'visualizations', 'webhook_events', 'events']) {
      const [row] =
        await t.sql`select count(*)::int as n from ${t.sql(table)} where workspace_id = ${test.workspaceId}`;
      expect(row!.n, table).toBe(0);
    }

    // The test setup stays: the key works, its endpoint is there, and a new test lead can be made.
    expect(
      (await t.request('GET', `/api/v1/webhook-endpoints/${endpoint.body.webhook_endpoint.id}`, { key: test.key }))
        .status,
    ).toBe(200);
    await createLead(test.key, 'After the wipe');
    // Live data is untouched.
    expect((await t.request('GET', `/api/v1/leads/${liveLead}`, { key: live.key })).status).toBe(200);
    expect((await t.request('GET', `/api/v1/reports/${liveReport.id}`, { key: live.key })).status).toBe(200);
    expect(await blobs.list(`${live.workspaceId}/`)).toEqual(liveFiles);
  });

  it('refuses a live workspace id it does not know and says there is nothing to wipe without a twin', async () => {
    await expect(
      workspaceCommands['workspace wipe-test'].run(t.sql, admin(['ws_nope'], { confirm: true })),
    ).rejects.toThrow(/workspace ws_nope not found/);
    const lone = await t.tenant();
    expect(
      await workspaceCommands['workspace wipe-test'].run(t.sql, admin([lone.workspaceId], { confirm: true })),
    ).toEqual({
      workspace_id: lone.workspaceId,
      test_workspace_id: null,
      wiped: false,
      note: 'no test key was ever created',
    });
  });
});

describe('workspace list', () => {
  it('shows a test twin right under its live workspace', async () => {
    const { live, test } = await twins('Listed Roofing');
    const listed = (await workspaceCommands['workspace list'].run(t.sql)) as {
      workspaces: { id: string; mode: string; live_workspace_id: string | null }[];
    };
    const at = listed.workspaces.findIndex((w) => w.id === live.workspaceId);
    expect(listed.workspaces[at]).toMatchObject({ mode: 'live', live_workspace_id: null });
    expect(listed.workspaces[at + 1]).toMatchObject({
      id: test.workspaceId,
      mode: 'test',
      live_workspace_id: live.workspaceId,
    });
  });
});
