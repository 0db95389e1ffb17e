import { randomBytes, randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type Tenant, type TestContext } from './helpers/harness.ts';
import { withField } from './helpers/jsonBodies.ts';

let t: TestContext;
let tenant: Tenant;
beforeAll(async () => {
  t = await createTestContext({
    RATE_LIMIT_PER_MINUTE: '100000',
    JSON_BODY_DEADLINE_SECONDS: '2',
    UPLOAD_MIN_BYTES_PER_SECOND: '200',
  });
  tenant = await t.tenant();
});
afterAll(() => t.close());

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};
type Operation = {
  requestBody?: { content: Record<string, { schema: Schema; example?: Record<string, unknown> }> };
};
type Doc = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };

// Incompressible, as a partner's text may be: PostgreSQL compresses a repetitive one below an index's row limit.
const LONG = randomBytes(2250).toString('base64');
const DEEP_MARK = '__deep_nesting__';
const DEEP = '['.repeat(10_000) + ']'.repeat(10_000);

/** The hostile values of the sweep; `expect400` marks those every field must refuse with a 400 naming it. */
const VALUES: { name: string; value: unknown; expect400?: boolean }[] = [
  { name: 'a lone surrogate', value: '\ud800', expect400: true },
  { name: 'a lone low surrogate inside text', value: 'roof \udc00 repair', expect400: true },
  { name: 'a 3,000-character string', value: LONG },
  { name: 'a 10,000-deep array', value: DEEP_MARK, expect400: true },
  { name: 'a number', value: 12345 },
  { name: 'a boolean', value: true },
  { name: 'an object', value: { a: 1 } },
  { name: 'an array', value: ['a'] },
  { name: 'null', value: null },
  { name: 'an object holding a lone surrogate', value: { note: '\ud800' }, expect400: true },
  { name: 'an object with a lone surrogate key', value: { ['\ud800']: 'x' }, expect400: true },
  { name: 'an object holding 3,000 characters', value: { note: LONG } },
  { name: 'an array holding a lone surrogate', value: ['\ud800'], expect400: true },
];

function deref(doc: Doc, schema: Schema | undefined): Schema | undefined {
  let s = schema;
  for (let i = 0; s?.$ref && i < 10; i++) s = doc.components.schemas[s.$ref.split('/').pop()!];
  const branches = s?.anyOf ?? s?.oneOf ?? s?.allOf;
  if (branches) return branches.map((b) => deref(doc, b)).find((b) => b?.properties) ?? s;
  return s;
}

/** Every field of a body schema, and the fields of the objects inside it (attribution.source …). */
function fieldPaths(doc: Doc, schema: Schema | undefined, prefix: string[] = []): string[][] {
  const s = deref(doc, schema);
  if (!s?.properties || prefix.length > 1) return [];
  return Object.entries(s.properties).flatMap(([name, child]) => [
    [...prefix, name],
    ...fieldPaths(doc, child, [...prefix, name]),
  ]);
}

