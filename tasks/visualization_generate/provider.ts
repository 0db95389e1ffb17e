import type { Config } from '../../core/config.ts';
import type { CatalogRefs } from '../../storage/visualizations.ts';
import { renderLocal } from './local.ts';
import { renderHttp } from './http.ts';

export interface RenderInput {
  image: Buffer;
  color: { name: string; hex: string };
  material: CatalogRefs['material'];
  shape: CatalogRefs['shape'];
  /** The instruction a generative model gets; the local renderer ignores it. */
  prompt: string;
  /** Optional roof mask (white = roof), any size; without it the roof is found heuristically. */
  mask?: Buffer;
}

export interface RenderedImage {
  bytes: Buffer;
  contentType: string;
}

export type ImageProvider = (input: RenderInput) => Promise<RenderedImage>;

export function providerFor(config: Config): ImageProvider {
  if (config.IMAGE_MODEL_PROVIDER === 'http') {
    return (input) => renderHttp(input, { url: config.IMAGE_MODEL_URL!, apiKey: config.IMAGE_MODEL_API_KEY });
  }
  return renderLocal;
}

export function promptFor(sel: {
  color: RenderInput['color'];
  material: RenderInput['material'];
  shape: RenderInput['shape'];
}): string {
  const material = sel.material?.name.toLowerCase() ?? 'roofing';
  const shape = sel.shape ? ` Keep the ${sel.shape.name.toLowerCase()} roof shape.` : '';
  return (
    `Replace only the roof of the house in this photo with ${material} in ${sel.color.name} (${sel.color.hex}). ` +
    `Keep the walls, windows, sky, vegetation, lighting and camera angle unchanged.${shape} Photorealistic.`
  );
}
