import { lookup as dnsLookup, promises as dnsPromises } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { Agent } from 'undici';
import { echo } from './errors.ts';

/**
 * The one guard for every URL a partner gives the service to call (image downloads, webhook
 * deliveries): partners must not reach the service's own network through it, nor any other
 * special-purpose address. IANA's IPv4 and IPv6 special-purpose address registries, whole
 * (including ranges some of whose addresses are globally reachable, like 6to4 and Teredo,
 * since they tunnel to addresses that may not be).
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
  ['192.0.2.0', 24], // TEST-NET-1
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // TEST-NET-2
  ['203.0.113.0', 24], // TEST-NET-3
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255
] as const)
  FORBIDDEN.addSubnet(net, prefix, 'ipv4');
// IPv4-mapped addresses (::ffff:0:0/96) are not listed: BlockList checks their embedded IPv4
// address against the IPv4 ranges above.
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96], // NAT64
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard-only
  ['2001::', 23], // IETF protocol assignments, Teredo (2001::/32) among them
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still routed by some networks)
  ['ff00::', 8], // multicast
] as const)
  FORBIDDEN.addSubnet(net, prefix, 'ipv6');

export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return FORBIDDEN.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

const REGISTRATION_LOOKUP_MS = 3000;

/**
 * Why a URL's host name may not be registered: it resolves (now) to a forbidden address, as
 * `localhost` does. The connection itself is checked again (guardedLookup), since a name can
 * change what it resolves to; a name that does not resolve yet, or not within a few seconds,
 * is let through to that check.
 */
export async function resolvedAddressProblem(url: URL, allowPrivate: boolean): Promise<string | undefined> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (allowPrivate || isIP(host)) return undefined;
  let timer: NodeJS.Timeout | undefined;
  const addresses = await Promise.race([
    dnsPromises.lookup(host, { all: true }).catch(() => []),
    new Promise<[]>((resolve) => (timer = setTimeout(() => resolve([]), REGISTRATION_LOOKUP_MS))),
  ]).finally(() => clearTimeout(timer));
  const forbidden = addresses.find((a) => isForbiddenAddress(a.address));
  return forbidden && `${echo(host)} resolves to ${forbidden.address}, a private or reserved address`;
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
