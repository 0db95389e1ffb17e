import sharp from 'sharp';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { copyFile, mkdtemp, appendFile, readFile } from 'node:fs/promises';
import ort from 'onnxruntime-node';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { HOUSE_JPG, ROOF_MASK_PNG } from './fixtures/visualizer/photos.ts';
import { outlineOfMask, polygonArea } from '../core/roofOutline.ts';
import { cleanMask } from '../core/segmenter/maskCleanup.ts';
import { decodeEmbedding, encodeEmbedding, storedEmbeddingSize } from '../core/segmenter/embeddingBlob.ts';
import { EMBEDDING_LENGTH, SEGMENTER_MODELS, verifyModel } from '../core/segmenter/model.ts';
import { Segmenter, THREAD_YOUNG_GENERATION_MB } from '../core/segmenter/segmenter.ts';
import { promptRounds } from '../core/segmenter/promptRounds.ts';
import { TOKEN_MASKS, withGraphOutputs } from '../core/segmenter/decoderOutputs.ts';
import { decodeForSegmenter } from '../tasks/visualization_generate/photo.ts';

const segmenter = new Segmenter();
afterAll(() => segmenter.close());

/** A width × height mask with the given rectangles set to 1. */
function rects(width: number, height: number, boxes: [number, number, number, number][]) {
  const mask = new Uint8Array(width * height);
  for (const [x0, y0, x1, y1] of boxes) for (let y = y0; y < y1; y++) mask.fill(1, y * width + x0, y * width + x1);
  return mask;
}

describe('the model files', () => {
  it('are the ones the package shipped: their sha256 matches, and a changed file is refused', async () => {
    await expect(verifyModel('decoder')).resolves.toBe(SEGMENTER_MODELS.decoder.path);
    const dir = await mkdtemp(join(tmpdir(), 'segmenter-'));
    const tampered = join(dir, 'sam.onnx');
    await copyFile(SEGMENTER_MODELS.decoder.path, tampered);
    await appendFile(tampered, Buffer.from([0]));
    await expect(
      verifyModel('decoder', { ...SEGMENTER_MODELS, decoder: { ...SEGMENTER_MODELS.decoder, path: tampered } }),
    ).rejects.toThrow(/sha256 .* expected 800b1500/);
  });
});