describe('hostile input, swept over every field of every JSON write endpoint in the OpenAPI document', () => {
  it('answers each value with a 2xx or a 4xx envelope, never a 500; lone surrogates and deep nesting are a 400 naming the field; no answer echoes more than a short prefix', async () => {
    const doc = (await t.request('GET', '/api/v1/openapi.json')).body as Doc;
    // Real resources for the path ids that have them, so writes that pass validation reach the database.
    const lead = await t.request('POST', '/api/v1/leads', {
      key: tenant.key,
      body: { contact_name: 'Hostile Sweep' },
      headers: { 'idempotency-key': randomUUID() },
    });
    const endpoint = await t.request('POST', '/api/v1/webhook-endpoints', {
      key: tenant.key,
      body: { url: 'https://hooks.example.com/sweep', events: ['*'] },
      headers: { 'idempotency-key': randomUUID() },
    });
    const ids: Record<string, string> = {
      lead_id: lead.body.lead.id,
      webhook_endpoint_id: endpoint.body.webhook_endpoint.id,
    };

    const failures: string[] = [];
    let sent = 0;
    const operations: string[] = [];
    for (const [template, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const media = operation.requestBody?.content['application/json'];
        if (!media) continue;
        operations.push(`${method.toUpperCase()} ${template}`);
        const path = template.replace(/\{(\w+)\}/g, (_, name: string) => ids[name] ?? `${name}_unknown`);
        const base = (media.example ?? {}) as Record<string, unknown>;
        // An empty body schema still gets the values, as an unknown field.
        const fields = fieldPaths(doc, media.schema);
        for (const field of fields.length ? fields : [['unexpected']]) {
          for (const { name, value, expect400 } of VALUES) {
            const text = JSON.stringify(withField(base, field, value)).replace(`"${DEEP_MARK}"`, DEEP);
            const res = await t.request(method.toUpperCase(), path, {
              key: tenant.key,
              body: text,
              headers: { 'idempotency-key': randomUUID() },
            });
            sent++;
            const where = `${method.toUpperCase()} ${template} ${field.join('.')} = ${name}: ${res.status}`;
            if (res.status >= 500 || res.status < 200 || (res.status >= 300 && res.status < 400)) {
              failures.push(`${where} ${res.text.slice(0, 200)}`);
              continue;
            }
            if (res.status >= 400) {
              const error = (res.body as { error?: Record<string, unknown> }).error;
              if (typeof error?.code !== 'string' || typeof error.message !== 'string' || !error.request_id)
                failures.push(`${where} not the error envelope: ${res.text.slice(0, 200)}`);
              if (res.text.includes(LONG.slice(0, 301))) failures.push(`${where} echoes more than a short prefix`);
            }
            if (expect400) {
              const issues = (res.body as { error?: { details?: { issues?: { path: string }[] } } }).error?.details
                ?.issues;
              // Named: the field itself, something inside it, or (for the deep array) the path down to the limit.
              const named = issues?.some((i) => i.path === field.join('.') || i.path.startsWith(`${field.join('.')}.`));
              if (res.status !== 400 || !named)
                failures.push(`${where} not a 400 naming the field: ${res.text.slice(0, 200)}`);
            }
          }
        }
      }
    }
    console.log(`hostile sweep: ${operations.length} operations, ${sent} requests`);
    expect(operations).toEqual(expect.arrayContaining(['POST /api/v1/leads', 'POST /api/v1/webhook-endpoints']));
    expect(failures).toEqual([]);
    // What passed validation was stored as sent: no U+FFFD stands in for a refused surrogate.
    const [stored] = await t.sql`select count(*)::int as n from leads
      where workspace_id = ${tenant.workspaceId} and (contact_name like ${'%\ufffd%'} or notes like ${'%\ufffd%'})`;
    expect(stored!.n).toBe(0);
  }, 300_000);
});

describe('attribution bounds', () => {
  const write = (path: string, body: unknown) =>
    t.request('POST', path, { key: tenant.key, body, headers: { 'idempotency-key': randomUUID() } });

  it.each([
    ['attribution.source', { attribution: { source: 's'.repeat(501) } }],
    ['attribution.campaign', { attribution: { campaign: 'c'.repeat(501) } }],
    ['attribution.content', { attribution: { content: 'c'.repeat(501) } }],
    ['marketing_attribution_overrides.medium', { marketing_attribution_overrides: { medium: 'm'.repeat(501) } }],
  ])('refuses %s over 500 characters on a lead write, naming it', async (field, body) => {
    const res = await write('/api/v1/leads', { contact_name: 'Long Attribution', ...body });
    expect(res.status).toBe(400);
    expect(res.body.error.details.issues[0].path).toBe(field);
  });

  it('accepts 500 characters', async () => {
    const res = await write('/api/v1/leads', { contact_name: 'Edge', attribution: { source: 's'.repeat(500) } });
    expect(res.status).toBe(201);
  });

  it('refuses a UTM parameter over 500 characters in a page-view URL, and in form attribution parameters', async () => {
    const pageView = await write('/api/v1/events/page-view', {
      external_event_id: 'pv-long-utm',
      session_id: 'sess-long-utm',
      page_url: `https://roof.example/?utm_campaign=${'c'.repeat(501)}`,
    });
    expect(pageView.status).toBe(400);
    expect(pageView.body.error.details.issues[0].path).toBe('page_url');
    expect(pageView.body.error.details.issues[0].message).toMatch(/utm_campaign.*500/);
    const form = await write('/api/v1/events/form-submission', {
      external_event_id: 'form-long-utm',
      session_id: 'sess-long-utm',
      attribution_params: { utm_source: 's'.repeat(501) },
    });
    expect(form.status).toBe(400);
    expect(form.body.error.details.issues[0].path).toBe('attribution_params.utm_source');
  });
});

