import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { createTestContext, type TestContext } from './helpers/harness.ts';
import { allRoutes } from '../api/routes/index.ts';
import { SCOPES } from '../core/scopes.ts';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT } from '../core/webhookEventTypes.ts';
import { legacySignatureHeader, newWebhookSecret, standardSignatureHeader } from '../core/webhookSecrets.ts';

type Json = Record<string, any>;
interface Operation {
  name: string;
  op: Json;
}

let t: TestContext;
let doc: Json;
let ajv: InstanceType<typeof Ajv2020.default>;
beforeAll(async () => {
  t = await createTestContext();
  doc = (await t.request('GET', '/api/v1/openapi.json')).body;
  ajv = new Ajv2020.default({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ $id: 'doc', components: doc.components });
});
afterAll(() => t.close());

/** Validates a value against a schema of the served document; the failure message names where and why. */
function expectValid(schema: unknown, value: unknown, where: string) {
  const validate = ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/')));
  expect(validate(value), `${where}: ${JSON.stringify(validate.errors)}`).toBe(true);
}

const operations = (): Operation[] =>
  Object.entries(doc.paths as Record<string, Json>).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
  );

describe('examples in the served OpenAPI document', () => {
  it('every operation shows a request when it takes one, and an answer', () => {
    const ops = operations();
    expect(ops.length).toBe(allRoutes.length);
    for (const { name, op } of ops) {
      const params = (op.parameters ?? []) as Json[];
      for (const p of params.filter((p) => p.in === 'path' || p.in === 'header')) {
        expect(p.example, `${name}: ${p.in} parameter ${p.name}`).toBeDefined();
      }
      const query = params.filter((p) => p.in === 'query');
      if (query.length)
        expect(
          query.some((p) => p.example !== undefined),
          `${name}: a query example`,
        ).toBe(true);
      for (const [type, media] of Object.entries((op.requestBody?.content ?? {}) as Record<string, Json>)) {
        expect(media.example, `${name}: ${type} request example`).toBeDefined();
      }
      const answers = Object.values(op.responses as Record<string, Json>).filter(
        (r) =>
          Object.values((r.content ?? {}) as Record<string, Json>).some((m) => m.example !== undefined) ||
          Object.values((r.headers ?? {}) as Record<string, Json>).some((h) => h.example !== undefined),
      );
      expect(answers, `${name}: one response example`).toHaveLength(1);
    }
  });

  it('every example is valid against its own schema', () => {
    let checked = 0;
    for (const { name, op } of operations()) {
      for (const p of (op.parameters ?? []) as Json[]) {
        if (p.example === undefined) continue;
        expectValid(p.schema, p.example, `${name} ${p.in} parameter ${p.name}`);
        checked++;
      }
      for (const [type, media] of Object.entries((op.requestBody?.content ?? {}) as Record<string, Json>)) {
        expectValid(media.schema, media.example, `${name} ${type} request`);
        checked++;
      }
      for (const [status, r] of Object.entries(op.responses as Record<string, Json>)) {
        for (const [type, media] of Object.entries((r.content ?? {}) as Record<string, Json>)) {
          if (media.example === undefined) continue;
          expectValid(media.schema, media.example, `${name} ${status} ${type}`);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(2 * allRoutes.length);
  });

  it('every request example passes the route’s own validation, stricter than its JSON Schema (phones, addresses, zones)', () => {
    for (const route of allRoutes) {
      const { params, query, body } = route.example;
      const name = route.operationId;
      if (route.params) expect(route.params.safeParse(params).success, `${name} params`).toBe(true);
      if (route.query) expect(route.query.safeParse(query ?? {}).error?.issues, `${name} query`).toBeUndefined();
      const bodySchema = route.body ?? route.rawBody?.schema;
      if (bodySchema) expect(bodySchema.safeParse(body).error?.issues, `${name} body`).toBeUndefined();
      else expect(body, `${name} takes no body`).toBeUndefined();
    }
  });
});

describe('webhooks in the served OpenAPI document', () => {
  it('lists one POST per event type and the test event, with both headers, an example and a 2xx acknowledgement', () => {
    expect(Object.keys(doc.webhooks).sort()).toEqual([...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT].sort());
    for (const [type, item] of Object.entries(doc.webhooks as Record<string, Json>)) {
      const op = item.post;
      expect(
        op.parameters.map((p: Json) => `${p.in}:${p.name}`),
        type,
      ).toEqual(['header:Webhook-Id', 'header:Webhook-Timestamp', 'header:Webhook-Signature']);
      expect(Object.keys(op.responses), type).toEqual(['2XX']);
      const media = op.requestBody.content['application/json'];
      expectValid(media.schema, media.example, `webhook ${type}`);
      expect(media.example.type, type).toBe(type);
      expect(media.example.id, type).toMatch(/^evt_[0-9a-hjkmnp-tv-z]{20}$/);
    }
  });

  it('has an entry, with its payload schema, for every event type an endpoint can subscribe to', () => {
    for (const type of WEBHOOK_EVENT_TYPES) {
      const media = doc.webhooks[type]?.post?.requestBody?.content?.['application/json'];
      expect(media?.schema, type).toBeDefined();
      expect(media?.example?.type, type).toBe(type);
    }
  });

  it('carries each resource as the API answers it', () => {
    const objectSchema = (type: string) => {
      const name = doc.webhooks[type].post.requestBody.content['application/json'].schema.$ref.split('/').pop();
      return doc.components.schemas[name].properties.data.properties.object.$ref;
    };
    const ref = (name: string) => `#/components/schemas/${name}`;
    for (const type of WEBHOOK_EVENT_TYPES) {
      const expected = type.startsWith('lead.')
        ? 'Lead'
        : type === 'conversion.created'
          ? 'Conversion'
          : type.startsWith('report.import.')
            ? 'Report'
            : type.startsWith('report.export.')
              ? 'ReportExportArtifact'
              : 'Visualization';
      expect(objectSchema(type), type).toBe(ref(expected));
    }
    expect(objectSchema(WEBHOOK_TEST_EVENT)).toBe(ref('WebhookEndpoint'));
  });
});

describe('the guide in info.description', () => {
  it('has every placeholder filled from the configuration and names every scope', () => {
    const guide: string = doc.info.description;
    expect(guide).not.toMatch(/\{\{|\}\}/);
    expect(guide).toContain(`**${t.config.RATE_LIMIT_PER_MINUTE} requests per minute**`);
    expect(guide).toContain(`kept for **${t.config.IDEMPOTENCY_TTL_HOURS} hours**`);
    for (const scope of SCOPES) expect(guide, scope).toContain(`\`${scope}\``);
    for (const route of allRoutes.filter((r) => r.idempotent)) {
      expect(guide).toContain(`\`${route.method.toUpperCase()} ${route.path.replace(/:(\w+)/g, '{$1}')}\``);
    }
  });

  /** The guide's js snippet that defines `name`, written beside node_modules (it may import packages) and imported. */
  async function guideSnippet(name: string): Promise<{ module: Record<string, any>; done: () => Promise<void> }> {
    const snippets = [...(doc.info.description as string).matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]!);
    const snippet = snippets.find((s) => s.includes(`export function ${name}`));
    expect(snippet, name).toBeDefined();
    const dir = await mkdtemp(join(import.meta.dirname, '..', '.guide-snippet-'));
    const file = join(dir, `${name}.mjs`);
    await writeFile(file, snippet!);
    return { module: await import(pathToFileURL(file).href), done: () => rm(dir, { recursive: true, force: true }) };
  }

  it('has a Standard Webhooks snippet that accepts what deliveries are signed with, and nothing else', async () => {
    const { module, done } = await guideSnippet('verifyStandardWebhook');
    try {
      const { verifyStandardWebhook } = module;
      const [oldSecret, newSecret] = [newWebhookSecret(), newWebhookSecret()];
      const id = 'evt_rj0pby71449fbpjdfhem';
      const body = JSON.stringify({ id, type: 'lead.created', data: { object: { id: 'lead_1' } } });
      const now = Math.floor(Date.now() / 1000);
      const headers = (signature: string, t = now) => ({
        'webhook-id': id,
        'webhook-timestamp': String(t),
        'webhook-signature': signature,
      });
      const rotating = standardSignatureHeader([newSecret, oldSecret], id, now, body);
      expect(verifyStandardWebhook(body, headers(rotating), oldSecret)).toEqual(JSON.parse(body));
      expect(verifyStandardWebhook(body, headers(rotating), newSecret).id).toBe(id);
      expect(() => verifyStandardWebhook(body.replace('lead_1', 'lead_2'), headers(rotating), newSecret)).toThrow(
        'No matching signature found',
      );
      expect(() => verifyStandardWebhook(body, headers(rotating), newWebhookSecret())).toThrow(
        'No matching signature found',
      );
      const old = now - 301;
      const stale = standardSignatureHeader([newSecret], id, old, body);
      expect(() => verifyStandardWebhook(body, headers(stale, old), newSecret)).toThrow('Message timestamp too old');
    } finally {
      await done();
    }
  });

  it('has a legacy verification snippet that accepts what legacy deliveries are signed with, and nothing else', async () => {
    const { module, done } = await guideSnippet('verifyWebhook');
    try {
      const { verifyWebhook } = module;
      const oldSecret = 'whsec_7Lr2o0vP3sQy9mVb6nXc1ZaK4dJf8HgTt5UeWiRkNl0';
      const newSecret = 'whsec_Q1w2E3r4T5y6U7i8O9p0AaSsDdFfGgHhJjKkLlZzXxC';
      const body = JSON.stringify({
        id: 'evt_rj0pby71449fbpjdfhem',
        type: 'lead.created',
        data: { object: { id: 'lead_1' } },
      });
      const now = 1_773_342_262;
      const rotating = legacySignatureHeader([newSecret, oldSecret], now, body);
      expect(verifyWebhook(body, rotating, oldSecret, now + 10)).toEqual(JSON.parse(body));
      expect(verifyWebhook(body, rotating, newSecret, now + 10).id).toBe('evt_rj0pby71449fbpjdfhem');
      expect(() => verifyWebhook(body.replace('lead_1', 'lead_2'), rotating, newSecret, now)).toThrow(
        'signature does not match',
      );
      expect(() => verifyWebhook(body, rotating, 'whsec_someone_else', now)).toThrow('signature does not match');
      expect(() => verifyWebhook(body, rotating, newSecret, now + 301)).toThrow('timestamp missing or too old');
      expect(() => verifyWebhook(body, rotating.replace(/^t=\d+/, `t=${now + 1}`), newSecret, now)).toThrow(
        'signature does not match',
      );
    } finally {
      await done();
    }
  });
});
