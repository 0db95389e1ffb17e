import { expect } from 'vitest';
import type { Tenant, TestContext } from './harness.ts';
import { catalogOf, createVisualization, generate, newKey, type ImageHost } from './visualizations.ts';

export interface Shared {
  token: string;
  url: string;
  visualizationId: string;
  material: string;
  color: string;
  shape: string;
}

/** A generated visualization of the image host's house, with a material, colour and shape, and a link to it. */
export async function shareVisualization(
  t: TestContext,
  tenant: Tenant,
  host: ImageHost,
  pick = { material: 2, color: 5, shape: 1 },
): Promise<Shared> {
  const { materials, colors, shapes } = await catalogOf(t, tenant);
  const [material, color, shape] = [materials[pick.material]!, colors[pick.color]!, shapes[pick.shape]!];
  const created = await createVisualization(t, tenant, {
    session_id: 'share-page',
    original_image_url: host.url('/house.jpg'),
    material_id: material.id,
    color_id: color.id,
    shape_id: shape.id,
  });
  const generated = await generate(t, tenant, created.id);
  expect(generated.body.visualization.status, generated.text).toBe('completed');
  const res = await t.request('POST', '/api/v1/share-links', {
    key: tenant.key,
    body: { visualization_id: created.id },
    headers: { 'idempotency-key': newKey('share-page') },
  });
  expect(res.status, res.text).toBe(201);
  const { token, url } = res.body.share_link;
  return { token, url, visualizationId: created.id, material: material.name, color: color.name, shape: shape.name };
}

/** What Chromium sends when a person opens a link. */
export const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
