import { Worker } from 'node:worker_threads';
import { PermanentError } from '../../core/errors.ts';
import type { ParsedFile } from './summary.ts';

/**
 * What one import's parse may use. Parsing runs in a thread of a warm pool, so these bound the
 * parse however hostile the file, and the process's event loop (the API's too under
 * `npm start`) never waits on it.
 */
export interface ParseLimits {
  /** Wall-clock time for all files of one import, from the moment it is handed to a thread (a cold thread's start-up included). */
  deadlineMs: number;
  /** V8 heap of each thread; reaching it ends the thread, never the process. */
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

/**
 * How the pool keeps its threads: at most `threads` at once (imports beyond wait their turn, in
 * order), each retired after `maxJobs` imports or once its heap holds more than
 * `recycleHeapMb` after one, so no file's leftovers grow into the next import's budget.
 */
export interface PoolOptions {
  threads: number;
  maxJobs: number;
  recycleHeapMb: number;
  /** False: no thread is started before an import needs it, nor kept after (a thread per import, the bench's baseline). */
  keepWarm: boolean;
}

export const POOL_OPTIONS: PoolOptions = { threads: 2, maxJobs: 200, recycleHeapMb: 192, keepWarm: true };

export interface FileToParse {
  name: string;
  data: Buffer;
}

/** Messages from a thread: `ready` once, then per import one `parsed` per file in order, then `done` or `failure`. */
export type ThreadMessage =
  | { ready: true }
  | { job: number; parsed: ParsedFile }
  | { job: number; done: true; heapUsedMb: number }
  | { job: number; failure: { message: string; permanent: boolean }; heapUsedMb: number };

export interface ThreadJob {
  job: number;
  files: { name: string; data: Uint8Array }[];
}

/**
 * The thread runs TypeScript sources like the rest of the service. It starts from evaluated
 * code because Node 20 does not apply `--import tsx` to a worker's entry module; registering
 * tsx's loader first, then importing the entry, works under tsx and vitest alike.
 */
const BOOTSTRAP = `
import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
  .then(({ register }) => { register(); return import(${JSON.stringify(new URL('./sandboxThread.ts', import.meta.url).href)}); });
`;

/** The bytes as an ArrayBuffer of their own, so they move to the thread instead of being copied. */
function ownBytes(data: Buffer): Uint8Array {
  return data.byteOffset === 0 && data.byteLength === data.buffer.byteLength ? data : new Uint8Array(data);
}

export interface ParseOutcome {
  parsed: ParsedFile[];
  failure?: Error;
}

interface Running {
  job: number;
  names: string[];
  parsed: ParsedFile[];
  finish: (outcome: ParseOutcome, heapUsedMb?: number) => void;
}

let jobIds = 0;

/** One warm thread: loads the parsers once, then parses import after import. */
class ParseThread {
  readonly worker: Worker;
  readonly ready: Promise<void>;
  jobs = 0;
  running: Running | undefined;
  dead = false;

  constructor(limits: ParseLimits, onExit: (thread: ParseThread) => void) {
    this.worker = new Worker(BOOTSTRAP, {
      eval: true,
      resourceLimits: {
        maxOldGenerationSizeMb: limits.maxOldGenerationSizeMb,
        maxYoungGenerationSizeMb: limits.maxYoungGenerationSizeMb,
        stackSizeMb: limits.stackSizeMb,
      },
    });
    // An idle thread keeps no process alive (a CLI, a test file): a running import's deadline does.
    this.worker.unref();
    let markReady: () => void;
    this.ready = new Promise((resolve) => (markReady = resolve));
    const current = () =>
      this.running ? (this.running.names[this.running.parsed.length] ?? 'The import') : 'The import';
    this.worker.on('message', (msg: ThreadMessage) => {
      if ('ready' in msg) return markReady();
      const run = this.running;
      if (!run || msg.job !== run.job) return;
      if ('parsed' in msg) run.parsed.push(msg.parsed);
      else if ('done' in msg) run.finish({ parsed: run.parsed }, msg.heapUsedMb);
      else
        run.finish(
          {
            parsed: run.parsed,
            failure: msg.failure.permanent ? new PermanentError(msg.failure.message) : new Error(msg.failure.message),
          },
          msg.heapUsedMb,
        );
    });
    this.worker.on('error', (err: Error & { code?: string }) => {
      this.running?.finish({
        parsed: this.running.parsed,
        failure: new PermanentError(
          err.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? `${current()} needs more memory to read than an import may use`
            : `${current()} could not be read: the reader stopped (${err.message})`,
        ),
      });
    });
    this.worker.on('exit', (code) => {
      this.dead = true;
      this.running?.finish({
        parsed: this.running.parsed,
        failure: new PermanentError(`${current()} could not be read: the reader stopped (exit code ${code})`),
      });
      markReady();
      onExit(this);
    });
  }

