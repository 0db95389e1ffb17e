import http from 'node:http';

export interface TimedAnswer {
  startedAt: number;
  endedAt: number;
  status?: number;
  headers?: http.IncomingHttpHeaders;
  /** Parsed when the answer is JSON. */
  body?: any;
  /** Set instead of status when no answer came: a dropped connection, a refusal, the timeout. */
  error?: string;
}

/**
 * One HTTP request that never rejects and records when it started and ended, so a load loop can
 * judge every answer afterwards, including the ones that never came.
 */
export function timedRequest(
  agent: http.Agent,
  url: string,
  opts: { method?: string; key?: string; body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<TimedAnswer> {
  const startedAt = Date.now();
  const payload =
    opts.body === undefined
      ? undefined
      : typeof opts.body === 'string' || Buffer.isBuffer(opts.body)
        ? opts.body
        : JSON.stringify(opts.body);
  return new Promise((resolve) => {
    const req = http.request(
      url,
      {
        agent,
        method: opts.method ?? (payload === undefined ? 'GET' : 'POST'),
        headers: {
          ...(opts.key ? { authorization: `Bearer ${opts.key}` } : {}),
          ...(payload !== undefined && !Buffer.isBuffer(payload) ? { 'content-type': 'application/json' } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('error', (err) => resolve({ startedAt, endedAt: Date.now(), error: err.message }));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          const body = (res.headers['content-type'] ?? '').includes('json') && text ? JSON.parse(text) : undefined;
          resolve({ startedAt, endedAt: Date.now(), status: res.statusCode, headers: res.headers, body });
        });
      },
    );
    req.setTimeout(opts.timeoutMs ?? 15_000, () => req.destroy(new Error('no answer in time')));
    req.on('error', (err) => resolve({ startedAt, endedAt: Date.now(), error: err.message }));
    req.end(payload);
  });
}

export const is2xx = (a: TimedAnswer) => a.status !== undefined && a.status >= 200 && a.status < 300;
export const durationMs = (a: TimedAnswer) => a.endedAt - a.startedAt;
