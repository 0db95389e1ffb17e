import { z } from 'zod';
import type { RouteDef } from './route.ts';
import { ErrorResponse } from './schemas/common.ts';

type Json = Record<string, unknown>;

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid payload, query or header',
  401: 'Missing, malformed, revoked, deleted or unknown key',
  403: 'Key lacks the scope or workspace inactive',
  404: 'Resource absent in the key-bound workspace',
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
          out[k] = k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/')
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
    return rewrite(json) as Json;
  };
}

export function buildOpenApi(routes: RouteDef[], baseUrl: string): Json {
  const components: Record<string, Json> = {};
  const convert = converter(components);
  const errorRef = convert(ErrorResponse, 'output');
  const paths: Record<string, Json> = {};

  for (const route of routes) {
    const path = route.path.replace(/:([A-Za-z_]+)/g, '{$1}');
    const parameters: Json[] = [];
    const addParams = (schema: z.ZodType | undefined, where: 'path' | 'query') => {
      if (!schema) return;
      const json = convert(schema, 'input') as { properties?: Record<string, Json>; required?: string[] };
      for (const [name, s] of Object.entries(json.properties ?? {})) {
        parameters.push({
          name,
          in: where,
          required: where === 'path' || (json.required ?? []).includes(name),
          schema: s,
          ...(typeof s.description === 'string' ? { description: s.description } : {}),
        });
      }
    };
    addParams(route.params, 'path');
    addParams(route.query, 'query');
    if (route.idempotent) {
      parameters.push({
        name: 'Idempotency-Key',
        in: 'header',
        required: true,
        schema: { type: 'string', minLength: 1, maxLength: 160 },
      });
    }
    const responses: Json = {};
    for (const [status, spec] of Object.entries(route.responses)) {
      responses[status] = {
        description: spec.description,
        ...(spec.headers
          ? { headers: Object.fromEntries(Object.entries(spec.headers).map(([h, d]) => [h, { description: d, schema: { type: 'string' } }])) }
          : {}),
        ...(spec.schema
          ? { content: { [spec.contentType ?? 'application/json']: { schema: convert(spec.schema, 'output') } } }
          : spec.contentType
            ? { content: { [spec.contentType]: { schema: { type: 'string' } } } }
            : {}),
      };
    }
    for (const status of route.errors) {
      responses[String(status)] = {
        description: ERROR_DESCRIPTIONS[status] ?? 'Error',
        content: { 'application/json': { schema: errorRef } },
      };
    }
    const operation: Json = {
      operationId: route.operationId,
      summary: route.summary,
      tags: [route.tag],
      security: route.auth === 'key' ? [{ bearerAuth: [] }] : [],
      ...(route.scopes.length ? { 'x-required-scopes': route.scopes } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(route.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: convert(route.body, 'input') } } } }
        : route.rawBody
          ? { requestBody: { required: true, content: { [route.rawBody.contentType]: { schema: convert(route.rawBody.schema, 'input') } } } }
          : {}),
      responses,
    };
    paths[path] = { ...(paths[path] ?? {}), [route.method]: operation };
  }

  for (const c of Object.values(components)) delete c.__raw;
  return {
    openapi: '3.1.0',
    info: {
      title: 'Partner API',
      version: '1.0.0',
      description: 'REST API for partner integrations: leads, attribution analytics, events, roof reports and the roof visualizer.',
    },
    servers: [{ url: baseUrl }],
    paths,
    components: {
      schemas: components,
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'Workspace API key: pk_<key id>_<secret>' } },
    },
  };
}
