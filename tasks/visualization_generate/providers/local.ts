import { PermanentError } from '../../../core/errors.ts';
import { renderMaterial } from '../render/composite.ts';
import { hexToRgb } from '../render/materials.ts';
import type { ImageProvider, RenderInput } from './provider.ts';

/**
 * The default provider: no network. Paints the chosen material over the roof in the catalog
 * colour, plane by plane in the photo's own light (render/), in place on the decoded photo
 * and only where the mask says roof (with its own soft edge); it answers the photo itself, so
 * the composite that follows has nothing left to do and the render holds one photo-sized buffer.
 */
export const localProvider: ImageProvider = {
  local: true,
  render: async (input: RenderInput) => {
    const { color, material } = input.selection;
    if (!hexToRgb(color.hex)) throw new PermanentError(`Catalog colour ${color.hex} is not a #rrggbb hex code`);
    renderMaterial({ ...input.photo, channels: 3 }, input.mask, material, color.hex);
    return input.photo;
  },
};
