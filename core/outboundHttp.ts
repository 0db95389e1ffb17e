import { lookup as dnsLookup } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { Agent } from 'undici';

/**
 * The one guard for every URL a partner gives the service to call (image downloads, webhook
 * deliveries): partners must not reach the service's own network through it.
 */
const FORBIDDEN = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  FORBIDDEN.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  FORBIDDEN.addSubnet(net, prefix, 'ipv6');

export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  // IPv4-mapped IPv6 (::ffff:a.b.c.d) is refused outright: public hosts do not resolve to it.
  // (A ::ffff:0:0/96 subnet in the BlockList would match every IPv4 address.)
  if (family === 6 && /^::ffff:/i.test(address)) return true;
  return FORBIDDEN.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Raised (as the socket's error cause) when a name resolves to a forbidden address. */
export class ForbiddenAddressError extends Error {}

/**
 * Why a URL may not be called, checked before any connection: https only (http too when private
 * addresses are allowed, for tests), no credentials, no literal private address (sockets skip the
 * lookup for those). Undefined when it may be tried.
 */
export function outboundUrlProblem(url: URL, allowPrivate: boolean): string | undefined {
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:'))
    return `${url.protocol} URLs are not called; use https`;
  if (url.username || url.password) return 'URLs with credentials are not called';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && isForbiddenAddress(host) && !allowPrivate) return `${host} is a private or reserved address`;
  return undefined;
}

/**
 * DNS resolution for the socket itself: the addresses checked are the addresses connected to,
 * so a name that resolves differently the second time (DNS rebinding) gains nothing.
 */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as { address: string; family: number }[];
      if (!allowPrivate && list.some((a) => isForbiddenAddress(a.address))) {
        const refused = new ForbiddenAddressError(`${hostname} resolves to a private or reserved address`);
        return callback(refused as NodeJS.ErrnoException, '', 0);
      }
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

export interface OutboundTimeouts {
  connectTimeoutMs: number;
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
}

const agents = new Map<string, Agent>();

/** A shared undici Agent whose sockets connect only to public addresses (unless allowed). */
export function publicAgent(allowPrivate: boolean, t: OutboundTimeouts): Agent {
  const id = `${allowPrivate}:${t.connectTimeoutMs}:${t.headersTimeoutMs}:${t.bodyTimeoutMs}`;
  let agent = agents.get(id);
  if (!agent) {
    agent = new Agent({
      connect: { lookup: guardedLookup(allowPrivate), timeout: t.connectTimeoutMs },
      headersTimeout: t.headersTimeoutMs,
      bodyTimeout: t.bodyTimeoutMs,
    });
    agents.set(id, agent);
  }
  return agent;
}
