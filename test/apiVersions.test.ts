import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestContext, waitUntil, type TestContext } from './helpers/harness.ts';
import { expectMatchesSpec } from './helpers/openapi.ts';
import { addEndpoint } from './helpers/webhooks.ts';
import { addVersionForTests, apiVersions, FIRST_VERSION } from '../core/apiVersions.ts';
import { createApiKey } from '../storage/apiKeys.ts';
import { SCOPES } from '../core/scopes.ts';
import { keyCommands } from '../cli/commands/key.ts';
import { cliContext } from './helpers/cliContext.ts';

/** A version that exists in this test file only: its leads show the contact's name as an object. */
const OLDER = '2026-06-01';
const DEPRECATED_SINCE = new Date('2026-10-01T00:00:00Z');
const SUNSET = new Date('2027-03-01T00:00:00Z');
const olderVersion = {
  date: OLDER,
  fromNewer: [
    {
      idPrefix: 'lead',
      apply: ({ contact_name, ...lead }: Record<string, unknown>) => ({ ...lead, contact: { name: contact_name } }),
    },
  ],
  deprecated: { since: DEPRECATED_SINCE, sunset: SUNSET },
};

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({
    RATE_LIMIT_PER_MINUTE: '1000',
    AUTH_FAILURE_LIMIT_PER_MINUTE: '1000',
    WEBHOOK_ALLOW_PRIVATE: 'true',
  });
});
afterAll(() => t.close());

const idem = () => ({ 'idempotency-key': randomUUID() });

async function newLead(key: string, name = 'Dana Whitfield') {
  const res = await t.request('POST', '/api/v1/leads', {
    key,
    headers: idem(),
    body: { contact_name: name, contact_phone: `512555${String(Math.floor(Math.random() * 10000)).padStart(4, '0')}` },
  });
  expect(res.status).toBe(201);
  return res.body.lead as { id: string; contact_name: string };
}

