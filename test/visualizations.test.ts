import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext, Tenant } from './helpers/harness.ts';
import { expectMatchesSpec } from './helpers/openapi.ts';
import {
  SCRIPTED_SVG,
  catalogOf,
  createVisualization,
  download,
  generate,
  newKey,
  type ImageHost,
  startVisualizer,
  type Visualizer,
} from './helpers/visualizations.ts';
import { HOUSE_JPG } from './fixtures/visualizer/photos.ts';
import { countAttempts } from '../storage/visualizationAttempts.ts';
import { findVisualization, findLatestVisualizationForLead } from '../storage/visualizations.ts';
import { setVisualizationQuota } from '../storage/workspaces.ts';
import { createBlobStore } from '../storage/blobs.ts';
import { storageSigningSecret } from '../storage/secrets.ts';

let t: TestContext;
let host: ImageHost;
let tenant: Tenant;
let visualizer: Visualizer;
beforeAll(async () => {
  visualizer = await startVisualizer({ GENERATE_WAIT_MS: '25000' });
  ({ t, host, tenant } = visualizer);
});
afterAll(() => visualizer.close());

const VIS = '/api/v1/visualizations';
const GEN = '/api/v1/visualizations/{visualization_id}/generate';

const post = (path: string, body: unknown, key = tenant.key, idem: string | null = newKey()) =>
  t.request('POST', path, { key, body, headers: idem ? { 'idempotency-key': idem } : {} });

