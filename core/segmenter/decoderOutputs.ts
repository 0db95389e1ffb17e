/**
 * SAM's decoder computes four masks for every prompt (one token for an unambiguous prompt, three
 * for an ambiguous one: often a roof plane, the roof, the whole house), but its ONNX export answers
 * only the one its own score picks. A lone tap on a roof then mostly answers the whole house,
 * which no evidence can call roof, while the roof itself was among the masks computed. The export
 * keeps all four as named intermediate tensors; listing them as graph outputs (this file) lets
 * ONNX Runtime return them with no other change to the model or its weights. The names are this
 * export's (model.ts pins the file by its sha256); ONNX Runtime refuses to load a model that lacks
 * them, so another export fails at load, not with wrong masks.
 */

/** The decoder's four low-resolution masks, [1, 4, 256, 256], before its choice among them. */
export const TOKEN_MASKS = '/Reshape_9_output_0';
/** The decoder's predicted IoU of each of those masks, [1, 4]. */
export const TOKEN_SCORES = '/iou_prediction_head/layers.2/Gemm_output_0';

/** ONNX's ModelProto.graph and GraphProto.output field numbers (onnx.proto). */
const MODEL_GRAPH = 7;
const GRAPH_OUTPUT = 12;
const VALUE_INFO_NAME = 1;
const LENGTH_DELIMITED = 2;

function readVarint(bytes: Uint8Array, at: number): [value: number, next: number] {
  let value = 0;
  let shift = 0;
  let byte: number;
  do {
    if (at >= bytes.length) throw new Error('decoder model: truncated protobuf varint');
    byte = bytes[at++]!;
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
  } while (byte & 0x80);
  return [value, at];
}

function varint(value: number): Uint8Array {
  const out: number[] = [];
  while (value > 0x7f) {
    out.push((value % 0x80) | 0x80);
    value = Math.floor(value / 0x80);
  }
  out.push(value);
  return Uint8Array.from(out);
}

function lengthDelimited(field: number, body: Uint8Array): Buffer {
  return Buffer.concat([varint((field << 3) | LENGTH_DELIMITED), varint(body.length), body]);
}

/**
 * The decoder model (its ONNX bytes) with `names` added to its graph's outputs. Only the top-level
 * message is walked: the graph field is found, the outputs are appended to it (protobuf merges
 * repeated fields in order) and its length is rewritten; every other byte is kept as it is.
 */
export function withGraphOutputs(model: Uint8Array, names: readonly string[]): Buffer {
  let at = 0;
  while (at < model.length) {
    const fieldStart = at;
    let tag: number;
    [tag, at] = readVarint(model, at);
    const wireType = tag & 7;
    if (wireType === 0) [, at] = readVarint(model, at);
    else if (wireType === 1) at += 8;
    else if (wireType === 5) at += 4;
    else if (wireType === LENGTH_DELIMITED) {
      let length: number;
      [length, at] = readVarint(model, at);
      if (Math.floor(tag / 8) === MODEL_GRAPH) {
        const outputs = names.map((name) =>
          lengthDelimited(GRAPH_OUTPUT, lengthDelimited(VALUE_INFO_NAME, Buffer.from(name, 'utf8'))),
        );
        const graph = Buffer.concat([model.subarray(at, at + length), ...outputs]);
        return Buffer.concat([
          model.subarray(0, fieldStart),
          lengthDelimited(MODEL_GRAPH, graph),
          model.subarray(at + length),
        ]);
      }
      at += length;
    } else throw new Error(`decoder model: protobuf wire type ${wireType} is not ONNX`);
  }
  throw new Error('decoder model: no graph');
}

/**
 * One of the decoder's low-resolution masks (`lowRes`, 256 × 256 over the encoder's padded square,
 * the photo `photo` pixels of it in its top-left corner) at `out`'s size: its logits read
 * bilinearly, 1 where above the decoder's own boundary (0).
 */
export function lowResMask(
  lowRes: Float32Array,
  photo: { width: number; height: number },
  out: { width: number; height: number },
  side: { lowRes: number; encoder: number },
): Uint8Array {
  const n = side.lowRes;
  const mask = new Uint8Array(out.width * out.height);
  const sx = (photo.width / side.encoder) * (n / out.width);
  const sy = (photo.height / side.encoder) * (n / out.height);
  const x0s = new Int32Array(out.width),
    x1s = new Int32Array(out.width),
    txs = new Float32Array(out.width);
  for (let x = 0; x < out.width; x++) {
    const fx = Math.max(0, (x + 0.5) * sx - 0.5);
    x0s[x] = Math.min(n - 1, Math.floor(fx));
    x1s[x] = Math.min(n - 1, x0s[x]! + 1);
    txs[x] = fx - Math.floor(fx);
  }
  for (let y = 0; y < out.height; y++) {
    const fy = Math.max(0, (y + 0.5) * sy - 0.5);
    const r0 = Math.min(n - 1, Math.floor(fy)) * n,
      r1 = Math.min(n - 1, Math.floor(fy) + 1) * n,
      ty = fy - Math.floor(fy);
    for (let x = 0; x < out.width; x++) {
      const tx = txs[x]!;
      const top = lowRes[r0 + x0s[x]!]! * (1 - tx) + lowRes[r0 + x1s[x]!]! * tx;
      const bottom = lowRes[r1 + x0s[x]!]! * (1 - tx) + lowRes[r1 + x1s[x]!]! * tx;
      if (top * (1 - ty) + bottom * ty > 0) mask[y * out.width + x] = 1;
    }
  }
  return mask;
}
