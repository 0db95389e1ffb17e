import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type Tenant, type TestContext, type TestResponse } from './helpers/harness.ts';
import { expectMatchesSpec } from './helpers/openapi.ts';
import { webhookRoutes } from '../api/routes/webhooks.ts';
import { openSecret, sealingKey } from '../core/webhookSecrets.ts';
import { WEBHOOK_EVENT_TYPES } from '../core/webhookEventTypes.ts';
import { loadSecret } from '../storage/secrets.ts';
import { dispatchDueDeliveries } from '../storage/webhookDeliveries.ts';

let t: TestContext;
let owner: Tenant;
beforeAll(async () => {
  t = await createTestContext({ RATE_LIMIT_PER_MINUTE: '10000' });
});
afterAll(() => t.close());
// A workspace of its own per test: each may create endpoints up to the limit.
beforeEach(async () => {
  owner = await t.tenant();
});

const COLLECTION = '/api/v1/webhook-endpoints';
const ONE = `${COLLECTION}/{webhook_endpoint_id}`;
const VALID = { url: 'https://hooks.example.com/roofing', events: ['lead.created', 'report.import.completed'] };

const write = (method: string, path: string, body: unknown, key = owner.key, idem: string = randomUUID()) =>
  t.request(method, path, { key, body, headers: { 'idempotency-key': idem } });
const create = (body: unknown = VALID, key = owner.key, idem?: string) => write('POST', COLLECTION, body, key, idem);
const get = (id: string, key = owner.key) => t.request('GET', `${COLLECTION}/${id}`, { key });

async function created(tenant = owner, body: unknown = VALID): Promise<{ id: string; secret: string }> {
  const res = await create(body, tenant.key);
  expect(res.status).toBe(201);
  return res.body.webhook_endpoint;
}

async function sealedColumns(id: string) {
  const [row] = await t.sql<
    { secret_sealed: Buffer; previous_secret_sealed: Buffer | null; previous_secret_expires_at: Date | null }[]
  >`
    select secret_sealed, previous_secret_sealed, previous_secret_expires_at from webhook_endpoints where id = ${id}`;
  return row!;
}

const open = async (sealed: Buffer) =>
  openSecret(sealingKey(t.config.WEBHOOK_SECRETS_KEY, await loadSecret(t.sql, 'webhooks')), sealed);

const endpointCount = async (workspaceId: string) =>
  (
    await t.sql<{ n: number }[]>`select count(*)::int as n from webhook_endpoints where workspace_id = ${workspaceId}`
  )[0]!.n;

function expectValidationOf(res: TestResponse, field: string) {
  expect(res.status).toBe(400);
  expect(res.body.error.code).toBe('VALIDATION_ERROR');
  expect(res.body.error.details.issues[0].path).toBe(field);
}

