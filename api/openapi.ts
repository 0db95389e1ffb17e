import { z } from 'zod';
import type { Config } from '../core/config.ts';
import type { RouteDef } from './route.ts';
import { ErrorResponse } from './schemas/common.ts';
import { examplePayload, WEBHOOK_PAYLOAD_TYPES, WEBHOOK_PAYLOADS } from './schemas/webhookPayloads.ts';
import { WEBHOOK_TEST_EVENT } from '../core/webhookEventTypes.ts';
import { partnerGuide, type GuideConfig } from './docs/guide.ts';
import { IDEMPOTENCY_KEY_RULE, IdempotencyKeyHeader } from './middleware/idempotency.ts';
import { EXAMPLE_IDS } from './examples.ts';
import { curlSample } from './docs/curlSample.ts';
import {
  commonParameters,
  commonResponseHeaders,
  errorResponseHeaders,
  isConditional,
  notModifiedResponse,
} from './openapiHeaders.ts';

type Json = Record<string, unknown>;

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid payload, query or header',
  401: 'Missing, malformed, revoked, deleted or unknown key',
  403: 'Key lacks the scope or workspace inactive',
  404: 'Resource absent in the key-bound workspace',
  408: 'Upload too slow or past its deadline',
  409: 'Conflict with idempotency or resource state',
  410: 'Expired or revoked',
  411: 'Content-Length required',
  413: 'Payload too large',
  429: 'Rate limit exceeded',
  500: 'Internal error',
  503: 'Storage or queue unavailable',
};

/** Converts one zod schema, lifting named ($defs) schemas into components.schemas. */
function converter(components: Record<string, Json>) {
  return (schema: z.ZodType, io: 'input' | 'output'): Json => {
    const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Json;
    delete json.$schema;
    const defs = (json.$defs ?? {}) as Record<string, Json>;
    delete json.$defs;
    const rename = (id: string) => (io === 'input' ? `${id}Input` : id);
    const rewrite = (node: unknown): unknown => {
      if (Array.isArray(node)) return node.map(rewrite);
      if (node && typeof node === 'object') {
        const out: Json = {};
        for (const [k, v] of Object.entries(node)) {
          out[k] =
            k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/')
              ? `#/components/schemas/${resolveName(v.slice(8))}`
              : rewrite(v);
        }
        return out;
      }
      return node;
    };
    // Input and output forms of a schema differ only when it has defaults or transforms;
    // share the output name when they are identical.
    const names: Record<string, string> = {};
    const resolveName = (id: string) => names[id] ?? id;
    for (const [id, def] of Object.entries(defs)) {
      const existing = components[id];
      const candidate = JSON.stringify(def);
      names[id] = !existing || JSON.stringify(existing.__raw) === candidate ? id : rename(id);
    }
    for (const [id, def] of Object.entries(defs)) {
      const name = names[id]!;
      if (!components[name]) components[name] = { ...(rewrite(def) as Json), __raw: def };
    }
    return withoutNoise(rewrite(json)) as Json;
  };
}

/**
 * What zod writes that a reader cannot use: the regular expressions behind `format: date-time`
 * and `format: email` (the format says it; validation keeps them) and the ±(2^53 − 1) bounds of
 * every integer. Removed from the document only.
 */
function withoutNoise(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutNoise);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === 'pattern' && ['date-time', 'email'].includes((node as Json).format as string)) continue;
    if ((k === 'minimum' || k === 'maximum') && Math.abs(v as number) === Number.MAX_SAFE_INTEGER) continue;
    out[k] = withoutNoise(v);
  }
  return out;
}

/** What each group of operations is for, shown above its operations in /docs. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  Foundation: 'Who the key is: its scopes and its workspace. A first call to check a key works.',
  Leads:
    'Create, update, list, export and delete leads; record conversions. POST /leads is an upsert: ' +
    '`external_id` with `external_source`, or else the phone, decides which lead it updates.',
  Attribution:
    'Page views and form submissions from your sites, and the marketing attribution analytics built from them.',
  Pipeline: "The workspace's pipeline stages, the ids a lead's `status_stage_id` takes.",
  Reports:
    'Import roof measurement reports (PDF, or XML/CSV/XLSX/DXF packages), read what was measured, ' +
    'and export them as PDF or technical formats.',
  Visualizer: 'Show a homeowner their house with a new roof: the catalog, visualizations and public share links.',
  Webhooks: 'Register HTTPS endpoints for signed event deliveries, and look up the events and their deliveries.',
};

/** The requests partners receive, apart from the Webhooks operations that manage their endpoints. */
const WEBHOOK_EVENTS_TAG = {
  name: 'Webhook events',
  description:
    'What your webhook endpoints receive: one POST per event, signed as "Receiving webhooks" above describes.',
};

