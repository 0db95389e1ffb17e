import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestContext, Tenant } from './helpers/harness.ts';
import {
  createVisualization,
  download,
  generate,
  type ImageHost,
  startVisualizer,
  type Visualizer,
} from './helpers/visualizations.ts';
import { HOUSE_ROOF_OUTLINE, HOUSE_JPG } from './fixtures/visualizer/photos.ts';
import { startReplicateServer, type ReplicateStep } from './helpers/imageModelServers.ts';
import { countAttempts } from '../storage/visualizationAttempts.ts';
import { loadConfig } from '../core/config.ts';
import { rasterizeOutline } from '../tasks/visualization_generate/mask.ts';
import { outlineRoof } from '../tasks/visualization_generate/roof/findRoof.ts';
import { generateImage } from '../tasks/visualization_generate/generateImage.ts';
import { ModelRefusedError, ModelUnavailableError } from '../tasks/visualization_generate/providers/provider.ts';
import { providerFor } from '../tasks/visualization_generate/providers/providerFor.ts';

const API_KEY = 'r8_test_0123456789';
const VERSION = 'a'.repeat(64);
const selection = {
  color: { name: 'Slate Grey', hex: '#5a6270' },
  material: { id: 'm', name: 'Clay tile' },
  shape: null,
};

let steps: ReplicateStep[] = ['async'];
let model: Awaited<ReturnType<typeof startReplicateServer>>;
let host: ImageHost;
let t: TestContext;
let tenant: Tenant;
let creates = 0;
let visualizer: Visualizer;

beforeAll(async () => {
  model = await startReplicateServer({
    apiKey: API_KEY,
    models: [
      { ref: 'acme/roof-inpaint', inputs: ['image', 'mask', 'prompt'], fileInputs: ['image', 'mask'] },
      { ref: 'black-forest-labs/flux-kontext-pro', inputs: ['input_image', 'prompt'], fileInputs: ['input_image'] },
      { ref: VERSION, inputs: ['init_image', 'mask_image', 'text'], fileInputs: ['init_image', 'mask_image'] },
    ],
    script: () => steps[Math.min(creates++, steps.length - 1)]!,
  });
  visualizer = await startVisualizer(
    {
      IMAGE_MODEL_PROVIDER: 'replicate',
      IMAGE_MODEL_URL: model.url,
      IMAGE_MODEL_API_KEY: API_KEY,
      IMAGE_MODEL_NAME: 'acme/roof-inpaint',
      GENERATE_WAIT_MS: '20000',
    },
    { workerConcurrency: 1 },
  );
  ({ t, host, tenant } = visualizer);
});
afterAll(async () => {
  await visualizer.close();
  await model.close();
});
beforeEach(() => {
  model.calls.length = 0;
  model.problems.length = 0;
  model.canceled.length = 0;
  creates = 0;
});

/** A provider as IMAGE_MODEL_* would configure it, against the local server. */
const provider = (env: Record<string, string>) =>
  providerFor(
    loadConfig({
      IMAGE_MODEL_PROVIDER: 'replicate',
      IMAGE_MODEL_URL: model.url,
      IMAGE_MODEL_API_KEY: API_KEY,
      IMAGE_FETCH_ALLOW_PRIVATE: 'true',
      ...env,
    }),
  );