describe('POST /api/v1/webhook-endpoints', () => {
  it('creates an enabled endpoint and shows its signing secret in this answer only', async () => {
    const res = await create({ ...VALID, description: 'CRM sync' });
    expect(res.status).toBe(201);
    await expectMatchesSpec(t, 'POST', COLLECTION, res);
    const endpoint = res.body.webhook_endpoint;
    expect(endpoint).toEqual({
      id: expect.stringMatching(/^whe_[0-9a-z]{20}$/),
      url: VALID.url,
      events: VALID.events,
      description: 'CRM sync',
      enabled: true,
      disabled_reason: null,
      disabled_at: null,
      signature_scheme: 'standard_webhooks',
      previous_secret_expires_at: null,
      api_version: '2026-11-27',
      created_at: expect.any(String),
      updated_at: expect.any(String),
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
    });
    const read = await get(endpoint.id);
    const { secret, ...shown } = endpoint;
    expect(read.body.webhook_endpoint).toEqual(shown);
    const list = await t.request('GET', COLLECTION, { key: owner.key });
    expect(list.text).not.toContain(secret);
    expect(list.text).not.toContain('whsec_');
  });

  it('stores the secret sealed: the columns hold neither its text nor its random bytes, and openSecret gives it back', async () => {
    const { id, secret } = await created();
    const { secret_sealed } = await sealedColumns(id);
    expect(secret_sealed.includes(Buffer.from(secret))).toBe(false);
    expect(secret_sealed.includes(Buffer.from(secret.slice('whsec_'.length), 'base64'))).toBe(false);
    const [raw] = await t.sql`select row_to_json(w)::text as text from webhook_endpoints w where id = ${id}`;
    expect(raw!.text).not.toContain(secret.slice('whsec_'.length));
    expect(await open(secret_sealed)).toBe(secret);
  });

  it('replays the first answer, the same secret included, under a repeated Idempotency-Key, and refuses another body under it', async () => {
    const tenant = await t.tenant();
    const key = randomUUID();
    const first = await create(VALID, tenant.key, key);
    const again = await create(VALID, tenant.key, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    expect(again.text).toBe(first.text);
    expect(await endpointCount(tenant.workspaceId)).toBe(1);
    // The kept answer is what the replay sends, so it too holds the secret: only sealed.
    const kept = await t.sql`select response_body from idempotency_records where key = ${key}`;
    expect(kept).toHaveLength(1);
    expect(kept[0]!.response_body).not.toContain(first.body.webhook_endpoint.secret.slice('whsec_'.length));
    const { secret_sealed } = await sealedColumns(first.body.webhook_endpoint.id);
    expect(await open(secret_sealed)).toBe(again.body.webhook_endpoint.secret);
    const other = await create({ ...VALID, url: 'https://hooks.example.com/other' }, tenant.key, key);
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('CONFLICT');
    await expectMatchesSpec(t, 'POST', COLLECTION, other);
  });

  it('stores and shows the URL as it will be called', async () => {
    const res = await create({ ...VALID, url: ' HTTPS://Hooks.Example.com:443/a/../in?x=1 ' });
    expect(res.body.webhook_endpoint.url).toBe('https://hooks.example.com/in?x=1');
  });

  it('accepts ["*"] and every type at once', async () => {
    expect((await create({ url: VALID.url, events: ['*'] })).body.webhook_endpoint.events).toEqual(['*']);
    expect((await create({ url: VALID.url, events: [...WEBHOOK_EVENT_TYPES] })).status).toBe(201);
  });

  it.each([
    ['an http URL', 'http://hooks.example.com/x', /http: URLs are not called/],
    ['a javascript: URL', 'javascript:alert(1)', /javascript: URLs are not called/],
    ['credentials', 'https://user:pw@hooks.example.com/x', /credentials/],
    ['127.0.0.1', 'https://127.0.0.1/x', /private or reserved/],
    ['[::1]', 'https://[::1]/x', /private or reserved/],
    ['10.x', 'https://10.20.30.40/x', /private or reserved/],
    ['TEST-NET-1', 'https://192.0.2.10/x', /private or reserved/],
    ['TEST-NET-2', 'https://198.51.100.7/x', /private or reserved/],
    ['TEST-NET-3', 'https://203.0.113.9/x', /private or reserved/],
    ['benchmarking', 'https://198.19.0.1/x', /private or reserved/],
    ['the 6to4 relay', 'https://192.88.99.1/x', /private or reserved/],
    ['broadcast', 'https://255.255.255.255/x', /private or reserved/],
    ['6to4', 'https://[2002:a00:1::1]/x', /private or reserved/],
    ['NAT64', 'https://[64:ff9b::a00:1]/x', /private or reserved/],
    ['local NAT64', 'https://[64:ff9b:1::1]/x', /private or reserved/],
    ['Teredo', 'https://[2001::1]/x', /private or reserved/],
    ['IPv6 documentation', 'https://[2001:db8::1]/x', /private or reserved/],
    ['IPv6 site-local', 'https://[fec0::1]/x', /private or reserved/],
    ['discard-only', 'https://[100::1]/x', /private or reserved/],
    ['IPv4-mapped private', 'https://[::ffff:10.0.0.1]/x', /private or reserved/],
    ['a name resolving to loopback', 'https://localhost/x', /localhost resolves to 127\.0\.0\.1/],
    ['the metadata service', 'https://169.254.169.254/latest/meta-data/', /never called/],
    ['the metadata service by name', 'https://metadata.google.internal/x', /never called/],
    ['0.0.0.0', 'https://0.0.0.0/h', /0\.0\.0\.0 is a private or reserved/],
    ['a decimal IPv4', 'https://2130706433/h', /127\.0\.0\.1 is a private or reserved/],
    ['a hex IPv4', 'https://0x7f.1/h', /127\.0\.0\.1 is a private or reserved/],
    ['an octal IPv4', 'https://017700000001/h', /127\.0\.0\.1 is a private or reserved/],
    ['a short IPv4', 'https://127.1/h', /127\.0\.0\.1 is a private or reserved/],
    ['IPv4-compatible loopback', 'https://[::127.0.0.1]/h', /private or reserved/],
    ['6to4 of loopback', 'https://[2002:7f00:1::1]/h', /private or reserved/],
    ['local NAT64 of loopback', 'https://[64:ff9b:1::7f00:1]/h', /private or reserved/],
    ['a relative URL', '/hooks', /absolute https/],
    ['a URL over 2048 characters', `https://hooks.example.com/${'x'.repeat(2030)}`, /2048/],
  ])('answers 400 naming url for %s', async (_, url, message) => {
    const res = await create({ ...VALID, url });
    expectValidationOf(res, 'url');
    expect(res.body.error.message).toMatch(message);
    await expectMatchesSpec(t, 'POST', COLLECTION, res);
  });

  it.each([
    ['no events', { ...VALID, events: [] }, 'events', /at least 1|>=1/],
    [
      'an unknown type, naming it',
      { ...VALID, events: ['lead.created', 'lead.exploded'] },
      'events.1',
      /"lead\.exploded"/,
    ],
    [
      'the test event, which is sent on request only',
      { ...VALID, events: ['webhook_endpoint.test'] },
      'events.0',
      /webhook_endpoint\.test/,
    ],
    ['a type listed twice', { ...VALID, events: ['lead.created', 'lead.created'] }, 'events.1', /twice/],
    ['"*" beside a type', { ...VALID, events: ['*', 'lead.created'] }, 'events', /alone/],
    ['a description over 500 characters', { ...VALID, description: 'd'.repeat(501) }, 'description', /500/],
    ['an unknown field', { ...VALID, secret: 'mine' }, 'secret', /./],
    ['a tenant selector', { ...VALID, workspace_id: 'ws_other' }, 'workspace_id', /./],
    ['no url', { events: ['*'] }, 'url', /./],
  ])('answers 400 for %s', async (_, body, field, message) => {
    const res = await create(body);
    expectValidationOf(res, field);
    expect(res.body.error.details.issues[0].message).toMatch(message);
  });

  it('needs an Idempotency-Key', async () => {
    const res = await t.request('POST', COLLECTION, { key: owner.key, body: VALID });
    expectValidationOf(res, 'idempotency-key');
  });

  it('keeps a workspace at 16 endpoints when 20 creates race: 16 are created, 4 answer 409, and so does a 17th later', async () => {
    const tenant = await t.tenant();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => create({ ...VALID, description: `racer ${i}` }, tenant.key)),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(16);
    const refused = answers.filter((r) => r.status !== 201);
    expect(refused.map((r) => [r.status, r.body.error.code, r.body.error.details])).toEqual(
      Array(4).fill([409, 'CONFLICT', { limit: 16 }]),
    );
    await expectMatchesSpec(t, 'POST', COLLECTION, refused[0]!);
    expect(await endpointCount(tenant.workspaceId)).toBe(16);
    expect((await create(VALID, tenant.key)).status).toBe(409);
    const [first] = answers.filter((r) => r.status === 201);
    expect((await write('DELETE', `${COLLECTION}/${first!.body.webhook_endpoint.id}`, {}, tenant.key)).status).toBe(
      200,
    );
    expect((await create(VALID, tenant.key)).status).toBe(201);
  });
});

