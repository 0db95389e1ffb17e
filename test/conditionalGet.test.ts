import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestContext, type TestContext } from './helpers/harness.ts';
import { noneMatch } from '../api/http/conditionalGet.ts';
import { RateLimitCounter, RateLimitLeases } from '../storage/rateLimits.ts';

const LIMIT = 60;

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ RATE_LIMIT_PER_MINUTE: String(LIMIT), AUTH_FAILURE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => t.close());

// Windows are clock minutes: start each test well inside one so it cannot straddle two.
beforeEach(async () => {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 40_000) await new Promise((r) => setTimeout(r, 60_500 - intoMinute));
});

const idem = () => ({ 'idempotency-key': randomUUID() });

async function leadOf(key: string) {
  const res = await t.request('POST', '/api/v1/leads', {
    key,
    headers: idem(),
    body: { contact_name: 'Dana Whitfield', contact_phone: '5125550148' },
  });
  expect(res.status).toBe(201);
  return res.body.lead.id as string;
}

describe('If-None-Match', () => {
  it.each([
    ['the tag', '"abc"', true],
    ['a weak form of it', 'W/"abc"', true],
    ['a list holding it', '"x", W/"y" , "abc"', true],
    ['*', '*', true],
    ['another tag', '"abd"', false],
    ['the tag unquoted', 'abc', false],
  ])('matches %s or not', (_, header, matches) => {
    expect(noneMatch(header, '"abc"')).toBe(matches);
  });
});