describe('the real model on a photo of our own making', () => {
  it('embeds the photo once and answers a box around the roof with the roof', async () => {
    const photo = await decodeForSegmenter(HOUSE_JPG);
    expect(Math.max(photo.width, photo.height)).toBe(1024);
    const embedding = await segmenter.embed(photo);
    expect(embedding.data).toHaveLength(EMBEDDING_LENGTH);
    // Through its stored form, as web processes prompt it.
    const bytes = encodeEmbedding(embedding);
    const stored = { key: 'test/embedding', bytes, ...storedEmbeddingSize(bytes) };
    const selection = await segmenter.select(stored, { taps: [], box: [0.12, 0.2, 0.88, 0.5] });
    const truth = await sharp(ROOF_MASK_PNG)
      .resize(selection.width, selection.height, { fit: 'fill' })
      .extractChannel(0)
      .raw()
      .toBuffer();
    let inter = 0,
      union = 0;
    for (let p = 0; p < truth.length; p++) {
      const a = selection.mask[p]! > 127,
        b = truth[p]! > 127;
      inter += Number(a && b);
      union += Number(a || b);
    }
    expect(inter / union).toBeGreaterThan(0.85);
    expect(selection.outline.length).toBeGreaterThanOrEqual(1);
    expect(selection.areaShare).toBeCloseTo(truth.reduce((n, v) => n + Number(v > 127), 0) / truth.length, 1);
  });

  it('computes one embedding for a photo asked for twice at once, and reuses it for the same photo later', async () => {
    const photo = await decodeForSegmenter(await sharp(HOUSE_JPG).blur(1).toBuffer());
    const [a, b] = await Promise.all([segmenter.embed(photo), segmenter.embed(photo)]);
    expect(b).toBe(a);
    expect(a.data).toHaveLength(EMBEDDING_LENGTH);
    expect(await segmenter.embed({ ...photo, data: Uint8Array.from(photo.data) })).toBe(a);
  });

  it('replays taps as rounds, each refining the last, and reuses the rounds a stored embedding already answered', async () => {
    const embedding = await segmenter.embed(await decodeForSegmenter(HOUSE_JPG));
    const bytes = encodeEmbedding(embedding);
    const stored = { key: 'test/rounds', bytes, ...storedEmbeddingSize(bytes) };
    const box = [0.12, 0.2, 0.88, 0.5] as const;
    const wall = { x: 0.5, y: 0.7, label: 0 as const };
    const roof = { x: 0.35, y: 0.36, label: 1 as const };
    // The box alone is one round; each further tap one more, read with and without the last answer.
    expect((await segmenter.select(stored, { taps: [], box })).decodes).toBe(1);
    const two = await segmenter.select(stored, { taps: [wall], box });
    expect(two.decodes).toBe(2);
    expect((await segmenter.select(stored, { taps: [wall, roof], box })).decodes).toBe(2);
    // A prompt never seen on this embedding replays every round.
    const fresh = await segmenter.select(embedding, { taps: [wall, roof], box });
    expect(fresh.decodes).toBe(5);
    // The wall tap keeps the wall out in every later round.
    const at = (m: Uint8Array, t: { x: number; y: number }) =>
      m[Math.floor(t.y * fresh.height) * fresh.width + Math.floor(t.x * fresh.width)];
    expect(at(fresh.mask, wall)).toBe(0);
    expect(at(fresh.mask, roof)).toBe(255);
  });

  it("answers a lone tap with each of the decoder's four readings, the roof among them when its own choice is the house", async () => {
    const embedding = await segmenter.embed(await decodeForSegmenter(HOUSE_JPG));
    const size = { width: 512, height: 384 };
    const truth = await sharp(ROOF_MASK_PNG)
      .resize(size.width, size.height, { fit: 'fill' })
      .extractChannel(0)
      .raw()
      .toBuffer();
    const iou = (a: Uint8Array, b: (p: number) => boolean) => {
      let inter = 0,
        union = 0;
      for (let p = 0; p < a.length; p++) ((inter += Number(a[p]! > 0 && b(p))), (union += Number(a[p]! > 0 || b(p))));
      return inter / union;
    };
    const onRoof = (p: number) => truth[p]! > 127;
    // A tap on the ridge: the decoder's own choice is the whole upper house.
    const [answer] = await segmenter.candidates(embedding, [{ taps: [{ x: 0.5, y: 0.3, label: 1 }] }], size);
    expect(answer!.tokens).toHaveLength(4);
    expect(iou(answer!.mask, onRoof)).toBeLessThan(0.5);
    // Its choice is one of the four, read from the same logits at low resolution.
    const same = Math.max(...answer!.tokens.map((t) => iou(t.mask, (p) => answer!.mask[p]! > 0)));
    expect(same).toBeGreaterThan(0.95);
    expect(Math.max(...answer!.tokens.map((t) => iou(t.mask, onRoof)))).toBeGreaterThan(0.85);
  });

  it('lists the four readings as outputs of the decoder model only when the bytes are an ONNX model that has them', async () => {
    expect(() => withGraphOutputs(Uint8Array.of(0x08, 0x07), [TOKEN_MASKS])).toThrow(/no graph/);
    expect(() => withGraphOutputs(Uint8Array.of(0x0b), [TOKEN_MASKS])).toThrow(/wire type 3/);
    // Another export, without this one's tensor names, fails when it is loaded rather than answering wrong masks.
    const decoder = await readFile(SEGMENTER_MODELS.decoder.path);
    await expect(ort.InferenceSession.create(withGraphOutputs(decoder, ['/not_in_this_export']))).rejects.toThrow(
      /not_in_this_export/,
    );
  });

  it('refuses a photo not scaled for the encoder, and a thread that died is replaced', async () => {
    await expect(segmenter.embed({ data: new Uint8Array(30), width: 5, height: 2 })).rejects.toThrow(
      /longest side 1024/,
    );
    await (segmenter as unknown as { worker: { terminate: () => Promise<number> } }).worker.terminate();
    // A photo not embedded before: one embedded lately is answered without the thread.
    const photo = await decodeForSegmenter(await sharp(HOUSE_JPG).flop().toBuffer());
    await expect(segmenter.embed(photo)).resolves.toMatchObject({ width: 1024, height: 768 });
  });

  it("leaves nothing of an embedding in the thread's heap once it is answered, photo after photo", async () => {
    // A thread of its own, so no other test's stored embeddings or rounds are alive in it.
    const own = new Segmenter(1);
    try {
      const images = [HOUSE_JPG, await sharp(HOUSE_JPG).flip().toBuffer(), await sharp(HOUSE_JPG).negate().toBuffer()];
      for (const [k, image] of images.entries()) {
        const { width, height } = await own.embed(await decodeForSegmenter(image));
        // The embeddings answered stay counted here while the caller keeps them, beside about a
        // photo's pixels; uncollected, every photo's encoder input (12 MB) and pixels would pile up.
        const answered = (k + 1) * EMBEDDING_LENGTH * Float32Array.BYTES_PER_ELEMENT;
        const pixels = width * height * 3;
        // V8 frees collected ArrayBuffers on a background thread, moments after the collection.
        await vi.waitFor(
          async () => expect((await own.threadMemory()).arrayBuffers).toBeLessThan(answered + pixels + 2 ** 21),
          { timeout: 2000, interval: 50 },
        );
      }
      // V8's default young generation would be tens of MB, resident beside the encoder's activations.
      expect((await own.threadMemory()).youngGenerationLimitMb).toBe(THREAD_YOUNG_GENERATION_MB);
      expect(THREAD_YOUNG_GENERATION_MB).toBeLessThanOrEqual(8);
    } finally {
      await own.close();
    }
  });
});