describe('private addresses with WEBHOOK_ALLOW_PRIVATE=true (tests and local receivers)', () => {
  let local: TestContext;
  beforeAll(async () => {
    local = await createTestContext({ WEBHOOK_ALLOW_PRIVATE: 'true' });
  });
  afterAll(() => local.close());

  it.each(['http://127.0.0.1:4000/hooks', 'https://[::1]/hooks', 'https://10.0.0.7/hooks'])(
    'accepts %s',
    async (url) => {
      const tenant = await local.tenant();
      const res = await local.request('POST', COLLECTION, {
        key: tenant.key,
        body: { url, events: ['*'] },
        headers: { 'idempotency-key': randomUUID() },
      });
      expect(res.status).toBe(201);
      expect(res.body.webhook_endpoint.url).toBe(url);
    },
  );

  it.each([
    ['the metadata service', 'http://169.254.169.254/latest/meta-data/', /never called/],
    ['link-local', 'https://[fe80::1]/x', /never called/],
    ['AWS metadata over IPv6', 'https://[fd00:ec2::254]/x', /never called/],
    ['Alibaba metadata', 'http://100.100.100.200/x', /never called/],
    ['metadata by name', 'http://metadata.google.internal/x', /never called/],
    ['metadata in NAT64', 'https://[64:ff9b::a9fe:a9fe]/x', /never called/],
    ['0.0.0.0', 'http://0.0.0.0:4000/x', /private or reserved/],
    ['IPv4-compatible loopback', 'https://[::127.0.0.1]/x', /private or reserved/],
    ['TEST-NET-1', 'https://192.0.2.10/x', /private or reserved/],
  ])('still refuses %s', async (_, url, message) => {
    const tenant = await local.tenant();
    const res = await local.request('POST', COLLECTION, {
      key: tenant.key,
      body: { url, events: ['*'] },
      headers: { 'idempotency-key': randomUUID() },
    });
    expectValidationOf(res, 'url');
    expect(res.body.error.message).toMatch(message);
  });

  it('still refuses credentials in the URL', async () => {
    const tenant = await local.tenant();
    const res = await local.request('POST', COLLECTION, {
      key: tenant.key,
      body: { url: 'http://a:b@127.0.0.1/hooks', events: ['*'] },
      headers: { 'idempotency-key': randomUUID() },
    });
    expectValidationOf(res, 'url');
  });
});

