import { createHmac, randomUUID } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { migrate as graphileMigrate } from 'graphile-migrate';
import { Logger } from '@graphile/logger';
import { runMigrations as workerMigrations } from 'graphile-worker';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { createTestContext, waitUntil, type Tenant, type TestContext } from './helpers/harness.ts';
import { expectMatchesSpec } from './helpers/openapi.ts';
import { DELIVERING_LOCALLY, startReceiver, type Received, type Receiver } from './helpers/webhookReceiver.ts';
import { addEndpoint, recordEvents } from './helpers/webhooks.ts';
import { newWebhookSecret } from '../core/webhookSecrets.ts';
import { createSql } from '../storage/db.ts';
import { migrateDatabase } from '../storage/migrate.ts';

const committedFolder = join(import.meta.dirname, '..', 'migrations', 'committed');

// Deliveries verified with the published Standard Webhooks library, as a partner would: never
// with the service's own signing code.

let t: TestContext;
let owner: Tenant;
let receiver: Receiver;
beforeAll(async () => {
  t = await createTestContext(DELIVERING_LOCALLY);
  await t.startWorker({ concurrency: 2 });
  // The first request to /flaky fails, every other one is acknowledged.
  let flakyTries = 0;
  receiver = await startReceiver((n) => {
    const path = receiver.received[n]!.path;
    return path === '/flaky' && flakyTries++ === 0 ? { status: 503 } : { status: 204 };
  });
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});
beforeEach(async () => {
  owner = await t.tenant();
});

const COLLECTION = '/api/v1/webhook-endpoints';
const ROTATE = `${COLLECTION}/{webhook_endpoint_id}/rotate-secret`;

const write = (method: string, path: string, body: unknown, key = owner.key) =>
  t.request(method, path, { key, body, headers: { 'idempotency-key': randomUUID() } });
const rotate = (id: string, body: unknown = {}) => write('POST', `${COLLECTION}/${id}/rotate-secret`, body);

async function endpointFor(path: string): Promise<{ id: string; secret: string; signature_scheme: string }> {
  const res = await write('POST', COLLECTION, { url: receiver.url(path), events: ['*'] });
  expect(res.status).toBe(201);
  return res.body.webhook_endpoint;
}

/** The requests received at `path` once there are `count` of them. */
async function receivedAt(path: string, count: number): Promise<Received[]> {
  const at = () => receiver.received.filter((r) => r.path === path);
  expect(await waitUntil(async () => at().length >= count, 20_000), `${count} at ${path}`).toBe(true);
  return at();
}

const headersOf = (r: Received) => r.headers as Record<string, string>;

/** The library's verdict: the event, or the error it threw. */
function verify(secret: string, body: string, headers: Record<string, string>): unknown {
  try {
    return new Webhook(secret).verify(body, headers);
  } catch (err) {
    return err;
  }
}

const accepted = (secret: string, r: Received) => !(verify(secret, r.body, headersOf(r)) instanceof Error);

