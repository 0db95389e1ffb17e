import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { createTestContext, type TestContext } from './helpers/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

// The spec's endpoint table, verbatim: method, path.
const SPEC_OPERATIONS = `
GET /api/v1/me
GET /api/v1/leads
POST /api/v1/leads
GET /api/v1/leads/export
GET /api/v1/leads/{lead_id}
PATCH /api/v1/leads/{lead_id}
DELETE /api/v1/leads/{lead_id}
GET /api/v1/leads/{lead_id}/conversions
POST /api/v1/leads/{lead_id}/conversions
GET /api/v1/leads/{lead_id}/roof
GET /api/v1/reports
POST /api/v1/reports/import
GET /api/v1/reports/{report_id}
POST /api/v1/reports/{report_id}/export
GET /api/v1/reports/exports/{export_id}
GET /api/v1/reports/exports/{export_id}/download
POST /api/v1/visualizations
GET /api/v1/visualizations/{visualization_id}
POST /api/v1/visualizations/{visualization_id}/generate
GET /api/v1/sessions/{session_id}/visualizations
POST /api/v1/share-links
GET /api/v1/share-links/{token}
GET /api/v1/lead-sources
GET /api/v1/lead-sources/{source_id}
GET /api/v1/campaigns
GET /api/v1/campaigns/{campaign}/metrics
POST /api/v1/events/page-view
POST /api/v1/events/form-submission
GET /api/v1/pipeline/stages`
  .trim()
  .split('\n')
  .map((l) => l.split(' ') as [string, string]);

// Operations the contract's endpoint table does not have (CHANGELOG.md), with their scope.
const EXTENSION_OPERATIONS = `
POST /api/v1/webhook-endpoints webhooks.manage
GET /api/v1/webhook-endpoints webhooks.manage
GET /api/v1/webhook-endpoints/{webhook_endpoint_id} webhooks.manage
PATCH /api/v1/webhook-endpoints/{webhook_endpoint_id} webhooks.manage
DELETE /api/v1/webhook-endpoints/{webhook_endpoint_id} webhooks.manage
POST /api/v1/webhook-endpoints/{webhook_endpoint_id}/rotate-secret webhooks.manage
POST /api/v1/webhook-endpoints/{webhook_endpoint_id}/test webhooks.manage
GET /api/v1/webhook-endpoints/{webhook_endpoint_id}/deliveries webhooks.manage
POST /api/v1/webhook-endpoints/{webhook_endpoint_id}/deliveries/{webhook_delivery_id}/resend webhooks.manage
GET /api/v1/webhook-events webhooks.manage
GET /api/v1/webhook-events/{webhook_event_id} webhooks.manage
GET /api/v1/visualizer/catalog sales_visualizer.use
POST /api/v1/leads/batch leads.write
POST /api/v1/events/batch analytics.manage
POST /api/v1/visualizations/{visualization_id}/roof-selection sales_visualizer.use`
  .trim()
  .split('\n')
  .map((l) => l.split(' ') as [string, string, string]);

describe('GET /api/v1/openapi.json', () => {
  it('is served without a key as OpenAPI 3.1.0, version 1.0.0', async () => {
    const res = await t.request('GET', '/api/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body.info.version).toBe('1.0.0');
  });

  it('lists all 29 operations of the spec with security, scopes and error responses', async () => {
    const doc = (await t.request('GET', '/api/v1/openapi.json')).body;
    expect(SPEC_OPERATIONS).toHaveLength(29);
    for (const [method, path] of SPEC_OPERATIONS) {
      const op = doc.paths[path]?.[method.toLowerCase()];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op.operationId).toEqual(expect.any(String));
      const isPublic = path === '/api/v1/share-links/{token}';
      expect(op.security).toEqual(isPublic ? [] : [{ bearerAuth: [] }]);
      if (!isPublic) expect(op.responses['401']).toBeDefined();
      expect(op.responses['500']).toBeDefined();
      // The error table's headers: 401 names the scheme, 429 says when to retry and, with a key, the limit.
      if (!isPublic) expect(Object.keys(op.responses['401'].headers ?? {})).toEqual(['WWW-Authenticate']);
      expect(Object.keys(op.responses['429'].headers ?? {})).toEqual(
        isPublic ? ['Retry-After'] : ['Retry-After', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'],
      );
      for (const p of path.match(/\{(\w+)\}/g) ?? []) {
        expect(op.parameters.some((x: { name: string; in: string }) => x.in === 'path' && `{${x.name}}` === p)).toBe(
          true,
        );
      }
    }
    const count = Object.values(doc.paths as Record<string, object>).reduce((n, ops) => n + Object.keys(ops).length, 0);
    expect(count).toBe(29 + EXTENSION_OPERATIONS.length);
  });

  it('lists the extensions of the contract (webhooks, the visualizer catalog, batches) under their scope', async () => {
    const doc = (await t.request('GET', '/api/v1/openapi.json')).body;
    for (const [method, path, scope] of EXTENSION_OPERATIONS) {
      const op = doc.paths[path]?.[method.toLowerCase()];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op['x-required-scopes']).toEqual([scope]);
      expect(op.responses['403']).toBeDefined();
    }
  });

  it('compiles: every schema in it is valid JSON Schema 2020-12 and every $ref resolves', async () => {
    const doc = (await t.request('GET', '/api/v1/openapi.json')).body;
    const ajv = new Ajv2020.default({ strict: false });
    addFormats.default(ajv);
    ajv.addSchema({ $id: 'doc', components: doc.components });
    const refs = JSON.stringify(doc).match(/"#\/components\/schemas\/[^"]+"/g) ?? [];
    for (const ref of new Set(refs)) {
      expect(doc.components.schemas[JSON.parse(ref).split('/').pop()], ref).toBeDefined();
    }
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      for (const [method, op] of Object.entries(ops)) {
        for (const [status, r] of Object.entries(op.responses as Record<string, any>)) {
          const schema = r.content?.['application/json']?.schema;
          if (schema) {
            expect(
              () => ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/'))),
              `${method} ${path} ${status}`,
            ).not.toThrow();
          }
        }
      }
    }
  });
});
