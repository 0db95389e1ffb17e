import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type Tenant, type TestContext } from './helpers/harness.ts';
import { withField } from './helpers/jsonBodies.ts';
import { importReport } from './helpers/reportImports.ts';

/**
 * Every refusal of a write is in the service's own words, saying what to send: a wrong type, a
 * string over its length, a number out of its range and a value outside its enum, sent to every
 * field (and every batch item's field) of every JSON write endpoint the OpenAPI document lists,
 * and to the import's form. None may carry the validation library's wording.
 */
let t: TestContext;
let tenant: Tenant;
beforeAll(async () => {
  t = await createTestContext({ RATE_LIMIT_PER_MINUTE: '100000' });
  tenant = await t.tenant();
});
afterAll(() => t.close());

/** zod's own phrasing: "Invalid input: expected string, received number", "Too big: expected number to be <=100". */
const LIBRARY_WORDING =
  /Invalid (input|option|string|type|enum|union|key|element)|Too (big|small)|expected .* received|received .* expected|Unrecognized key|[<>]=\d|Expected /;

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMaximum?: number;
  format?: string;
};
type Media = { schema: Schema; example?: Record<string, unknown> };
type Doc = {
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, Media> } }>>;
  components: { schemas: Record<string, Schema> };
};
type Issue = { location: string; path: string; message: string };

/** The schema a field takes when it is not null: $refs followed, a nullable's other branch. */
function leaf(doc: Doc, schema: Schema | undefined): Schema | undefined {
  let s = schema;
  for (let i = 0; i < 10 && s; i++) {
    if (s.$ref) s = doc.components.schemas[s.$ref.split('/').pop()!];
    else if (s.anyOf ?? s.oneOf) {
      const branches = (s.anyOf ?? s.oneOf)!.filter((b) => b.type !== 'null');
      if (branches.length !== 1) return s;
      s = branches[0];
    } else break;
  }
  return s;
}

const typeOf = (s: Schema) => (Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type);

/** The wrong values one field's schema says it refuses, by kind of mistake. */
function mistakes(s: Schema): { kind: string; value: unknown }[] {
  const out: { kind: string; value: unknown }[] = [];
  const type = typeOf(s);
  if (type === 'string') out.push({ kind: 'wrong type', value: 12345 });
  else if (type === 'number' || type === 'integer') out.push({ kind: 'wrong type', value: 'lots' });
  else if (type === 'boolean') out.push({ kind: 'wrong type', value: 'yes' });
  else if (type === 'array' || type === 'object') out.push({ kind: 'wrong type', value: 'text' });
  if (type === 'string' && s.maxLength !== undefined && !s.enum && !s.format)
    out.push({ kind: 'too long', value: 'x'.repeat(s.maxLength + 1) });
  if (s.maximum !== undefined) out.push({ kind: 'out of range', value: s.maximum + 1 });
  else if (s.exclusiveMaximum !== undefined) out.push({ kind: 'out of range', value: s.exclusiveMaximum });
  else if (s.minimum !== undefined) out.push({ kind: 'out of range', value: s.minimum - 1 });
  if (s.enum) out.push({ kind: 'unknown enum value', value: 'not-a-value' });
  if (type === 'array' && s.items?.enum) out.push({ kind: 'unknown enum value', value: ['not-a-value'] });
  return out;
}

/** Every field of an object schema, one level into nested objects (attribution.source …). */
function fields(doc: Doc, schema: Schema | undefined, prefix: string[] = []): { path: string[]; schema: Schema }[] {
  const s = leaf(doc, schema);
  if (!s?.properties || prefix.length > 1) return [];
  return Object.entries(s.properties).flatMap(([name, child]) => {
    const c = leaf(doc, child);
    return c ? [{ path: [...prefix, name], schema: c }, ...fields(doc, c, [...prefix, name])] : [];
  });
}

