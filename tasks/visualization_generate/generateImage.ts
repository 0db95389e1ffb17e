import { inspectImage } from './inspectImage.ts';
import { compositeRoof, softEdge, type Mask } from './mask.ts';
import { decodePhoto, encodeJpeg, rawAtSize, type RawRgb } from './photo.ts';
import { promptFor } from './providers/prompt.ts';
import { fillSpeckleHoles } from './render/holes.ts';
import type { ImageProvider, Selection } from './providers/provider.ts';

// A 12-megapixel render holds ~36 MB of raw pixels per copy plus libvips' buffers; two local
// renders at a time keep a worker running WORKER_CONCURRENCY=4 jobs under its memory budget.
const MAX_PARALLEL_RENDERS = 2;
let rendering = 0;
const waiting: (() => void)[] = [];

async function inRenderSlot<T>(work: () => Promise<T>): Promise<T> {
  if (rendering >= MAX_PARALLEL_RENDERS) await new Promise<void>((resolve) => waiting.push(resolve));
  else rendering++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else rendering--;
  }
}

export interface GenerateRequest {
  image: Buffer;
  /** The roof to paint on the decoded photo: the partner's outline or selection, or the one found (roof/findRoof.ts). */
  roofMask: (photo: RawRgb) => Promise<Mask>;
  selection: Selection;
}

/**
 * The steps every provider shares: the roof mask (the partner's outline, else the one found),
 * the prompt, the provider's render, and the composite that keeps only the render's roof, at
 * the original's size with a soft edge, so walls, windows, sky and lawn stay the photo's pixels.
 */
export async function generateImage(
  provider: ImageProvider,
  req: GenerateRequest,
): Promise<{ bytes: Buffer; contentType: string }> {
  const work = async () => {
    const photo = await decodePhoto(req.image);
    // Every provider gets the same mask: speckle holes filled, so the old roof never shows through.
    const mask = fillSpeckleHoles(await req.roofMask(photo));
    const answer = await provider.render({
      image: req.image,
      photo,
      mask,
      prompt: promptFor(req.selection),
      selection: req.selection,
    });
    const generated = answer instanceof Uint8Array ? await modelOutput(answer, photo) : answer;
    // A provider that painted the photo in place (local) leaves nothing to composite.
    if (generated !== photo) compositeRoof(photo, generated, await softEdge(mask, photo.width, photo.height));
    return { bytes: await encodeJpeg(photo), contentType: 'image/jpeg' };
  };
  // A model's job holds its decoded photo while the model works (36 MB for 12 MP, at most
  // WORKER_CONCURRENCY of them); only pixel work in this process takes a render slot.
  return provider.local ? inRenderSlot(work) : work();
}

/** A model's image, checked like any image taken in, stretched to the photo's size. */
async function modelOutput(bytes: Buffer, photo: RawRgb): Promise<RawRgb> {
  await inspectImage(bytes, 'Image model output');
  return rawAtSize(bytes, photo, 'Image model output');
}
