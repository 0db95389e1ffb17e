import { setTimeout as sleep } from 'node:timers/promises';
import { fetchImage, ImageFetchError } from '../fetchImage.ts';
import { maskPng } from '../mask.ts';
import { encodeForModel } from '../photo.ts';
import { bearer, callModel, judgeStatus, type ModelAnswer } from './modelCall.ts';
import { ModelRefusedError, ModelUnavailableError, type ImageProvider, type RenderInput } from './provider.ts';

/** Which of the model's inputs get our photo, mask and prompt; a missing name is not sent. */
export interface ReplicateInputMap {
  image: string;
  mask?: string;
  prompt: string;
}

/** Inpainting models (stability-ai/stable-diffusion-inpainting and the like) take all three. */
export const INPAINTING_INPUTS: ReplicateInputMap = { image: 'image', mask: 'mask', prompt: 'prompt' };
/** Instruction-editing models (black-forest-labs/flux-kontext-*) take a photo and an instruction. */
export const INSTRUCTION_INPUTS: ReplicateInputMap = { image: 'input_image', prompt: 'prompt' };

/** The input names for a model: the operator's IMAGE_MODEL_INPUT_MAP, else by the model's name. */
export function inputMapFor(model: string, configured?: ReplicateInputMap): ReplicateInputMap {
  return configured ?? (/kontext/i.test(model) ? INSTRUCTION_INPUTS : INPAINTING_INPUTS);
}

export interface ReplicateProviderOptions {
  baseUrl: string;
  apiKey?: string;
  /** `owner/name` (the model's latest version) or a version id (`owner/name:id` or the bare id). */
  model: string;
  inputs: ReplicateInputMap;
  timeoutMs: number;
  /** Lets output downloads reach private addresses (tests only, like IMAGE_FETCH_ALLOW_PRIVATE). */
  allowPrivate: boolean;
  /** Between polls of a prediction that `Prefer: wait` did not see finish. */
  pollIntervalMs?: number;
}

/** Photos go to the model at most this long on their longer side: what such models work at. */
const MODEL_SIDE = 1536;

interface Prediction {
  id?: string;
  status?: string;
  output?: unknown;
  error?: unknown;
  urls?: { get?: string; cancel?: string };
}

function parsePrediction(answer: ModelAnswer): Prediction {
  try {
    return JSON.parse(answer.body.toString('utf8')) as Prediction;
  } catch {
    throw new ModelUnavailableError('failing', `prediction answer with HTTP ${answer.status} is not JSON`);
  }
}

const dataUri = (bytes: Buffer, type: string) => `data:${type};base64,${bytes.toString('base64')}`;

/**
 * Replicate's predictions API: creates a prediction (POST /v1/models/{owner}/{name}/predictions,
 * or POST /v1/predictions with `version`) with `Prefer: wait`, polls its `urls.get` until it
 * succeeded, failed or was canceled, and downloads the output (a URL or a list of them) through
 * the same outbound guard and size cap as partners' photos. Past the deadline the prediction is
 * canceled through `urls.cancel`, so nobody pays for a render nobody waits for.
 */
export function replicateProvider(opts: ReplicateProviderOptions): ImageProvider {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const version = /^(?:[\w.-]+\/[\w.-]+:)?([0-9a-f]{64})$/i.exec(opts.model)?.[1];
  const createUrl = version ? `${base}/v1/predictions` : `${base}/v1/models/${opts.model}/predictions`;
  const auth = bearer(opts.apiKey);
  return {
    local: false,
    async render(input: RenderInput) {
      const deadline = Date.now() + opts.timeoutMs;
      const fit = Math.min(1, MODEL_SIDE / Math.max(input.photo.width, input.photo.height));
      const size = { width: Math.round(input.photo.width * fit), height: Math.round(input.photo.height * fit) };
      const photo = await encodeForModel(input.photo, size, 'jpeg');
      const modelInput: Record<string, string> = {
        [opts.inputs.image]: dataUri(photo, 'image/jpeg'),
        [opts.inputs.prompt]: input.prompt,
      };
      if (opts.inputs.mask)
        modelInput[opts.inputs.mask] = dataUri(await maskPng(input.mask, size, 'white'), 'image/png');
      const body = JSON.stringify(version ? { version, input: modelInput } : { input: modelInput });
      const created = await callModel(
        createUrl,
        { method: 'POST', headers: { ...auth, 'content-type': 'application/json', prefer: 'wait' }, body },
        deadline,
      );
      judgeStatus(created, 'Replicate');
      let prediction = parsePrediction(created);
      for (let delay = opts.pollIntervalMs ?? 1000; !isSettled(prediction); delay = Math.min(delay * 2, 5000)) {
        if (!prediction.urls?.get) throw new ModelUnavailableError('failing', 'prediction without urls.get');
        if (Date.now() + delay >= deadline) {
          await cancel(prediction, auth);
          throw new ModelUnavailableError(
            'timed_out',
            `prediction ${prediction.id} still ${prediction.status}; canceled`,
          );
        }
        await sleep(delay);
        const polled = await callModel(prediction.urls.get, { method: 'GET', headers: auth }, deadline).catch(
          async (err: unknown) => {
            if (err instanceof ModelUnavailableError && err.outage === 'timed_out') await cancel(prediction, auth);
            throw err;
          },
        );
        judgeStatus(polled, 'Replicate');
        prediction = parsePrediction(polled);
      }
      if (prediction.status === 'canceled')
        throw new ModelUnavailableError('failing', `prediction ${prediction.id} was canceled`);
      if (prediction.status === 'failed') {
        const error = String(prediction.error ?? 'no error given');
        const reason = /nsfw|safety|content/i.test(error)
          ? 'The image model refused this photo under its content policy; use another photo'
          : 'The image model could not process this photo; use another photo or send roof_outline';
        throw new ModelRefusedError(reason, `prediction ${prediction.id} failed: ${error}`);
      }
      return download(firstOutput(prediction.output), opts.allowPrivate);
    },
  };
}

function isSettled(p: Prediction) {
  return p.status === 'succeeded' || p.status === 'failed' || p.status === 'canceled';
}

/** Best effort: a cancel that fails leaves a render Replicate stops on its own timeout. */
async function cancel(p: Prediction, auth: Record<string, string>) {
  if (!p.urls?.cancel) return;
  await callModel(p.urls.cancel, { method: 'POST', headers: auth }, Date.now() + 5000).catch(() => undefined);
}

function firstOutput(output: unknown): string {
  const first = Array.isArray(output) ? output[0] : output;
  if (typeof first !== 'string' || !first)
    throw new ModelRefusedError('The image model returned no image; try again', 'prediction output holds no URL');
  return first;
}

async function download(url: string, allowPrivate: boolean): Promise<Buffer> {
  const data = /^data:image\/[\w.+-]+;base64,(.*)$/s.exec(url);
  if (data) return Buffer.from(data[1]!, 'base64');
  try {
    return (await fetchImage(url, { allowPrivate })).bytes;
  } catch (err) {
    if (err instanceof ImageFetchError)
      throw new ModelUnavailableError('failing', `its output could not be downloaded: ${err.reason}`);
    throw err;
  }
}
