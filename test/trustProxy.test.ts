import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers/harness.ts';
import { clientAddress, parseTrustedProxies, type TrustedProxies } from '../core/trustedProxies.ts';
import { loadConfig } from '../core/config.ts';

const trust = (value: string) => parseTrustedProxies(value) as TrustedProxies;

describe('clientAddress', () => {
  it('takes the entry the trusted proxies appended, never one the client wrote', () => {
    expect(clientAddress('10.0.0.2', '6.6.6.6, 198.51.100.1', trust('true'))).toBe('198.51.100.1');
    expect(clientAddress('10.0.0.2', '6.6.6.6, 198.51.100.1, 10.0.0.1', trust('2'))).toBe('198.51.100.1');
    expect(clientAddress('10.0.0.2', '6.6.6.6,198.51.100.1', trust('10.0.0.0/8'))).toBe('198.51.100.1');
    expect(clientAddress('10.0.0.2', '6.6.6.6, 198.51.100.1, 10.0.0.1', trust('10.0.0.0/8, ::1'))).toBe('198.51.100.1');
    // A peer that is not a listed proxy wrote the header itself: its own address counts.
    expect(clientAddress('192.0.2.9', '6.6.6.6', trust('10.0.0.0/8'))).toBe('192.0.2.9');
    expect(clientAddress('::ffff:10.0.0.2', '198.51.100.1', trust('10.0.0.2'))).toBe('198.51.100.1');
    expect(clientAddress('::ffff:192.0.2.9', '6.6.6.6', trust('false'))).toBe('192.0.2.9');
    expect(clientAddress('10.0.0.2', undefined, trust('1'))).toBe('10.0.0.2');
  });

  it('refuses a TRUST_PROXY that is neither a count nor addresses, naming it', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });
});

const TOKEN = 'admin-token-for-trust-proxy-tests';
const LIMIT = 3;

describe.each([
  { name: 'TRUST_PROXY=true (one proxy)', value: 'true' },
  { name: 'TRUST_PROXY as the proxy addresses', value: '127.0.0.0/8, ::1' },
])('per-address limits behind a proxy, $name, with a spoofed X-Forwarded-For', ({ value }) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({
      TRUST_PROXY: value,
      ADMIN_TOKEN: TOKEN,
      AUTH_FAILURE_LIMIT_PER_MINUTE: String(LIMIT),
      SHARE_LINK_LIMIT_PER_MINUTE: String(LIMIT),
    });
    // The limits count per clock minute; start well inside one.
    const toNextMinute = 60_000 - (Date.now() % 60_000);
    if (toNextMinute < 10_000) await new Promise((r) => setTimeout(r, toNextMinute + 100));
  });
  afterAll(() => t.close());

  // Each request claims a new address on the left; the proxy appended the real one.
  let n = 0;
  const spoofed = (real: string) => ({ 'x-forwarded-for': `203.0.113.${++n % 250}, ${real}` });

  it('limits admin-token guesses', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT; i++) {
      const res = await t.request('POST', '/admin/login', {
        body: 'token=guess',
        headers: { ...spoofed('198.51.100.1'), 'content-type': 'application/x-www-form-urlencoded' },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(LIMIT).fill(401), 429]);
  });

  it('limits share-link reads', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT; i++) {
      statuses.push(
        (await t.request('GET', `/api/v1/share-links/${'C'.repeat(43)}`, { headers: spoofed('198.51.100.2') })).status,
      );
    }
    expect(statuses).toEqual([...Array(LIMIT).fill(404), 429]);
    // Another real client is not affected.
    const other = await t.request('GET', `/api/v1/share-links/${'C'.repeat(43)}`, {
      headers: spoofed('198.51.100.3'),
    });
    expect(other.status).toBe(404);
  });

  it('limits failed authentication', async () => {
    const bad = { authorization: 'Bearer pk_zzzzzzzzzzzzzzzzzzzz_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' };
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT; i++) {
      statuses.push(
        (await t.request('GET', '/api/v1/leads', { headers: { ...bad, ...spoofed('198.51.100.4') } })).status,
      );
    }
    expect(statuses).toEqual([...Array(LIMIT).fill(401), 429]);
  });
});
