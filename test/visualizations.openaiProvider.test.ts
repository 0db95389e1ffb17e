import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestContext, Tenant } from './helpers/harness.ts';
import { expectMatchesSpec } from './helpers/openapi.ts';
import {
  catalogOf,
  createVisualization,
  download,
  generate,
  until,
  type ImageHost,
  startVisualizer,
  type Visualizer,
} from './helpers/visualizations.ts';
import { HOUSE_ROOF_OUTLINE, HOUSE_JPG } from './fixtures/visualizer/photos.ts';
import { startOpenAiServer, type ModelServer, type OpenAiCall, type OpenAiStep } from './helpers/imageModelServers.ts';
import { countAttempts } from '../storage/visualizationAttempts.ts';
import { listJobs } from '../storage/jobs.ts';
import { jobsFailedForGood } from '../core/metrics.ts';
import { rasterizeOutline } from '../tasks/visualization_generate/mask.ts';
import { openAiProvider } from '../tasks/visualization_generate/providers/openai.ts';
import { outlineRoof } from '../tasks/visualization_generate/roof/findRoof.ts';
import { generateImage } from '../tasks/visualization_generate/generateImage.ts';
import { ModelRefusedError, ModelUnavailableError } from '../tasks/visualization_generate/providers/provider.ts';

const API_KEY = 'sk-test-0123456789';

let steps: OpenAiStep[] = ['ok'];
let retryAfter = 2;
let model: ModelServer<OpenAiCall>;
let host: ImageHost;
let t: TestContext;
let tenant: Tenant;
let visualizer: Visualizer;