/** An Idempotency-Key as a partner might send one. */
const EXAMPLE_IDEMPOTENCY_KEY = '3f1c9a62-5d0e-4b7a-9e51-0c2d8f4a7b13';

const WEBHOOK_HEADERS: Json[] = [
  {
    name: 'Webhook-Id',
    in: 'header',
    required: true,
    description: 'The event id, the same on every retry and re-send of this event: deduplicate on it',
    schema: { type: 'string' },
    example: EXAMPLE_IDS.webhookEvent,
  },
  {
    name: 'Webhook-Timestamp',
    in: 'header',
    required: true,
    description: 'When this try was signed, in unix seconds: reject one more than 5 minutes away from your clock',
    schema: { type: 'string', pattern: '^[0-9]+$' },
    example: '1773342262',
  },
  {
    name: 'Webhook-Signature',
    in: 'header',
    required: true,
    description:
      'Standard Webhooks (endpoints whose `signature_scheme` is `standard_webhooks`): space-separated ' +
      '`v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the secret\'s ' +
      'base64 after `whsec_` decodes to, one entry per secret while a rotation overlaps; any Standard Webhooks ' +
      'library verifies it. `legacy` endpoints get `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed ' +
      'with the secret\'s UTF-8 bytes instead, one `v1` per secret. See "Verifying a signature" above.',
    schema: { type: 'string' },
    example: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  },
];

/** Where a route's own words stop: the scope and idempotency rules a reader needs on the operation itself. */
function operationDescription(route: RouteDef): string {
  const scopes = route.scopes.map((s) => `\`${s}\``).join(', ') || 'any valid key';
  const lines = [route.auth === 'none' ? 'Public: no API key.' : `Scope: ${scopes}.`];
  if (route.idempotent)
    lines.push(`Idempotency-Key: ${IDEMPOTENCY_KEY_RULE}; a retry with the same key and request replays the answer.`);
  return lines.join(' ');
}

function describedTag(name: string) {
  const description = TAG_DESCRIPTIONS[name];
  if (!description) throw new Error(`Tag ${name} has no description in TAG_DESCRIPTIONS`);
  return { name, description };
}

export type OpenApiConfig = Pick<Config, 'PUBLIC_BASE_URL'> & GuideConfig;