  /** Parses one import's files, ending the thread when the deadline passes (a pattern cannot be interrupted otherwise). */
  run(files: FileToParse[], deadlineMs: number): Promise<{ outcome: ParseOutcome; heapUsedMb?: number }> {
    const job = ++jobIds;
    this.jobs++;
    const input: ThreadJob = { job, files: files.map((f) => ({ name: f.name, data: ownBytes(f.data) })) };
    return new Promise((resolve) => {
      const names = files.map((f) => f.name);
      const timer = setTimeout(() => {
        const run = this.running;
        run?.finish({
          parsed: run.parsed,
          failure: new PermanentError(
            `${names[run.parsed.length] ?? 'The import'} could not be read within ${deadlineMs / 1000} seconds`,
          ),
        });
        void this.worker.terminate();
      }, deadlineMs);
      this.running = {
        job,
        names,
        parsed: [],
        finish: (outcome, heapUsedMb) => {
          clearTimeout(timer);
          this.running = undefined;
          resolve({ outcome, heapUsedMb });
        },
      };
      try {
        this.worker.postMessage(
          input,
          input.files.map((f) => f.data.buffer as ArrayBuffer),
        );
      } catch (err) {
        this.running.finish({ parsed: [], failure: err as Error });
      }
    });
  }
}

/**
 * A bounded pool of warm parse threads. Each import runs alone in one thread under the heap
 * caps and its deadline; a thread that overruns, runs out of heap or crashes is ended and
 * replaced, and one that has served its share is retired, so the next import finds a fresh one.
 */
export class ParsePool {
  private threads: ParseThread[] = [];
  private idle: ParseThread[] = [];
  private waiting: ((thread: ParseThread) => void)[] = [];
  private closed = false;

  constructor(
    readonly limits: ParseLimits = PARSE_LIMITS,
    readonly options: PoolOptions = POOL_OPTIONS,
  ) {}

  /** Starts every thread the pool may have, so the first imports find them warm. */
  warm(): Promise<void> {
    if (!this.options.keepWarm) return Promise.resolve();
    while (!this.closed && this.threads.length < this.options.threads) this.idle.push(this.spawn());
    return Promise.all(this.threads.map((t) => t.ready)).then(() => undefined);
  }

  /** The live threads' ids, oldest first: which thread served an import, as tests and operators see it. */
  threadIds(): number[] {
    return this.threads.map((t) => t.worker.threadId);
  }

  async parse(files: FileToParse[], deadlineMs = this.limits.deadlineMs): Promise<ParseOutcome> {
    const thread = await this.acquire();
    const { outcome, heapUsedMb } = await thread.run(files, deadlineMs);
    this.release(thread, heapUsedMb);
    return outcome;
  }

  async close(): Promise<void> {
    this.closed = true;
    const threads = [...this.threads];
    this.threads = [];
    this.idle = [];
    await Promise.all(threads.map((t) => t.worker.terminate()));
  }

  private spawn(): ParseThread {
    const thread = new ParseThread(this.limits, (t) => this.forget(t));
    this.threads.push(thread);
    return thread;
  }

  private acquire(): Promise<ParseThread> {
    if (this.closed) throw new Error('The parse pool is closed');
    const ready = this.idle.pop();
    if (ready) return Promise.resolve(ready);
    if (this.threads.length < this.options.threads) return Promise.resolve(this.spawn());
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(thread: ParseThread, heapUsedMb: number | undefined): void {
    const spent =
      !this.options.keepWarm ||
      thread.dead ||
      thread.jobs >= this.options.maxJobs ||
      heapUsedMb === undefined ||
      heapUsedMb > this.options.recycleHeapMb;
    if (spent) {
      // Ended and replaced now, while no import waits on it.
      this.forget(thread);
      void thread.worker.terminate();
      if (this.closed || (!this.options.keepWarm && !this.waiting.length)) return;
      thread = this.spawn();
    }
    const next = this.waiting.shift();
    if (next) next(thread);
    else this.idle.push(thread);
  }

  /** A thread that exited (ended on purpose, or crashed while idle) leaves the pool. */
  private forget(thread: ParseThread): void {
    this.threads = this.threads.filter((t) => t !== thread);
    this.idle = this.idle.filter((t) => t !== thread);
    if (this.closed || !this.waiting.length || this.threads.length >= this.options.threads) return;
    this.waiting.shift()!(this.spawn());
  }
}

/** The process's pools, one per set of limits: the service uses one; tests ask for tighter ones. */
const pools = new Map<string, ParsePool>();
let poolOptions: PoolOptions = POOL_OPTIONS;

export function parsePool(limits: ParseLimits = PARSE_LIMITS): ParsePool {
  const key = JSON.stringify([limits.maxOldGenerationSizeMb, limits.maxYoungGenerationSizeMb, limits.stackSizeMb]);
  let pool = pools.get(key);
  if (!pool) pools.set(key, (pool = new ParsePool(limits, poolOptions)));
  return pool;
}

let holders = 0;

/**
 * A worker's hold on the service's pool: its threads start now (`warm` settles once they are up),
 * and end when the last worker of the process lets go (tests run several in one process).
 */
export function holdParsePool(options: Partial<PoolOptions>): { warm: Promise<void>; release: () => Promise<void> } {
  if (holders++ === 0) poolOptions = { ...POOL_OPTIONS, ...options };
  const warm = parsePool().warm();
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    if (--holders > 0) return;
    const all = [...pools.values()];
    pools.clear();
    await Promise.all(all.map((p) => p.close()));
  };
  return { warm, release };
}

/**
 * Parses the files of one import in a warm thread of the pool, with heap caps and a deadline.
 * Returns the files parsed before any failure (so their formats can be recorded) and the
 * failure: a PermanentError for unusable input, a timeout, an exhausted heap or a crashed
 * thread; a plain Error when the parser threw something else, which the job retries as before.
 */
export function parseInThread(files: FileToParse[], limits: ParseLimits = PARSE_LIMITS): Promise<ParseOutcome> {
  return parsePool(limits).parse(files, limits.deadlineMs);
}