describe('a JSON body that trickles', () => {
  /** Sends the head and the first bytes of a JSON body, then `more` bytes every `everyMs`; resolves with the status. */
  function trickle(bytes: number, everyMs: number): Promise<{ status: number; text: string; ms: number }> {
    const body = JSON.stringify({ contact_name: 'Slow Sender', notes: 'n'.repeat(4000) });
    const started = Date.now();
    return new Promise((resolve, reject) => {
      const socket = connect(Number(new URL(t.baseUrl).port), '127.0.0.1');
      let text = '';
      let sentBytes = 0;
      const timer = setInterval(() => {
        if (sentBytes >= body.length) return;
        socket.write(body.slice(sentBytes, sentBytes + bytes));
        sentBytes += bytes;
      }, everyMs);
      socket.on('data', (d) => (text += d));
      socket.on('error', reject);
      socket.on('close', () => {
        clearInterval(timer);
        resolve({ status: Number(text.slice(9, 12)), text, ms: Date.now() - started });
      });
      socket.write(
        [
          'POST /api/v1/leads HTTP/1.1',
          'Host: 127.0.0.1',
          `Authorization: Bearer ${tenant.key}`,
          `Idempotency-Key: ${randomUUID()}`,
          'Content-Type: application/json',
          `Content-Length: ${body.length}`,
          '',
          '',
        ].join('\r\n'),
      );
    });
  }

  it('is refused with 408 in the envelope once past the deadline, and the connection closed', async () => {
    // 40 bytes every 100 ms: 400 bytes a second, above the minimum rate, but 4 KB take 10 s.
    const answer = await trickle(40, 100);
    expect(answer.status).toBe(408);
    expect(answer.text).toMatch(/"code":"VALIDATION_ERROR"/);
    expect(answer.text).toMatch(/within 2 seconds/);
    expect(answer.text.toLowerCase()).toContain('connection: close');
    expect(answer.ms).toBeLessThan(5000);
  });
});

describe('a JSON body slower than the minimum rate', () => {
  it('is refused with 408 after a rate window', async () => {
    const slow = await createTestContext({ JSON_BODY_DEADLINE_SECONDS: '60', UPLOAD_MIN_BYTES_PER_SECOND: '200' });
    try {
      const key = (await slow.tenant()).key;
      const body = JSON.stringify({ contact_name: 'n'.repeat(150) });
      const answer = await new Promise<string>((resolve) => {
        const socket = connect(Number(new URL(slow.baseUrl).port), '127.0.0.1');
        let text = '';
        socket.on('data', (d) => (text += d));
        socket.on('error', () => {});
        socket.on('close', () => (clearInterval(timer), resolve(text)));
        socket.write(
          `POST /api/v1/leads HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nIdempotency-Key: ${randomUUID()}\r\n` +
            `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
        );
        // 10 bytes a second, under the 200 the context asks for.
        let sent = 0;
        const timer = setInterval(() => {
          if (sent < body.length) socket.write(body.slice(sent, (sent += 10)));
        }, 1000);
      });
      expect(answer.slice(9, 12)).toBe('408');
      expect(answer).toMatch(/bytes per second; the minimum is 200/);
    } finally {
      await slow.close();
    }
  }, 20_000);
});
