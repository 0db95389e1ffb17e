import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil, type TestContext, type Tenant } from './helpers/harness.ts';
import { expectMatchesSpec } from './helpers/openapi.ts';
import {
  createVisualization,
  download,
  generate,
  newKey,
  type ImageHost,
  startVisualizer,
  type Visualizer,
} from './helpers/visualizations.ts';
import { HOUSE_JPG, HOUSE_ROOF_OUTLINE, ROOF_MASK_PNG } from './fixtures/visualizer/photos.ts';
import { countAttempts } from '../storage/visualizationAttempts.ts';
import { findVisualization } from '../storage/visualizations.ts';

let t: TestContext;
let host: ImageHost;
let tenant: Tenant;
let visualizer: Visualizer;
beforeAll(async () => {
  visualizer = await startVisualizer({ GENERATE_WAIT_MS: '60000' });
  ({ t, host, tenant } = visualizer);
});
afterAll(() => visualizer.close());

const SELECT = '/api/v1/visualizations/{visualization_id}/roof-selection';
const selectPath = (id: string) => `/api/v1/visualizations/${id}/roof-selection`;
const select = (id: string, body: unknown, opts: { key?: string; idem?: string | null } = {}) =>
  t.request('POST', selectPath(id), {
    key: opts.key ?? tenant.key,
    body,
    headers: opts.idem === null ? {} : { 'idempotency-key': opts.idem ?? newKey('sel') },
  });

/** A visualization of the test house whose embedding is in blob storage. */
async function embeddedHouse(owner = tenant, extra: Record<string, unknown> = {}) {
  const vis = await createVisualization(t, owner, {
    session_id: 'sess-select',
    original_image_url: host.url('/house.jpg'),
    ...extra,
  });
  const ready = await waitUntil(
    async () => (await findVisualization(t.sql, owner.workspaceId, vis.id))?.embedding_state === 'ready',
    90_000,
    200,
  );
  expect(ready, 'the visualization_embed job stored the embedding').toBe(true);
  return vis;
}

/** Share of the photo's pixels where a greyscale mask (any size, stretched) says roof, at w × h. */
async function maskPixels(png: Buffer, w = 300, h = 225) {
  return sharp(png).resize(w, h, { fit: 'fill' }).extractChannel(0).raw().toBuffer();
}

function overlap(a: Buffer, b: Buffer) {
  let inter = 0,
    union = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]! > 127,
      y = b[i]! > 127;
    inter += Number(x && y);
    union += Number(x || y);
  }
  return inter / union;
}

/** A tap on the shingles of the house's main roof (left of its dormer), one on the wall below it. */
const ROOF_TAP = { x: 0.3, y: 0.4, label: 'roof' };
const WALL_TAP = { x: 0.5, y: 0.7, label: 'not_roof' };
/** A box around the main roof, as a partner's UI would let a homeowner drag it. */
const ROOF_BOX = [0.12, 0.2, 0.88, 0.5];

