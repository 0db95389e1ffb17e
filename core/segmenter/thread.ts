import { readFile } from 'node:fs/promises';
import { parentPort, resourceLimits, workerData } from 'node:worker_threads';
import ort from 'onnxruntime-node';
import { EMBEDDING_SHAPE, ENCODER_SIZE, LOW_RES_SIZE, verifyModel, type SegmenterModel } from './model.ts';
import type { DecodeRequest, ThreadReply, ThreadRequest } from './segmenter.ts';
import { selectionOf } from './selection.ts';
import { decodeEmbedding } from './embeddingBlob.ts';
import { roundKeys, type PromptRound } from './promptRounds.ts';
import { lowResMask, TOKEN_MASKS, TOKEN_SCORES, withGraphOutputs } from './decoderOutputs.ts';
import { fullCollection } from '../fullCollection.ts';

/**
 * The segmenter's thread: ONNX Runtime's `run` holds the calling thread for the whole inference
 * (seconds for the encoder), so it never runs on a process's event loop. Requests are served one
 * at a time, in order; each model is checked and loaded on its first use, so a web process that
 * only decodes never loads the encoder.
 */
const threads = (workerData as { threads: number }).threads;
const collect = fullCollection();
const sessions = new Map<SegmenterModel, Promise<ort.InferenceSession>>();

function session(model: SegmenterModel): Promise<ort.InferenceSession> {
  let s = sessions.get(model);
  if (!s) {
    s = verifyModel(model).then(async (path) =>
      ort.InferenceSession.create(await modelBytes(model, path), {
        executionProviders: ['cpu'],
        // The arena keeps every peak allocation for good; without it a worker's memory falls
        // back after each photo.
        enableCpuMemArena: false,
        enableMemPattern: false,
        intraOpNumThreads: threads,
        interOpNumThreads: 1,
        graphOptimizationLevel: 'all',
      }),
    );
    s.catch(() => sessions.delete(model));
    sessions.set(model, s);
  }
  return s;
}

/** The encoder as shipped; the decoder with its four masks among its outputs (decoderOutputs.ts). */
async function modelBytes(model: SegmenterModel, path: string): Promise<Uint8Array> {
  const bytes = await readFile(path);
  return model === 'decoder' ? withGraphOutputs(bytes, [TOKEN_MASKS, TOKEN_SCORES]) : bytes;
}

// SAM's normalisation, on 0..255 values.
const MEAN = [123.675, 116.28, 103.53];
const STD = [58.395, 57.12, 57.375];

async function embed(rgb: Uint8Array, width: number, height: number): Promise<Float32Array> {
  const plane = ENCODER_SIZE * ENCODER_SIZE;
  // Zero-padded at the bottom and right, as the model was trained.
  const input = new Float32Array(3 * plane);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const o = y * ENCODER_SIZE + x;
      input[o] = (rgb[i]! - MEAN[0]!) / STD[0]!;
      input[plane + o] = (rgb[i + 1]! - MEAN[1]!) / STD[1]!;
      input[2 * plane + o] = (rgb[i + 2]! - MEAN[2]!) / STD[2]!;
    }
  }
  const encoder = await session('encoder');
  const out = await encoder.run({ input: new ort.Tensor('float32', input, [1, 3, ENCODER_SIZE, ENCODER_SIZE]) });
  return out[encoder.outputNames[0]!]!.data as Float32Array;
}

/** Stored embeddings decoded lately, newest last: a partner taps several times on one photo. */
const STORED_KEPT = 4;
const stored = new Map<string, Float32Array>();

function embeddingOf(req: DecodeRequest): Float32Array {
  if (req.embedding) return req.embedding;
  const { key, bytes } = req.stored!;
  let data = stored.get(key);
  if (data) stored.delete(key);
  else data = decodeEmbedding(bytes).data;
  stored.set(key, data);
  while (stored.size > STORED_KEPT) stored.delete(stored.keys().next().value!);
  return data;
}

type Decoded = {
  logits: Float32Array;
  lowRes: Float32Array;
  score: number;
  /** Every mask the decoder computed (its four tokens, low resolution) and their scores. */
  tokens: Float32Array;
  tokenScores: Float32Array;
};

async function decodeRound(
  embedding: Float32Array,
  round: PromptRound,
  maskInput: Float32Array | null,
  size: { outWidth: number; outHeight: number },
): Promise<Decoded> {
  const decoder = await session('decoder');
  const n = round.labels.length;
  const out = await decoder.run({
    image_embeddings: new ort.Tensor('float32', embedding, [...EMBEDDING_SHAPE]),
    point_coords: new ort.Tensor('float32', round.coords, [1, n, 2]),
    point_labels: new ort.Tensor('float32', round.labels, [1, n]),
    mask_input: new ort.Tensor('float32', maskInput ?? new Float32Array(LOW_RES_SIZE * LOW_RES_SIZE), [
      1,
      1,
      LOW_RES_SIZE,
      LOW_RES_SIZE,
    ]),
    has_mask_input: new ort.Tensor('float32', Float32Array.of(maskInput ? 1 : 0), [1]),
    orig_im_size: new ort.Tensor('float32', Float32Array.of(size.outHeight, size.outWidth), [2]),
  });
  return {
    logits: out.masks!.data as Float32Array,
    lowRes: out.low_res_masks!.data as Float32Array,
    score: (out.iou_predictions!.data as Float32Array)[0]!,
    tokens: out[TOKEN_MASKS]!.data as Float32Array,
    tokenScores: out[TOKEN_SCORES]!.data as Float32Array,
  };
}

