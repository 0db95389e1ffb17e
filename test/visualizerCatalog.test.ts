import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type Tenant } from './helpers/harness.ts';
import { expectMatchesSpec } from './helpers/openapi.ts';
import { newId } from '../core/ids.ts';

let t: TestContext;
let summit: Tenant;
let harbor: Tenant;
beforeAll(async () => {
  t = await createTestContext();
  summit = await t.tenant({ name: 'Summit Roofing Co.' });
  harbor = await t.tenant({ name: 'Harbor Exteriors' });
  // Harbor keeps its own catalog: a material of its own listed first, and its colours in reverse.
  await t.sql`
    insert into catalog_materials (id, workspace_id, name, sort_order)
    values (${newId('mat')}, ${harbor.workspaceId}, 'Synthetic slate', -1)`;
  await t.sql`update catalog_colors set sort_order = -sort_order where workspace_id = ${harbor.workspaceId}`;
});
afterAll(() => t.close());

const PATH = '/api/v1/visualizer/catalog';
const getCatalog = (key: string) => t.request('GET', PATH, { key });
const ids = (catalog: Record<string, { id: string }[]>) =>
  Object.values(catalog)
    .flat()
    .map((entry) => entry.id);

describe('GET /api/v1/visualizer/catalog', () => {
  it("answers the workspace's materials, colors and shapes in their sort order", async () => {
    const res = await getCatalog(summit.key);
    expect(res.status).toBe(200);
    await expectMatchesSpec(t, 'GET', PATH, res);
    expect(res.body.materials.map((m: { name: string }) => m.name)).toEqual([
      'Architectural asphalt shingles',
      'Standing seam metal',
      'Clay tile',
      'Slate',
      'Cedar shake',
    ]);
    expect(res.body.colors[0]).toEqual({
      id: expect.stringMatching(/^col_[0-9a-z]{20}$/),
      name: 'Charcoal Gray',
      hex_code: '#3b3d40',
    });
    expect(res.body.colors).toHaveLength(8);
    expect(res.body.shapes.map((s: { roof_type: string }) => s.roof_type)).toEqual([
      'gable',
      'hip',
      'dutch_gable',
      'mansard',
      'flat',
    ]);
  });

  it('gives ids that create and generate accept', async () => {
    const { materials, colors, shapes } = (await getCatalog(summit.key)).body;
    const res = await t.request('POST', '/api/v1/visualizations', {
      key: summit.key,
      headers: { 'idempotency-key': 'catalog-ids' },
      body: {
        session_id: 'sess-catalog',
        original_image_url: 'https://photos.example.com/house.jpg',
        material_id: materials.at(-1).id,
        color_id: colors.at(-1).id,
        shape_id: shapes.at(-1).id,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.visualization.material).toEqual(materials.at(-1));
    expect(res.body.visualization.color).toEqual(colors.at(-1));
    expect(res.body.visualization.shape).toEqual(shapes.at(-1));
  });

  it("never shows another workspace's catalog", async () => {
    const mine = (await getCatalog(summit.key)).body;
    const theirs = (await getCatalog(harbor.key)).body;
    expect(theirs.materials[0].name).toBe('Synthetic slate');
    expect(theirs.colors.map((c: { name: string }) => c.name)).toEqual(
      mine.colors.map((c: { name: string }) => c.name).reverse(),
    );
    expect(mine.materials.map((m: { name: string }) => m.name)).not.toContain('Synthetic slate');
    const overlap = ids(mine).filter((id) => ids(theirs).includes(id));
    expect(overlap).toEqual([]);
  });

  it('answers 403 without the sales_visualizer.use scope and 401 without a key', async () => {
    const key = await t.keyFor(summit.workspaceId, ['leads.read', 'leads.write']);
    const forbidden = await getCatalog(key);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error).toEqual({
      code: 'FORBIDDEN',
      message: 'API key lacks required scope: sales_visualizer.use',
      request_id: expect.any(String),
      details: { missing_scopes: ['sales_visualizer.use'] },
    });
    await expectMatchesSpec(t, 'GET', PATH, forbidden);
    const anonymous = await t.request('GET', PATH);
    expect(anonymous.status).toBe(401);
    await expectMatchesSpec(t, 'GET', PATH, anonymous);
  });
});