describe('POST /api/v1/visualizations', () => {
  it('creates a pending row with the catalog choice resolved', async () => {
    const catalog = await catalogOf(t, tenant);
    const [material, color, shape] = [catalog.materials[1]!, catalog.colors[0]!, catalog.shapes[1]!];
    const body = {
      session_id: 'sess-create',
      original_image_url: 'https://images.example.com/house.jpg',
      material_id: material.id,
      color_id: color.id,
      shape_id: shape.id,
    };
    const res = await post(VIS, body);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      visualization: {
        id: expect.stringMatching(/^vis_/),
        session_id: 'sess-create',
        lead_id: null,
        status: 'pending',
        material: { id: material.id, name: material.name },
        color: { id: color.id, name: color.name, hex_code: color.hex_code },
        shape: { id: shape.id, name: shape.name, roof_type: shape.roof_type },
        original_image_url: 'https://images.example.com/house.jpg',
        generated_image_url: null,
        roof_outline: null,
        roof_selection: null,
        processing_error: null,
        created_at: expect.any(String),
        updated_at: expect.any(String),
        completed_at: null,
      },
    });
    await expectMatchesSpec(t, 'POST', VIS, res);
    const row = await findVisualization(t.sql, tenant.workspaceId, res.body.visualization.id);
    expect(row?.status).toBe('pending');
  });

  it('stores a data URL upload and answers with a short signed URL instead of echoing it', async () => {
    const dataUrl = `data:image/jpeg;base64,${HOUSE_JPG.toString('base64')}`;
    const res = await post(VIS, { session_id: 'sess-upload', original_image_url: dataUrl });
    expect(res.status).toBe(201);
    const url = res.body.visualization.original_image_url as string;
    expect(url.length).toBeLessThan(500);
    const file = await download(t, url);
    expect(file.status).toBe(200);
    expect(file.type).toBe('image/jpeg');
    expect(file.bytes.equals(HOUSE_JPG)).toBe(true);
  });

  it.each([
    ['a scripted SVG', 'image/svg+xml', () => SCRIPTED_SVG],
    ['a scripted SVG declared as PNG', 'image/png', () => SCRIPTED_SVG],
    [
      'an HTML page declared as JPEG',
      'image/jpeg',
      () => Buffer.from('<!doctype html><script>alert(document.domain)</script>'),
    ],
    [
      'a GIF',
      'image/gif',
      () =>
        sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
          .gif()
          .toBuffer(),
    ],
  ])('refuses %s data URL with 400 naming original_image_url, judging by the bytes', async (_, declared, bytes) => {
    const res = await post(VIS, {
      session_id: 'sess-svg',
      original_image_url: `data:${declared};base64,${(await bytes()).toString('base64')}`,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details.issues).toEqual([
      {
        location: 'body',
        path: 'original_image_url',
        message: 'must be a JPEG, PNG, WebP or AVIF image (judged by its bytes, not the declared type)',
      },
    ]);
    await expectMatchesSpec(t, 'POST', VIS, res);
    expect(await t.sql`select 1 from visualizations where session_id = 'sess-svg'`).toHaveLength(0);
  });

  it.each([
    [
      'a PNG declared as GIF',
      'image/gif',
      'image/png',
      () =>
        sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
          .png()
          .toBuffer(),
    ],
    [
      'an AVIF',
      'image/avif',
      'image/avif',
      () =>
        sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
          .avif()
          .toBuffer(),
    ],
    [
      'a WebP declared as JPEG',
      'image/jpeg',
      'image/webp',
      () =>
        sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
          .webp()
          .toBuffer(),
    ],
  ])('stores %s under the type its bytes say (%s → %s)', async (_, declared, actual, bytes) => {
    const image = await bytes();
    const res = await post(VIS, {
      session_id: 'sess-sniffed',
      original_image_url: `data:${declared};base64,${image.toString('base64')}`,
    });
    expect(res.status).toBe(201);
    const file = await download(t, res.body.visualization.original_image_url);
    expect(file.type).toBe(actual);
    expect(file.bytes.equals(image)).toBe(true);
  });

  it('takes over an Idempotency-Key whose generate claim was left running by a dead process', async () => {
    const v = await createVisualization(t, tenant, {
      session_id: 'sess-stale-claim',
      original_image_url: `data:image/jpeg;base64,${HOUSE_JPG.toString('base64')}`,
    });
    const key = newKey('stale');
    // The claim a process writes before enqueueing, as if it then died.
    await t.sql`
      insert into idempotency_records (api_key_id, key, fingerprint, state, created_at, expires_at)
      select id, ${key}, 'unknown', 'running', now() - interval '10 minutes', now() + interval '1 day'
      from api_keys where workspace_id = ${tenant.workspaceId}`;
    const res = await generate(t, tenant, v.id, {}, key);
    expect(res.status).toBe(200);
    expect(res.body.visualization.status).toBe('completed');
    const fresh = newKey('fresh');
    await t.sql`
      insert into idempotency_records (api_key_id, key, fingerprint, state, expires_at)
      select id, ${fresh}, 'unknown', 'running', now() + interval '1 day'
      from api_keys where workspace_id = ${tenant.workspaceId}`;
    const busy = await generate(t, tenant, v.id, {}, fresh);
    expect(busy.status).toBe(409);
  });

  it('accepts a data URL image of several megabytes (the JSON limit of this route is 15 MB)', async () => {
    // Noise does not compress: a 1400 × 1000 random PNG is about 4 MB.
    const raw = Buffer.alloc(1400 * 1000 * 3);
    for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
    const png = await sharp(raw, { raw: { width: 1400, height: 1000, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(png.length).toBeGreaterThan(3_000_000);
    const res = await post(VIS, {
      session_id: 'sess-big-upload',
      original_image_url: `data:image/png;base64,${png.toString('base64')}`,
    });
    expect(res.status).toBe(201);
    const file = await download(t, res.body.visualization.original_image_url);
    expect(file.bytes.length).toBe(png.length);
  });

  it('replays the stored 201 for the same Idempotency-Key and body, and 409s for another body', async () => {
    const key = newKey();
    const body = { session_id: 'sess-replay', original_image_url: 'https://images.example.com/a.jpg' };
    const first = await post(VIS, body, tenant.key, key);
    const again = await post(VIS, body, tenant.key, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    expect(again.text).toBe(first.text);
    const other = await post(VIS, { ...body, session_id: 'other' }, tenant.key, key);
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('CONFLICT');
    await expectMatchesSpec(t, 'POST', VIS, other);
  });

  it.each([
    [
      'generated_image_url',
      { generated_image_url: 'https://x.example/after.jpg' },
      /generated_image_url cannot be sent/,
    ],
    [
      'completed_image_url',
      { completed_image_url: 'https://x.example/after.jpg' },
      /completed_image_url cannot be sent/,
    ],
    ['workspace_id', { workspace_id: 'ws_other' }, /Tenant selector/],
    ['roofer_id', { roofer_id: 'r1' }, /Tenant selector/],
  ])('rejects a body carrying %s with 400', async (field, extra, message) => {
    const res = await post(VIS, { session_id: 's', original_image_url: 'https://x.example/h.jpg', ...extra });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(JSON.stringify(res.body.error)).toMatch(message);
    expect(res.body.error.details.issues[0].path).toContain(field);
    await expectMatchesSpec(t, 'POST', VIS, res);
  });

  it.each([
    ['original_image_url', { original_image_url: 'ftp://x.example/h.jpg' }],
    ['original_image_url', { original_image_url: 'data:text/plain;base64,aGVsbG8=' }],
    ['original_image_url', { original_image_url: 'data:image/png;base64,' }],
    ['session_id', { session_id: '' }],
    ['color_id', { color_id: 'col_not_in_catalog' }],
    ['material_id', { material_id: 'mat_not_in_catalog' }],
    ['lead_id', { lead_id: 'lead_unknown' }],
  ])('answers 400 naming %s for a bad value', async (field, patch) => {
    const res = await post(VIS, { session_id: 's', original_image_url: 'https://x.example/h.jpg', ...patch });
    expect(res.status).toBe(400);
    expect(res.body.error.details.issues.map((i: { path: string }) => i.path)).toContain(field);
  });

  it("answers 400 for another workspace's catalog id", async () => {
    const other = await t.tenant();
    const foreignColor = (await catalogOf(t, other)).colors[0]!.id;
    const res = await post(VIS, {
      session_id: 's',
      original_image_url: 'https://x.example/h.jpg',
      color_id: foreignColor,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details.issues[0]).toMatchObject({
      path: 'color_id',
      message: expect.stringContaining('GET /api/v1/visualizer/catalog'),
    });
  });

  it('answers 400 without an Idempotency-Key', async () => {
    const res = await post(VIS, { session_id: 's', original_image_url: 'https://x.example/h.jpg' }, tenant.key, null);
    expect(res.status).toBe(400);
    expect(res.body.error.details.issues[0]).toMatchObject({ location: 'header' });
  });

  it('answers 401 without a key and 403 without the sales_visualizer.use scope', async () => {
    const body = { session_id: 's', original_image_url: 'https://x.example/h.jpg' };
    const anonymous = await t.request('POST', VIS, { body, headers: { 'idempotency-key': newKey() } });
    expect(anonymous.status).toBe(401);
    const reader = await t.tenant({ scopes: ['leads.read'] });
    const forbidden = await post(VIS, body, reader.key);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.code).toBe('FORBIDDEN');
    await expectMatchesSpec(t, 'POST', VIS, forbidden);
  });
});

describe('GET /api/v1/visualizations/{visualization_id}', () => {
  it('returns the row, and 404 to another workspace or for an over-long id', async () => {
    const created = await createVisualization(t, tenant, {
      session_id: 'sess-get',
      original_image_url: 'https://x.example/h.jpg',
    });
    const res = await t.request('GET', `${VIS}/${created.id}`, { key: tenant.key });
    expect(res.status).toBe(200);
    expect(res.body.visualization).toEqual(created);
    await expectMatchesSpec(t, 'GET', `${VIS}/{visualization_id}`, res);

    const other = await t.tenant();
    const foreign = await t.request('GET', `${VIS}/${created.id}`, { key: other.key });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('NOT_FOUND');
    await expectMatchesSpec(t, 'GET', `${VIS}/{visualization_id}`, foreign);
    expect((await t.request('GET', `${VIS}/${'x'.repeat(201)}`, { key: tenant.key })).status).toBe(404);
  });

  it('answers 403 without the scope', async () => {
    const reader = await t.tenant({ scopes: ['leads.read'] });
    const res = await t.request('GET', `${VIS}/vis_whatever`, { key: reader.key });
    expect(res.status).toBe(403);
  });
});

describe('GET /api/v1/sessions/{session_id}/visualizations', () => {
  it('issues cursors within the 500 characters it accepts back, for the longest session id', async () => {
    const session = `sess-long-${Date.now()}-`.padEnd(500, 'x');
    const ids: string[] = [];
    for (let i = 0; i < 2; i++)
      ids.push(
        (await createVisualization(t, tenant, { session_id: session, original_image_url: host.url('/not-image.png') }))
          .id,
      );
    const list = (cursor = '') =>
      t.request('GET', `/api/v1/sessions/${session}/visualizations?limit=1${cursor && `&cursor=${cursor}`}`, {
        key: tenant.key,
      });
    const page1 = await list();
    const cursor = page1.body.pagination.next_cursor as string;
    expect(cursor.length).toBeLessThanOrEqual(500);
    const page2 = await list(cursor);
    expect([page2.status, page2.body.visualizations.map((v: { id: string }) => v.id)]).toEqual([200, [ids[0]]]);
  });

  it('pages through rows in any state, newest first, with signed cursors', async () => {
    const session = `sess-list-${Date.now()}`;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(
        (await createVisualization(t, tenant, { session_id: session, original_image_url: host.url('/not-image.png') }))
          .id,
      );
    // One row fails, so the listing is seen to carry more than one state.
    const failed = await generate(t, tenant, ids[0]!);
    expect(failed.body.visualization.status).toBe('failed');

    const page1 = await t.request('GET', `/api/v1/sessions/${session}/visualizations?limit=2`, { key: tenant.key });
    expect(page1.status).toBe(200);
    await expectMatchesSpec(t, 'GET', '/api/v1/sessions/{session_id}/visualizations', page1);
    expect(page1.body.visualizations.map((v: { id: string }) => v.id)).toEqual([ids[2], ids[1]]);
    expect(page1.body.pagination).toEqual({ limit: 2, has_more: true, next_cursor: expect.any(String) });
    const page2 = await t.request(
      'GET',
      `/api/v1/sessions/${session}/visualizations?limit=2&cursor=${page1.body.pagination.next_cursor}`,
      { key: tenant.key },
    );
    expect(page2.body.visualizations.map((v: { id: string; status: string }) => [v.id, v.status])).toEqual([
      [ids[0], 'failed'],
    ]);
    expect(page2.body.pagination).toEqual({ limit: 2, has_more: false, next_cursor: null });

    const other = await t.tenant();
    const foreign = await t.request('GET', `/api/v1/sessions/${session}/visualizations`, { key: other.key });
    expect(foreign.body.visualizations).toEqual([]);
  });

  it.each([
    ['a tampered cursor', '/api/v1/sessions/s/visualizations?cursor=abc.def', 'cursor'],
    ['a limit of 0', '/api/v1/sessions/s/visualizations?limit=0', 'limit'],
    ['an unknown query parameter', '/api/v1/sessions/s/visualizations?status=failed', 'status'],
    ['a session id over 500 characters', `/api/v1/sessions/${'s'.repeat(501)}/visualizations`, 'session_id'],
  ])('answers 400 for %s', async (_, path, field) => {
    const res = await t.request('GET', path, { key: tenant.key });
    expect(res.status).toBe(400);
    expect(res.body.error.details.issues[0].path).toBe(field);
    await expectMatchesSpec(t, 'GET', '/api/v1/sessions/{session_id}/visualizations', res);
  });

  it('rejects a cursor issued for another session', async () => {
    const session = `sess-cur-${Date.now()}`;
    for (let i = 0; i < 2; i++)
      await createVisualization(t, tenant, { session_id: session, original_image_url: 'https://x.example/h.jpg' });
    const page = await t.request('GET', `/api/v1/sessions/${session}/visualizations?limit=1`, { key: tenant.key });
    const res = await t.request(
      'GET',
      `/api/v1/sessions/other/visualizations?cursor=${page.body.pagination.next_cursor}`,
      { key: tenant.key },
    );
    expect(res.status).toBe(400);
  });
});

describe('POST /api/v1/visualizations/{visualization_id}/generate', () => {
  it('reserves one attempt, renders the roof in the chosen colour and completes the row', async () => {
    const ws = await t.tenant();
    const catalog = await catalogOf(t, ws);
    const terracotta = catalog.colors.find((c) => c.name === 'Terracotta')!;
    const created = await createVisualization(t, ws, {
      session_id: 's-gen',
      original_image_url: host.url('/house.jpg'),
    });
    const key = newKey();
    const res = await generate(
      t,
      ws,
      created.id,
      { color_id: terracotta.id, material_id: catalog.materials[0]!.id },
      key,
    );
    expect(res.status).toBe(200);
    await expectMatchesSpec(t, 'POST', GEN, res);
    const v = res.body.visualization;
    expect(v).toMatchObject({
      id: created.id,
      status: 'completed',
      processing_error: null,
      completed_at: expect.any(String),
    });
    expect(v.color).toEqual({ id: terracotta.id, name: 'Terracotta', hex_code: terracotta.hex_code });
    expect(await countAttempts(t.sql, ws.workspaceId)).toEqual({ reserved: 0, succeeded: 1, released: 0 });

    const after = await download(t, v.generated_image_url);
    expect(after.type).toBe('image/jpeg');
    const meta = await sharp(after.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 900]);
    // A point on the roof turned terracotta-red; a point on the lawn kept its green.
    const px = async (x: number, y: number) => [
      ...(await sharp(after.bytes).extract({ left: x, top: y, width: 1, height: 1 }).raw().toBuffer()),
    ];
    const [r, g, b] = await px(450, 330);
    expect(r).toBeGreaterThan(g! + 40);
    expect(r).toBeGreaterThan(b! + 50);
    const [lr, lg] = await px(600, 820);
    expect(lg).toBeGreaterThan(lr!);
    const original = await download(t, v.original_image_url);
    expect(original.bytes.equals(HOUSE_JPG)).toBe(true);

    const replay = await generate(
      t,
      ws,
      created.id,
      { color_id: terracotta.id, material_id: catalog.materials[0]!.id },
      key,
    );
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotency-replayed')).toBe('true');
    expect(replay.text).toBe(res.text);

    const again = await generate(t, ws, created.id);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toMatch(/already completed/);
    await expectMatchesSpec(t, 'POST', GEN, again);
    expect(await countAttempts(t.sql, ws.workspaceId)).toEqual({ reserved: 0, succeeded: 1, released: 0 });
  });

  it('uses the first catalog colour when none was chosen and records it on the row', async () => {
    const created = await createVisualization(t, tenant, {
      session_id: 's-default',
      original_image_url: host.url('/house.jpg'),
    });
    const res = await generate(t, tenant, created.id);
    expect(res.body.visualization.status).toBe('completed');
    expect(res.body.visualization.color.name).toBe((await catalogOf(t, tenant)).colors[0]!.name);
  });

  it('answers 409 once the monthly quota is used up, and a released attempt gives its unit back', async () => {
    const ws = await t.tenant();
    await setVisualizationQuota(t.sql, ws.workspaceId, 1);
    const bad = await createVisualization(t, ws, { session_id: 's-q', original_image_url: host.url('/not-image.png') });
    const failed = await generate(t, ws, bad.id);
    expect(failed.body.visualization.status).toBe('failed');
    expect(await countAttempts(t.sql, ws.workspaceId)).toEqual({ reserved: 0, succeeded: 0, released: 1 });

    const good = await createVisualization(t, ws, { session_id: 's-q', original_image_url: host.url('/house.jpg') });
    expect((await generate(t, ws, good.id)).body.visualization.status).toBe('completed');
    const third = await createVisualization(t, ws, { session_id: 's-q', original_image_url: host.url('/house.jpg') });
    const res = await generate(t, ws, third.id);
    expect(res.status).toBe(409);
    const nextMonth = new Date();
    nextMonth.setUTCHours(0, 0, 0, 0);
    nextMonth.setUTCDate(1);
    nextMonth.setUTCMonth(nextMonth.getUTCMonth() + 1);
    expect(res.body.error).toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/quota/),
      details: { reason: 'quota_exhausted', limit: 1, used: 1, resets_at: nextMonth.toISOString() },
    });
    expect((await findVisualization(t.sql, ws.workspaceId, third.id))?.status).toBe('pending');

    await setVisualizationQuota(t.sql, ws.workspaceId, null);
    expect((await generate(t, ws, third.id)).body.visualization.status).toBe('completed');
  });

  it('lets a failed row be generated again with a new key, while the old key replays the failure', async () => {
    const created = await createVisualization(t, tenant, {
      session_id: 's-retry',
      original_image_url: host.url('/not-image.png'),
    });
    const key = newKey();
    const first = await generate(t, tenant, created.id, {}, key);
    expect(first.body.visualization).toMatchObject({
      status: 'failed',
      processing_error: expect.stringMatching(/not a readable image/),
    });
    const replay = await generate(t, tenant, created.id, {}, key);
    expect(replay.headers.get('idempotency-replayed')).toBe('true');
    expect(replay.body.visualization.status).toBe('failed');
    const retry = await generate(t, tenant, created.id, {}, newKey());
    expect(retry.status).toBe(200);
    expect(retry.body.visualization.status).toBe('failed');
  });

  it('answers 409 while the row is processing and 409 for a key reused with another body', async () => {
    const created = await createVisualization(t, tenant, {
      session_id: 's-busy',
      original_image_url: host.url('/slow.jpg'),
    });
    const key = newKey();
    const slow = generate(t, tenant, created.id, {}, key);
    await new Promise((r) => setTimeout(r, 700));
    const busy = await generate(t, tenant, created.id);
    expect(busy.status).toBe(409);
    expect(busy.body.error.message).toMatch(/already being generated/);
    const inFlight = await generate(t, tenant, created.id, {}, key);
    expect(inFlight.status).toBe(409);
    const reused = await generate(t, tenant, created.id, { shape_id: 'x' }, key);
    expect(reused.status).toBe(409);
    const done = await slow;
    expect(done.body.visualization).toMatchObject({
      status: 'failed',
      processing_error: expect.stringMatching(/did not answer in time/),
    });
  }, 40_000);

  it('answers 404 for an unknown or foreign row, 400 for a bad body or id, 403 without the scope', async () => {
    const created = await createVisualization(t, tenant, {
      session_id: 's-err',
      original_image_url: 'https://x.example/h.jpg',
    });
    const other = await t.tenant();
    const foreign = await generate(t, other, created.id);
    expect(foreign.status).toBe(404);
    await expectMatchesSpec(t, 'POST', GEN, foreign);
    expect((await generate(t, tenant, 'vis_unknown')).status).toBe(404);

    const badBody = await generate(t, tenant, created.id, { generated_image_url: 'https://x/y.jpg' });
    expect(badBody.status).toBe(400);
    expect(badBody.body.error.details.issues[0].path).toBe('generated_image_url');
    const badColor = await generate(t, tenant, created.id, { color_id: 'col_nope' });
    expect(badColor.status).toBe(400);
    expect(badColor.body.error.details.issues[0].path).toBe('color_id');
    const longId = await generate(t, tenant, 'v'.repeat(201));
    expect(longId.status).toBe(400);
    await expectMatchesSpec(t, 'POST', GEN, longId);

    const reader = await t.tenant({ scopes: ['leads.read'] });
    expect((await generate(t, reader, created.id)).status).toBe(403);
    expect((await findVisualization(t.sql, tenant.workspaceId, created.id))?.status).toBe('pending');
  });
});

