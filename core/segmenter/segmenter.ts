import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type { RoofOutline } from '../roofOutline.ts';
import { EMBEDDING_LENGTH, ENCODER_SIZE, type SegmenterModel } from './model.ts';
import { promptRounds, type PromptRound } from './promptRounds.ts';

/** A photo's embedding: what the encoder saw of it, reused by every prompt on that photo. */
export interface Embedding {
  data: Float32Array;
  /** The photo's size as the encoder saw it: scaled so its longest side is ENCODER_SIZE. */
  width: number;
  height: number;
}

/**
 * An embedding as blob storage keeps it (embeddingBlob.ts), not yet decoded: the thread decodes it
 * and keeps the last few by key, so a web process's event loop never walks its million values and
 * a partner's further taps on one photo skip the decoding.
 */
export interface StoredEmbedding {
  key: string;
  bytes: Uint8Array;
  width: number;
  height: number;
}

/** A tap on the photo: x and y in 0..1 of its width and height; roof (1) or not roof (0). */
export interface Tap {
  x: number;
  y: number;
  label: 1 | 0;
}

export interface SegmenterPrompt {
  /** In the order the partner tapped: each refines the answer to the ones before it (promptRounds.ts). */
  taps: Tap[];
  /** [x1, y1, x2, y2] in 0..1 of the photo. */
  box?: readonly [number, number, number, number] | null;
}

/** A decoded mask made fit to keep: cleaned, measured and outlined (selection.ts). */
export interface Selection {
  /** 255 on the roof, 0 elsewhere, at the embedding's width × height. */
  mask: Uint8Array;
  width: number;
  height: number;
  outline: RoofOutline;
  /** Share of the photo selected, 0..1. */
  areaShare: number;
  /** The decoder's own estimate of the answer's quality (predicted IoU). */
  score: number;
  /** Decoder runs this selection took: rounds answered earlier on the same stored embedding are reused. */
  decodes: number;
}

/** One of the decoder's answers to a lone prompt, unrefined: a region the model sees as one object. */
export interface Candidate {
  /** 1 inside the region, 0 elsewhere, at the size asked for. */
  mask: Uint8Array;
  /** The decoder's own estimate of the answer's quality (predicted IoU). */
  score: number;
  /**
   * Each of the four masks the decoder computed before choosing `mask` (decoderOutputs.ts), from
   * its low-resolution logits, with its score: a lone tap's three ambiguous readings are often a
   * plane, the roof and the whole house.
   */
  tokens: { mask: Uint8Array; score: number }[];
}

export interface DecodeRequest {
  id: number;
  /** select: the rounds as one interactive loop, one cleaned answer; candidates: each round alone, its raw answer. */
  op: 'select' | 'candidates';
  embedding: Float32Array | null;
  stored: { key: string; bytes: Uint8Array } | null;
  rounds: PromptRound[];
  /** The photo's size as the encoder saw it (the embedding's width and height). */
  photo: { width: number; height: number };
  outWidth: number;
  outHeight: number;
}

export type ThreadRequest =
  | { id: number; op: 'load'; model: SegmenterModel }
  | { id: number; op: 'memory' }
  | { id: number; op: 'embed'; rgb: Uint8Array; width: number; height: number }
  | DecodeRequest;

export type ThreadReply =
  | {
      id: number;
      ok: true;
      embedding?: Float32Array;
      selection?: Omit<Selection, 'width' | 'height'>;
      candidates?: Candidate[];
      memory?: ThreadMemory;
    }
  | { id: number; ok: false; error: string };

/** What the thread's own V8 heap holds (process.memoryUsage() read inside it). */
export interface ThreadMemory {
  /** The young generation's cap the thread runs with, in MB (THREAD_YOUNG_GENERATION_MB). */
  youngGenerationLimitMb: number | undefined;
  /** ArrayBuffers alive or not yet collected: photos, tensors and masks. */
  arrayBuffers: number;
}

/** The thread runs TypeScript like the rest of the service: tsx's loader first, then the entry. */
const BOOTSTRAP = `
import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
  .then(({ register }) => { register(); return import(${JSON.stringify(new URL('./thread.ts', import.meta.url).href)}); });
`;

/**
 * The thread's young generation, in MB. Its JS objects are small and short-lived (prompts, keys,
 * replies; the tensors and masks live outside V8's heap), but compiling its TypeScript at start
 * grows V8's default young generation to tens of MB, which then stays resident beside the
 * encoder's activations: capped, the worker's peak falls by about as much (bench/RESULTS.md,
 * segmenter) and a selection takes no longer.
 */
export const THREAD_YOUNG_GENERATION_MB = 8;

/** How many embeddings a process keeps by photo (Segmenter.embeddings). */
const EMBEDDINGS_KEPT = 4;

type Pending = { worker: Worker; resolve: (reply: ThreadReply) => void; reject: (err: Error) => void };
type RequestBody = ThreadRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/**
 * The promptable segmenter of one process: a thread holding the ONNX sessions (thread.ts), fed one
 * request at a time. A thread that dies (out of memory, a native crash) fails what it was doing
 * and the next request starts a new one. ONNX Runtime aborts the whole process when its thread is
 * terminated in the middle of a run, so a thread is only ever terminated idle (close()).
 */
export class Segmenter {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly running = new Set<Promise<unknown>>();
  /**
   * Embeddings being computed or computed lately, newest last, by the photo's pixels (4 MB each): a
   * generate and the embedding job often ask for the same photo at once, and a partner trying
   * several colours creates one visualization per colour from the same photo.
   */
  private readonly embeddings = new Map<string, Promise<Embedding>>();

