import { FormData } from 'undici';
import { encodeForModel } from '../photo.ts';
import { maskPng } from '../mask.ts';
import { bearer, callModel, judgeStatus } from './modelCall.ts';
import { ModelRefusedError, ModelUnavailableError, type ImageProvider, type RenderInput } from './provider.ts';

export interface OpenAiProviderOptions {
  /** Everything before `/v1/images/edits`: https://api.openai.com, or a gateway's or Azure's base. */
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
}

/**
 * The sizes the edit operation accepts: dall-e-2 only squares, gpt-image-1 also 3:2 and 2:3.
 * The photo is stretched to the nearest shape and the answer stretched back, so nothing is
 * cropped away.
 */
export function editSize(model: string, photo: { width: number; height: number }) {
  const aspect = photo.width / photo.height;
  if (model === 'dall-e-2' || (aspect <= 1.25 && aspect >= 0.8)) return { width: 1024, height: 1024 };
  return aspect > 1 ? { width: 1536, height: 1024 } : { width: 1024, height: 1536 };
}

/**
 * The OpenAI Images API edit (POST {baseUrl}/v1/images/edits, multipart): the photo and a mask of
 * the same size, transparent (alpha 0) on the roof, which is what the model may repaint. The
 * answer's data[0].b64_json is the image. Azure OpenAI's v1 API takes the same request under
 * https://<resource>.openai.azure.com/openai (its keys go in an `api-key` header, sent too for
 * *.azure.com hosts).
 */
export function openAiProvider(opts: OpenAiProviderOptions): ImageProvider {
  const url = `${opts.baseUrl.replace(/\/+$/, '')}/v1/images/edits`;
  const azure = /\.azure\.com$/i.test(new URL(url).hostname);
  return {
    local: false,
    async render(input: RenderInput) {
      const size = editSize(opts.model, input.photo);
      const form = new FormData();
      form.set('model', opts.model);
      form.set(
        'image',
        new Blob([new Uint8Array(await encodeForModel(input.photo, size, 'png'))], { type: 'image/png' }),
        'photo.png',
      );
      form.set(
        'mask',
        new Blob([new Uint8Array(await maskPng(input.mask, size, 'transparent'))], { type: 'image/png' }),
        'mask.png',
      );
      form.set('prompt', input.prompt);
      form.set('n', '1');
      form.set('size', `${size.width}x${size.height}`);
      // gpt-image-1 always answers in base64 and refuses the field; dall-e-2 answers a URL unless asked.
      if (opts.model === 'dall-e-2') form.set('response_format', 'b64_json');
      const headers = { ...bearer(opts.apiKey), ...(azure && opts.apiKey ? { 'api-key': opts.apiKey } : {}) };
      const answer = await callModel(url, { method: 'POST', headers, body: form }, Date.now() + opts.timeoutMs);
      judgeStatus(answer, 'The OpenAI images API');
      let b64: unknown;
      try {
        b64 = (JSON.parse(answer.body.toString('utf8')) as { data?: { b64_json?: unknown }[] }).data?.[0]?.b64_json;
      } catch {
        throw new ModelUnavailableError('failing', 'the edit answer is not JSON');
      }
      if (typeof b64 !== 'string' || !b64)
        throw new ModelRefusedError(
          'The image model returned no image; try again',
          'no data[0].b64_json in the answer',
        );
      return Buffer.from(b64, 'base64');
    },
  };
}