describe('dated API versions', () => {
  it('lists only the first version outside tests, and refuses to add one at run time outside a test run', () => {
    expect(apiVersions().map((v) => v.date)).toEqual([FIRST_VERSION]);
    const vitest = process.env.VITEST;
    delete process.env.VITEST;
    try {
      expect(() => addVersionForTests({ date: '2026-01-01' })).toThrow(/not at run time/);
    } finally {
      process.env.VITEST = vitest;
    }
    expect(apiVersions().map((v) => v.date)).toEqual([FIRST_VERSION]);
  });

  it('pins new keys to the newest version, shows it in /me and echoes it on every answer, errors included', async () => {
    const tenant = await t.tenant();
    const me = await t.request('GET', '/api/v1/me', { key: tenant.key });
    expect(me.status).toBe(200);
    expect(me.body.api_key.api_version).toBe(FIRST_VERSION);
    expect(me.headers.get('partner-version')).toBe(FIRST_VERSION);
    expect(me.headers.get('deprecation')).toBeNull();
    await expectMatchesSpec(t, 'GET', '/api/v1/me', me);
    const unauthenticated = await t.request('GET', '/api/v1/me');
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.headers.get('partner-version')).toBe(FIRST_VERSION);
    const missing = await t.request('GET', '/api/v1/leads/lead_nosuchlead', { key: tenant.key });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('partner-version')).toBe(FIRST_VERSION);
    const noRoute = await t.request('GET', '/api/v1/nothing-here', { key: tenant.key });
    expect(noRoute.status).toBe(404);
    expect(noRoute.headers.get('partner-version')).toBe(FIRST_VERSION);
  });

  it.each([
    ['unknown', '2020-01-01', /2020-01-01 is not an API version; the known versions are 2026-11-27/],
    ['malformed', 'latest', /Send a date, YYYY-MM-DD; the known versions are 2026-11-27/],
  ])('answers 400 VALIDATION_ERROR listing the known versions for an %s Partner-Version', async (_, given, message) => {
    const tenant = await t.tenant();
    for (const key of [tenant.key, undefined]) {
      const res = await t.request('GET', '/api/v1/me', { key, headers: { 'partner-version': given } });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.message).toMatch(message);
      expect(res.body.error.details).toMatchObject({
        issues: [{ location: 'header', path: 'Partner-Version' }],
        known_versions: [FIRST_VERSION],
      });
      expect(res.headers.get('partner-version')).toBe(FIRST_VERSION);
    }
  });

  describe('with a version registered by this test', () => {
    let remove: () => void;
    let tenant: Awaited<ReturnType<TestContext['tenant']>>;
    let lead: { id: string; contact_name: string };
    let before: string;
    beforeAll(async () => {
      tenant = await t.tenant();
      lead = await newLead(tenant.key);
      before = (await t.request('GET', `/api/v1/leads/${lead.id}`, { key: tenant.key })).text;
      remove = addVersionForTests(olderVersion);
    });
    afterAll(() => remove());

    it("changes one field's shape in its answers and leaves the newest version's bytes alone", async () => {
      const newest = await t.request('GET', `/api/v1/leads/${lead.id}`, { key: tenant.key });
      expect(newest.text).toBe(before);
      const older = await t.request('GET', `/api/v1/leads/${lead.id}`, {
        key: tenant.key,
        headers: { 'partner-version': OLDER },
      });
      expect(older.status).toBe(200);
      expect(older.headers.get('partner-version')).toBe(OLDER);
      const { contact_name, ...rest } = JSON.parse(before).lead;
      expect(older.body.lead).toEqual({ ...rest, contact: { name: contact_name } });
      // Lists and writes answer in it too: every lead in the answer, wherever it sits.
      const list = await t.request('GET', '/api/v1/leads', { key: tenant.key, headers: { 'partner-version': OLDER } });
      expect(list.body.leads[0].contact).toEqual({ name: contact_name });
      expect(list.body.leads[0]).not.toHaveProperty('contact_name');
      const patched = await t.request('PATCH', `/api/v1/leads/${lead.id}`, {
        key: tenant.key,
        headers: { ...idem(), 'partner-version': OLDER },
        body: { notes: 'Called back' },
      });
      expect(patched.status).toBe(200);
      expect(patched.body.lead.contact).toEqual({ name: contact_name });
    });

    it('answers a deprecated version with Deprecation, Sunset and a Link to the docs', async () => {
      const res = await t.request('GET', '/api/v1/me', { key: tenant.key, headers: { 'partner-version': OLDER } });
      expect(res.status).toBe(200);
      expect(res.headers.get('deprecation')).toBe(`@${DEPRECATED_SINCE.getTime() / 1000}`);
      expect(res.headers.get('sunset')).toBe('Mon, 01 Mar 2027 00:00:00 GMT');
      expect(res.headers.get('link')).toBe(
        `<${t.baseUrl}/docs#section/API-versions>; rel="deprecation"; type="text/html"`,
      );
      const current = await t.request('GET', '/api/v1/me', { key: tenant.key });
      expect(current.headers.get('deprecation')).toBeNull();
      expect(current.headers.get('sunset')).toBeNull();
    });

    it('answers a key pinned to the version in it, unless the request names another', async () => {
      const pinned = await createApiKey(t.sql, {
        workspaceId: tenant.workspaceId,
        name: 'old integration',
        scopes: [...SCOPES],
        apiVersion: OLDER,
      });
      const me = await t.request('GET', '/api/v1/me', { key: pinned.key });
      expect(me.body.api_key.api_version).toBe(OLDER);
      expect(me.headers.get('partner-version')).toBe(OLDER);
      const implicit = await t.request('GET', `/api/v1/leads/${lead.id}`, { key: pinned.key });
      expect(implicit.headers.get('partner-version')).toBe(OLDER);
      expect(implicit.body.lead).toHaveProperty('contact');
      const explicit = await t.request('GET', `/api/v1/leads/${lead.id}`, {
        key: pinned.key,
        headers: { 'partner-version': FIRST_VERSION },
      });
      expect(explicit.headers.get('partner-version')).toBe(FIRST_VERSION);
      expect(explicit.body.lead).toHaveProperty('contact_name');
      // A 401 of a request that names its version echoes that one.
      const refused = await t.request('GET', '/api/v1/me', { headers: { 'partner-version': OLDER } });
      expect(refused.status).toBe(401);
      expect(refused.headers.get('partner-version')).toBe(OLDER);
    });

    it('lets the operator re-pin a key (admin key pin-version), and refuses a version it does not know', async () => {
      const key = await createApiKey(t.sql, { workspaceId: tenant.workspaceId, name: 'moving', scopes: [...SCOPES] });
      const pin = keyCommands['key pin-version'];
      await expect(pin.run(t.sql, cliContext([key.id, '2020-01-01']))).rejects.toThrow(
        `unknown API version 2020-01-01; known: ${apiVersions()
          .map((v) => v.date)
          .join(', ')}`,
      );
      await expect(pin.run(t.sql, cliContext(['key_00000000000000000000', OLDER]))).rejects.toThrow(
        /key_0+.* not found/,
      );
      expect(await pin.run(t.sql, cliContext([key.id, OLDER]))).toEqual({ id: key.id, api_version: OLDER });
      // Key lookups are cached for 2 s in each process.
      const repinned = await waitUntil(
        async () => (await t.request('GET', '/api/v1/me', { key: key.key })).body.api_key.api_version === OLDER,
        10_000,
      );
      expect(repinned).toBe(true);
      const implicit = await t.request('GET', `/api/v1/leads/${lead.id}`, { key: key.key });
      expect(implicit.headers.get('partner-version')).toBe(OLDER);
      expect(implicit.body.lead).toHaveProperty('contact');
    });

    it("pins a webhook endpoint to its creating request's version, changes it with PATCH, and refuses an unknown one", async () => {
      const created = await t.request('POST', '/api/v1/webhook-endpoints', {
        key: tenant.key,
        headers: { ...idem(), 'partner-version': OLDER },
        body: { url: 'https://crm.example.com/hooks/roofing', events: ['lead.created'] },
      });
      expect(created.status).toBe(201);
      expect(created.body.webhook_endpoint.api_version).toBe(OLDER);
      const id = created.body.webhook_endpoint.id;
      const patchKey = idem();
      const patch = () =>
        t.request('PATCH', `/api/v1/webhook-endpoints/${id}`, {
          key: tenant.key,
          headers: patchKey,
          body: { api_version: FIRST_VERSION },
        });
      const patched = await patch();
      expect(patched.status).toBe(200);
      expect(patched.body.webhook_endpoint.api_version).toBe(FIRST_VERSION);
      await expectMatchesSpec(t, 'PATCH', '/api/v1/webhook-endpoints/{webhook_endpoint_id}', patched);
      const replayed = await patch();
      expect(replayed.status).toBe(200);
      expect(replayed.body).toEqual(patched.body);
      const shown = await t.request('GET', `/api/v1/webhook-endpoints/${id}`, { key: tenant.key });
      expect(shown.body.webhook_endpoint.api_version).toBe(FIRST_VERSION);
      const unknown = await t.request('PATCH', `/api/v1/webhook-endpoints/${id}`, {
        key: tenant.key,
        headers: idem(),
        body: { api_version: '2019-01-01' },
      });
      expect(unknown.status).toBe(400);
      expect(unknown.body.error.message).toMatch(/known API versions: 2026-06-01, 2026-11-27/);
      // Another workspace's endpoint is not there for this key.
      const other = await t.tenant();
      const foreign = await t.request('PATCH', `/api/v1/webhook-endpoints/${id}`, {
        key: other.key,
        headers: idem(),
        body: { api_version: OLDER },
      });
      expect(foreign.status).toBe(404);
      const readOnly = await t.keyFor(tenant.workspaceId, ['leads.read']);
      const forbidden = await t.request('PATCH', `/api/v1/webhook-endpoints/${id}`, {
        key: readOnly,
        headers: idem(),
        body: { api_version: OLDER },
      });
      expect(forbidden.status).toBe(403);
    });

    it("delivers each endpoint's events in its own version", async () => {
      const bodies: { endpoint: string; body: any; version: string | undefined }[] = [];
      const server: Server = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          bodies.push({
            endpoint: req.url!.slice(1),
            body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
            version: req.headers['partner-version'] as string | undefined,
          });
          res.writeHead(200).end();
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const ws = await t.tenant();
      const older = await addEndpoint(t.sql, t.config.WEBHOOK_SECRETS_KEY, ws.workspaceId, `${base}/older`, {
        events: ['lead.created'],
      });
      await addEndpoint(t.sql, t.config.WEBHOOK_SECRETS_KEY, ws.workspaceId, `${base}/newest`, {
        events: ['lead.created'],
      });
      const pin = await t.request('PATCH', `/api/v1/webhook-endpoints/${older.id}`, {
        key: ws.key,
        headers: idem(),
        body: { api_version: OLDER },
      });
      expect(pin.status).toBe(200);
      // Stopped with the context.
      await t.startWorker();
      try {
        const created = await newLead(ws.key, 'Morgan Reyes');
        expect(await waitUntil(async () => bodies.length >= 2, 30_000)).toBe(true);
        const byEndpoint = Object.fromEntries(bodies.map((b) => [b.endpoint, b]));
        expect(byEndpoint.newest!.body.data.object).toEqual(created);
        expect(byEndpoint.newest!.version).toBe(FIRST_VERSION);
        const { contact_name, ...rest } = created;
        expect(byEndpoint.older!.body.data.object).toEqual({ ...rest, contact: { name: contact_name } });
        expect(byEndpoint.older!.version).toBe(OLDER);
        expect(byEndpoint.older!.body.id).toBe(byEndpoint.newest!.body.id);
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    });
  });
});
