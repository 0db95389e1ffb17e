import { request } from 'undici';
import { PermanentError } from '../../core/errors.ts';
import { ForbiddenAddressError, outboundUrlProblem, publicAgent } from '../../core/outboundHttp.ts';

export class ImageFetchError extends PermanentError {
  constructor(
    readonly reason: string,
    what = 'Original image',
  ) {
    super(`${what} could not be downloaded: ${reason}`);
  }
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
  const problem = outboundUrlProblem(url, opts.allowPrivate);
  if (problem) throw new ImageFetchError(problem);

  // A timer cleared on return, not AbortSignal.timeout: a signal firing after the body was read
  // would abort a finished request and surface as an unhandled stream error.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), limits.totalTimeoutMs);
  const signal = controller.signal;
  let res;
  try {
    res = await request(url, {
      method: 'GET',
      dispatcher: publicAgent(opts.allowPrivate, { ...limits, bodyTimeoutMs: limits.totalTimeoutMs }),
      signal,
      headers: { accept: 'image/*' },
    });
  } catch (err) {
    clearTimeout(timer);
    throw toFetchError(err, signal);
  }
  try {
    if (res.statusCode >= 300 && res.statusCode < 400)
      throw new ImageFetchError(`the server answered a ${res.statusCode} redirect; redirects are not followed`);
    if (res.statusCode !== 200) throw new ImageFetchError(`the server answered HTTP ${res.statusCode}`);
    const contentType = String(res.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim()
      .toLowerCase();
    if (!contentType.startsWith('image/'))
      throw new ImageFetchError(`content type is ${contentType || 'missing'}, not an image`);
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
  if (e.cause instanceof ForbiddenAddressError) return new ImageFetchError(e.cause.message);
  if (signal.aborted || e.name === 'TimeoutError' || /TIMEOUT/.test(e.code ?? ''))
    return new ImageFetchError('the server did not answer in time');
  if (e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN') return new ImageFetchError('the host name does not resolve');
  if (e.code === 'ECONNREFUSED' || e.code === 'ECONNRESET' || e.code === 'EHOSTUNREACH' || e.code === 'ENETUNREACH') {
    return new ImageFetchError('the server is unreachable');
  }
  return new ImageFetchError(e.message ?? 'unknown network error');
}
