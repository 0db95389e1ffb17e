import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type Tenant } from './helpers/harness.ts';
import { expectMatchesSpec } from './helpers/openapi.ts';
import { catalogOf, createVisualization, download, generate } from './helpers/visualizations.ts';
import { countAttempts } from '../storage/visualizationAttempts.ts';
import { findVisualization } from '../storage/visualizations.ts';

let t: TestContext;
let acme: Tenant;
let other: Tenant;
let grey: string;

const SQUARE: [number, number][][] = [
  [
    [0.25, 0.25],
    [0.75, 0.25],
    [0.75, 0.75],
    [0.25, 0.75],
  ],
];

beforeAll(async () => {
  t = await createTestContext({ RATE_LIMIT_PER_MINUTE: '10000', GENERATE_WAIT_MS: '20000' });
  await t.startWorker({ concurrency: 1 });
  acme = await t.tenant();
  other = await t.tenant();
  // A flat grey photo: no roof is found in it, so only an outline can say where the roof is.
  const bytes = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#808080' } })
    .jpeg({ quality: 95 })
    .toBuffer();
  grey = `data:image/jpeg;base64,${bytes.toString('base64')}`;
});
afterAll(async () => {
  await t.close();
});

const post = (tenant: Tenant, body: Record<string, unknown>) =>
  t.request('POST', '/api/v1/visualizations', {
    key: tenant.key,
    body: { session_id: 'outline', original_image_url: grey, ...body },
    headers: { 'idempotency-key': `outline-${Math.random()}` },
  });

