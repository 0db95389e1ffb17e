import { inspectImage } from '../inspectImage.ts';
import { maskPng } from '../mask.ts';
import { bearer, callModel, judgeStatus } from './modelCall.ts';
import type { ImageProvider, RenderInput } from './provider.ts';

export interface HttpProviderOptions {
  url: string;
  apiKey?: string;
  timeoutMs: number;
}

/**
 * This service's own protocol, for an operator's adapter in front of any model: POST `url` with
 * JSON `{image: {data, content_type}, mask: {data, content_type: "image/png"}, prompt,
 * selection: {material, color, shape}}` (data in base64; the mask is the photo's size as displayed,
 * EXIF orientation applied, white on the roof) and `Authorization: Bearer <key>`; the answer is the rendered image as an image/*
 * body of any size. Outages and refusals are judged like every model's (modelCall.ts).
 */
export function httpProvider(opts: HttpProviderOptions): ImageProvider {
  return {
    local: false,
    async render(input: RenderInput) {
      const { contentType } = await inspectImage(input.image);
      const size = { width: input.photo.width, height: input.photo.height };
      const body = JSON.stringify({
        image: { data: input.image.toString('base64'), content_type: contentType },
        mask: { data: (await maskPng(input.mask, size, 'white')).toString('base64'), content_type: 'image/png' },
        prompt: input.prompt,
        selection: input.selection,
      });
      const answer = await callModel(
        opts.url,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'image/*', ...bearer(opts.apiKey) },
          body,
        },
        Date.now() + opts.timeoutMs,
      );
      judgeStatus(answer, 'The image model');
      return answer.body;
    },
  };
}
