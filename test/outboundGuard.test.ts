import http from 'node:http';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addressKind,
  embeddedIPv4,
  ForbiddenAddressError,
  guardedLookup,
  outboundUrlProblem,
} from '../core/outboundHttp.ts';
import { postWebhook } from '../tasks/webhook_deliver/send.ts';
import { fetchImage } from '../tasks/visualization_generate/fetchImage.ts';

let receiver: http.Server;
let port: number;
let hits = 0;
beforeAll(async () => {
  receiver = http.createServer((_req, res) => {
    hits++;
    res.end('ok');
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  port = (receiver.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

describe('the kind of an address', () => {
  it.each([
    ['127.0.0.1', 'local'],
    ['10.1.2.3', 'local'],
    ['100.64.0.1', 'local'],
    ['::1', 'local'],
    ['fd12::1', 'local'],
    ['::ffff:127.0.0.1', 'local'],
    ['169.254.169.254', 'metadata'],
    ['169.254.1.1', 'metadata'],
    ['fe80::1', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['64:ff9b::a9fe:a9fe', 'metadata'],
    ['2002:a9fe:a9fe::1', 'metadata'],
    ['0.0.0.0', 'reserved'],
    ['::', 'reserved'],
    ['::7f00:1', 'reserved'],
    ['2002:7f00:1::1', 'reserved'],
    ['64:ff9b:1::7f00:1', 'reserved'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'reserved'],
    ['fec0::1', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['8.8.8.8', 'public'],
    ['2606:4700:4700::1111', 'public'],
  ])('%s is %s', (address, kind) => expect(addressKind(address)).toBe(kind));

  it('reads the IPv4 address 6to4, NAT64, IPv4-compatible and Teredo addresses carry', () => {
    expect(embeddedIPv4('2002:7f00:1::')).toEqual(['127.0.0.1']);
    expect(embeddedIPv4('64:ff9b::10.0.0.1')).toEqual(['10.0.0.1']);
    expect(embeddedIPv4('::127.0.0.1')).toEqual(['127.0.0.1']);
    expect(embeddedIPv4('2001:0:4136:e378:8000:63bf:3fff:fdd2')).toEqual(['65.54.227.120', '192.0.2.45']);
    expect(embeddedIPv4('2606:4700::1')).toEqual([]);
  });
});

describe('URLs checked before any connection', () => {
  it.each(['https://2130706433/h', 'https://0x7f.1/h', 'https://017700000001/h', 'https://127.1/h'])(
    'reads %s as 127.0.0.1 and refuses it unless private addresses are allowed',
    (raw) => {
      expect(outboundUrlProblem(new URL(raw), false)).toBe('127.0.0.1 is a private or reserved address');
      expect(outboundUrlProblem(new URL(raw), true)).toBeUndefined();
    },
  );

  it.each([
    'https://169.254.169.254/latest/meta-data/',
    'https://[fe80::1]/h',
    'https://[fd00:ec2::254]/h',
    'https://[::ffff:169.254.169.254]/h',
    'https://metadata.google.internal/computeMetadata/v1/',
    'https://METADATA.google.internal./x',
  ])('refuses %s even when private addresses are allowed', (raw) => {
    expect(outboundUrlProblem(new URL(raw), true)).toMatch(/never called/);
  });

  it.each(['https://0.0.0.0/h', 'https://[::127.0.0.1]/h', 'https://[2002:7f00:1::1]/h', 'https://192.0.2.1/h'])(
    'refuses reserved %s even when private addresses are allowed',
    (raw) => expect(outboundUrlProblem(new URL(raw), true)).toMatch(/private or reserved/),
  );
});

describe('connecting', () => {
  it('refuses a receiver on localhost by name when private addresses are not allowed, calling nothing', async () => {
    const before = hits;
    for (const host of ['localhost', 'LocalHost.', 'hooks.localhost']) {
      const attempt = await postWebhook(`https://${host}:${port}/hook`, {}, '{}', {
        timeoutMs: 2000,
        allowPrivate: false,
      });
      expect(attempt).toMatchObject({
        status: null,
        error: expect.stringMatching(/resolves to a private or reserved/),
      });
    }
    await expect(fetchImage(`https://localhost:${port}/h.jpg`, { allowPrivate: false })).rejects.toThrow(
      /localhost resolves to a private or reserved address/,
    );
    expect(hits).toBe(before);
  });

  it('checks the addresses a name resolves to on the socket itself, whatever the name', async () => {
    // A resolver of our own, so the check does not depend on this machine's hosts file or DNS.
    const answers: Record<string, string[]> = {
      'intranet.example': ['10.0.0.5'],
      'rebound.example': ['93.184.216.34', '127.0.0.1'],
      'public.example': ['93.184.216.34'],
    };
    const resolve = ((name: string, _opts: unknown, cb: (e: Error | null, a: unknown) => void) =>
      cb(
        null,
        (answers[name] ?? []).map((address) => ({ address, family: 4 })),
      )) as unknown as typeof import('node:dns').lookup;
    const look = (name: string, allowPrivate: boolean) =>
      new Promise<{ err: Error | null; address: unknown }>((done) =>
        guardedLookup(allowPrivate, resolve)(name, { all: true }, ((err: Error | null, address: unknown) =>
          done({ err, address })) as never),
      );
    const refused = await look('intranet.example', false);
    expect(refused.err).toBeInstanceOf(ForbiddenAddressError);
    expect(refused.err!.message).toMatch(/^intranet\.example resolves to 10\.0\.0\.5, a private or reserved address/);
    // One forbidden address among public ones is enough to refuse the name.
    expect((await look('rebound.example', false)).err?.message).toMatch(/resolves to 127\.0\.0\.1/);
    expect(await look('public.example', false)).toEqual({
      err: null,
      address: [{ address: '93.184.216.34', family: 4 }],
    });
    expect((await look('intranet.example', true)).err).toBeNull();
  });

  it('delivers to a loopback receiver only while private addresses are allowed', async () => {
    const before = hits;
    const url = `http://127.0.0.1:${port}/hook`;
    expect(await postWebhook(url, {}, '{}', { timeoutMs: 2000, allowPrivate: true })).toMatchObject({ status: 200 });
    expect(
      (await postWebhook(`http://localhost:${port}/hook`, {}, '{}', { timeoutMs: 2000, allowPrivate: true })).status,
    ).toBe(200);
    expect(hits).toBe(before + 2);
  });
});