describe('roof_outline', () => {
  it('is stored and echoed by create, read and the session list', async () => {
    const res = await post(acme, { roof_outline: SQUARE });
    expect(res.status).toBe(201);
    await expectMatchesSpec(t, 'POST', '/api/v1/visualizations', res);
    expect(res.body.visualization.roof_outline).toEqual(SQUARE);
    const id = res.body.visualization.id;
    const read = await t.request('GET', `/api/v1/visualizations/${id}`, { key: acme.key });
    expect(read.body.visualization.roof_outline).toEqual(SQUARE);
    const list = await t.request('GET', '/api/v1/sessions/outline/visualizations', { key: acme.key });
    expect(list.body.visualizations.find((v: { id: string }) => v.id === id).roof_outline).toEqual(SQUARE);
  });

  const bad: [string, unknown][] = [
    ['not a list', 'roof'],
    ['no polygon', []],
    ['21 polygons', Array.from({ length: 21 }, () => SQUARE[0])],
    [
      'a polygon of two points',
      [
        [
          [0.1, 0.1],
          [0.9, 0.9],
        ],
      ],
    ],
    [
      'a polygon of 201 points',
      [Array.from({ length: 201 }, (_, k) => [0.5 + 0.4 * Math.cos(k / 32), 0.5 + 0.4 * Math.sin(k / 32)])],
    ],
    [
      'a point outside the photo',
      [
        [
          [0.1, 0.1],
          [1.2, 0.1],
          [0.5, 0.9],
        ],
      ],
    ],
    [
      'a negative coordinate',
      [
        [
          [-0.1, 0.1],
          [0.9, 0.1],
          [0.5, 0.9],
        ],
      ],
    ],
    [
      'a point of three numbers',
      [
        [
          [0.1, 0.1, 0],
          [0.9, 0.1],
          [0.5, 0.9],
        ],
      ],
    ],
    [
      'a coordinate that is a string',
      [
        [
          ['0.1', 0.1],
          [0.9, 0.1],
          [0.5, 0.9],
        ],
      ],
    ],
    [
      'points on one line',
      [
        [
          [0.1, 0.1],
          [0.5, 0.5],
          [0.9, 0.9],
        ],
      ],
    ],
    [
      'a sliver of no real area',
      [
        [
          [0.1, 0.1],
          [0.9, 0.1],
          [0.5, 0.1001],
        ],
      ],
    ],
  ];
  it.each(bad)('refuses %s with a 400 naming roof_outline, and creates nothing', async (_, outline) => {
    const before = await t.sql`select count(*)::int as n from visualizations where workspace_id = ${acme.workspaceId}`;
    const res = await post(acme, { roof_outline: outline });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(JSON.stringify(res.body.error.details.issues)).toContain('roof_outline');
    const after = await t.sql`select count(*)::int as n from visualizations where workspace_id = ${acme.workspaceId}`;
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('on generate, corrects the outline, and the local provider recolours exactly that region', async () => {
    // Without an outline nothing is found in a flat photo: the row fails and asks for one tap or an outline.
    const vis = await createVisualization(t, acme, { session_id: 'outline', original_image_url: grey });
    const failed = await generate(t, acme, vis.id);
    expect(failed.body.visualization).toMatchObject({
      status: 'failed',
      processing_error: expect.stringMatching(
        /roof-selection with \{"points": \[\{"x": …, "y": …, "label": "roof"\}\]\}\) or send roof_outline/,
      ),
    });
    const res = await generate(t, acme, vis.id, { roof_outline: SQUARE });
    expect(res.status).toBe(200);
    await expectMatchesSpec(t, 'POST', '/api/v1/visualizations/{visualization_id}/generate', res);
    expect(res.body.visualization).toMatchObject({ status: 'completed', roof_outline: SQUARE });
    const out = await download(t, res.body.visualization.generated_image_url);
    const { data } = await sharp(out.bytes).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * 400 + x) * 3, (y * 400 + x) * 3 + 3)];
    // A flat roof takes exactly the catalog colour inside; the photo's grey stays everywhere else.
    const hex: string = res.body.visualization.color.hex_code;
    const rgb = [1, 3, 5].map((k) => parseInt(hex.slice(k, k + 2), 16));
    expect(rgb.some((c) => Math.abs(c - 128) > 20)).toBe(true);
    at(200, 150).forEach((c, k) => expect(Math.abs(c - rgb[k]!)).toBeLessThan(6));
    for (const [x, y] of [
      [10, 10],
      [390, 290],
      [90, 150],
      [310, 150],
      [200, 65],
      [200, 235],
    ] as const)
      for (const c of at(x, y)) expect(Math.abs(c - 128)).toBeLessThan(4);
  });

  it('on generate, null drops the outline so the roof is looked for in the photo again', async () => {
    const vis = await createVisualization(t, acme, {
      session_id: 'outline',
      original_image_url: grey,
      roof_outline: SQUARE,
    });
    const res = await generate(t, acme, vis.id, { roof_outline: null });
    expect(res.body.visualization).toMatchObject({ status: 'failed', roof_outline: null });
    expect((await findVisualization(t.sql, acme.workspaceId, vis.id))!.roof_outline).toBeNull();
  });

  it('a bad outline on generate is a 400 that reserves no attempt', async () => {
    const vis = await createVisualization(t, acme, { session_id: 'outline', original_image_url: grey });
    const before = await countAttempts(t.sql, acme.workspaceId);
    const res = await generate(t, acme, vis.id, {
      roof_outline: [
        [
          [0, 0],
          [1, 1],
        ],
      ],
    });
    expect(res.status).toBe(400);
    expect(await countAttempts(t.sql, acme.workspaceId)).toEqual(before);
    expect((await findVisualization(t.sql, acme.workspaceId, vis.id))!.status).toBe('pending');
  });

  it('another workspace cannot set the outline of a visualization: 404, and nothing changes', async () => {
    const vis = await createVisualization(t, acme, {
      session_id: 'outline',
      original_image_url: grey,
      roof_outline: SQUARE,
    });
    const res = await generate(t, other, vis.id, {
      roof_outline: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
        ],
      ],
    });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
    const row = await findVisualization(t.sql, acme.workspaceId, vis.id);
    expect(row).toMatchObject({ status: 'pending', roof_outline: SQUARE });
    expect(await countAttempts(t.sql, other.workspaceId)).toEqual({ reserved: 0, succeeded: 0, released: 0 });
    const catalog = await catalogOf(t, other);
    expect(catalog.colors.length).toBeGreaterThan(0);
  });
});