export function buildOpenApi(routes: RouteDef[], config: OpenApiConfig): Json {
  const components: Record<string, Json> = {};
  const convert = converter(components);
  const errorRef = convert(ErrorResponse, 'output');
  const paths: Record<string, Json> = {};

  for (const route of routes) {
    const path = route.path.replace(/:([A-Za-z_]+)/g, '{$1}');
    const example = route.example;
    if (!route.responses[example.response.status]) {
      throw new Error(
        `${route.operationId}: its example answers ${example.response.status}, which the route does not declare`,
      );
    }
    const parameters: Json[] = [];
    const addParams = (
      schema: z.ZodType | undefined,
      where: 'path' | 'query',
      values: Record<string, unknown> = {},
    ) => {
      if (!schema) return;
      const json = convert(schema, 'input') as { properties?: Record<string, Json>; required?: string[] };
      for (const [name, s] of Object.entries(json.properties ?? {})) {
        parameters.push({
          name,
          in: where,
          required: where === 'path' || (json.required ?? []).includes(name),
          schema: s,
          ...(typeof s.description === 'string' ? { description: s.description } : {}),
          ...(values[name] !== undefined ? { example: values[name] } : {}),
        });
      }
    };
    addParams(route.params, 'path', example.params);
    addParams(route.query, 'query', example.query);
    if (route.idempotent) {
      parameters.push({
        name: 'Idempotency-Key',
        in: 'header',
        required: true,
        description: `Required: ${IDEMPOTENCY_KEY_RULE}. See Idempotency above.`,
        schema: convert(IdempotencyKeyHeader, 'input'),
        example: EXAMPLE_IDEMPOTENCY_KEY,
      });
    }
    if (route.path.startsWith('/api/')) parameters.push(...commonParameters(route));
    const responses: Json = {};
    for (const [status, spec] of Object.entries(route.responses)) {
      const shown = Number(status) === example.response.status ? example.response : undefined;
      const withExample = (media: Json): Json =>
        shown?.body !== undefined ? { ...media, example: shown.body } : media;
      const headers = Object.entries(spec.headers ?? {}).map(([h, d]) => [
        h,
        {
          description: d,
          schema: { type: 'string' },
          ...(shown?.headers?.[h] !== undefined ? { example: shown.headers[h] } : {}),
        },
      ]);
      // Header examples only on the example's answer: an operation shows one answer.
      const common = route.path.startsWith('/api/')
        ? Object.entries(commonResponseHeaders(route, Number(status))).map(
            ([h, { example, ...header }]) => [h, shown ? { ...header, example } : header] as const,
          )
        : [];
      const allHeaders = [...headers, ...common.filter(([h]) => !headers.some(([own]) => own === h))];
      responses[status] = {
        description: spec.description,
        ...(allHeaders.length ? { headers: Object.fromEntries(allHeaders) } : {}),
        ...(spec.schema
          ? {
              content: {
                [spec.contentType ?? 'application/json']: withExample({ schema: convert(spec.schema, 'output') }),
              },
            }
          : spec.contentType
            ? { content: { [spec.contentType]: withExample({ schema: { type: 'string' } }) } }
            : {}),
      };
    }
    if (route.path.startsWith('/api/') && isConditional(route)) responses['304'] = notModifiedResponse(route);
    for (const status of route.errors) {
      const headers = errorResponseHeaders(route, status);
      responses[String(status)] = {
        description: ERROR_DESCRIPTIONS[status] ?? 'Error',
        ...(Object.keys(headers).length ? { headers } : {}),
        content: { 'application/json': { schema: errorRef } },
      };
    }
    const requestBody = (contentType: string, schema: z.ZodType) => ({
      requestBody: {
        required: true,
        content: {
          [contentType]: {
            schema: convert(schema, 'input'),
            ...(example.body !== undefined ? { example: example.body } : {}),
          },
        },
      },
    });
    const operation: Json = {
      operationId: route.operationId,
      'x-codeSamples': [{ lang: 'curl', label: 'curl', source: curlSample(route, config.PUBLIC_BASE_URL) }],
      summary: route.summary,
      description: operationDescription(route),
      tags: [route.tag],
      security: route.auth === 'key' ? [{ bearerAuth: [] }] : [],
      ...(route.scopes.length ? { 'x-required-scopes': route.scopes } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(route.body
        ? requestBody('application/json', route.body)
        : route.rawBody
          ? requestBody(route.rawBody.contentType, route.rawBody.schema)
          : {}),
      responses,
    };
    paths[path] = { ...(paths[path] ?? {}), [route.method]: operation };
  }

  const webhooks: Record<string, Json> = {};
  for (const type of WEBHOOK_PAYLOAD_TYPES) {
    const event = WEBHOOK_PAYLOADS[type];
    const subscribers = type === WEBHOOK_TEST_EVENT ? '' : `Delivered to endpoints subscribed to \`${type}\`. `;
    webhooks[type] = {
      post: {
        operationId: `webhook:${type}`,
        summary: event.summary,
        description: `${event.description}\n\n${subscribers}Any 2xx acknowledges it; anything else is retried.`,
        tags: [WEBHOOK_EVENTS_TAG.name],
        // The service calls you: no API key, the webhook-signature header proves the sender.
        security: [],
        parameters: WEBHOOK_HEADERS,
        requestBody: {
          required: true,
          content: { 'application/json': { schema: convert(event.schema, 'output'), example: examplePayload(type) } },
        },
        responses: {
          '2XX': { description: 'Any 2xx status acknowledges the delivery; any other answer, or none, is retried' },
        },
      },
    };
  }

  for (const c of Object.values(components)) delete c.__raw;
  return {
    openapi: '3.1.0',
    info: {
      title: 'Partner API',
      version: '1.0.0',
      description: partnerGuide(config, routes),
    },
    servers: [{ url: config.PUBLIC_BASE_URL }],
    // The operations' groups in the order of the routes, then the events partners receive.
    tags: [...new Set(routes.map((r) => r.tag))].map(describedTag).concat(WEBHOOK_EVENTS_TAG),
    paths,
    webhooks,
    components: {
      schemas: components,
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'Workspace API key: pk_<key id>_<secret>, or pk_test_<key id>_<secret> for test mode',
        },
      },
    },
  };
}
