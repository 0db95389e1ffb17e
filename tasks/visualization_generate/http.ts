import { setTimeout as sleep } from 'node:timers/promises';
import { request } from 'undici';
import { PermanentError } from '../../core/errors.ts';
import { inspectImage } from './inspect-image.ts';
import type { RenderInput, RenderedImage } from './provider.ts';

export interface HttpProviderOptions {
  url: string;
  apiKey?: string;
  /** Retries after the first try, on 5xx, 429 and network errors. */
  retries?: number;
  baseDelayMs?: number;
  timeoutMs?: number;
}

const MAX_RESPONSE_BYTES = 25 * 1024 * 1024;

class Retryable extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/**
 * Calls an image model over HTTP: POST IMAGE_MODEL_URL with JSON
 * `{image: {data: base64, content_type}, mask?, prompt, selection: {material, color, shape}}` and
 * expects the rendered image back as an image/* body. 5xx, 429 and network failures are retried
 * with exponential backoff (honouring Retry-After up to a cap); anything else is final.
 */
export async function renderHttp(input: RenderInput, opts: HttpProviderOptions): Promise<RenderedImage> {
  const { contentType } = await inspectImage(input.image);
  const body = JSON.stringify({
    image: { data: input.image.toString('base64'), content_type: contentType },
    ...(input.mask ? { mask: { data: input.mask.toString('base64') } } : {}),
    prompt: input.prompt,
    selection: { material: input.material, color: input.color, shape: input.shape },
  });
  const retries = opts.retries ?? 3;
  const baseDelay = opts.baseDelayMs ?? 500;
  for (let attempt = 0; ; attempt++) {
    try {
      return await callOnce(body, opts);
    } catch (err) {
      if (!(err instanceof Retryable)) throw err;
      if (attempt >= retries) throw new PermanentError(`Image model failed after ${attempt + 1} tries: ${err.message}`);
      const backoff = baseDelay * 2 ** attempt * (0.75 + Math.random() * 0.5);
      await sleep(Math.min(30_000, Math.max(backoff, err.retryAfterMs ?? 0)));
    }
  }
}

async function callOnce(body: string, opts: HttpProviderOptions): Promise<RenderedImage> {
  const timeoutMs = opts.timeoutMs ?? 120_000;
  let res;
  try {
    res = await request(opts.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'image/*',
        ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}),
      },
      body,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
  } catch (err) {
    throw new Retryable(`request failed (${(err as { code?: string }).code ?? (err as Error).message})`);
  }
  if (res.statusCode === 429 || res.statusCode >= 500) {
    await res.body.dump();
    const retryAfter = Number(res.headers['retry-after']);
    throw new Retryable(`HTTP ${res.statusCode}`, Number.isFinite(retryAfter) ? retryAfter * 1000 : undefined);
  }
  if (res.statusCode !== 200) {
    await res.body.dump();
    throw new PermanentError(`Image model refused the request with HTTP ${res.statusCode}`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body) {
    size += chunk.length;
    if (size > MAX_RESPONSE_BYTES) {
      res.body.on('error', () => {}).destroy();
      throw new PermanentError('Image model returned more than 25 MB');
    }
    chunks.push(chunk);
  }
  const bytes = Buffer.concat(chunks);
  const info = await inspectImage(bytes, 'Image model output');
  return { bytes, contentType: info.contentType };
}