describe('the replicate provider against a server speaking the predictions protocol', () => {
  it('creates a prediction with Prefer: wait, polls it until it succeeded, downloads the output and keeps only its roof', async () => {
    steps = ['async'];
    const vis = await createVisualization(t, tenant, {
      session_id: 'replicate',
      original_image_url: host.url('/house.jpg'),
      roof_outline: HOUSE_ROOF_OUTLINE,
    });
    const res = await generate(t, tenant, vis.id);
    expect(res.body.visualization.status).toBe('completed');
    expect(model.problems).toEqual([]);
    const [create, ...polls] = model.calls;
    expect(create).toMatchObject({
      method: 'POST',
      path: '/v1/models/acme/roof-inpaint/predictions',
      authorization: `Bearer ${API_KEY}`,
      prefer: 'wait',
    });
    expect(create!.body!.input!.prompt).toMatch(/Replace only the roof/);
    expect(polls.map((c) => `${c.method} ${c.path} ${c.authorization}`)).toEqual([
      `GET /v1/predictions/p1 Bearer ${API_KEY}`,
      `GET /v1/predictions/p1 Bearer ${API_KEY}`,
    ]);
    // The mask is white on the outlined roof, at the photo's aspect.
    const mask = await sharp(model.files.get('mask')!).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
    const image = await sharp(model.files.get('image')!).metadata();
    expect([mask.info.width, mask.info.height]).toEqual([image.width, image.height]);
    const truth = rasterizeOutline(HOUSE_ROOF_OUTLINE, mask.info.width, mask.info.height).data;
    let wrong = 0;
    for (let p = 0; p < truth.length; p++) if (mask.data[p]! >= 128 !== (truth[p] === 255)) wrong++;
    expect(wrong / truth.length).toBeLessThan(0.003);

    // A red 1024 × 768 output: back at 1200 × 900, red on the roof, the photo elsewhere.
    const out = await download(t, res.body.visualization.generated_image_url);
    const after = await sharp(out.bytes).raw().toBuffer({ resolveWithObject: true });
    expect([after.info.width, after.info.height]).toEqual([1200, 900]);
    const before = await sharp(HOUSE_JPG).raw().toBuffer();
    const px = (buf: Buffer, x: number, y: number) => [...buf.subarray((y * 1200 + x) * 3, (y * 1200 + x) * 3 + 3)];
    expect(px(after.data, 600, 380)[0]!).toBeGreaterThan(230);
    expect(px(after.data, 600, 380)[1]!).toBeLessThan(30);
    for (const [x, y] of [
      [50, 50],
      [600, 700],
      [300, 520],
      [1100, 400],
    ] as const) {
      const a = px(after.data, x, y),
        b = px(before, x, y);
      for (let c = 0; c < 3; c++) expect(Math.abs(a[c]! - b[c]!)).toBeLessThan(8);
    }
  });

  it('a failed prediction (the model refused the photo) fails the row at once with a plain reason', async () => {
    steps = ['fail'];
    const before = await countAttempts(t.sql, tenant.workspaceId);
    const vis = await createVisualization(t, tenant, {
      session_id: 'replicate',
      original_image_url: host.url('/house.jpg'),
      roof_outline: HOUSE_ROOF_OUTLINE,
    });
    const res = await generate(t, tenant, vis.id);
    expect(res.body.visualization).toMatchObject({
      status: 'failed',
      processing_error: 'The image model refused this photo under its content policy; use another photo',
    });
    expect(model.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect((await countAttempts(t.sql, tenant.workspaceId)).released).toBe(before.released + 1);
  });
});

describe('replicate models and inputs, called directly', () => {
  it('a version id is created through POST /v1/predictions with `version`, with IMAGE_MODEL_INPUT_MAP naming the inputs', async () => {
    steps = ['sync'];
    const p = provider({
      IMAGE_MODEL_NAME: `someone/some-model:${VERSION}`,
      IMAGE_MODEL_INPUT_MAP: '{"image":"init_image","mask":"mask_image","prompt":"text"}',
    });
    const out = await generateImage(p, { image: HOUSE_JPG, roofMask: outlineRoof(HOUSE_ROOF_OUTLINE), selection });
    expect(out.contentType).toBe('image/jpeg');
    expect(model.problems).toEqual([]);
    expect(model.calls[0]).toMatchObject({ method: 'POST', path: '/v1/predictions', body: { version: VERSION } });
    expect(Object.keys(model.calls[0]!.body!.input!).sort()).toEqual(['init_image', 'mask_image', 'text']);
    expect(model.calls[0]!.body!.input!.text).toMatch(/clay tile in Slate Grey \(#5a6270\)/);
    expect(model.calls).toHaveLength(1);
  });

  it('an instruction-editing model (flux-kontext) gets input_image and prompt, and no mask', async () => {
    steps = ['sync'];
    await generateImage(provider({ IMAGE_MODEL_NAME: 'black-forest-labs/flux-kontext-pro' }), {
      image: HOUSE_JPG,
      roofMask: outlineRoof(HOUSE_ROOF_OUTLINE),
      selection,
    });
    expect(model.problems).toEqual([]);
    expect(Object.keys(model.calls[0]!.body!.input!).sort()).toEqual(['input_image', 'prompt']);
  });

  it('a prediction still running at the deadline is canceled through urls.cancel and is an outage', async () => {
    steps = ['stall'];
    const p = provider({ IMAGE_MODEL_NAME: 'acme/roof-inpaint', IMAGE_MODEL_TIMEOUT_MS: '2500' });
    const err = await generateImage(p, {
      image: HOUSE_JPG,
      roofMask: outlineRoof(HOUSE_ROOF_OUTLINE),
      selection,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelUnavailableError);
    expect((err as ModelUnavailableError).reason).toBe('The image model did not answer in time; try again later');
    expect(model.canceled).toHaveLength(1);
    expect(model.calls.at(-1)).toMatchObject({ method: 'POST', path: `/v1/predictions/${model.canceled[0]}/cancel` });
  });

  it('a wrong key is a configuration error; a model with other input names is refused by the server', async () => {
    const wrongKey = providerFor(
      loadConfig({
        IMAGE_MODEL_PROVIDER: 'replicate',
        IMAGE_MODEL_URL: model.url,
        IMAGE_MODEL_API_KEY: 'r8_wrong',
        IMAGE_MODEL_NAME: 'acme/roof-inpaint',
      }),
    );
    const err = await generateImage(wrongKey, {
      image: HOUSE_JPG,
      roofMask: outlineRoof(HOUSE_ROOF_OUTLINE),
      selection,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelRefusedError);
    expect((err as Error).message).toBe('The image model is not configured correctly; contact support');
    // The defaults for an inpainting model do not fit this model's inputs: Replicate answers 422.
    const mismatch = provider({ IMAGE_MODEL_NAME: VERSION });
    const refused = await generateImage(mismatch, {
      image: HOUSE_JPG,
      roofMask: outlineRoof(HOUSE_ROOF_OUTLINE),
      selection,
    }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ModelRefusedError);
    expect((refused as ModelRefusedError).detail).toMatch(/422.*Additional property/);
  });

  it('IMAGE_MODEL_INPUT_MAP must be JSON naming image and prompt; replicate needs IMAGE_MODEL_NAME', () => {
    expect(() => loadConfig({ IMAGE_MODEL_PROVIDER: 'replicate' })).toThrow(/IMAGE_MODEL_NAME/);
    expect(() => loadConfig({ IMAGE_MODEL_INPUT_MAP: 'image=image' })).toThrow(/IMAGE_MODEL_INPUT_MAP/);
    expect(() => loadConfig({ IMAGE_MODEL_INPUT_MAP: '{"mask":"m"}' })).toThrow(/IMAGE_MODEL_INPUT_MAP/);
  });
});
