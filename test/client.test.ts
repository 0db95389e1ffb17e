import { createHmac, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, waitUntil, type Tenant, type TestContext } from './helpers/harness.ts';
import { HOUSE_JPG, HOUSE_ROOF_OUTLINE } from './fixtures/visualizer/photos.ts';
import {
  createPartnerClient,
  formData,
  idempotencyKey,
  verifyWebhook,
  WebhookVerificationError,
  type PartnerClient,
  type Schemas,
  type WebhookEvent,
} from '../clients/typescript/index.ts';

// The client as a partner uses it, against the real API and worker over HTTP. The
// `@ts-expect-error` lines are part of the test: `npm run typecheck` fails if the generated types
// stop refusing what the service refuses.

interface Delivery {
  headers: IncomingHttpHeaders;
  rawBody: string;
}

/** A partner's webhook receiver on loopback: it records each delivery's headers and raw body, and answers 200. */
async function startReceiver(): Promise<{ url: string; deliveries: Delivery[]; close: () => Promise<void> }> {
  const deliveries: Delivery[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      deliveries.push({ headers: req.headers, rawBody: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { url: `http://127.0.0.1:${port}/hooks`, deliveries, close };
}

let t: TestContext;
let tenant: Tenant;
let client: PartnerClient;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  receiver = await startReceiver();
  t = await createTestContext({ RATE_LIMIT_PER_MINUTE: '10000', WEBHOOK_ALLOW_PRIVATE: 'true' });
  await t.startWorker();
  tenant = await t.tenant();
  client = createPartnerClient({ baseUrl: t.baseUrl, apiKey: tenant.key });
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

/** A well-formed secret (`whsec_` + base64 of 32 bytes) that signed nothing here. */
const OTHER_SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;

const idempotent = () => ({ header: { 'Idempotency-Key': idempotencyKey() } });

describe('the TypeScript client against the running service', () => {
  it('creates a lead, reads it back, and replays a retry with the same Idempotency-Key', async () => {
    const params = idempotent();
    const body: Schemas['LeadWrite'] = {
      external_id: 'crm-2001',
      external_source: 'client-test',
      contact_name: 'Dana Whitfield',
      contact_phone: '(512) 555-0148',
    };
    const created = await client.POST('/api/v1/leads', { params, body });
    expect(created.response.status, JSON.stringify(created.error)).toBe(201);
    const lead = created.data!.lead;
    expect(lead).toMatchObject({
      external_id: 'crm-2001',
      contact_name: 'Dana Whitfield',
      contact_phone: '5125550148',
    });

    const read = await client.GET('/api/v1/leads/{lead_id}', { params: { path: { lead_id: lead.id } } });
    expect(read.response.status).toBe(200);
    expect(read.data!.lead).toEqual(lead);

    const retry = await client.POST('/api/v1/leads', { params, body });
    expect(retry.response.headers.get('idempotency-replayed')).toBe('true');
    expect(retry.data!.lead.id).toBe(lead.id);
  });

  it('refuses at compile time what the service refuses at run time, and types the error envelope', async () => {
    // @ts-expect-error contact_nam is no field of a lead: the types refuse it as the service does
    const misnamed: Schemas['LeadWrite'] = { contact_nam: 'Dana Whitfield', contact_phone: '5125550148' };
    const wrong = await client.POST('/api/v1/leads', { params: idempotent(), body: misnamed });
    expect(wrong.response.status).toBe(400);
    expect(wrong.error!.error.code).toBe('VALIDATION_ERROR');
    expect(wrong.data).toBeUndefined();

    const mistyped = await client.POST('/api/v1/leads', {
      params: idempotent(),
      // @ts-expect-error a phone is a string
      body: { contact_name: 'Dana Whitfield', contact_phone: 5125550148 },
    });
    expect(mistyped.response.status).toBe(400);

    const missing = await client.GET('/api/v1/leads/{lead_id}', { params: { path: { lead_id: 'lead_none' } } });
    expect(missing.response.status).toBe(404);
    expect(missing.error!.error.code).toBe('NOT_FOUND');
    // @ts-expect-error an answer has no field the document does not name
    expect(missing.data?.lead.contact_nam).toBeUndefined();
  });

  it('upserts a batch of leads, one result per item in order', async () => {
    const res = await client.POST('/api/v1/leads/batch', {
      params: idempotent(),
      body: {
        leads: [
          {
            external_id: 'crm-2101',
            external_source: 'client-test',
            contact_name: 'Ana Ruiz',
            contact_phone: '5125550101',
          },
          {
            external_id: 'crm-2102',
            external_source: 'client-test',
            contact_name: 'Ben Okafor',
            contact_phone: '5125550102',
          },
        ],
      },
    });
    expect(res.response.status, JSON.stringify(res.error)).toBe(200);
    expect(res.data!.results.map((r) => [r.index, r.status, r.created, r.lead?.contact_name])).toEqual([
      [0, 201, true, 'Ana Ruiz'],
      [1, 201, true, 'Ben Okafor'],
    ]);
  });

  it('imports a shipped report sample as multipart and reads the parsed report', async () => {
    const csv = await readFile(new URL('../samples/reports/roof-measurements.csv', import.meta.url));
    const imported = await client.POST('/api/v1/reports/import', {
      params: idempotent(),
      body: {
        files: [new File([new Uint8Array(csv)], 'roof-measurements.csv', { type: 'text/csv' })],
        external_report_id: 'CLIENT-1',
      },
      bodySerializer: formData,
    });
    expect(imported.response.status, JSON.stringify(imported.error)).toBe(201);
    const { report } = imported.data!;
    expect(report).toMatchObject({ status: 'importing', external_report_id: 'CLIENT-1' });

    let parsed: Schemas['Report'] | undefined;
    const done = await waitUntil(async () => {
      const { data } = await client.GET('/api/v1/reports/{report_id}', { params: { path: { report_id: report.id } } });
      parsed = data?.report;
      return parsed !== undefined && parsed.status !== 'importing';
    }, 20_000);
    expect(done, 'the import finished').toBe(true);
    expect(parsed!.status).toBe('draft');
    expect(parsed!.summary).toMatchObject({
      address: '1207 Juniper Street, Maple Falls, WI 53088',
      total_area_sqft: 2215.5,
      predominant_pitch: '6/12',
    });
  });

  it('generates a visualization with the local provider and answers it completed', async () => {
    const catalog = await client.GET('/api/v1/visualizer/catalog');
    expect(catalog.response.status).toBe(200);
    const { materials, colors, shapes } = catalog.data!;
    const created = await client.POST('/api/v1/visualizations', {
      params: idempotent(),
      body: {
        session_id: 'sess-client',
        original_image_url: `data:image/jpeg;base64,${HOUSE_JPG.toString('base64')}`,
        material_id: materials[0]!.id,
        color_id: colors[0]!.id,
        shape_id: shapes[0]!.id,
        // An outline from the start: the photo needs no embedding to find its roof.
        roof_outline: HOUSE_ROOF_OUTLINE,
      },
    });
    expect(created.response.status, JSON.stringify(created.error)).toBe(201);
    const id = created.data!.visualization.id;

    const generated = await client.POST('/api/v1/visualizations/{visualization_id}/generate', {
      params: { ...idempotent(), path: { visualization_id: id } },
      body: {},
    });
    expect(generated.response.status, JSON.stringify(generated.error)).toBe(200);
    expect(generated.data!.visualization).toMatchObject({ id, status: 'completed', processing_error: null });
    expect(generated.data!.visualization.generated_image_url).toEqual(expect.any(String));
  });

  it('receives webhook deliveries and verifies them with the endpoint secret', async () => {
    const endpoint = await client.POST('/api/v1/webhook-endpoints', {
      params: idempotent(),
      body: { url: receiver.url, events: ['lead.created'] },
    });
    expect(endpoint.response.status, JSON.stringify(endpoint.error)).toBe(201);
    const { id: endpointId, secret } = endpoint.data!.webhook_endpoint;

    const test = await client.POST('/api/v1/webhook-endpoints/{webhook_endpoint_id}/test', {
      params: { ...idempotent(), path: { webhook_endpoint_id: endpointId } },
      body: {},
    });
    expect(test.response.status, JSON.stringify(test.error)).toBe(202);
    const lead = await client.POST('/api/v1/leads', {
      params: idempotent(),
      body: { contact_name: 'Webhook Homeowner', contact_phone: '5125550199' },
    });
    expect(lead.response.status).toBe(201);

    const arrived = await waitUntil(async () => receiver.deliveries.length >= 2, 20_000);
    expect(arrived, 'both deliveries arrived').toBe(true);
    const events: WebhookEvent[] = receiver.deliveries.map((d) => verifyWebhook(d.rawBody, d.headers, secret));
    expect(events.map((e) => e.type).sort()).toEqual(['lead.created', 'webhook_endpoint.test']);
    const created = events.find((e) => e.type === 'lead.created');
    // Narrowed on `type`: data.object is a Lead.
    if (created?.type !== 'lead.created') throw new Error('no lead.created event');
    expect(created.data.object).toMatchObject({ id: lead.data!.lead.id, contact_name: 'Webhook Homeowner' });

    const [delivery] = receiver.deliveries as [Delivery];
    const verify =
      (rawBody: string, secrets: string | string[], headers = delivery.headers) =>
      () =>
        verifyWebhook(rawBody, headers, secrets);
    expect(verify(delivery.rawBody, [OTHER_SECRET, secret])).not.toThrow();
    expect(verify(delivery.rawBody.replace('}', ' }'), secret)).toThrow(WebhookVerificationError);
    expect(verify(delivery.rawBody, OTHER_SECRET)).toThrow(WebhookVerificationError);
    expect(verify(delivery.rawBody, secret, { ...delivery.headers, 'webhook-signature': undefined })).toThrow(
      /no Webhook-Signature header/,
    );
    // Replayed ten minutes later, the same delivery is refused.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 10 * 60_000);
      expect(verify(delivery.rawBody, secret)).toThrow(WebhookVerificationError);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the TypeScript client on its own', () => {
  it('sends the key, and Partner-Version only when one is given', async () => {
    const sent: Headers[] = [];
    const fetchRecording = async (request: Request) => {
      sent.push(request.headers);
      return Response.json({ error: { code: 'NOT_FOUND', message: 'recorded', request_id: 'req_x' } }, { status: 404 });
    };
    const base = { baseUrl: 'https://partners.example.com', apiKey: 'pk_demo_secret', fetch: fetchRecording };
    await createPartnerClient(base).GET('/api/v1/me');
    await createPartnerClient({ ...base, partnerVersion: '2026-11-27' }).GET('/api/v1/me');
    expect(sent.map((h) => [h.get('authorization'), h.get('partner-version')])).toEqual([
      ['Bearer pk_demo_secret', null],
      ['Bearer pk_demo_secret', '2026-11-27'],
    ]);
  });

  it('makes a new Idempotency-Key each call', () => {
    const keys = new Set(Array.from({ length: 100 }, idempotencyKey));
    expect(keys.size).toBe(100);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('verifies a Standard Webhooks delivery with the standardwebhooks library, any of the secrets given', () => {
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    const rawBody = JSON.stringify({
      id: 'evt_standard',
      type: 'webhook_endpoint.test',
      created_at: '2026-11-27T12:00:00.000Z',
      data: {},
    });
    const signedAt = new Date();
    const headers = new Headers({
      'webhook-id': 'evt_standard',
      'webhook-timestamp': String(Math.floor(signedAt.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign('evt_standard', signedAt, rawBody),
    });
    expect(headers.get('webhook-signature')).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(verifyWebhook(rawBody, headers, [OTHER_SECRET, secret])).toMatchObject({ id: 'evt_standard' });
    expect(() => verifyWebhook(rawBody, headers, OTHER_SECRET)).toThrow(/Standard Webhooks signature does not verify/);
    expect(() => verifyWebhook(rawBody, headers, 'whsec_not-base64!')).toThrow(WebhookVerificationError);
    expect(() => verifyWebhook(rawBody.replace('test', 'tesT'), headers, secret)).toThrow(WebhookVerificationError);
    const old = new Date(signedAt.getTime() - 10 * 60_000);
    const replayed = new Headers(headers);
    replayed.set('webhook-timestamp', String(Math.floor(old.getTime() / 1000)));
    replayed.set('webhook-signature', new Webhook(secret).sign('evt_standard', old, rawBody));
    expect(() => verifyWebhook(rawBody, replayed, secret)).toThrow(/too old/);
  });

  it('verifies a `t=…,v1=<hex>` delivery signed as the guide documents it, any of the secrets given', () => {
    // The documented scheme, computed here from the guide's words: HMAC-SHA256 of "<t>.<raw body>".
    const rawBody = JSON.stringify({
      id: 'evt_legacy',
      type: 'webhook_endpoint.test',
      created_at: '2026-11-27T12:00:00.000Z',
      data: {},
    });
    const sign = (secret: string, t: number) => createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');
    const secret = 'whsec_current';
    const t = Math.floor(Date.now() / 1000);
    const rotating = { 'Webhook-Signature': `t=${t},v1=${sign('whsec_previous', t)},v1=${sign(secret, t)}` };
    expect(verifyWebhook(rawBody, rotating, secret)).toMatchObject({ id: 'evt_legacy' });
    expect(verifyWebhook(rawBody, rotating, ['whsec_previous'])).toMatchObject({ id: 'evt_legacy' });
    expect(() => verifyWebhook(rawBody, rotating, 'whsec_other')).toThrow(/No signature of the delivery matches/);
    expect(() => verifyWebhook(`${rawBody} `, rotating, secret)).toThrow(WebhookVerificationError);
    const old = t - 301;
    expect(() => verifyWebhook(rawBody, { 'webhook-signature': `t=${old},v1=${sign(secret, old)}` }, secret)).toThrow(
      /beyond 300 s/,
    );
  });
});
