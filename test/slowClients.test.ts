import { connect, type Socket } from 'node:net';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type Tenant, type TestContext } from './helpers/harness.ts';

const ADMIN_TOKEN = 'a'.repeat(24);
let t: TestContext;
let tenant: Tenant;
beforeAll(async () => {
  t = await createTestContext({
    JSON_BODY_DEADLINE_SECONDS: '2',
    UPLOAD_MIN_BYTES_PER_SECOND: '1',
    SLOW_CONNECTIONS_PER_CLIENT: '2',
    SLOW_CONNECTION_MS: '300',
    ADMIN_TOKEN,
  });
  tenant = await t.tenant();
});
afterAll(() => t.close());

interface Exchange {
  socket: Socket;
  /** Everything the server sent. */
  text: () => string;
  /** Resolves once the server has closed the connection, with what it sent. */
  closed: Promise<string>;
  /** Body bytes written so far. */
  sent: () => number;
}

/** Opens a raw connection to the API and sends `head`; nothing more until told. */
function open(head: string): Exchange {
  const socket = connect(Number(new URL(t.baseUrl).port), '127.0.0.1');
  let text = '';
  let sent = 0;
  socket.on('data', (d) => (text += d));
  socket.on('error', () => {});
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(text)));
  socket.write(head);
  const originalWrite = socket.write.bind(socket);
  socket.write = ((chunk: string | Buffer, ...rest: never[]) => {
    sent += chunk.length;
    return originalWrite(chunk, ...rest);
  }) as typeof socket.write;
  return { socket, text: () => text, closed, sent: () => sent };
}

const head = (lines: string[]) => [...lines, '', ''].join('\r\n');

/** Resolves with the server's answer once the connection closes, or `undefined` if it is still open after `ms`. */
const closedWithin = (x: Exchange, ms: number) => Promise.race([x.closed, sleep(ms).then(() => undefined)]);

describe('a refused request whose body has not arrived', () => {
  it.each([
    ['without a key (401)', []],
    ['with an unknown key (401)', ['Authorization: Bearer pk_nope']],
    ['on an unknown route (404)', [`Authorization: Bearer KEY`], '/api/v1/nothing-here'],
  ] as [string, string[], string?][])(
    '%s is answered and the connection closed, the body left unread',
    async (_, extra, path) => {
      const x = open(
        head([
          `POST ${path ?? '/api/v1/leads'} HTTP/1.1`,
          'Host: x',
          'Content-Type: application/json',
          'Content-Length: 100000',
          ...extra.map((h) => h.replace('KEY', tenant.key)),
        ]),
      );
      x.socket.write('{"contact_name": "');
      // A trickle the server would otherwise wait out for its request timeout.
      const timer = setInterval(() => x.socket.write('x'), 200);
      const answer = await closedWithin(x, 10_000);
      clearInterval(timer);
      x.socket.destroy();
      expect(answer, 'the connection was kept open for the rest of the body').toBeDefined();
      expect(answer!.slice(9, 12)).toMatch(/^40[14]$/);
      expect(answer!.toLowerCase()).toContain('connection: close');
      expect(answer).toMatch(/"error":\{"code":"(UNAUTHORIZED|NOT_FOUND)"/);
    },
  );

  it('stops an unauthenticated oversized body long before its end', async () => {
    const declared = 200 * 1024 * 1024;
    const x = open(
      head(['POST /api/v1/leads HTTP/1.1', 'Host: x', 'Content-Type: application/json', `Content-Length: ${declared}`]),
    );
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let writing = true;
    void x.closed.then(() => (writing = false));
    // As fast as the socket takes it, until the server closes it.
    while (writing && x.sent() < declared) {
      if (!x.socket.write(chunk)) await Promise.race([new Promise((r) => x.socket.once('drain', r)), x.closed]);
    }
    const answer = await closedWithin(x, 10_000);
    expect(answer!.slice(9, 12)).toBe('401');
    expect(x.sent()).toBeLessThan(declared / 4);
  });
});

describe('a form body that trickles before any authentication (the console sign-in)', () => {
  it('is refused with 408 once past the deadline, and the connection closed', async () => {
    const body = `token=${'t'.repeat(2000)}`;
    const x = open(
      head([
        'POST /admin/login HTTP/1.1',
        'Host: x',
        'Content-Type: application/x-www-form-urlencoded',
        `Content-Length: ${body.length}`,
      ]),
    );
    let i = 0;
    const timer = setInterval(() => x.socket.write(body.slice(i, (i += 10))), 100);
    const answer = await closedWithin(x, 15_000);
    clearInterval(timer);
    x.socket.destroy();
    expect(answer!.slice(9, 12)).toBe('408');
    expect(answer).toMatch(/within 2 seconds/);
    expect(answer!.toLowerCase()).toContain('connection: close');
  });
});

describe('connections one client keeps sending on', () => {
  async function expectRefusedThenServed(slow: Exchange[]) {
    await sleep(600);
    const third = open(head(['GET /api/v1/me HTTP/1.1', 'Host: x', `Authorization: Bearer ${tenant.key}`]));
    const answer = await closedWithin(third, 10_000);
    expect(answer!.slice(9, 12)).toBe('429');
    expect(answer).toMatch(/"code":"RATE_LIMITED"/);
    expect(answer).toMatch(/"reason":"slow_connections","limit":2/);
    expect(answer!.toLowerCase()).toContain('connection: close');
    for (const x of slow) x.socket.destroy();
    await Promise.all(slow.map((x) => x.closed));
    const res = await t.request('GET', '/api/v1/me', { key: tenant.key });
    expect(res.status).toBe(200);
  }

  it('refuses a third connection while two are still sending their request head', async () => {
    const slow = [0, 1].map(() => open('GET /api/v1/me HTTP/1.1\r\nHost: x\r\n'));
    await expectRefusedThenServed(slow);
  });

  it('refuses a third connection while two are still sending their request body', async () => {
    const slow = [0, 1].map(() => {
      const x = open(
        head([
          'POST /api/v1/leads HTTP/1.1',
          'Host: x',
          `Authorization: Bearer ${tenant.key}`,
          `Idempotency-Key: ${randomUUID()}`,
          'Content-Type: application/json',
          'Content-Length: 1000',
        ]),
      );
      x.socket.write('{"contact_name":');
      return x;
    });
    await expectRefusedThenServed(slow);
  });

  it('does not count connections kept alive between requests', async () => {
    const idle = [0, 1, 2].map(() =>
      open(head(['GET /api/v1/me HTTP/1.1', 'Host: x', `Authorization: Bearer ${tenant.key}`])),
    );
    await sleep(600);
    for (const x of idle) expect(x.text().slice(9, 12)).toBe('200');
    const res = await t.request('GET', '/api/v1/me', { key: tenant.key });
    expect(res.status).toBe(200);
    for (const x of idle) x.socket.destroy();
  });
});
