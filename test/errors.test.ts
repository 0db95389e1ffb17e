import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type Tenant } from './helpers/harness.ts';
import { CODE_OF_STATUS, ERRORS } from '../core/errors.ts';

let t: TestContext;
let tenant: Tenant;
beforeAll(async () => {
  t = await createTestContext({ RATE_LIMIT_PER_MINUTE: '1000' });
  tenant = await t.tenant();
});
afterAll(() => t.close());

const envelope = (code: string) => ({
  error: { code, message: expect.any(String), request_id: expect.stringMatching(/^req_/) },
});

describe('the ErrorResponse envelope', () => {
  it('answers an unknown route with 404 NOT_FOUND', async () => {
    const res = await t.request('GET', '/api/v1/nothing-here', { key: tenant.key });
    expect(res.status).toBe(404);
    expect(res.body).toEqual(envelope('NOT_FOUND'));
    expect(res.body.error.request_id).toBe(res.headers.get('x-request-id'));
  });

  it('answers an unsupported method on a known path with 405 and Allow', async () => {
    const res = await t.request('PUT', '/api/v1/leads', { key: tenant.key });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('HEAD, GET, POST');
    expect(res.body.error).toMatchObject({
      code: 'NOT_FOUND',
      message: 'PUT is not allowed on /api/v1/leads; it takes HEAD, GET, POST',
      details: { allowed_methods: ['HEAD', 'GET', 'POST'] },
    });
    const me = await t.request('DELETE', '/api/v1/me', { key: tenant.key });
    expect([me.status, me.headers.get('allow')]).toEqual([405, 'HEAD, GET']);
    const lead = await t.request('PUT', '/api/v1/leads/lead_x', { key: tenant.key });
    expect([lead.status, lead.headers.get('allow')]).toEqual([405, 'HEAD, GET, PATCH, DELETE']);
    // The batch route's path is not a lead id, though GET /api/v1/leads/:lead_id would match it.
    const batch = await t.request('GET', '/api/v1/leads/batch', { key: tenant.key });
    expect([batch.status, batch.headers.get('allow')]).toEqual([405, 'POST']);
    const putBatch = await t.request('PUT', '/api/v1/leads/batch', { key: tenant.key });
    expect([putBatch.status, putBatch.headers.get('allow')]).toEqual([405, 'POST']);
    const putLead = await t.request('PUT', '/api/v1/leads/lead_x', {
      key: tenant.key,
      body: { contact_name: 'Dana' },
      headers: { 'idempotency-key': 'put-lead' },
    });
    expect([putLead.status, putLead.headers.get('allow')]).toEqual([405, 'HEAD, GET, PATCH, DELETE']);
  });

  it.each([
    ['a signed file URL', '/files/%E0%A4%A?expires=9999999999&sig=x', undefined],
    ['a lead id', '/api/v1/leads/%E0%A4%A', 'key'],
    ['a share-link token', '/api/v1/share-links/abcdefghij%E0%A4%A', undefined],
    ['an unknown route', '/%ZZ', undefined],
  ])('answers a malformed percent-escape in %s with 400 VALIDATION_ERROR, not a 500', async (_, path, auth) => {
    const res = await t.request('GET', path, auth ? { key: tenant.key } : {});
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: {
        ...envelope('VALIDATION_ERROR').error,
        details: {
          issues: [{ location: 'path', path: '', message: expect.stringMatching(/malformed percent-escape/) }],
        },
      },
    });
  });

  it('answers malformed JSON with 400 VALIDATION_ERROR and writes nothing', async () => {
    const res = await t.request('POST', '/api/v1/leads', {
      key: tenant.key,
      body: '{"contact_name": "Ann",',
      headers: { 'idempotency-key': 'bad-json' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject(envelope('VALIDATION_ERROR'));
    const [{ n }] = await t.sql`select count(*)::int as n from leads where workspace_id = ${tenant.workspaceId}`;
    expect(n).toBe(0);
  });

  it('answers a non-JSON content type with 400 naming the header', async () => {
    const res = await t.request('POST', '/api/v1/leads', {
      key: tenant.key,
      body: 'contact_name=Ann',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': 'form' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details.issues[0]).toMatchObject({ location: 'header', path: 'content-type' });
  });

  it('answers a body over 1 MB with 400', async () => {
    const res = await t.request('POST', '/api/v1/leads', {
      key: tenant.key,
      body: { notes: 'x'.repeat(1_100_000) },
      headers: { 'idempotency-key': 'huge' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { ...envelope('VALIDATION_ERROR').error, details: { limit_bytes: 1048576 } } });
  });

  it('answers a wrong type with 400 listing the field', async () => {
    const res = await t.request('POST', '/api/v1/leads', {
      key: tenant.key,
      body: { contact_name: 42, quote_value: 'lots' },
      headers: { 'idempotency-key': 'types' },
    });
    expect(res.status).toBe(400);
    const paths = res.body.error.details.issues.map((i: { path: string }) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['contact_name', 'quote_value']));
  });

  it.each(['workspace_id', 'roofer_id', 'tenant_id', 'account_id', 'organization_id'])(
    'rejects the tenant selector %s in a body with 400',
    async (field) => {
      const res = await t.request('POST', '/api/v1/leads', {
        key: tenant.key,
        body: { contact_name: 'Ann', [field]: tenant.workspaceId },
        headers: { 'idempotency-key': `tenant-${field}` },
      });
      expect(res.status).toBe(400);
      expect(res.body.error.details.issues[0]).toMatchObject({ location: 'body', path: field });
    },
  );

  it.each([
    ['/api/v1/leads', { contact_name: 'Nul\u0000Ann' }, 'contact_name'],
    ['/api/v1/leads', { contact_name: 'Ann', custom_fields: { 'k\u0000': 'v' } }, 'custom_fields.k\u0000'],
    [
      '/api/v1/events/page-view',
      { external_event_id: 'nul-pv', session_id: 's', landing_name: 'a\u0000' },
      'landing_name',
    ],
    [
      '/api/v1/events/form-submission',
      { external_event_id: 'nul-fs', session_id: 's', form_data: { notes: ['ok', 'b\u0000'] } },
      'form_data.notes.1',
    ],
  ])(
    'answers a NUL character in a string (PostgreSQL cannot store it) with 400 on %s %j, naming the field',
    async (path, body, field) => {
      const res = await t.request('POST', path, {
        key: tenant.key,
        body,
        headers: { 'idempotency-key': `nul-${path}-${field.length}` },
      });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.details.issues[0]).toMatchObject({ location: 'body', path: field });
      const [{ n }] = await t.sql`select (select count(*) from leads where workspace_id = ${tenant.workspaceId})
      + (select count(*) from events where workspace_id = ${tenant.workspaceId}) as n`;
      expect(n).toBe(0);
    },
  );

  it.each([
    ['/api/v1/leads?q=ann%00', 'query', 'q'],
    ['/api/v1/leads/lead_%00', 'path', 'lead_id'],
  ])('answers a NUL character in GET %s with 400 in the %s, naming %s', async (path, location, field) => {
    const res = await t.request('GET', path, { key: tenant.key });
    expect(res.status).toBe(400);
    expect(res.body.error.details.issues[0]).toMatchObject({ location, path: field });
  });

  it('answers a body nested 100,000 deep with 400, on a lead and on a form submission', async () => {
    const deep = '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000);
    for (const [path, body] of [
      ['/api/v1/leads', `{"contact_name":"Deep","custom_fields":${deep}}`],
      ['/api/v1/events/form-submission', `{"external_event_id":"deep","session_id":"s","form_data":${deep}}`],
    ]) {
      const res = await t.request('POST', path!, {
        key: tenant.key,
        body: body!,
        headers: { 'idempotency-key': `deep-${path}` },
      });
      expect(res.status).toBe(400);
      expect(res.body.error.details.issues[0]).toMatchObject({
        location: 'body',
        path: expect.stringMatching(/^(custom_fields|form_data)\.a/),
      });
    }
  });

  it('keeps a well-formed caller X-Request-Id and uses it in the envelope', async () => {
    const res = await t.request('GET', '/api/v1/me', { headers: { 'x-request-id': 'partner-trace-0001' } });
    expect(res.status).toBe(401);
    expect(res.headers.get('x-request-id')).toBe('partner-trace-0001');
    expect(res.body.error.request_id).toBe('partner-trace-0001');
  });
});

describe('messages a partner can act on', () => {
  const post = (path: string, body: unknown, key = tenant.key) =>
    t.request('POST', path, { key, body, headers: { 'idempotency-key': `msg-${Math.random()}` } });

  it('says a missing field "is required"', async () => {
    const res = await post('/api/v1/events/page-view', { session_id: 's' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Invalid body field external_event_id: is required');
    expect(res.body.error.details.issues).toEqual([
      { location: 'body', path: 'external_event_id', message: 'is required' },
    ]);
  });

  it.each([
    ['{"contact_name": "Ann",', 1, 24],
    ['{\n  "contact_name": "Ann"\n  "contact_phone": "+15125550143"\n}', 3, 3],
    ['{"contact_name": tru}', 1, 18],
    ['{"contact_name": "Ann"} trailing', 1, 25],
  ])('names the line and column of a JSON syntax error in %j', async (body, line, column) => {
    const res = await post('/api/v1/leads', body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(new RegExp(`line ${line}, column ${column} \\(offset \\d+\\)$`));
    expect(res.body.error.details).toMatchObject({ line, column });
    expect(body.slice(res.body.error.details.offset)).not.toBe(body);
  });

  it('gives a date-time mistake one issue, with an example', async () => {
    const res = await post('/api/v1/leads', { contact_name: 'Ann', follow_up_date: 'tomorrow' });
    expect(res.status).toBe(400);
    expect(res.body.error.details.issues).toEqual([
      { location: 'body', path: 'follow_up_date', message: 'must be a date-time like 2026-11-24T15:00:00Z' },
    ]);
  });

  it('lists each unknown field on its own, with the closest known name', async () => {
    const res = await post('/api/v1/leads', {
      contact_name: 'Ann',
      contact_phon: '+15125550143',
      zebra: 1,
      attribution: { sorce: 'google', medium: null, campaign: null, content: null, conversion_url: null },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details.issues).toEqual(
      expect.arrayContaining([
        {
          location: 'body',
          path: 'contact_phon',
          message: 'unknown field `contact_phon`; did you mean `contact_phone`?',
        },
        { location: 'body', path: 'zebra', message: 'unknown field `zebra`' },
        { location: 'body', path: 'attribution.sorce', message: 'unknown field `sorce`; did you mean `source`?' },
      ]),
    );
    expect(res.body.error.details.issues.filter((i: { path: string }) => i.path.includes(','))).toEqual([]);
  });

  it('refuses query parameters on an endpoint that takes none, where its contract lists 400', async () => {
    const res = await post('/api/v1/leads?workspace_id=ws_other&source=google', { contact_name: 'Ann Query' });
    expect(res.status).toBe(400);
    expect(res.body.error.details.issues).toEqual([
      { location: 'query', path: 'workspace_id', message: 'this endpoint takes no query parameters' },
      { location: 'query', path: 'source', message: 'this endpoint takes no query parameters' },
    ]);
    const leads = await t.request('GET', '/api/v1/leads', { key: tenant.key });
    expect(leads.body.leads.map((l: { contact_name: string }) => l.contact_name)).not.toContain('Ann Query');
    // GET /me lists no 400: a parameter there is ignored rather than answered outside the contract.
    const me = await t.request('GET', '/api/v1/me?verbose=1', { key: tenant.key });
    expect(me.status).toBe(200);
  });

  it('echoes at most a short prefix of what was sent', async () => {
    const long = 'x'.repeat(5000);
    const unknown = await post('/api/v1/leads', { [long]: 1 });
    expect(unknown.status).toBe(400);
    expect(unknown.text.length).toBeLessThan(1000);
    expect(unknown.body.error.details.issues[0].message).toBe(`unknown field \`${'x'.repeat(40)}…\``);
    const key = await post('/api/v1/leads', { custom_fields: { [long]: 1 } });
    expect(key.status).toBe(400);
    expect(key.body.error.details.issues[0].path).toBe(`custom_fields.${'x'.repeat(40)}…`);
    expect(key.text.length).toBeLessThan(1000);
    const route = await t.request('GET', `/api/v1/${long}`, { key: tenant.key });
    expect(route.status).toBe(404);
    expect(route.text.length).toBeLessThan(1000);
    const type = await t.request('POST', '/api/v1/leads', {
      key: tenant.key,
      body: '{}',
      headers: { 'idempotency-key': 'ct', 'content-type': `text/${long}` },
    });
    expect(type.status).toBe(400);
    expect(type.text.length).toBeLessThan(1000);
  });

  it('tells a well-formed header with a key that is not one of ours to check the key, not the header', async () => {
    for (const key of ['sk_live_abc123', 'pk_abc_def', `${tenant.key.slice(0, -4)}AAAA`]) {
      const res = await t.request('GET', '/api/v1/me', { headers: { authorization: `Bearer ${key}` } });
      expect(res.status).toBe(401);
      expect(res.body.error.message, key).toMatch(/^Unknown API key.*send the whole key you were given/);
    }
  });

  it('tells a header without "Bearer " how to send the key', async () => {
    const res = await t.request('GET', '/api/v1/me', { headers: { authorization: tenant.key } });
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Malformed Authorization header; send `Authorization: Bearer <key>`',
    });
  });
});

describe('the error catalogue', () => {
  it('is the one place a status meets its code: no ApiError is built anywhere else', async () => {
    const { readdir, readFile } = await import('node:fs/promises');
    const { join } = await import('node:path');
    const root = join(import.meta.dirname, '..');
    const offenders: string[] = [];
    for (const dir of ['api', 'core', 'storage', 'tasks', 'worker', 'cli']) {
      for (const file of await readdir(join(root, dir), { recursive: true })) {
        if (!file.endsWith('.ts') || `${dir}/${file}` === 'core/errors.ts') continue;
        if ((await readFile(join(root, dir, file), 'utf8')).includes('new ApiError(')) offenders.push(`${dir}/${file}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('pairs each status with the contract code', () => {
    for (const [status, code] of Object.entries(CODE_OF_STATUS)) {
      expect(ERRORS.http(Number(status), 'x')).toMatchObject({ status: Number(status), code });
    }
    expect(ERRORS.http(415, 'x')).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect(ERRORS.shareLinkExpired()).toMatchObject({ status: 410, code: 'CONFLICT' });
    expect(ERRORS.uploadTooSlow('slow', {})).toMatchObject({ status: 408, code: 'VALIDATION_ERROR' });
    expect(ERRORS.jobQueueUnavailable()).toMatchObject({ status: 503, code: 'INTERNAL_ERROR' });
  });
});
