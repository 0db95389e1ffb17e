import { request, type Dispatcher } from 'undici';
import { ModelRefusedError, ModelUnavailableError } from './provider.ts';

/** Largest answer read from a model: a base64 PNG of a large render stays well under it. */
export const MAX_MODEL_RESPONSE_BYTES = 40 * 1024 * 1024;

export interface ModelAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** Retry-After in seconds or as an HTTP date, in milliseconds from now. */
export function retryAfterMs(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/**
 * One request to an operator-configured model endpoint with a deadline, its answer read whole
 * (bounded). Network failures and the deadline become ModelUnavailableError; the status is the
 * caller's to judge (see judgeStatus).
 */
export async function callModel(
  url: string,
  opts: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: Dispatcher.DispatchOptions['body'] },
  deadline: number,
): Promise<ModelAnswer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), Math.max(0, deadline - Date.now()));
  try {
    const res = await request(url, { ...opts, signal: controller.signal });
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body) {
      size += chunk.length;
      if (size > MAX_MODEL_RESPONSE_BYTES) {
        res.body.on('error', () => {}).destroy();
        throw new ModelUnavailableError('failing', `answer larger than ${MAX_MODEL_RESPONSE_BYTES} bytes`);
      }
      chunks.push(chunk);
    }
    return { status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) };
  } catch (err) {
    if (err instanceof ModelUnavailableError) throw err;
    if (controller.signal.aborted) throw new ModelUnavailableError('timed_out', `no answer from ${new URL(url).host}`);
    const e = err as { code?: string; message?: string };
    throw new ModelUnavailableError('unreachable', `${e.code ?? e.message ?? 'network error'} (${new URL(url).host})`);
  } finally {
    clearTimeout(timer);
  }
}

/** The error message of an OpenAI-style `{error: {message, type, code}}` or Replicate-style `{detail}` body. */
function errorOf(body: Buffer): { message: string; code: string } {
  try {
    const json = JSON.parse(body.toString('utf8')) as {
      error?: { message?: string; code?: string; type?: string } | string;
      detail?: string;
      title?: string;
    };
    if (typeof json.error === 'object' && json.error)
      return { message: json.error.message ?? '', code: json.error.code ?? json.error.type ?? '' };
    return { message: String(json.error ?? json.detail ?? json.title ?? ''), code: '' };
  } catch {
    return { message: body.toString('utf8', 0, 200), code: '' };
  }
}

const CONTENT_POLICY = /moderation|content_policy|safety|nsfw/i;

/**
 * Throws for any non-2xx answer: 429 and 5xx are outages (the queue retries, after Retry-After
 * when given); 401 and 403 are a configuration error and any other 4xx a refusal of this request,
 * both final at once with a plain reason.
 */
export function judgeStatus(answer: ModelAnswer, what: string): void {
  const { status } = answer;
  if (status >= 200 && status < 300) return;
  const { message, code } = errorOf(answer.body);
  const detail = `${what} answered HTTP ${status}${code ? ` ${code}` : ''}${message ? `: ${message}` : ''}`;
  if (status === 429)
    throw new ModelUnavailableError('rate_limited', detail, retryAfterMs(answer.headers['retry-after']));
  if (status >= 500 || status === 408)
    throw new ModelUnavailableError('failing', detail, retryAfterMs(answer.headers['retry-after']));
  if (status === 401 || status === 403 || status === 404) {
    throw new ModelRefusedError('The image model is not configured correctly; contact support', detail);
  }
  if (CONTENT_POLICY.test(code) || CONTENT_POLICY.test(message)) {
    throw new ModelRefusedError(
      'The image model refused this photo under its content policy; use another photo',
      detail,
    );
  }
  throw new ModelRefusedError(
    'The image model could not process this photo; use another photo or send roof_outline',
    detail,
  );
}

export function bearer(apiKey: string | undefined): Record<string, string> {
  return apiKey ? { authorization: `Bearer ${apiKey}` } : {};
}