describe('validation messages of every write endpoint', () => {
  it('refuse a wrong type, a too-long string, an out-of-range number and an unknown enum value in the service’s words, naming the field', async () => {
    const doc = (await t.request('GET', '/api/v1/openapi.json')).body as Doc;
    const failures: string[] = [];
    const kinds = new Map<string, Set<string>>();
    for (const [template, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const media = operation.requestBody?.content['application/json'];
        if (!media) continue;
        const op = `${method.toUpperCase()} ${template}`;
        const url = template.replace(/\{(\w+)\}/g, (_, name: string) => `${name}_unknown`);
        const base = (media.example ?? {}) as Record<string, unknown>;
        const send = (body: unknown) =>
          t.request(method.toUpperCase(), url, {
            key: tenant.key,
            body,
            headers: { 'idempotency-key': randomUUID() },
          });
        for (const field of fields(doc, media.schema)) {
          // A batch's items: each item field's mistake comes back in that item's result.
          const item = leaf(doc, field.schema.items);
          const itemBase = Array.isArray(base[field.path[0]!])
            ? (base[field.path[0]!] as Record<string, unknown>[])[0]
            : undefined;
          // A batch's items: each item field's mistake comes back in that item's result; any other
          // list of objects (a roof selection's taps) is refused whole, naming the item's field.
          if (field.path.length === 1 && item?.properties && itemBase) {
            const batch = template.endsWith('/batch');
            for (const inner of fields(doc, item)) {
              for (const { kind, value } of mistakes(inner.schema)) {
                const items = [withField(itemBase, inner.path, value)];
                const res = await send(batch ? { [field.path[0]!]: items } : { ...base, [field.path[0]!]: items });
                const issues: Issue[] = batch
                  ? (res.body.results?.[0]?.error?.details?.issues ?? [])
                  : (res.body.error?.details?.issues ?? []);
                check(
                  `${op} ${field.path[0]}[0].${inner.path.join('.')} (${kind})`,
                  res.status,
                  batch ? 200 : 400,
                  issues,
                  batch ? inner.path.join('.') : [field.path[0], 0, ...inner.path].join('.'),
                );
                kinds.set(kind, (kinds.get(kind) ?? new Set()).add(op));
              }
            }
          }
          for (const { kind, value } of mistakes(field.schema)) {
            const res = await send(withField(base, field.path, value));
            const issues: Issue[] = res.body.error?.details?.issues ?? [];
            check(`${op} ${field.path.join('.')} (${kind})`, res.status, 400, issues, field.path.join('.'));
            kinds.set(kind, (kinds.get(kind) ?? new Set()).add(op));
          }
        }
      }
    }

    function check(what: string, status: number, expected: number, issues: Issue[], path: string) {
      if (status !== expected) return void failures.push(`${what}: status ${status}`);
      const mine = issues.filter((i) => i.path === path || i.path.startsWith(`${path}.`));
      if (mine.length === 0) return void failures.push(`${what}: no issue names the field (${JSON.stringify(issues)})`);
      for (const i of issues) {
        if (LIBRARY_WORDING.test(i.message)) failures.push(`${what}: library wording "${i.message}"`);
      }
    }

    expect(failures).toEqual([]);
    // The sweep reached every kind of mistake on several endpoints, batch items included.
    for (const kind of ['wrong type', 'too long', 'out of range', 'unknown enum value']) {
      expect(kinds.get(kind)?.size ?? 0, kind).toBeGreaterThanOrEqual(3);
    }
    expect([...(kinds.get('too long') ?? [])]).toEqual(expect.arrayContaining(['POST /api/v1/leads/batch']));
  }, 300_000);

  it('refuse a too-long form field of the import in the same words', async () => {
    const res = await importReport(
      t,
      tenant.key,
      [{ name: 'roof.csv', data: Buffer.from('a,b\n'), type: 'text/csv' }],
      {
        fields: { external_report_id: 'x'.repeat(201) },
      },
    );
    expect(res.status).toBe(400);
    expect(res.body.error.details.issues).toEqual([
      { location: 'body', path: 'external_report_id', message: 'must be at most 200 characters long' },
    ]);
  });

  it('say the messages the service chose, one per mistake', async () => {
    const lead = (
      await t.request('POST', '/api/v1/leads', {
        key: tenant.key,
        body: { contact_name: 'Dana' },
        headers: { 'idempotency-key': randomUUID() },
      })
    ).body.lead;
    const patch = await t.request('PATCH', `/api/v1/leads/${lead.id}`, {
      key: tenant.key,
      body: { contact_name: 5, notes: 'x'.repeat(5001), quote_value: 1e9, status: 'won', external_id: 'crm-1' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(patch.status).toBe(400);
    expect(patch.body.error.details.issues).toEqual(
      expect.arrayContaining([
        { location: 'body', path: 'contact_name', message: 'must be a string, not a whole number' },
        { location: 'body', path: 'notes', message: 'must be at most 5000 characters long' },
        { location: 'body', path: 'quote_value', message: 'must be at most 10000000' },
        {
          location: 'body',
          path: 'status',
          message:
            '`status` is set by the service from the stage; to move the lead, send `status_stage_id` with an id from GET /api/v1/pipeline/stages',
        },
        {
          location: 'body',
          path: 'external_id',
          message: '`external_id` is written only by POST /api/v1/leads (create or upsert), not by PATCH',
        },
      ]),
    );
    const view = await t.request('POST', '/api/v1/events/page-view', {
      key: tenant.key,
      body: { external_event_id: 'e1', session_id: 's1', device_type: 'phone' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(view.body.error.details.issues).toEqual([
      { location: 'body', path: 'device_type', message: 'must be one of "mobile", "desktop" or "tablet"' },
    ]);
  });

  it('say once that an outline’s coordinates are fractions of the photo, however many are pixels', async () => {
    const res = await t.request('POST', '/api/v1/visualizations', {
      key: tenant.key,
      body: {
        session_id: 's',
        original_image_url: 'https://example.com/house.jpg',
        roof_outline: [
          [
            [120, 40],
            [400, 40],
            [260, 10],
          ],
        ],
      },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details.issues).toEqual([
      {
        location: 'body',
        path: 'roof_outline.0',
        message:
          "coordinates are fractions of the photo's width and height, from 0 to 1, not pixels: divide x by the photo's width and y by its height",
      },
    ]);
  });
});