describe('GET /api/v1/webhook-endpoints', () => {
  it('pages newest first with signed cursors, breaking ties of created_at by id', async () => {
    const tenant = await t.tenant();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await created(tenant)).id);
    // Two rows created in the same microsecond, which the first page ends between: the id alone orders them.
    await t.sql`update webhook_endpoints set created_at = (select created_at from webhook_endpoints where id = ${ids[2]!}) where id = ${ids[3]!}`;
    const [low, high] = [ids[2]!, ids[3]!].sort();
    const expected = [ids[4]!, high!, low!, ids[1]!, ids[0]!];
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: TestResponse = await t.request(
        'GET',
        `${COLLECTION}?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        { key: tenant.key },
      );
      expect(res.status).toBe(200);
      await expectMatchesSpec(t, 'GET', COLLECTION, res);
      seen.push(...res.body.webhook_endpoints.map((e: { id: string }) => e.id));
      expect(res.body.pagination.limit).toBe(2);
      cursor = res.body.pagination.next_cursor;
      expect(res.body.pagination.has_more).toBe(cursor !== null);
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(expected);
  });

  it("shows only the workspace's own endpoints", async () => {
    const tenant = await t.tenant();
    const mine = await created(tenant);
    await created();
    const res = await t.request('GET', COLLECTION, { key: tenant.key });
    expect(res.body.webhook_endpoints.map((e: { id: string }) => e.id)).toEqual([mine.id]);
  });

  it.each(['cursor=abc', 'cursor=eyJ4IjoxfQ.AAAA', 'limit=0', 'limit=101', 'workspace_id=x'])(
    'answers 400 for %s',
    async (query) => {
      const res = await t.request('GET', `${COLLECTION}?${query}`, { key: owner.key });
      expect(res.status).toBe(400);
      await expectMatchesSpec(t, 'GET', COLLECTION, res);
    },
  );

  it('refuses a cursor of the events list', async () => {
    const tenant = await t.tenant();
    for (let i = 0; i < 2; i++)
      await t.sql`select record_webhook_event(${tenant.workspaceId}, 'lead.created', '{"id":"lead_1"}'::jsonb)`;
    const events = await t.request('GET', '/api/v1/webhook-events?limit=1', { key: tenant.key });
    const cursor = events.body.pagination.next_cursor as string;
    expect(cursor).toEqual(expect.any(String));
    const res = await t.request('GET', `${COLLECTION}?cursor=${encodeURIComponent(cursor)}`, { key: tenant.key });
    expectValidationOf(res, 'cursor');
  });
});

describe('GET /api/v1/webhook-endpoints/{id}', () => {
  it('shows why and since when the platform disabled an endpoint', async () => {
    const { id } = await created();
    await t.sql`update webhook_endpoints set enabled = false, disabled_reason = 'Deliveries failed for 3 days', disabled_at = now() where id = ${id}`;
    const res = await get(id);
    expect(res.status).toBe(200);
    await expectMatchesSpec(t, 'GET', ONE, res);
    expect(res.body.webhook_endpoint).toMatchObject({
      enabled: false,
      disabled_reason: 'Deliveries failed for 3 days',
      disabled_at: expect.any(String),
    });
  });

  it('answers 404 for an unknown id and 400 for one over 64 characters', async () => {
    const missing = await get('whe_unknown');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toEqual({
      code: 'NOT_FOUND',
      message: 'Webhook endpoint not found',
      request_id: expect.any(String),
    });
    await expectMatchesSpec(t, 'GET', ONE, missing);
    expect((await get('w'.repeat(65))).status).toBe(400);
  });
});

describe('PATCH /api/v1/webhook-endpoints/{id}', () => {
  const patch = (id: string, body: unknown, key = owner.key, idem?: string) =>
    write('PATCH', `${COLLECTION}/${id}`, body, key, idem);

  it('changes url, events and description, clears a description with null, and leaves what it is not sent', async () => {
    const { id } = await created(owner, { ...VALID, description: 'old' });
    const res = await patch(id, { url: 'https://hooks.example.com/v2', events: ['*'] });
    expect(res.status).toBe(200);
    await expectMatchesSpec(t, 'PATCH', ONE, res);
    expect(res.body.webhook_endpoint).toMatchObject({
      url: 'https://hooks.example.com/v2',
      events: ['*'],
      description: 'old',
      enabled: true,
    });
    expect(Date.parse(res.body.webhook_endpoint.updated_at)).toBeGreaterThan(
      Date.parse(res.body.webhook_endpoint.created_at),
    );
    const cleared = await patch(id, { description: null });
    expect(cleared.body.webhook_endpoint).toMatchObject({
      url: 'https://hooks.example.com/v2',
      events: ['*'],
      description: null,
    });
    expect((await get(id)).body).toEqual(cleared.body);
  });

  it('re-enabling an endpoint the platform disabled clears why, since when, and since when it was failing', async () => {
    const { id } = await created();
    await t.sql`update webhook_endpoints set enabled = false, disabled_reason = 'failing', disabled_at = now(), failing_since = now() - interval '3 days'
      where id = ${id}`;
    const res = await patch(id, { enabled: true });
    expect(res.body.webhook_endpoint).toMatchObject({ enabled: true, disabled_reason: null, disabled_at: null });
    const [row] = await t.sql`select failing_since from webhook_endpoints where id = ${id}`;
    expect(row!.failing_since).toBeNull();
  });

  it('a partner disabling shows no disabled_reason, and enabling an endpoint already enabled keeps its failing_since', async () => {
    const { id } = await created();
    const off = await patch(id, { enabled: false });
    expect(off.body.webhook_endpoint).toMatchObject({ enabled: false, disabled_reason: null, disabled_at: null });
    await patch(id, { enabled: true });
    await t.sql`update webhook_endpoints set failing_since = now() - interval '1 hour' where id = ${id}`;
    await patch(id, { enabled: true });
    const [row] = await t.sql`select failing_since from webhook_endpoints where id = ${id}`;
    expect(row!.failing_since).not.toBeNull();
  });

  it.each([
    ['an empty body', {}, ''],
    ['a private url', { url: 'https://192.168.1.10/x' }, 'url'],
    ['a name resolving to loopback', { url: 'https://localhost:8443/x' }, 'url'],
    ['an unknown type', { events: ['lead.vanished'] }, 'events.0'],
    ['enabled as a string', { enabled: 'yes' }, 'enabled'],
    ['an unknown field', { secret: 'x' }, 'secret'],
  ])('answers 400 for %s', async (_, body, field) => {
    const { id } = await created();
    const res = await patch(id, body);
    expectValidationOf(res, field);
    await expectMatchesSpec(t, 'PATCH', ONE, res);
  });

  it('replays under a repeated Idempotency-Key, and 404s for an unknown endpoint', async () => {
    const { id } = await created();
    const key = randomUUID();
    const first = await patch(id, { description: 'once' }, owner.key, key);
    await patch(id, { description: 'twice' });
    const again = await patch(id, { description: 'once' }, owner.key, key);
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    expect(again.text).toBe(first.text);
    expect((await patch(id, { description: 'other' }, owner.key, key)).status).toBe(409);
    expect((await patch('whe_unknown', { description: 'x' })).status).toBe(404);
  });
});

describe('DELETE /api/v1/webhook-endpoints/{id}', () => {
  it('deletes the endpoint with its deliveries and drops its waiting job; a replay answers the same, a new request 404', async () => {
    const { id } = await created();
    const sent = await write('POST', `${COLLECTION}/${id}/test`, {});
    expect(sent.status).toBe(202);
    const deliveryId = sent.body.webhook_event.deliveries[0].id;
    expect(await dispatchDueDeliveries(t.sql)).toContain(id);
    const jobKey = `webhook_endpoint:${id}`;
    expect(await t.sql`select 1 from graphile_worker.jobs where key = ${jobKey}`).toHaveLength(1);
    const key = randomUUID();
    const res = await write('DELETE', `${COLLECTION}/${id}`, {}, owner.key, key);
    expect(res.status).toBe(200);
    await expectMatchesSpec(t, 'DELETE', ONE, res);
    expect(res.body).toEqual({ deleted: true, webhook_endpoint_id: id });
    expect(await t.sql`select 1 from webhook_deliveries where id = ${deliveryId}`).toHaveLength(0);
    expect(await t.sql`select 1 from graphile_worker.jobs where key = ${jobKey}`).toHaveLength(0);
    expect((await get(id)).status).toBe(404);
    const replay = await write('DELETE', `${COLLECTION}/${id}`, {}, owner.key, key);
    expect([replay.status, replay.text]).toEqual([200, res.text]);
    const again = await write('DELETE', `${COLLECTION}/${id}`, {});
    expect(again.status).toBe(404);
    await expectMatchesSpec(t, 'DELETE', ONE, again);
  });
});

describe('POST /api/v1/webhook-endpoints/{id}/rotate-secret', () => {
  const rotate = (id: string, idem?: string) => write('POST', `${COLLECTION}/${id}/rotate-secret`, {}, owner.key, idem);

  it('answers a new secret; the old one keeps signing for 24 hours as the previous', async () => {
    const { id, secret: first } = await created();
    const res = await rotate(id);
    expect(res.status).toBe(200);
    await expectMatchesSpec(t, 'POST', `${ONE}/rotate-secret`, res);
    const second = res.body.webhook_endpoint.secret;
    expect(second).toMatch(/^whsec_/);
    expect(second).not.toBe(first);
    const columns = await sealedColumns(id);
    expect(await open(columns.secret_sealed)).toBe(second);
    expect(await open(columns.previous_secret_sealed!)).toBe(first);
    const hours = (columns.previous_secret_expires_at!.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    expect(res.body.webhook_endpoint.previous_secret_expires_at).toBe(
      columns.previous_secret_expires_at!.toISOString(),
    );
    expect((await get(id)).text).not.toContain('whsec_');
  });

  it('a second rotation within the 24 hours makes the newest previous secret the previous one: the oldest stops at once', async () => {
    const { id } = await created();
    const second = (await rotate(id)).body.webhook_endpoint.secret;
    const third = (await rotate(id)).body.webhook_endpoint.secret;
    const columns = await sealedColumns(id);
    expect(await open(columns.secret_sealed)).toBe(third);
    expect(await open(columns.previous_secret_sealed!)).toBe(second);
  });

  it('shows no previous_secret_expires_at once the overlap is over', async () => {
    const { id } = await created();
    await rotate(id);
    await t.sql`update webhook_endpoints set previous_secret_expires_at = now() - interval '1 second' where id = ${id}`;
    expect((await get(id)).body.webhook_endpoint.previous_secret_expires_at).toBeNull();
  });

  it('replays the same secret under a repeated Idempotency-Key without rotating again', async () => {
    const { id } = await created();
    const key = randomUUID();
    const first = await rotate(id, key);
    const before = await sealedColumns(id);
    const again = await rotate(id, key);
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    expect(again.text).toBe(first.text);
    expect(await sealedColumns(id)).toEqual(before);
    const [kept] = await t.sql`select response_body from idempotency_records where key = ${key}`;
    expect(kept!.response_body).not.toContain(first.body.webhook_endpoint.secret.slice('whsec_'.length));
  });
});

describe('POST /api/v1/webhook-endpoints/{id}/test', () => {
  it('records a webhook_endpoint.test event holding the endpoint and queues one delivery, to that endpoint only', async () => {
    const tenant = await t.tenant();
    const target = await created(tenant, { url: 'https://hooks.example.com/target', events: ['lead.created'] });
    const bystander = await created(tenant, { url: 'https://hooks.example.com/all', events: ['*'] });
    const res = await write('POST', `${COLLECTION}/${target.id}/test`, {}, tenant.key);
    expect(res.status).toBe(202);
    await expectMatchesSpec(t, 'POST', `${ONE}/test`, res);
    const event = res.body.webhook_event;
    expect(event).toEqual({
      id: expect.stringMatching(/^evt_/),
      type: 'webhook_endpoint.test',
      created_at: expect.any(String),
      data: { object: (await get(target.id, tenant.key)).body.webhook_endpoint },
      deliveries: [
        {
          id: expect.stringMatching(/^whd_/),
          endpoint_id: target.id,
          status: 'pending',
          attempt_count: 0,
          next_attempt_at: expect.any(String),
          attempts: [],
        },
      ],
    });
    expect(res.text).not.toContain('whsec_');
    const deliveries = await t.sql`select endpoint_id from webhook_deliveries where event_id = ${event.id}`;
    expect(deliveries).toEqual([{ endpoint_id: target.id }]);
    expect(await t.sql`select 1 from webhook_deliveries where endpoint_id = ${bystander.id}`).toHaveLength(0);
    // Due now, for the next dispatcher tick to find: the request enqueued no job.
    expect(
      await t.sql`select 1 from graphile_worker._private_jobs where payload->>'endpoint_id' = ${target.id}`,
    ).toEqual([]);
    const listed = await t.request('GET', '/api/v1/webhook-events?type=webhook_endpoint.test', { key: tenant.key });
    expect(listed.body.webhook_events.map((e: { id: string }) => e.id)).toEqual([event.id]);
  });

  it('answers 409 for a disabled endpoint and records nothing', async () => {
    const tenant = await t.tenant();
    const { id } = await created(tenant);
    await write('PATCH', `${COLLECTION}/${id}`, { enabled: false }, tenant.key);
    const res = await write('POST', `${COLLECTION}/${id}/test`, {}, tenant.key);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('CONFLICT');
    await expectMatchesSpec(t, 'POST', `${ONE}/test`, res);
    expect(await t.sql`select 1 from webhook_events where workspace_id = ${tenant.workspaceId}`).toHaveLength(0);
  });

  it('replays the first answer under a repeated Idempotency-Key and records one event', async () => {
    const tenant = await t.tenant();
    const { id } = await created(tenant);
    const key = randomUUID();
    const first = await write('POST', `${COLLECTION}/${id}/test`, {}, tenant.key, key);
    const again = await write('POST', `${COLLECTION}/${id}/test`, {}, tenant.key, key);
    expect([again.status, again.text, again.headers.get('idempotency-replayed')]).toEqual([202, first.text, 'true']);
    expect(await t.sql`select 1 from webhook_events where workspace_id = ${tenant.workspaceId}`).toHaveLength(1);
  });
});

describe('tenancy and scope', () => {
  const operations = (id: string): [string, string, string, unknown][] => [
    ['GET', `${COLLECTION}/${id}`, ONE, undefined],
    ['PATCH', `${COLLECTION}/${id}`, ONE, { description: 'hijacked' }],
    ['DELETE', `${COLLECTION}/${id}`, ONE, {}],
    ['POST', `${COLLECTION}/${id}/rotate-secret`, `${ONE}/rotate-secret`, {}],
    ['POST', `${COLLECTION}/${id}/test`, `${ONE}/test`, {}],
    ['GET', `${COLLECTION}/${id}/deliveries`, `${ONE}/deliveries`, undefined],
    [
      'POST',
      `${COLLECTION}/${id}/deliveries/whd_00000000000000000000/resend`,
      `${ONE}/deliveries/{webhook_delivery_id}/resend`,
      {},
    ],
  ];

  it("answers 404 for another workspace's endpoint on get, patch, delete, rotate, test, deliveries and resend, and changes nothing", async () => {
    const { id } = await created();
    const before = await t.sql`select * from webhook_endpoints where id = ${id}`;
    const stranger = await t.tenant();
    for (const [method, path, template, body] of operations(id)) {
      const res =
        body === undefined
          ? await t.request(method, path, { key: stranger.key })
          : await write(method, path, body, stranger.key);
      expect(res.status, `${method} ${path}`).toBe(404);
      await expectMatchesSpec(t, method, template, res);
    }
    expect(await t.sql`select * from webhook_endpoints where id = ${id}`).toEqual(before);
    expect(await t.sql`select 1 from webhook_events where workspace_id = ${stranger.workspaceId}`).toHaveLength(0);
  });

  it('answers 403 to a key without webhooks.manage on every operation, and 401 without a key', async () => {
    const { id } = await created();
    const reader = await t.keyFor(owner.workspaceId, ['leads.read', 'leads.write']);
    const all: [string, string, string, unknown][] = [
      ['POST', COLLECTION, COLLECTION, VALID],
      ['GET', COLLECTION, COLLECTION, undefined],
      ...operations(id),
    ];
    for (const [method, path, template, body] of all) {
      const res =
        body === undefined ? await t.request(method, path, { key: reader }) : await write(method, path, body, reader);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error.code).toBe('FORBIDDEN');
      await expectMatchesSpec(t, method, template, res);
      expect((await t.request(method, path, { body })).status).toBe(401);
    }
  });
});

describe('examples', () => {
  it('every webhook route has one, and the OpenAPI document accepts its request and answer', async () => {
    for (const route of webhookRoutes) {
      const example = route.example;
      expect(example, route.operationId).toBeDefined();
      if (route.params)
        expect(route.params.safeParse(example!.params).success, `${route.operationId} params`).toBe(true);
      if (route.query)
        expect(route.query.safeParse(example!.query ?? {}).success, `${route.operationId} query`).toBe(true);
      if (route.body) expect(route.body.safeParse(example!.body).success, `${route.operationId} body`).toBe(true);
      const template = route.path.replace(/:([a-z_]+)/g, '{$1}');
      const { status, body } = example!.response;
      await expectMatchesSpec(t, route.method, template, {
        status,
        body,
        headers: new Headers(),
        text: JSON.stringify(body),
      });
    }
  });
});