describe('ETag and 304', () => {
  it('tags a lead with a strong ETag and answers 304 with no body when the client holds it', async () => {
    const tenant = await t.tenant();
    const id = await leadOf(tenant.key);
    const first = await t.request('GET', `/api/v1/leads/${id}`, { key: tenant.key });
    expect(first.status).toBe(200);
    const tag = first.headers.get('etag')!;
    expect(tag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    for (const header of [tag, `W/${tag}`, `"nope", ${tag}`, '*']) {
      const again = await t.request('GET', `/api/v1/leads/${id}`, {
        key: tenant.key,
        headers: { 'if-none-match': header },
      });
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
      expect(again.headers.get('etag')).toBe(tag);
      expect(again.headers.get('cache-control')).toBe(first.headers.get('cache-control'));
      expect(again.headers.get('partner-version')).toBe(first.headers.get('partner-version'));
    }
    const stale = await t.request('GET', `/api/v1/leads/${id}`, {
      key: tenant.key,
      headers: { 'if-none-match': '"nope"' },
    });
    expect(stale.status).toBe(200);
    expect(stale.text).toBe(first.text);
  });

  it('changes the tag when the resource changes', async () => {
    const tenant = await t.tenant();
    const id = await leadOf(tenant.key);
    const before = await t.request('GET', `/api/v1/leads/${id}`, { key: tenant.key });
    const patched = await t.request('PATCH', `/api/v1/leads/${id}`, {
      key: tenant.key,
      headers: idem(),
      body: { notes: 'Wants a metal roof quote' },
    });
    expect(patched.status).toBe(200);
    expect(patched.headers.get('etag')).toBeNull();
    const after = await t.request('GET', `/api/v1/leads/${id}`, {
      key: tenant.key,
      headers: { 'if-none-match': before.headers.get('etag')! },
    });
    expect(after.status).toBe(200);
    expect(after.body.lead.notes).toBe('Wants a metal roof quote');
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
  });

  it('tags list pages, and a new lead changes the first page', async () => {
    const tenant = await t.tenant();
    await leadOf(tenant.key);
    const page = await t.request('GET', '/api/v1/leads?limit=10', { key: tenant.key });
    const tag = page.headers.get('etag')!;
    expect(tag).toBeTruthy();
    const same = await t.request('GET', '/api/v1/leads?limit=10', {
      key: tenant.key,
      headers: { 'if-none-match': tag },
    });
    expect(same.status).toBe(304);
    const other = await t.request('POST', '/api/v1/leads', {
      key: tenant.key,
      headers: idem(),
      body: { contact_name: 'Morgan Reyes', contact_phone: '5125550199' },
    });
    expect(other.status).toBe(201);
    const changed = await t.request('GET', '/api/v1/leads?limit=10', {
      key: tenant.key,
      headers: { 'if-none-match': tag },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.leads).toHaveLength(2);
  });

  it('leaves CSV exports without a tag', async () => {
    const tenant = await t.tenant();
    await leadOf(tenant.key);
    const csv = await t.request('GET', '/api/v1/leads/export', { key: tenant.key, headers: { 'if-none-match': '*' } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('etag')).toBeNull();
  });

  it('does not charge a 304 against the rate limit', async () => {
    const tenant = await t.tenant();
    const id = await leadOf(tenant.key);
    const first = await t.request('GET', `/api/v1/leads/${id}`, { key: tenant.key });
    expect(first.headers.get('x-ratelimit-remaining')).toBe(String(LIMIT - 1));
    const tag = first.headers.get('etag')!;
    for (let i = 0; i < LIMIT; i++) {
      const res = await t.request('GET', `/api/v1/leads/${id}`, { key: tenant.key, headers: { 'if-none-match': tag } });
      expect(res.status).toBe(304);
      expect(res.headers.get('x-ratelimit-remaining')).toBe(String(LIMIT - 1));
    }
    const normal = await t.request('GET', `/api/v1/leads/${id}`, { key: tenant.key });
    expect(normal.status).toBe(200);
    expect(normal.headers.get('x-ratelimit-remaining')).toBe(String(LIMIT - 2));
  });
});

describe('RateLimit headers', () => {
  it('states the policy and what is left of it beside X-RateLimit-*, on success and on 429', async () => {
    const tenant = await t.tenant();
    const first = await t.request('GET', '/api/v1/me', { key: tenant.key });
    expect(first.headers.get('ratelimit-policy')).toBe(`"default";q=${LIMIT};w=60`);
    const [, r, seconds] = /^"default";r=(\d+);t=(\d+)$/.exec(first.headers.get('ratelimit')!)!;
    expect(Number(r)).toBe(LIMIT - 1);
    expect(Number(r)).toBe(Number(first.headers.get('x-ratelimit-remaining')));
    const reset = Date.parse(first.headers.get('x-ratelimit-reset')!);
    expect(Number(seconds)).toBeGreaterThanOrEqual(Math.floor((reset - Date.now()) / 1000) - 1);
    expect(Number(seconds)).toBeLessThanOrEqual(60);
    let last = first;
    for (let i = 1; i <= LIMIT && last.status !== 429; i++)
      last = await t.request('GET', '/api/v1/me', { key: tenant.key });
    expect(last.status).toBe(429);
    expect(last.headers.get('ratelimit-policy')).toBe(`"default";q=${LIMIT};w=60`);
    expect(last.headers.get('ratelimit')).toMatch(/^"default";r=0;t=\d+$/);
    expect(last.headers.get('x-ratelimit-remaining')).toBe('0');
  });

  it('names the failed-authentication quota apart', async () => {
    const res = await t.request('GET', '/api/v1/me', { headers: { authorization: 'Bearer nope' } });
    expect(res.status).toBe(401);
    expect(res.headers.get('ratelimit-policy')).toBe('"auth_failures";q=1000;w=60');
  });
});

describe('a hit given back', () => {
  it('frees its unit for any process, and never lets more than the limit through', async () => {
    const leases = () => new RateLimitLeases(new RateLimitCounter(t.sql));
    const [a, b] = [leases(), leases()];
    const bucket = `give-back-${Date.now()}`;
    const windowStart = Math.floor(Date.now() / 60_000) * 60_000;
    const full = () => new Error('full');
    const take = (l: RateLimitLeases) => Promise.resolve().then(() => l.take(bucket, 3, windowStart, full));
    for (let i = 0; i < 3; i++) await take(a);
    await expect(take(a)).rejects.toThrow('full');
    expect(await a.giveBack(bucket, 3, windowStart)).toBe(1);
    // Another process gets the unit given back, and no more; nor does the one that gave it.
    expect(await take(b)).toBe(0);
    await expect(take(b)).rejects.toThrow('full');
    await expect(take(a)).rejects.toThrow('full');
    // A window over has nothing to give back.
    expect(await a.giveBack(bucket, 3, windowStart - 60_000)).toBeUndefined();
  });
});
