import { lookup as dnsLookup } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { Agent, request } from 'undici';
import { PermanentError } from '../../core/errors.ts';

/** Addresses an image URL may never reach: the service's own network, not the internet. */
const FORBIDDEN = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) FORBIDDEN.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128], ['::1', 128], ['64:ff9b::', 96], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8],
] as const) FORBIDDEN.addSubnet(net, prefix, 'ipv6');

export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  // IPv4-mapped IPv6 (::ffff:a.b.c.d) is refused outright: public hosts do not resolve to it.
  // (A ::ffff:0:0/96 subnet in the BlockList would match every IPv4 address.)
  if (family === 6 && /^::ffff:/i.test(address)) return true;
  return FORBIDDEN.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export class ImageFetchError extends PermanentError {
  constructor(reason: string) {
    super(`Original image could not be downloaded: ${reason}`);
  }
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
      const bad = list.find((a) => isForbiddenAddress(a.address));
      if (bad && !allowPrivate) {
        return callback(new ImageFetchError(`${hostname} resolves to a private or reserved address`) as NodeJS.ErrnoException, '', 0);
      }
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

export interface FetchLimits {
  maxBytes: number;
  connectTimeoutMs: number;
  headersTimeoutMs: number;
  /** Whole download, however slowly the bytes trickle in. */
  totalTimeoutMs: number;
}

export const DEFAULT_FETCH_LIMITS: FetchLimits = {
  maxBytes: 10 * 1024 * 1024,
  connectTimeoutMs: 5_000,
  headersTimeoutMs: 10_000,
  totalTimeoutMs: 20_000,
};

const agents = new Map<string, Agent>();
function agentFor(allowPrivate: boolean, limits: FetchLimits): Agent {
  const id = `${allowPrivate}:${limits.connectTimeoutMs}:${limits.headersTimeoutMs}:${limits.totalTimeoutMs}`;
  let agent = agents.get(id);
  if (!agent) {
    agent = new Agent({
      connect: { lookup: guardedLookup(allowPrivate), timeout: limits.connectTimeoutMs },
      headersTimeout: limits.headersTimeoutMs,
      bodyTimeout: limits.totalTimeoutMs,
    });
    agents.set(id, agent);
  }
  return agent;
}

/**
 * Downloads a partner-supplied image URL without letting it reach internal services: https
 * only (http too when private addresses are allowed, for tests), no redirects, public
 * addresses only, a size cap enforced while streaming, image/* content only, and timeouts.
 */
export async function fetchImage(
  rawUrl: string,
  opts: { allowPrivate: boolean; limits?: FetchLimits },
): Promise<{ bytes: Buffer; contentType: string }> {
  const limits = opts.limits ?? DEFAULT_FETCH_LIMITS;
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new ImageFetchError('not a valid URL');
  }
  if (url.protocol !== 'https:' && !(opts.allowPrivate && url.protocol === 'http:')) {
    throw new ImageFetchError(`${url.protocol} URLs are not fetched; use https`);
  }
  if (url.username || url.password) throw new ImageFetchError('URLs with credentials are not fetched');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // Sockets skip the lookup for literal addresses, so those are checked here.
  if (isIP(host) && isForbiddenAddress(host) && !opts.allowPrivate) {
    throw new ImageFetchError(`${host} is a private or reserved address`);
  }

  // A timer cleared on return, not AbortSignal.timeout: a signal firing after the body was read
  // would abort a finished request and surface as an unhandled stream error.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), limits.totalTimeoutMs);
  const signal = controller.signal;
  let res;
  try {
    res = await request(url, { method: 'GET', dispatcher: agentFor(opts.allowPrivate, limits), signal, headers: { accept: 'image/*' } });
  } catch (err) {
    clearTimeout(timer);
    throw toFetchError(err, signal);
  }
  try {
    if (res.statusCode >= 300 && res.statusCode < 400) throw new ImageFetchError(`the server answered a ${res.statusCode} redirect; redirects are not followed`);
    if (res.statusCode !== 200) throw new ImageFetchError(`the server answered HTTP ${res.statusCode}`);
    const contentType = String(res.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (!contentType.startsWith('image/')) throw new ImageFetchError(`content type is ${contentType || 'missing'}, not an image`);
    const declared = Number(res.headers['content-length'] ?? NaN);
    if (declared > limits.maxBytes) throw new ImageFetchError(`image is larger than ${limits.maxBytes} bytes`);
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body) {
      size += chunk.length;
      if (size > limits.maxBytes) throw new ImageFetchError(`image is larger than ${limits.maxBytes} bytes`);
      chunks.push(chunk);
    }
    return { bytes: Buffer.concat(chunks), contentType };
  } catch (err) {
    // Destroying an unfinished undici body emits an abort error; it is expected here.
    res.body.on('error', () => {}).destroy();
    throw toFetchError(err, signal);
  } finally {
    clearTimeout(timer);
  }
}

function toFetchError(err: unknown, signal: AbortSignal): Error {
  if (err instanceof ImageFetchError) return err;
  const e = err as { code?: string; cause?: unknown; message?: string; name?: string };
  if (e.cause instanceof ImageFetchError) return e.cause;
  if (signal.aborted || e.name === 'TimeoutError' || /TIMEOUT/.test(e.code ?? '')) return new ImageFetchError('the server did not answer in time');
  if (e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN') return new ImageFetchError('the host name does not resolve');
  if (e.code === 'ECONNREFUSED' || e.code === 'ECONNRESET' || e.code === 'EHOSTUNREACH' || e.code === 'ENETUNREACH') {
    return new ImageFetchError('the server is unreachable');
  }
  return new ImageFetchError(e.message ?? 'unknown network error');
}
