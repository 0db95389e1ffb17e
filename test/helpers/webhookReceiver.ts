import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

// A receiver as a partner would write one, for the webhook tests.

/** A test context's settings for delivering to local receivers, retrying within a second or two. */
export const DELIVERING_LOCALLY = {
  RATE_LIMIT_PER_MINUTE: '10000',
  WEBHOOK_ALLOW_PRIVATE: 'true',
  WEBHOOK_RETRY_BASE_SECONDS: '1',
  WEBHOOK_RETRY_MAX_DELAY_SECONDS: '1',
  WEBHOOK_DISPATCH_INTERVAL_MS: '250',
};
export interface Received {
  /** The request's path, as the endpoint's URL has it. */
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Answer {
  status: number;
  delayMs?: number;
  headers?: Record<string, string>;
  /** What it answers with; "ok" unless given. */
  body?: string | Buffer;
}

export interface Receiver {
  url: (path?: string) => string;
  received: Received[];
  /** The most requests it had in flight at once. */
  maxInFlight: number;
  close: () => Promise<void>;
}

/** A local HTTP server recording every request; `answer` decides the nth one's reply (0-based). */
export async function startReceiver(
  answer: (n: number) => Answer = () => ({ status: 200 }),
  port = 0,
): Promise<Receiver> {
  const received: Received[] = [];
  let inFlight = 0;
  const receiver: Receiver = { url: () => '', received, maxInFlight: 0, close: async () => {} };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const n =
        received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') }) - 1;
      // Until answered, or until the sender gives up and closes the connection.
      receiver.maxInFlight = Math.max(receiver.maxInFlight, ++inFlight);
      res.on('close', () => inFlight--);
      const a = answer(n);
      setTimeout(() => {
        if (!res.destroyed) res.writeHead(a.status, { 'content-type': 'text/plain', ...a.headers }).end(a.body ?? 'ok');
      }, a.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as { port: number }).port;
  receiver.url = (path = '/hooks') => `http://127.0.0.1:${bound}${path}`;
  receiver.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}