describe('Standard Webhooks signatures', () => {
  it('signs a new endpoint’s deliveries so the standardwebhooks library accepts them, and refuses a tampered body or another secret', async () => {
    const endpoint = await endpointFor('/standard');
    expect(endpoint.signature_scheme).toBe('standard_webhooks');
    expect(Buffer.from(endpoint.secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    const [eventId] = await recordEvents(t.sql, owner.workspaceId, ['lead.created']);
    const [delivery] = await receivedAt('/standard', 1);
    const headers = headersOf(delivery!);
    expect(headers['webhook-id']).toBe(eventId);
    expect(Math.abs(Number(headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(120);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(verify(endpoint.secret, delivery!.body, headers)).toEqual(JSON.parse(delivery!.body));

    const tampered = delivery!.body.replace('Homeowner', 'Homeowner!');
    expect(tampered).not.toBe(delivery!.body);
    expect(verify(endpoint.secret, tampered, headers)).toBeInstanceOf(WebhookVerificationError);
    expect(verify(newWebhookSecret(), delivery!.body, headers)).toBeInstanceOf(WebhookVerificationError);
    const otherId = { ...headers, 'webhook-id': 'evt_00000000000000000000' };
    expect(verify(endpoint.secret, delivery!.body, otherId)).toBeInstanceOf(WebhookVerificationError);
  });

  it('keeps webhook-id across retries and signs each try afresh', async () => {
    const endpoint = await endpointFor('/flaky');
    const [eventId] = await recordEvents(t.sql, owner.workspaceId, ['lead.updated']);
    const tries = await receivedAt('/flaky', 2);
    expect(tries.map((r) => r.headers['webhook-id'])).toEqual([eventId, eventId]);
    expect(tries.every((r) => accepted(endpoint.secret, r))).toBe(true);
  });

  it('signs with the old and the new secret during the overlap, and with the new one alone once the stored expiry passes', async () => {
    const endpoint = await endpointFor('/rotating');
    const res = await rotate(endpoint.id);
    expect(res.status).toBe(200);
    await expectMatchesSpec(t, 'POST', ROTATE, res);
    const rotated = res.body.webhook_endpoint;
    const hours = (Date.parse(rotated.previous_secret_expires_at) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    await recordEvents(t.sql, owner.workspaceId, ['lead.created']);
    const [during] = await receivedAt('/rotating', 1);
    expect(String(during!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect([accepted(rotated.secret, during!), accepted(endpoint.secret, during!)]).toEqual([true, true]);

    // The overlap ends when the stored expiry passes: moved, not waited for.
    await t.sql`update webhook_endpoints set previous_secret_expires_at = now() - interval '1 second' where id = ${endpoint.id}`;
    await recordEvents(t.sql, owner.workspaceId, ['lead.created']);
    const [, after] = await receivedAt('/rotating', 2);
    expect(String(after!.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect([accepted(rotated.secret, after!), accepted(endpoint.secret, after!)]).toEqual([true, false]);
  });

  it('takes overlap_seconds from 0 (the old secret stops at once) to 7 days, and refuses values outside', async () => {
    const endpoint = await endpointFor('/overlap');
    const week = await rotate(endpoint.id, { overlap_seconds: 604_800 });
    expect(week.status).toBe(200);
    const days = (Date.parse(week.body.webhook_endpoint.previous_secret_expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    const none = await rotate(endpoint.id, { overlap_seconds: 0 });
    expect(none.status).toBe(200);
    expect(none.body.webhook_endpoint.previous_secret_expires_at).toBeNull();
    await recordEvents(t.sql, owner.workspaceId, ['lead.created']);
    const [delivery] = await receivedAt('/overlap', 1);
    expect(String(delivery!.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(accepted(none.body.webhook_endpoint.secret, delivery!)).toBe(true);
    expect(accepted(week.body.webhook_endpoint.secret, delivery!)).toBe(false);

    for (const body of [{ overlap_seconds: 604_801 }, { overlap_seconds: -1 }, { overlap_seconds: 1.5 }]) {
      const res = await rotate(endpoint.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.details.issues[0].path).toBe('overlap_seconds');
      await expectMatchesSpec(t, 'POST', ROTATE, res);
    }
  });
});

describe('legacy endpoints (created before Standard Webhooks)', () => {
  /** The documented legacy check, from the partner guide: whether `secret` made one of the header's v1 values. */
  function legacySigned(r: Received, secret: string): boolean {
    const fields = String(r.headers['webhook-signature']).split(',');
    const ts = fields.find((f) => f.startsWith('t='))?.slice(2);
    const expected = createHmac('sha256', secret).update(`${ts}.${r.body}`).digest('hex');
    return fields.some((f) => f === `v1=${expected}`);
  }

  it('keep the t=…,v1=<hex> signature beside webhook-id and webhook-timestamp, until a rotation moves them to Standard Webhooks', async () => {
    const legacy = await addEndpoint(t.sql, t.config.WEBHOOK_SECRETS_KEY, owner.workspaceId, receiver.url('/legacy'), {
      signatureScheme: 'legacy',
    });
    const [eventId] = await recordEvents(t.sql, owner.workspaceId, ['lead.created']);
    const [before] = await receivedAt('/legacy', 1);
    expect(before!.headers['webhook-id']).toBe(eventId);
    expect(before!.headers['webhook-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(before!.headers['webhook-signature']).toContain(`t=${before!.headers['webhook-timestamp']},`);
    expect(legacySigned(before!, legacy.secret)).toBe(true);
    expect(accepted(legacy.secret, before!)).toBe(false);

    // A plain rotation keeps the scheme and the overlap.
    const plain = await rotate(legacy.id);
    expect(plain.body.webhook_endpoint).toMatchObject({
      signature_scheme: 'legacy',
      previous_secret_expires_at: expect.any(String),
    });
    // A move to Standard Webhooks has no overlap: the previous secret's format is no longer sent.
    const refused = await rotate(legacy.id, { signature_scheme: 'standard_webhooks', overlap_seconds: 60 });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details.issues[0].path).toBe('overlap_seconds');
    const moved = await rotate(legacy.id, { signature_scheme: 'standard_webhooks' });
    expect(moved.status).toBe(200);
    await expectMatchesSpec(t, 'POST', ROTATE, moved);
    expect(moved.body.webhook_endpoint).toMatchObject({
      signature_scheme: 'standard_webhooks',
      previous_secret_expires_at: null,
    });
    await recordEvents(t.sql, owner.workspaceId, ['lead.created']);
    const [, after] = await receivedAt('/legacy', 2);
    expect(accepted(moved.body.webhook_endpoint.secret, after!)).toBe(true);
    expect(accepted(plain.body.webhook_endpoint.secret, after!)).toBe(false);
    expect(String(after!.headers['webhook-signature'])).not.toContain('t=');
  });

  it('are what migration 000030 makes of the endpoints it finds; endpoints inserted since default to Standard Webhooks', async () => {
    const name = `m_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const admin = createSql(`${inject('pgServerUrl')}/postgres`, 1);
    const url = `${inject('pgServerUrl')}/${name}`;
    const before = await mkdtemp(join(tmpdir(), 'partner-api-migrations-'));
    await admin.unsafe(`create database ${name}`);
    const sql = createSql(url, 1);
    try {
      // The database as it was before this migration, with an endpoint and a delivery.
      await mkdir(join(before, 'committed'));
      for (const file of (await readdir(committedFolder)).sort())
        if (Number.parseInt(file, 10) < 30)
          await copyFile(join(committedFolder, file), join(before, 'committed', file));
      await workerMigrations({ connectionString: url });
      await graphileMigrate({ connectionString: url, migrationsFolder: before, logger: new Logger(() => () => {}) });
      await sql`insert into workspaces (id, name) values ('ws_old', 'Old')`;
      await sql`insert into webhook_endpoints (id, workspace_id, url, events, secret_sealed)
        values ('whe_old', 'ws_old', 'https://old.example.com', '{*}', '\\x00')`;

      await migrateDatabase(url);
      await sql`insert into webhook_endpoints (id, workspace_id, url, events, secret_sealed)
        values ('whe_new', 'ws_old', 'https://new.example.com', '{*}', '\\x00')`;
      const schemes = await sql`select id, signature_scheme from webhook_endpoints order by id`;
      expect(schemes).toEqual([
        { id: 'whe_new', signature_scheme: 'standard_webhooks' },
        { id: 'whe_old', signature_scheme: 'legacy' },
      ]);
    } finally {
      await sql.end();
      await admin.unsafe(`drop database ${name} with (force)`);
      await admin.end();
      await rm(before, { recursive: true, force: true });
    }
  });
});
