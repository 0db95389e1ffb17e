import { createServer, type Server } from 'node:http';
import { once } from 'node:events';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestContext, Tenant } from './helpers/harness.ts';
import { expectMatchesSpec } from './helpers/openapi.ts';
import {
  createVisualization,
  download,
  generate,
  type ImageHost,
  startVisualizer,
  type Visualizer,
} from './helpers/visualizations.ts';
import { HOUSE_JPG } from './fixtures/visualizer/photos.ts';
import { countAttempts } from '../storage/visualizationAttempts.ts';

/** What the stand-in model answers, one entry per call; the last entry repeats. */
let script: ('ok' | '500' | '429' | 'garbage')[] = ['ok'];
let calls: { auth: string | undefined; body: any }[] = [];
let model: Server;
let host: ImageHost;
let t: TestContext;
let tenant: Tenant;
let rendered: Buffer;
let visualizer: Visualizer;

beforeAll(async () => {
  rendered = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#b5583a' } })
    .png()
    .toBuffer();
  model = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      calls.push({ auth: req.headers.authorization, body: JSON.parse(Buffer.concat(chunks).toString()) });
      const step = script[Math.min(calls.length - 1, script.length - 1)];
      if (step === 'ok') res.writeHead(200, { 'content-type': 'image/png' }).end(rendered);
      else if (step === 'garbage') res.writeHead(200, { 'content-type': 'image/png' }).end('{"oops": "not an image"}');
      else if (step === '429') res.writeHead(429, { 'retry-after': '0' }).end();
      else res.writeHead(500).end('model exploded');
    });
  });
  model.listen(0, '127.0.0.1');
  await once(model, 'listening');
  visualizer = await startVisualizer(
    {
      IMAGE_MODEL_PROVIDER: 'http',
      IMAGE_MODEL_URL: `http://127.0.0.1:${(model.address() as { port: number }).port}/v1/render`,
      IMAGE_MODEL_API_KEY: 'model-secret',
      GENERATE_WAIT_MS: '45000',
    },
    { workerConcurrency: 1 },
  );
  ({ t, host, tenant } = visualizer);
});
afterAll(async () => {
  await visualizer.close();
  model.closeAllConnections();
  model.close();
});
beforeEach(() => {
  calls = [];
});

async function run(steps: typeof script) {
  script = steps;
  const created = await createVisualization(t, tenant, {
    session_id: 'http',
    original_image_url: host.url('/house.jpg'),
  });
  return generate(t, tenant, created.id);
}

describe('visualization_generate with the http provider', () => {
  it('sends the image, prompt and selection with the API key and stores the returned image', async () => {
    const before = await countAttempts(t.sql, tenant.workspaceId);
    const res = await run(['ok']);
    expect(res.status).toBe(200);
    await expectMatchesSpec(t, 'POST', '/api/v1/visualizations/{visualization_id}/generate', res);
    expect(res.body.visualization.status).toBe('completed');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.auth).toBe('Bearer model-secret');
    expect(calls[0]!.body).toMatchObject({
      image: { content_type: 'image/jpeg', data: expect.any(String) },
      mask: { content_type: 'image/png', data: expect.any(String) },
      prompt: expect.stringMatching(/Replace only the roof/),
      selection: { color: { name: expect.any(String), hex: expect.stringMatching(/^#/) } },
    });
    // The mask is the photo's size, white on the roof the service found.
    const mask = await sharp(Buffer.from(calls[0]!.body.mask.data, 'base64')).metadata();
    expect([mask.width, mask.height]).toEqual([1200, 900]);
    // The model's 64 × 48 answer is stretched to the photo and kept only on the roof.
    const out = await download(t, res.body.visualization.generated_image_url);
    expect(out.type).toBe('image/jpeg');
    const meta = await sharp(out.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 900]);
    const sky = await sharp(out.bytes).extract({ left: 20, top: 20, width: 1, height: 1 }).raw().toBuffer();
    const skyBefore = await sharp(HOUSE_JPG).extract({ left: 20, top: 20, width: 1, height: 1 }).raw().toBuffer();
    for (let c = 0; c < 3; c++) expect(Math.abs(sky[c]! - skyBefore[c]!)).toBeLessThan(6);
    expect((await countAttempts(t.sql, tenant.workspaceId)).succeeded).toBe(before.succeeded + 1);
  });

  it('a 500 then a 429 fail two job attempts, which the queue retries, and the row completes', async () => {
    const res = await run(['500', '429', 'ok']);
    expect(res.body.visualization.status).toBe('completed');
    expect(calls).toHaveLength(3);
  }, 60_000);

  it('fails the row with a plain reason and releases the attempt once when every attempt gets a 500', async () => {
    const before = await countAttempts(t.sql, tenant.workspaceId);
    const res = await run(['500']);
    expect(res.body.visualization).toMatchObject({
      status: 'failed',
      processing_error: 'The image model is failing right now; try again later',
    });
    expect(res.text).not.toMatch(/HTTP 500|exploded/);
    expect(calls).toHaveLength(3);
    const after = await countAttempts(t.sql, tenant.workspaceId);
    expect(after.released).toBe(before.released + 1);
    expect(after.reserved).toBe(before.reserved);
  }, 60_000);

  it('fails the row when the model returns something that is not an image, and keeps working', async () => {
    const res = await run(['garbage']);
    expect(res.body.visualization).toMatchObject({
      status: 'failed',
      processing_error: expect.stringMatching(/Image model output is not a readable image/),
    });
    expect(calls).toHaveLength(1);
    expect((await run(['ok'])).body.visualization.status).toBe('completed');
  });
});
