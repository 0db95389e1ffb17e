import type http from 'node:http';
import { ERRORS, type ApiError } from '../core/errors.ts';

export interface BodyPace {
  /** The whole body must have arrived by then. */
  deadlineSeconds: number;
  /** Measured over each RATE_WINDOW_MS: a sender slower than this is cut off. */
  minBytesPerSecond: number;
}

const RATE_WINDOW_MS = 5_000;

/** A refusal of a body we stop reading: the connection is closed behind the answer. */
export const CLOSE = { Connection: 'close' };

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