describe('POST /api/v1/visualizations/{visualization_id}/roof-selection', () => {
  let vis: { id: string };
  beforeAll(async () => {
    vis = await embeddedHouse();
  }, 120_000);

  it('selects the roof pointed at: its mask and outline cover the true roof, kept on the row', async () => {
    const res = await select(vis.id, { points: [ROOF_TAP, WALL_TAP], box: ROOF_BOX });
    expect(res.status, res.text).toBe(200);
    await expectMatchesSpec(t, 'POST', SELECT, res);
    const sel = res.body.roof_selection;
    expect(sel).toEqual({
      outline: expect.any(Array),
      mask_url: expect.stringMatching(/roof-selection-sel_[a-z0-9]+\.png\?/),
      area_share: expect.any(Number),
      points: [ROOF_TAP, WALL_TAP],
      box: ROOF_BOX,
      created_at: expect.any(String),
    });
    const truth = await maskPixels(ROOF_MASK_PNG);
    const mask = (await download(t, sel.mask_url)).bytes;
    expect(overlap(await maskPixels(mask), truth)).toBeGreaterThan(0.85);
    // The outline is the same roof, in roof_outline's form.
    const { rasterizeOutline } = await import('../tasks/visualization_generate/mask.ts');
    const drawn = Buffer.from(rasterizeOutline(sel.outline, 300, 225).data);
    expect(overlap(drawn, truth)).toBeGreaterThan(0.85);
    const share = truth.reduce((n, v) => n + Number(v > 127), 0) / truth.length;
    expect(sel.area_share).toBeGreaterThan(share * 0.85);
    expect(sel.area_share).toBeLessThan(share * 1.15);

    const row = await t.request('GET', `/api/v1/visualizations/${vis.id}`, { key: tenant.key });
    expect(row.body.visualization.roof_selection).toMatchObject({ outline: sel.outline, points: sel.points });
    // A selection is free: no billable attempt.
    expect(await countAttempts(t.sql, tenant.workspaceId)).toEqual({ reserved: 0, succeeded: 0, released: 0 });
  });

  it('takes a box, alone or with taps', async () => {
    const box = ROOF_BOX;
    const res = await select(vis.id, { box });
    expect(res.status, res.text).toBe(200);
    expect(res.body.roof_selection).toMatchObject({ box, points: [] });
    const both = await select(vis.id, { box, points: [WALL_TAP] });
    expect(both.status, both.text).toBe(200);
    const truth = await maskPixels(ROOF_MASK_PNG);
    expect(
      overlap(await maskPixels((await download(t, both.body.roof_selection.mask_url)).bytes), truth),
    ).toBeGreaterThan(0.8);
  });

  it('replays the same key byte for byte, and 409s for the same key with another body', async () => {
    const key = newKey('sel-replay');
    const first = await select(vis.id, { points: [ROOF_TAP] }, { idem: key });
    expect(first.status).toBe(200);
    const again = await select(vis.id, { points: [ROOF_TAP] }, { idem: key });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    expect(again.text).toBe(first.text);
    const other = await select(vis.id, { points: [WALL_TAP] }, { idem: key });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('CONFLICT');
  });

  it.each([
    ['neither points nor a box', {}, /send `points`.*`box`/],
    ['an empty points list', { points: [] }, /points/],
    ['21 taps', { points: Array.from({ length: 21 }, () => ROOF_TAP) }, /points/],
    ['a tap in pixels', { points: [{ x: 600, y: 300, label: 'roof' }] }, /points/],
    ['an unknown label', { points: [{ x: 0.5, y: 0.5, label: 'chimney' }] }, /points/],
    ['a box drawn backwards', { box: [0.8, 0.5, 0.2, 0.1] }, /top-left corner first/],
    ['a box of three numbers', { box: [0.1, 0.2, 0.3] }, /box/],
    ['an unknown field', { points: [ROOF_TAP], colour: 'red' }, /colour/],
    ['a tenant selector', { points: [ROOF_TAP], workspace_id: 'ws_other' }, /workspace_id|[Tt]enant/],
  ])('answers 400 for %s', async (_name, body, message) => {
    const res = await select(vis.id, body);
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(JSON.stringify(res.body.error)).toMatch(message);
    await expectMatchesSpec(t, 'POST', SELECT, res);
  });

  it('answers 404 for another workspace and an unknown id, 403 without the scope, 401 without a key, 400 without an Idempotency-Key', async () => {
    const other = await t.tenant();
    const foreign = await select(vis.id, { points: [ROOF_TAP] }, { key: other.key });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('NOT_FOUND');
    expect((await select('vis_nope', { points: [ROOF_TAP] })).status).toBe(404);
    const reader = await t.tenant({ scopes: ['leads.read'] });
    expect((await select(vis.id, { points: [ROOF_TAP] }, { key: reader.key })).status).toBe(403);
    const anonymous = await t.request('POST', selectPath(vis.id), {
      body: { points: [ROOF_TAP] },
      headers: { 'idempotency-key': newKey() },
    });
    expect(anonymous.status).toBe(401);
    const noKey = await select(vis.id, { points: [ROOF_TAP] }, { idem: null });
    expect(noKey.status).toBe(400);
    expect(noKey.body.error.message).toMatch(/Idempotency-Key/);
  });
});