beforeAll(async () => {
  model = await startOpenAiServer({
    apiKey: API_KEY,
    script: () => steps[Math.min(model.calls.length - 1, steps.length - 1)]!,
    retryAfterSeconds: () => retryAfter,
  });
  visualizer = await startVisualizer(
    {
      IMAGE_MODEL_PROVIDER: 'openai',
      IMAGE_MODEL_URL: model.url,
      IMAGE_MODEL_API_KEY: API_KEY,
      IMAGE_MODEL_TIMEOUT_MS: '3000',
      GENERATE_WAIT_MS: '45000',
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
});

async function created(body: Record<string, unknown> = {}) {
  return createVisualization(t, tenant, { session_id: 'openai', original_image_url: host.url('/house.jpg'), ...body });
}

const selection = { color: { name: 'Terracotta', hex: '#b5583a' }, material: null, shape: null };

describe('the openai provider against a server speaking the Images API edit protocol', () => {
  it('sends the photo, a mask transparent on the roof, the prompt, n and size, and keeps only the roof of the answer', async () => {
    steps = ['ok'];
    const catalog = await catalogOf(t, tenant);
    const material = catalog.materials[0]!;
    const color = catalog.colors.find((c) => c.hex_code)!;
    const shape = catalog.shapes[0]!;
    const vis = await created({
      material_id: material.id,
      color_id: color.id,
      shape_id: shape.id,
      roof_outline: HOUSE_ROOF_OUTLINE,
    });
    expect(vis.roof_outline).toEqual(HOUSE_ROOF_OUTLINE);
    const res = await generate(t, tenant, vis.id);
    expect(res.status).toBe(200);
    await expectMatchesSpec(t, 'POST', '/api/v1/visualizations/{visualization_id}/generate', res);
    expect(res.body.visualization).toMatchObject({ status: 'completed', roof_outline: HOUSE_ROOF_OUTLINE });
    expect(model.problems).toEqual([]);
    expect(model.calls).toHaveLength(1);
    const call = model.calls[0]!;
    expect(call.authorization).toBe(`Bearer ${API_KEY}`);
    // 1200 × 900 is landscape: the nearest size gpt-image-1 takes is 1536 × 1024.
    expect(call.fields).toMatchObject({ model: 'gpt-image-1', n: '1', size: '1536x1024' });
    expect(call.image).toEqual({ width: 1536, height: 1024, format: 'png' });
    const prompt = call.fields.prompt!;
    for (const word of [material.name.toLowerCase(), color.name, color.hex_code!, shape.name.toLowerCase(), 'only'])
      expect(prompt).toContain(word);
    // Transparent exactly where the outline is (a few pixels of rounding at its edge aside).
    const alpha = call.maskAlpha!;
    const truth = rasterizeOutline(HOUSE_ROOF_OUTLINE, alpha.width, alpha.height).data;
    let wrong = 0;
    for (let p = 0; p < truth.length; p++) if ((alpha.data[p] === 0) !== (truth[p] === 255)) wrong++;
    expect(wrong / truth.length).toBeLessThan(0.002);
    expect(alpha.data.filter((a) => a === 0).length / truth.length).toBeGreaterThan(0.1);

    // The answer is a red 1536 × 1024 image: back at 1200 × 900, red only inside the outline.
    const out = await download(t, res.body.visualization.generated_image_url);
    const meta = await sharp(out.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 900]);
    const after = await sharp(out.bytes).raw().toBuffer();
    const before = await sharp(HOUSE_JPG).raw().toBuffer();
    const inside = rasterizeOutline(HOUSE_ROOF_OUTLINE, 1200, 900).data;
    const near = await sharp(inside, { raw: { width: 1200, height: 900, channels: 1 } })
      .blur(4)
      .extractChannel(0)
      .raw()
      .toBuffer();
    let outsideDiff = 0,
      outside = 0,
      redInside = 0,
      roof = 0;
    for (let p = 0; p < inside.length; p++) {
      const i = p * 3;
      if (near[p] === 0) {
        outside++;
        outsideDiff +=
          (Math.abs(after[i]! - before[i]!) +
            Math.abs(after[i + 1]! - before[i + 1]!) +
            Math.abs(after[i + 2]! - before[i + 2]!)) /
          3;
      } else if (near[p] === 255) {
        roof++;
        if (after[i]! > 230 && after[i + 1]! < 30 && after[i + 2]! < 30) redInside++;
      }
    }
    expect(outsideDiff / outside).toBeLessThan(2);
    expect(redInside / roof).toBeGreaterThan(0.99);
    expect((await countAttempts(t.sql, tenant.workspaceId)).succeeded).toBeGreaterThanOrEqual(1);
  });

  it('a content-policy refusal fails the row at once with a plain reason and releases the attempt', async () => {
    steps = ['moderation'];
    const before = await countAttempts(t.sql, tenant.workspaceId);
    const res = await generate(t, tenant, (await created({ roof_outline: HOUSE_ROOF_OUTLINE })).id);
    expect(res.body.visualization).toMatchObject({
      status: 'failed',
      processing_error: 'The image model refused this photo under its content policy; use another photo',
    });
    expect(model.calls).toHaveLength(1);
    expect((await countAttempts(t.sql, tenant.workspaceId)).released).toBe(before.released + 1);
  });

  it("honours a 429's Retry-After: the attempt fails, the queue runs it again after it, and the row completes", async () => {
    steps = ['429', 'ok'];
    const vis = await created({ roof_outline: HOUSE_ROOF_OUTLINE });
    const started = Date.now();
    const res = await generate(t, tenant, vis.id);
    expect(res.body.visualization.status).toBe('completed');
    expect(model.calls).toHaveLength(2);
    // Retry-After: 2 plus graphile-worker's first backoff (e¹ ≈ 2.7 s); without it about 2.7 s.
    expect(Date.now() - started).toBeGreaterThan(4500);
  }, 60_000);

  it('a model that keeps timing out: attempts fail and retry with the row processing, then it fails with a plain reason and one released attempt', async () => {
    steps = ['hang'];
    const failedCount = async () =>
      (await jobsFailedForGood.get()).values.find((v) => v.labels.task === 'visualization_generate')?.value ?? 0;
    const failedBefore = await failedCount();
    const attemptsBefore = await countAttempts(t.sql, tenant.workspaceId);
    const vis = await created({ roof_outline: HOUSE_ROOF_OUTLINE });
    const answer = generate(t, tenant, vis.id);
    await until(
      async () => model.calls.length,
      (n) => n >= 2,
      15_000,
    );
    // Between attempts: processing, and no error shown yet.
    const during = await t.request('GET', `/api/v1/visualizations/${vis.id}`, { key: tenant.key });
    expect(during.body.visualization).toMatchObject({ status: 'processing', processing_error: null });
    const job = (await listJobs(t.sql, { staleAfterSeconds: 30, workspaceId: tenant.workspaceId })).find(
      (j) => (j.payload as { visualization_id: string }).visualization_id === vis.id,
    );
    expect(job!.last_error).toMatch(/Image model timed out/);
    // The last attempt fails within GENERATE_WAIT_MS (3 s × 3 plus e¹ and e² s of backoff, about 20 s).
    const res = await answer;
    expect(res.status).toBe(200);
    expect(res.body.visualization).toMatchObject({
      status: 'failed',
      processing_error: 'The image model did not answer in time; try again later',
    });
    expect(model.calls).toHaveLength(3);
    const failedJob = (
      await listJobs(t.sql, { staleAfterSeconds: 30, state: 'failed', workspaceId: tenant.workspaceId })
    ).find((j) => (j.payload as { visualization_id: string }).visualization_id === vis.id);
    expect(failedJob).toMatchObject({ attempts: 3, max_attempts: 3 });
    const after = await countAttempts(t.sql, tenant.workspaceId);
    expect(after.released).toBe(attemptsBefore.released + 1);
    expect(after.reserved).toBe(attemptsBefore.reserved);
    expect(await failedCount()).toBe(failedBefore + 1);
  }, 60_000);

  it('answers processing at once when the retry is due after the wait: a Retry-After longer than GENERATE_WAIT_MS', async () => {
    steps = ['429', 'ok'];
    retryAfter = 60;
    const vis = await created({ roof_outline: HOUSE_ROOF_OUTLINE });
    const started = Date.now();
    const res = await generate(t, tenant, vis.id);
    retryAfter = 2;
    // Far sooner than GENERATE_WAIT_MS (45 s): the retry is a minute away.
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(res.body.visualization).toMatchObject({ status: 'processing', processing_error: null });
    const [job] = (await listJobs(t.sql, { staleAfterSeconds: 30, workspaceId: tenant.workspaceId })).filter(
      (j) => (j.payload as { visualization_id: string }).visualization_id === vis.id,
    );
    expect(job).toMatchObject({ state: 'queued', attempts: 1 });
    expect(job!.run_at.getTime() - Date.now()).toBeGreaterThan(40_000);
  }, 60_000);
});

describe('openai provider errors, called directly', () => {
  it('a rejected key (401) is a configuration error, final, with a plain reason', async () => {
    const provider = openAiProvider({ baseUrl: model.url, apiKey: 'sk-wrong', model: 'gpt-image-1', timeoutMs: 3000 });
    const err = await generateImage(provider, {
      image: HOUSE_JPG,
      roofMask: outlineRoof(HOUSE_ROOF_OUTLINE),
      selection,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelRefusedError);
    expect((err as Error).message).toBe('The image model is not configured correctly; contact support');
    expect((err as ModelRefusedError).detail).toMatch(/401 invalid_api_key/);
  });

  it('an unreachable model is an outage with no network text in its reason', async () => {
    const provider = openAiProvider({
      baseUrl: 'http://127.0.0.1:9',
      apiKey: API_KEY,
      model: 'gpt-image-1',
      timeoutMs: 3000,
    });
    const err = await generateImage(provider, {
      image: HOUSE_JPG,
      roofMask: outlineRoof(HOUSE_ROOF_OUTLINE),
      selection,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelUnavailableError);
    expect((err as ModelUnavailableError).reason).toBe('The image model could not be reached; try again later');
    expect((err as Error).message).toMatch(/ECONNREFUSED/);
  });

  it('dall-e-2 gets a square size and asks for b64_json', async () => {
    steps = ['ok'];
    const provider = openAiProvider({ baseUrl: model.url + '/', apiKey: API_KEY, model: 'dall-e-2', timeoutMs: 3000 });
    await generateImage(provider, { image: HOUSE_JPG, roofMask: outlineRoof(HOUSE_ROOF_OUTLINE), selection });
    expect(model.problems).toEqual([]);
    expect(model.calls.at(-1)!.fields).toMatchObject({
      model: 'dall-e-2',
      size: '1024x1024',
      response_format: 'b64_json',
    });
  });
});
