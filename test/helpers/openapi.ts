import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';
import type { TestContext, TestResponse } from './harness.ts';

type Doc = {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>
  >;
  components: { schemas: Record<string, unknown> };
};

const cache = new WeakMap<TestContext, { doc: Doc; ajv: InstanceType<typeof Ajv2020.default> }>();

/**
 * Asserts that a real response matches what the served OpenAPI document promises for that
 * operation and status, so the document and the behaviour are checked against each other.
 */
export async function expectMatchesSpec(t: TestContext, method: string, pathTemplate: string, res: TestResponse) {
  let entry = cache.get(t);
  if (!entry) {
    const doc = (await t.request('GET', '/api/v1/openapi.json')).body as Doc;
    const ajv = new Ajv2020.default({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addSchema({ $id: 'doc', components: doc.components });
    entry = { doc, ajv };
    cache.set(t, entry);
  }
  const op = entry.doc.paths[pathTemplate]?.[method.toLowerCase()];
  expect(op, `operation ${method} ${pathTemplate} in OpenAPI`).toBeDefined();
  const response = op!.responses[String(res.status)];
  expect(response, `status ${res.status} documented for ${method} ${pathTemplate}`).toBeDefined();
  const schema = response!.content?.['application/json']?.schema;
  if (!schema) return;
  const rewritten = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/'));
  const validate = entry.ajv.compile(rewritten);
  const ok = validate(res.body);
  expect(ok, `${method} ${pathTemplate} ${res.status}: ${JSON.stringify(validate.errors)}`).toBe(true);
}