describe('roof selection and generate', () => {
  it('the next generate paints the selection; a roof_outline sent to generate replaces it', async () => {
    const vis = await embeddedHouse();
    // A tap on the roof's left half with a box around that half only: the selection is part of the roof.
    const res = await select(vis.id, { box: [0.15, 0.22, 0.5, 0.48], points: [{ x: 0.35, y: 0.36, label: 'roof' }] });
    expect(res.status, res.text).toBe(200);
    const selectedMask = await maskPixels((await download(t, res.body.roof_selection.mask_url)).bytes);
    const done = await generate(t, tenant, vis.id, {});
    expect(done.body.visualization.status, JSON.stringify(done.body)).toBe('completed');
    const [before, after] = await Promise.all([
      sharp(HOUSE_JPG).resize(300, 225, { fit: 'fill' }).removeAlpha().raw().toBuffer(),
      download(t, done.body.visualization.generated_image_url).then((b) =>
        sharp(b.bytes).resize(300, 225, { fit: 'fill' }).removeAlpha().raw().toBuffer(),
      ),
    ]);
    let changedInside = 0,
      inside = 0,
      changedOutside = 0,
      outside = 0;
    for (let p = 0; p < selectedMask.length; p++) {
      const changed = Math.abs(after[p * 3]! - before[p * 3]!) + Math.abs(after[p * 3 + 1]! - before[p * 3 + 1]!) > 30;
      if (selectedMask[p]! > 200) (inside++, (changedInside += Number(changed)));
      else if (selectedMask[p]! < 50) (outside++, (changedOutside += Number(changed)));
    }
    expect(changedInside / inside).toBeGreaterThan(0.8);
    expect(changedOutside / outside).toBeLessThan(0.02);

    // An outline given at generate wins over the selection, which it replaces.
    const second = await embeddedHouse();
    expect((await select(second.id, { points: [ROOF_TAP] })).status).toBe(200);
    const outlined = await generate(t, tenant, second.id, { roof_outline: HOUSE_ROOF_OUTLINE });
    expect(outlined.body.visualization).toMatchObject({
      status: 'completed',
      roof_outline: HOUSE_ROOF_OUTLINE,
      roof_selection: null,
    });
  }, 180_000);

  it('answers 409 for a completed row, and a selection replaces an outline given at create', async () => {
    const vis = await embeddedHouse();
    await generate(t, tenant, vis.id, { roof_outline: HOUSE_ROOF_OUTLINE });
    const res = await select(vis.id, { points: [ROOF_TAP] });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/already completed/);
    await expectMatchesSpec(t, 'POST', SELECT, res);
  }, 120_000);
});

describe('while the photo is being prepared', () => {
  it('answers 409 with Retry-After, computes the embedding, then selects', async () => {
    // A row created with an outline has no embedding until a selection first needs one.
    const vis = await createVisualization(t, tenant, {
      session_id: 'sess-select',
      original_image_url: host.url('/house.jpg'),
      roof_outline: HOUSE_ROOF_OUTLINE,
    });
    const early = await select(vis.id, { points: [ROOF_TAP] });
    expect(early.status).toBe(409);
    expect(early.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(early.body.error.details).toMatchObject({ reason: 'photo_being_prepared' });
    await expectMatchesSpec(t, 'POST', SELECT, early);
    const ready = await waitUntil(
      async () => (await findVisualization(t.sql, tenant.workspaceId, vis.id))?.embedding_state === 'ready',
      90_000,
      200,
    );
    expect(ready).toBe(true);
    const res = await select(vis.id, { points: [ROOF_TAP] });
    expect(res.status, res.text).toBe(200);
    const row = await findVisualization(t.sql, tenant.workspaceId, vis.id);
    expect(row).toMatchObject({ roof_outline: null, roof_selection: { points: [ROOF_TAP] } });
  }, 120_000);

  it('answers 409 naming the reason when the photo cannot be read', async () => {
    const vis = await createVisualization(t, tenant, {
      session_id: 'sess-select',
      original_image_url: host.url('/not-image.png'),
    });
    const failed = await waitUntil(
      async () => (await findVisualization(t.sql, tenant.workspaceId, vis.id))?.embedding_state === 'failed',
      60_000,
      200,
    );
    expect(failed).toBe(true);
    const res = await select(vis.id, { points: [ROOF_TAP] });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/not a readable image.*another photo/);
  }, 90_000);
});
