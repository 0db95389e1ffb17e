import { lookup as dnsLookup, promises as dnsPromises } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { Agent } from 'undici';
import { echo } from './errors.ts';

/**
 * The one guard for every URL a partner gives the service to call (image downloads, webhook
 * deliveries): partners must not reach the service's own network through it, nor any other
 * special-purpose address. IANA's IPv4 and IPv6 special-purpose address registries, whole
 * (including ranges some of whose addresses are globally reachable, like 6to4 and Teredo,
 * since they tunnel to addresses that may not be), sorted by what an operator may relax:
 *
 * - `local`: loopback and private networks, callable only when the operator allows private
 *   receivers (a laptop's local receiver, the test suite);
 * - `metadata`: link-local addresses and the cloud providers' metadata services, never called,
 *   since what they answer (instance credentials) must not reach a partner's delivery log;
 * - `reserved`: every other special-purpose address, never called either: nothing legitimate
 *   listens there, and the forms that embed an IPv4 address (IPv4-compatible, NAT64, 6to4,
 *   Teredo) could reach a local one by another spelling.
 *
 * IPv4-mapped addresses (::ffff:0:0/96) are the IPv4 address itself: BlockList checks them
 * against the IPv4 ranges.
 */
export type AddressKind = 'public' | 'local' | 'metadata' | 'reserved';

function blockList(ranges: readonly (readonly [string, number])[]): BlockList {
  const list = new BlockList();
  for (const [net, prefix] of ranges) list.addSubnet(net, prefix, isIP(net) === 6 ? 'ipv6' : 'ipv4');
  return list;
}

/** Link-local ranges and the metadata services' addresses: never called, whatever is allowed. */
export const METADATA_RANGES = [
  ['169.254.0.0', 16], // link-local, AWS/GCP/Azure/OpenStack metadata at 169.254.169.254
  ['fe80::', 10], // link-local
  ['100.100.100.200', 32], // Alibaba Cloud metadata, inside the shared address space
  ['168.63.129.16', 32], // Azure's platform endpoint (wireserver), a public address only in name
  ['fd00:ec2::254', 128], // AWS metadata over IPv6, inside unique local space
] as const;

/** Loopback and private networks: what WEBHOOK_ALLOW_PRIVATE (and IMAGE_FETCH_ALLOW_PRIVATE) allow. */
export const LOCAL_RANGES = [
  ['127.0.0.0', 8],
  ['::1', 128],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['fc00::', 7], // unique local
] as const;

const METADATA = blockList(METADATA_RANGES);
const LOCAL = blockList(LOCAL_RANGES);
const LOOPBACK = blockList(LOCAL_RANGES.slice(0, 2));

/** Whether a listening host (HOST) is this machine only: a loopback address or `localhost`. */
export function isLoopbackHost(host: string): boolean {
  const address = host.replace(/^\[|\]$/g, '');
  const family = isIP(address);
  if (family === 0) return address.toLowerCase() === 'localhost';
  return LOOPBACK.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

const RESERVED = blockList([
  ['0.0.0.0', 8], // "this network": 0.0.0.0 reaches the local host
  ['192.0.0.0', 24],
  ['192.0.2.0', 24], // TEST-NET-1
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // TEST-NET-2
  ['203.0.113.0', 24], // TEST-NET-3
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255
  ['::', 96], // unspecified, and IPv4-compatible (::127.0.0.1)
  ['64:ff9b::', 96], // NAT64
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard-only
  ['2001::', 23], // IETF protocol assignments, Teredo (2001::/32) among them
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['fec0::', 10], // site-local (deprecated, still routed by some networks)
  ['ff00::', 8], // multicast
]);

/** The eight 16-bit groups of a valid IPv6 address (a dotted IPv4 tail counts as two). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

const ipv4Of = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;

/**
 * The IPv4 addresses an IPv6 address carries for a tunnel or translator to reach: the
 * IPv4-compatible, NAT64 and 6to4 forms, and Teredo's server and (inverted) client address.
 */
export function embeddedIPv4(address: string): string[] {
  const g = ipv6Groups(address);
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 6) || (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6))) return [ipv4Of(g[6]!, g[7]!)];
  if (g[0] === 0x2002) return [ipv4Of(g[1]!, g[2]!)];
  if (g[0] === 0x2001 && g[1] === 0) return [ipv4Of(g[2]!, g[3]!), ipv4Of(g[6]! ^ 0xffff, g[7]! ^ 0xffff)];
  return [];
}

