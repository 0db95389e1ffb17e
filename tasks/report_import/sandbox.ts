import { Worker } from 'node:worker_threads';
import { PermanentError } from '../../core/errors.ts';
import type { ParsedFile } from './summary.ts';

/**
 * What one import's parse may use. Parsing runs in a thread of its own, so these bound the
 * parse however hostile the file, and the process's event loop (the API's too under
 * `npm start`) never waits on it.
 */
export interface ParseLimits {
  /** Wall-clock time for all files of one import, thread start-up included. */
  deadlineMs: number;
  /** V8 heap of the thread; reaching it ends the thread, never the process. */
  maxOldGenerationSizeMb: number;
  maxYoungGenerationSizeMb: number;
  stackSizeMb: number;
}

export const PARSE_LIMITS: ParseLimits = {
  deadlineMs: 30_000,
  maxOldGenerationSizeMb: 512,
  maxYoungGenerationSizeMb: 48,
  stackSizeMb: 4,
};

export interface FileToParse {
  name: string;
  data: Buffer;
}

/** Messages from the thread: one `parsed` per file in order, then `done` or `failure`. */
export type ThreadMessage =
  { parsed: ParsedFile } | { done: true } | { failure: { message: string; permanent: boolean } };

export interface ThreadInput {
  files: { name: string; data: Uint8Array }[];
}

/**
 * The thread runs TypeScript sources like the rest of the service. It starts from evaluated
 * code because Node 20 does not apply `--import tsx` to a worker's entry module; registering
 * tsx's loader first, then importing the entry, works under tsx and vitest alike.
 */
const BOOTSTRAP = `
import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
  .then(({ register }) => { register(); return import(${JSON.stringify(new URL('./sandbox-thread.ts', import.meta.url).href)}); });
`;

/** The bytes as an ArrayBuffer of their own, so they move to the thread instead of being copied. */
function ownBytes(data: Buffer): Uint8Array {
  return data.byteOffset === 0 && data.byteLength === data.buffer.byteLength ? data : new Uint8Array(data);
}

/**
 * Parses the files of one import in a worker thread with heap caps and a deadline. Returns the
 * files parsed before any failure (so their formats can be recorded) and the failure: a
 * PermanentError for unusable input, a timeout, an exhausted heap or a crashed thread; a plain
 * Error when the parser threw something else, which the job retries as before.
 */
export function parseInThread(
  files: FileToParse[],
  limits: ParseLimits = PARSE_LIMITS,
): Promise<{ parsed: ParsedFile[]; failure?: Error }> {
  const input: ThreadInput = {
    files: files.map((f) => ({ name: f.name, data: ownBytes(f.data) })),
  };
  const worker = new Worker(BOOTSTRAP, {
    eval: true,
    workerData: input,
    transferList: input.files.map((f) => f.data.buffer as ArrayBuffer),
    resourceLimits: {
      maxOldGenerationSizeMb: limits.maxOldGenerationSizeMb,
      maxYoungGenerationSizeMb: limits.maxYoungGenerationSizeMb,
      stackSizeMb: limits.stackSizeMb,
    },
  });
  const parsed: ParsedFile[] = [];
  const current = () => files[parsed.length]?.name ?? 'The import';

  return new Promise((resolve) => {
    let timer: NodeJS.Timeout | undefined;
    const finish = (failure?: Error) => {
      clearTimeout(timer);
      worker.removeAllListeners();
      // A finished or failed thread has nothing more to say; terminate() is a no-op once it exited.
      worker.on('error', () => {});
      void worker.terminate();
      resolve({ parsed, failure });
    };
    timer = setTimeout(
      () => finish(new PermanentError(`${current()} could not be read within ${limits.deadlineMs / 1000} seconds`)),
      limits.deadlineMs,
    );
    worker.on('message', (msg: ThreadMessage) => {
      if ('parsed' in msg) parsed.push(msg.parsed);
      else if ('done' in msg) finish();
      else finish(msg.failure.permanent ? new PermanentError(msg.failure.message) : new Error(msg.failure.message));
    });
    worker.on('error', (err: Error & { code?: string }) =>
      finish(
        new PermanentError(
          err.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? `${current()} needs more memory to read than an import may use`
            : `${current()} could not be read: the reader stopped (${err.message})`,
        ),
      ),
    );
    worker.on('exit', (code) =>
      finish(new PermanentError(`${current()} could not be read: the reader stopped (exit code ${code})`)),
    );
  });
}