describe('closing', () => {
  it('waits for an embedding under way: ending ONNX Runtime mid-run would abort the whole process', async () => {
    // In a process of its own: without the wait, that process dies of SIGABRT (exit 134).
    const script = `
      const { Segmenter } = await import(${JSON.stringify(new URL('../core/segmenter/segmenter.ts', import.meta.url).href)});
      const segmenter = new Segmenter(1);
      await segmenter.load('encoder');
      const embedding = segmenter.embed({ data: new Uint8Array(1024 * 768 * 3).fill(120), width: 1024, height: 768 });
      await new Promise((r) => setTimeout(r, 200));
      await segmenter.close();
      const { data } = await embedding;
      console.log('embedded', data.length);`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (out += b.toString()));
    const [code, signal] = (await once(child, 'exit')) as [number | null, string | null];
    expect({ code, signal, out: out.trim() }).toEqual({ code: 0, signal: null, out: `embedded ${EMBEDDING_LENGTH}` });
  });
});

describe('prompt rounds', () => {
  it('start from the box alone, or the first tap alone, and add one tap per round in the order sent', () => {
    const taps = [
      { x: 0.5, y: 0.5, label: 1 as const },
      { x: 0.25, y: 0.75, label: 0 as const },
    ];
    const withBox = promptRounds({ taps, box: [0, 0, 1, 0.5] }, 200, 100);
    expect(withBox.map((r) => Array.from(r.labels))).toEqual([
      [2, 3],
      [1, 2, 3],
      [1, 0, 2, 3],
    ]);
    expect(Array.from(withBox[2]!.coords)).toEqual([100, 50, 50, 75, 0, 0, 200, 50]);
    const tapsOnly = promptRounds({ taps }, 200, 100);
    expect(tapsOnly.map((r) => Array.from(r.labels))).toEqual([
      [1, -1],
      [1, 0, -1],
    ]);
  });
});

describe('stored embeddings', () => {
  it('keep every value to half precision and their photo size', () => {
    const data = new Float32Array(EMBEDDING_LENGTH);
    for (let i = 0; i < data.length; i++) data[i] = Math.sin(i) * 3 * (i % 7 === 0 ? 1e-3 : 1);
    const back = decodeEmbedding(encodeEmbedding({ data, width: 1024, height: 683 }));
    expect(back).toMatchObject({ width: 1024, height: 683 });
    let worst = 0;
    for (let i = 0; i < data.length; i++)
      worst = Math.max(worst, Math.abs(back.data[i]! - data[i]!) / Math.max(Math.abs(data[i]!), 1e-3));
    expect(worst).toBeLessThan(1e-3);
    expect(() => decodeEmbedding(Buffer.alloc(100))).toThrow(/Not a stored segmenter embedding/);
  });
});

describe('masks made fit to keep', () => {
  it('fills specks, keeps a chimney-sized hole, drops stray islands', () => {
    const [w, h] = [200, 100];
    const mask = rects(w, h, [
      [20, 20, 180, 80],
      [190, 5, 192, 7], // a 4-pixel island
    ]);
    for (const [x, y] of [
      [50, 50],
      [51, 50],
      [100, 30],
    ])
      mask[y! * w + x!] = 0; // specks
    for (let y = 40; y < 55; y++) mask.fill(0, y * w + 120, y * w + 135); // a 15 × 15 "chimney"
    const selected = cleanMask(mask, w, h, { maxHoleShare: 0.001, minIslandShare: 0.001 });
    expect(mask[50 * w + 50]).toBe(1);
    expect(mask[30 * w + 100]).toBe(1);
    expect(mask[47 * w + 127]).toBe(0);
    expect(mask[6 * w + 191]).toBe(0);
    expect(selected).toBe(160 * 60 - 15 * 15);
  });

  it('outlines each region in 0..1 of the photo, largest first, and leaves out what is too small to count', () => {
    const [w, h] = [400, 200];
    const mask = rects(w, h, [
      [40, 20, 200, 120],
      [250, 100, 330, 180],
      [390, 190, 391, 191],
    ]);
    const outline = outlineOfMask(mask, w, h, 0.5);
    expect(outline).toHaveLength(2);
    expect(polygonArea(outline[0]!)).toBeCloseTo((160 * 100) / (w * h), 2);
    expect(polygonArea(outline[1]!)).toBeCloseTo((80 * 80) / (w * h), 2);
    for (const ring of outline) for (const [x, y] of ring) expect(x >= 0 && x <= 1 && y >= 0 && y <= 1).toBe(true);
    // A rectangle needs few points once simplified.
    expect(outline[0]!.length).toBeLessThanOrEqual(12);
  });
});