export function addressKind(address: string): AddressKind {
  const family = isIP(address);
  if (family === 0) return 'reserved';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (METADATA.check(address, type)) return 'metadata';
  if (family === 6 && embeddedIPv4(address).some((v4) => METADATA.check(v4, 'ipv4'))) return 'metadata';
  if (LOCAL.check(address, type)) return 'local';
  if (RESERVED.check(address, type)) return 'reserved';
  return 'public';
}

export function isForbiddenAddress(address: string): boolean {
  return addressKind(address) !== 'public';
}

/** Why an address may not be connected to; undefined when it may. */
export function addressProblem(address: string, allowPrivate: boolean): string | undefined {
  const kind = addressKind(address);
  if (kind === 'public' || (kind === 'local' && allowPrivate)) return undefined;
  return kind === 'metadata'
    ? 'a private or reserved address (link-local or cloud metadata, never called)'
    : 'a private or reserved address';
}

/**
 * Names that stand for such addresses whatever a resolver answers: `localhost` and its
 * subdomains (RFC 6761) are loopback; the metadata services' names are never called.
 */
const METADATA_NAMES = new Set([
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'instance-data',
  'instance-data.ec2.internal',
]);

function nameProblem(host: string, allowPrivate: boolean): string | undefined {
  const name = host.toLowerCase().replace(/\.$/, '');
  if (METADATA_NAMES.has(name))
    return `${echo(host)} resolves to a private or reserved address (cloud metadata, never called)`;
  if (!allowPrivate && (name === 'localhost' || name.endsWith('.localhost')))
    return `${echo(host)} resolves to a private or reserved address`;
  return undefined;
}

const REGISTRATION_LOOKUP_MS = 3000;

/**
 * Why a URL's host name may not be registered: it resolves (now) to an address that may not be
 * called, as `localhost` does. The connection itself is checked again (guardedLookup), since a
 * name can change what it resolves to; a name that does not resolve yet, or not within a few
 * seconds, is let through to that check.
 */
export async function resolvedAddressProblem(url: URL, allowPrivate: boolean): Promise<string | undefined> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!host || isIP(host)) return undefined;
  let timer: NodeJS.Timeout | undefined;
  const addresses = await Promise.race([
    dnsPromises.lookup(host, { all: true }).catch(() => []),
    new Promise<[]>((resolve) => (timer = setTimeout(() => resolve([]), REGISTRATION_LOOKUP_MS))),
  ]).finally(() => clearTimeout(timer));
  for (const { address } of addresses) {
    const problem = addressProblem(address, allowPrivate);
    if (problem) return `${echo(host)} resolves to ${address}, ${problem}`;
  }
  return nameProblem(host, allowPrivate);
}

/** Raised (as the socket's error cause) when a name resolves to a forbidden address. */
export class ForbiddenAddressError extends Error {}

/**
 * Why a URL may not be called, checked before any connection: https only (http too when private
 * addresses are allowed, for tests), no credentials, no literal address nor name that may not be
 * called (sockets skip the lookup for literals). Undefined when it may be tried.
 */
export function outboundUrlProblem(url: URL, allowPrivate: boolean): string | undefined {
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:'))
    return `${url.protocol} URLs are not called; use https`;
  if (url.username || url.password) return 'URLs with credentials are not called';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!isIP(host)) return nameProblem(host, allowPrivate);
  const problem = addressProblem(host, allowPrivate);
  return problem && `${host} is ${problem}`;
}

/**
 * DNS resolution for the socket itself: the addresses checked are the addresses connected to,
 * so a name that resolves differently the second time (DNS rebinding) gains nothing.
 */
export function guardedLookup(allowPrivate: boolean, resolve: typeof dnsLookup = dnsLookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as { address: string; family: number }[];
      for (const { address } of list) {
        const problem = addressProblem(address, allowPrivate);
        if (!problem) continue;
        const refused = new ForbiddenAddressError(`${hostname} resolves to ${address}, ${problem}`);
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

/** A shared undici Agent whose sockets connect only to public addresses (and local ones when allowed). */
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
