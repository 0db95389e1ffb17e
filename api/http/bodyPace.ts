import type http from 'node:http';
import type net from 'node:net';
import type { Ctx } from '../context.ts';
import { ERRORS, type ApiError } from '../../core/errors.ts';

export interface BodyPace {
  /** The whole body must have arrived by then. */
  deadlineSeconds: number;
  /** Measured over each RATE_WINDOW_MS: a sender slower than this is cut off. */
  minBytesPerSecond: number;
}

const RATE_WINDOW_MS = 5_000;

/** A refusal of a body we stop reading: the connection is closed behind the answer. */
export const CLOSE = { Connection: 'close' };

/**
 * An answer sent before its request's body has arrived whole (a refusal: 401, 403, 404, 413,
 * 429…) closes the connection behind it: the rest of the body is never read, where keeping the
 * connection alive would have Node read it to its end, however slowly it comes.
 */
export function closeBehindUnreadBody(ctx: Ctx): void {
  if (ctx.req.complete || ctx.headerSent) return;
  ctx.set('Connection', 'close');
  lingerOnClose(ctx.req.socket);
}

/** How long, and for how many more bytes, a connection closed behind an unread body lingers. */
const LINGER_MS = 1000;
const LINGER_BYTES = 256 * 1024;

/**
 * Closes the connection the way Node does after a `Connection: close` answer (destroySoon), but
 * lingering: it sends its end of the connection, then reads and drops what the client still
 * sends, for at most LINGER_MS or LINGER_BYTES, before closing. Closed at once with the body's
 * bytes unread, the connection would be reset, and a client still writing its body could lose the
 * answer (the 429 or 401 it should read) to the reset.
 */
function lingerOnClose(socket: net.Socket): void {
  socket.destroySoon = () => {
    const until = socket.bytesRead + LINGER_BYTES;
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    socket.once('close', () => clearTimeout(timer));
    socket.once('end', () => socket.destroy());
    socket.on('data', () => {
      if (socket.bytesRead > until) socket.destroy();
    });
    socket.end();
    socket.resume();
  };
}

const tooSlow = (message: string) => ERRORS.uploadTooSlow(message, CLOSE);

/**
 * Watches a request body arrive (uploads and JSON alike): once it is not complete within the
 * deadline, or a rate window brought less than the minimum rate, calls `fail` with the 408 to
 * answer. Returns the function that stops watching.
 */
export function watchBodyPace(req: http.IncomingMessage, pace: BodyPace, fail: (err: ApiError) => void): () => void {
  const started = Date.now();
  // Counted on the socket rather than with a 'data' listener, which would change how the body
  // flows for its reader (and leave it flowing, unread, when the reader stops early).
  const socket = req.socket;
  const firstByte = socket.bytesRead;
  let windowStart = { at: started, bytes: 0 };
  const stop = () => clearInterval(clock);
  const clock = setInterval(() => {
    const now = Date.now();
    const received = socket.bytesRead - firstByte;
    if (now - started > pace.deadlineSeconds * 1000) {
      stop();
      return fail(tooSlow(`The body did not arrive within ${pace.deadlineSeconds} seconds`));
    }
    if (now - windowStart.at >= RATE_WINDOW_MS) {
      const rate = ((received - windowStart.bytes) * 1000) / (now - windowStart.at);
      if (rate < pace.minBytesPerSecond) {
        stop();
        return fail(
          tooSlow(`The body arrived at ${Math.floor(rate)} bytes per second; the minimum is ${pace.minBytesPerSecond}`),
        );
      }
      windowStart = { at: now, bytes: received };
    }
  }, 250);
  return stop;
}

/**
 * Waits for a parser reading the request body, refusing the body with a 408 once it falls
 * behind the pace; the parse is then left to end with the connection, closed behind the 408.
 */
export async function readPaced<T>(req: http.IncomingMessage, pace: BodyPace, parsing: Promise<T>): Promise<T> {
  let stopWatching = () => {};
  const tooSlow = new Promise<never>((_, reject) => (stopWatching = watchBodyPace(req, pace, reject)));
  parsing.catch(() => {});
  try {
    return await Promise.race([parsing, tooSlow]);
  } finally {
    stopWatching();
  }
}

/** The pace of JSON and form bodies: the JSON deadline, at the uploads' minimum rate. */
export function smallBodyPace(config: { JSON_BODY_DEADLINE_SECONDS: number; UPLOAD_MIN_BYTES_PER_SECOND: number }) {
  return { deadlineSeconds: config.JSON_BODY_DEADLINE_SECONDS, minBytesPerSecond: config.UPLOAD_MIN_BYTES_PER_SECOND };
}