/**
 * Low-resolution answers of rounds decoded lately on stored embeddings (256 KB each), newest last:
 * a partner tapping again sends the earlier taps too, so only the new round is decoded.
 */
const ROUNDS_KEPT = 32;
const rounds = new Map<string, Float32Array>();

/** SAM's interactive loop over the request's rounds (promptRounds.ts), each round read two ways; the last round's answer. */
async function decode(req: DecodeRequest): Promise<Decoded & { decodes: number }> {
  const embedding = embeddingOf(req);
  const keys = req.stored ? roundKeys(req.rounds).map((k) => `${req.stored!.key}#${k}`) : [];
  let start = 0;
  let maskInput: Float32Array | null = null;
  // Resume after the latest round already answered (never the last: its full-size logits are needed).
  for (let r = req.rounds.length - 2; r >= 0 && keys.length; r--) {
    const kept = rounds.get(keys[r]!);
    if (kept) {
      ((start = r + 1), (maskInput = kept));
      break;
    }
  }
  let decoded!: Decoded;
  let decodes = 0;
  for (let r = start; r < req.rounds.length; r++) {
    decoded = await decodeRound(embedding, req.rounds[r]!, maskInput, req);
    decodes++;
    if (maskInput) {
      // Fed its own last answer, the decoder now and then flips to the complement or to nothing
      // after a `not_roof` tap; read afresh, it ignores what the earlier rounds settled. Each
      // round keeps whichever reading the decoder itself rates higher.
      const fresh = await decodeRound(embedding, req.rounds[r]!, null, req);
      decodes++;
      if (fresh.score > decoded.score) decoded = fresh;
    }
    maskInput = decoded.lowRes;
    if (keys.length) {
      rounds.delete(keys[r]!);
      rounds.set(keys[r]!, decoded.lowRes);
      while (rounds.size > ROUNDS_KEPT) rounds.delete(rounds.keys().next().value!);
    }
  }
  return { ...decoded, decodes };
}

/**
 * An embedding leaves its 12 MB input and the photo's pixels dead in this thread's heap, which
 * allocates too little of its own for V8 to collect soon: collected right after (a few
 * milliseconds, once ONNX Runtime has let go of the run's tensors), they are gone before the next
 * photo's activations arrive, the worker's peak. worker/collectAfterImageJobs.ts does the same
 * for the process's main heap. A request arriving first runs the pending collection before it.
 */
let collection: NodeJS.Immediate | undefined;
function collectSoon() {
  collection ??= setImmediate(collectPending);
}
function collectPending() {
  if (!collection) return;
  clearImmediate(collection);
  collection = undefined;
  collect();
}

parentPort!.on('message', async (req: ThreadRequest) => {
  collectPending();
  let reply: ThreadReply;
  const transfer: ArrayBuffer[] = [];
  try {
    if (req.op === 'embed') {
      const data = await embed(req.rgb, req.width, req.height);
      transfer.push(data.buffer as ArrayBuffer);
      reply = { id: req.id, ok: true, embedding: data };
    } else if (req.op === 'load') {
      await session(req.model);
      reply = { id: req.id, ok: true };
    } else if (req.op === 'memory') {
      const { arrayBuffers } = process.memoryUsage();
      reply = {
        id: req.id,
        ok: true,
        memory: { arrayBuffers, youngGenerationLimitMb: resourceLimits.maxYoungGenerationSizeMb },
      };
    } else if (req.op === 'candidates') {
      const embedding = embeddingOf(req);
      const candidates = [];
      for (const round of req.rounds) {
        const { logits, score, tokens, tokenScores } = await decodeRound(embedding, round, null, req);
        const mask = Uint8Array.from(logits, (v) => (v > 0 ? 1 : 0));
        const plane = LOW_RES_SIZE * LOW_RES_SIZE;
        const readings = Array.from(tokenScores, (tokenScore, t) => ({
          mask: lowResMask(
            tokens.subarray(t * plane, (t + 1) * plane),
            req.photo,
            { width: req.outWidth, height: req.outHeight },
            { lowRes: LOW_RES_SIZE, encoder: ENCODER_SIZE },
          ),
          score: tokenScore,
        }));
        transfer.push(mask.buffer as ArrayBuffer, ...readings.map((r) => r.mask.buffer as ArrayBuffer));
        candidates.push({ mask, score, tokens: readings });
      }
      reply = { id: req.id, ok: true, candidates };
    } else {
      const decoded = await decode(req);
      const selection = selectionOf(decoded.logits, req.outWidth, req.outHeight);
      transfer.push(selection.mask.buffer as ArrayBuffer);
      reply = { id: req.id, ok: true, selection: { ...selection, score: decoded.score, decodes: decoded.decodes } };
    }
  } catch (err) {
    reply = { id: req.id, ok: false, error: (err as Error).message };
  }
  parentPort!.postMessage(reply, transfer);
  if (req.op === 'embed') collectSoon();
});
