import type { Selection } from './provider.ts';

/**
 * The instruction for a generative model: the material, the colour by name and hex code, the
 * roof shape from the catalog, and that only the roof may change (the composite enforces it too).
 */
export function promptFor(sel: Selection): string {
  const material = sel.material?.name.toLowerCase() ?? 'roofing';
  const shape = sel.shape
    ? ` The roof is a ${sel.shape.name.toLowerCase()}${sel.shape.roof_type ? ` (${sel.shape.roof_type})` : ''} roof; keep its shape and planes.`
    : '';
  return (
    `Replace only the roof covering of the house in this photo with ${material} in ${sel.color.name} (${sel.color.hex}).` +
    `${shape} Keep the walls, windows, doors, sky, vegetation, lighting, shadows and camera angle unchanged. Photorealistic.`
  );
}
