import { EMBEDDING_LENGTH, ENCODER_SIZE } from './model.ts';
import type { Embedding } from './segmenter.ts';

/**
 * An embedding as kept in blob storage: a 16-byte header (magic, the scaled photo's width and
 * height) and the values as IEEE half floats. Half precision keeps a photo's embedding at 2 MB
 * instead of 4 MB, and the decoder's masks do not change with it (the model itself is trained and
 * commonly run in half precision).
 */
const MAGIC = 'SAMEMB01';
const HEADER = 16;
export const EMBEDDING_CONTENT_TYPE = 'application/octet-stream';

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

function toHalf(value: number): number {
  f32[0] = value;
  const x = u32[0]!;
  const sign = (x >>> 16) & 0x8000;
  const exp = ((x >>> 23) & 0xff) - 127 + 15;
  const mant = x & 0x7fffff;
  if (exp >= 0x1f) return sign | 0x7c00; // too large (or NaN, which the encoder never answers): ±Inf
  if (exp <= 0) {
    if (exp < -10) return sign; // below the smallest subnormal: ±0
    const m = (mant | 0x800000) >> (1 - exp);
    return sign | ((m + 0x1000) >> 13);
  }
  // Round to nearest; a carry into the exponent is still the right half float.
  return sign | ((exp << 10) + ((mant + 0x1000) >> 13));
}

const HALF_TO_FLOAT = (() => {
  const table = new Float32Array(65536);
  for (let h = 0; h < 65536; h++) {
    const sign = h & 0x8000 ? -1 : 1;
    const exp = (h >> 10) & 0x1f;
    const mant = h & 0x3ff;
    table[h] =
      exp === 0
        ? sign * mant * 2 ** -24
        : exp === 0x1f
          ? mant
            ? NaN
            : sign * Infinity
          : sign * (1 + mant / 1024) * 2 ** (exp - 15);
  }
  return table;
})();

export function encodeEmbedding(embedding: Embedding): Buffer {
  const out = Buffer.alloc(HEADER + EMBEDDING_LENGTH * 2);
  out.write(MAGIC, 0, 'latin1');
  out.writeUInt16LE(embedding.width, 8);
  out.writeUInt16LE(embedding.height, 10);
  const values = embedding.data;
  for (let i = 0; i < EMBEDDING_LENGTH; i++) out.writeUInt16LE(toHalf(values[i]!), HEADER + 2 * i);
  return out;
}

/** The photo size a stored embedding was computed at, read from its header alone. */
export function storedEmbeddingSize(bytes: Uint8Array): { width: number; height: number } {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.length !== HEADER + EMBEDDING_LENGTH * 2 || view.toString('latin1', 0, 8) !== MAGIC) {
    throw new Error('Not a stored segmenter embedding');
  }
  const width = view.readUInt16LE(8);
  const height = view.readUInt16LE(10);
  if (Math.max(width, height) !== ENCODER_SIZE) throw new Error('Stored embedding has an impossible size');
  return { width, height };
}

export function decodeEmbedding(bytes: Uint8Array): Embedding {
  const { width, height } = storedEmbeddingSize(bytes);
  const halves = new Uint16Array(EMBEDDING_LENGTH);
  Buffer.from(halves.buffer).set(bytes.subarray(HEADER));
  const data = new Float32Array(EMBEDDING_LENGTH);
  for (let i = 0; i < EMBEDDING_LENGTH; i++) data[i] = HALF_TO_FLOAT[halves[i]!]!;
  return { data, width, height };
}
