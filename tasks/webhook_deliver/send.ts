import { request, type Dispatcher } from 'undici';
import { ForbiddenAddressError, outboundUrlProblem, publicAgent } from '../../core/outboundHttp.ts';
import type { Attempt } from '../../storage/webhookDeliveries.ts';

/** Receivers answer with a status; a body beyond this is not read. */
const RESPONSE_BYTES_READ = 4096;

/** The start of the answer kept with the attempt, for the deliveries list; the rest is dropped. */
export const RESPONSE_BYTES_KEPT = 1024;

/** Network failures in partners' words; anything else keeps its own message. */
const PLAIN_ERRORS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ENOTFOUND: 'the host name does not resolve',
  EAI_AGAIN: 'the host name does not resolve',
  UND_ERR_SOCKET: 'the connection closed before an answer',
};

function plainError(err: unknown, timedOut: boolean, timeoutMs: number): string {
  const e = err as { code?: string; cause?: { code?: string }; message?: string };
  if (e.cause instanceof ForbiddenAddressError) return e.cause.message;
  if (err instanceof ForbiddenAddressError) return err.message;
  if (timedOut || /TIMEOUT/.test(e.code ?? '')) return `timed out after ${timeoutMs / 1000} s`;
  const code = e.code ?? e.cause?.code ?? '';
  if (PLAIN_ERRORS[code]) return PLAIN_ERRORS[code];
  if (/CERT|TLS|SSL/.test(code)) return `TLS failed (${code})`;
  return e.message ?? 'unknown network error';
}

/**
 * POSTs `body` to a partner's URL through the SSRF guard (checked again on the address actually
 * connected to), within `timeoutMs` for the whole exchange. Redirects are not followed; any 2xx
 * is success. Never throws: the outcome is an attempt to record.
 */
export async function postWebhook(
  rawUrl: string,
  headers: Record<string, string>,
  body: string,
  opts: { timeoutMs: number; allowPrivate: boolean },
): Promise<Attempt> {
  const started = performance.now();
  const attempt = (status: number | null, error: string | null, responseBody: string | null = null): Attempt => ({
    status,
    error,
    durationMs: Math.round(performance.now() - started),
    responseBody,
  });
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return attempt(null, 'not a valid URL');
  }
  const problem = outboundUrlProblem(url, opts.allowPrivate);
  if (problem) return attempt(null, problem);

  // A timer cleared on return rather than AbortSignal.timeout, whose late abort would hit a
  // finished request (see fetchImage.ts).
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs);
  const limits = { connectTimeoutMs: opts.timeoutMs, headersTimeoutMs: opts.timeoutMs, bodyTimeoutMs: opts.timeoutMs };
  try {
    const dispatcher = publicAgent(opts.allowPrivate, limits);
    const res = await request(url, { method: 'POST', headers, body, signal: controller.signal, dispatcher });
    const answer = await readBodyStart(res.body);
    const status = res.statusCode;
    if (status >= 200 && status < 300) return attempt(status, null, answer);
    const redirect = status >= 300 && status < 400;
    return attempt(status, redirect ? `HTTP ${status} (redirects are not followed)` : `HTTP ${status}`, answer);
  } catch (err) {
    return attempt(null, plainError(err, controller.signal.aborted, opts.timeoutMs));
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Reads up to RESPONSE_BYTES_READ, then lets the connection go: the answer's status is what counts.
 * The first RESPONSE_BYTES_KEPT bytes as text (a character cut at the end, or bytes that are not
 * UTF-8, become U+FFFD; NUL, which PostgreSQL text cannot hold, is dropped); null for an empty body.
 */
async function readBodyStart(body: Dispatcher.ResponseData['body']): Promise<string | null> {
  const kept: Buffer[] = [];
  let read = 0;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      if (read < RESPONSE_BYTES_KEPT) kept.push(chunk.subarray(0, RESPONSE_BYTES_KEPT - read));
      read += chunk.length;
      if (read >= RESPONSE_BYTES_READ) break;
    }
  } catch {
    // A body cut off (timeout, reset) after the status arrived does not change the outcome.
  } finally {
    body.on('error', () => {});
    body.destroy();
  }
  const text = Buffer.concat(kept).toString('utf8').replaceAll('\u0000', '');
  return text === '' ? null : text;
}