describe('findLatestVisualizationForLead', () => {
  it("returns the lead's newest row with resolved catalog choice and client-usable URLs", async () => {
    // The leads module owns lead creation; a minimal active lead row is all this read needs.
    const [lead] = await t.sql<{ id: string }[]>`
      insert into leads (id, workspace_id, stage_id)
      select 'lead_viz_test', ${tenant.workspaceId}, id from pipeline_stages where workspace_id = ${tenant.workspaceId} limit 1
      returning id`;
    const created = await createVisualization(t, tenant, {
      session_id: 's-lead',
      lead_id: lead!.id,
      original_image_url: host.url('/house.jpg'),
    });
    await generate(t, tenant, created.id);
    const blobs = createBlobStore(t.config, await storageSigningSecret(t.sql, t.config.STORAGE_SIGNING_SECRET));
    const latest = await findLatestVisualizationForLead(t.sql, tenant.workspaceId, lead!.id, blobs);
    expect(latest).toMatchObject({
      id: created.id,
      status: 'completed',
      processing_error: null,
      color: { hex_code: expect.stringMatching(/^#/) },
    });
    expect((await download(t, latest!.generated_image_url!)).status).toBe(200);
    expect(await findLatestVisualizationForLead(t.sql, 'ws_other', lead!.id, blobs)).toBeUndefined();
  });
});