  constructor(private readonly threads = 1) {}

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(BOOTSTRAP, {
      eval: true,
      workerData: { threads: this.threads },
      resourceLimits: { maxYoungGenerationSizeMb: THREAD_YOUNG_GENERATION_MB },
    });
    worker.on('message', (reply: ThreadReply) => {
      const p = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (![...this.pending.values()].some((q) => q.worker === worker)) worker.unref();
      p?.resolve(reply);
    });
    const fail = (err: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const [id, p] of this.pending) {
        if (p.worker !== worker) continue;
        this.pending.delete(id);
        p.reject(err);
      }
    };
    worker.on('error', (err: Error) => fail(new Error(`Segmenter thread failed: ${err.message}`)));
    worker.on('exit', (code) => fail(new Error(`Segmenter thread exited (${code})`)));
    // An idle segmenter never keeps a process alive; a busy one does (call()).
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private async call(body: RequestBody, transfer: ArrayBuffer[] = []): Promise<ThreadReply & { ok: true }> {
    const id = this.nextId++;
    const answer = new Promise<ThreadReply>((resolve, reject) => {
      const worker = this.thread();
      this.pending.set(id, { worker, resolve, reject });
      worker.ref();
      worker.postMessage({ ...body, id }, transfer);
    });
    this.running.add(answer);
    const reply = await answer.finally(() => this.running.delete(answer));
    if (!reply.ok) throw new Error(`Segmenter: ${reply.error}`);
    return reply;
  }

  /** Checks and loads a model now rather than on the first photo (a process's start-up). */
  async load(model: SegmenterModel): Promise<void> {
    await this.call({ op: 'load', model });
  }

  /**
   * The embedding of a photo already scaled so its longest side is ENCODER_SIZE (RGB bytes). A
   * photo embedded lately or being embedded shares that embedding (callers only read it).
   */
  async embed(photo: { data: Uint8Array; width: number; height: number }): Promise<Embedding> {
    const { width, height } = photo;
    if (Math.max(width, height) !== ENCODER_SIZE || photo.data.length !== width * height * 3) {
      throw new Error(`Segmenter.embed wants RGB with its longest side ${ENCODER_SIZE}, got ${width}×${height}`);
    }
    const key = createHash('sha256').update(photo.data).update(`${width}x${height}`).digest('hex');
    let found = this.embeddings.get(key);
    if (found) this.embeddings.delete(key);
    else {
      found = this.call({ op: 'embed', rgb: photo.data, width, height }).then((r) => ({
        data: r.embedding!,
        width,
        height,
      }));
      found.catch(() => this.embeddings.delete(key));
    }
    this.embeddings.set(key, found);
    while (this.embeddings.size > EMBEDDINGS_KEPT) this.embeddings.delete(this.embeddings.keys().next().value!);
    return found;
  }

  /** The decoder's answer made fit to keep: cleaned, measured and outlined, in the thread. */
  async select(embedding: Embedding | StoredEmbedding, prompt: SegmenterPrompt): Promise<Selection> {
    const reply = await this.call(decodeRequest('select', embedding, roundsOf(prompt, embedding), embedding));
    return { ...reply.selection!, width: embedding.width, height: embedding.height };
  }

  /**
   * The decoder's answer to each prompt on its own (no interactive loop, no cleaning), at
   * `size` (the photo's aspect): one message and one embedding decode for all of them, as an
   * automatic finder asks for a few regions at once.
   */
  async candidates(
    embedding: Embedding | StoredEmbedding,
    prompts: SegmenterPrompt[],
    size: { width: number; height: number },
  ): Promise<Candidate[]> {
    if (prompts.length === 0) return [];
    // Each prompt's last round holds every tap of it: decoded afresh, it is that prompt's answer.
    const rounds = prompts.map((p) => roundsOf(p, embedding).at(-1)!);
    const reply = await this.call(decodeRequest('candidates', embedding, rounds, size));
    return reply.candidates!;
  }

  /** The thread's heap as it stands after the requests before this one (none running: a thread is started). */
  async threadMemory(): Promise<ThreadMemory> {
    return (await this.call({ op: 'memory' })).memory!;
  }

  /** Waits for the requests under way (a request after this starts a new thread), then ends the thread. */
  async close(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.worker = undefined;
    const underWay = [...this.running];
    await Promise.allSettled(underWay);
    await worker.terminate();
  }
}

/** A prompt as the decoder's rounds (promptRounds.ts): SAM's coordinates are pixels of the embedded photo. */
function roundsOf(prompt: SegmenterPrompt, embedding: Embedding | StoredEmbedding): PromptRound[] {
  const rounds = promptRounds(prompt, embedding.width, embedding.height);
  if (rounds.length === 0) throw new Error('Segmenter: a prompt needs a tap or a box');
  return rounds;
}

/** The decoder's inputs for rounds on an embedding, answered at `size`. */
function decodeRequest(
  op: DecodeRequest['op'],
  embedding: Embedding | StoredEmbedding,
  rounds: PromptRound[],
  size: { width: number; height: number },
): Omit<DecodeRequest, 'id'> {
  if ('data' in embedding && embedding.data.length !== EMBEDDING_LENGTH) {
    throw new Error('Segmenter: not an embedding');
  }
  return {
    op,
    // Copies: the caller keeps its embedding for the next prompt.
    embedding: 'data' in embedding ? embedding.data : null,
    stored: 'key' in embedding ? { key: embedding.key, bytes: embedding.bytes } : null,
    rounds,
    photo: { width: embedding.width, height: embedding.height },
    outWidth: size.width,
    outHeight: size.height,
  };
}
