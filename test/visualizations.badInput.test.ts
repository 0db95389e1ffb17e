import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type Tenant } from './helpers/harness.ts';
import {
  createVisualization,
  generate,
  type ImageHost,
  startVisualizer,
  type Visualizer,
} from './helpers/visualizations.ts';
import { countAttempts } from '../storage/visualizationAttempts.ts';
import { findVisualization } from '../storage/visualizations.ts';
import { isForbiddenAddress } from '../core/outboundHttp.ts';
import { fetchImage } from '../tasks/visualization_generate/fetchImage.ts';

let t: TestContext;
let host: ImageHost;
let visualizer: Visualizer;
beforeAll(async () => {
  visualizer = await startVisualizer({ GENERATE_WAIT_MS: '20000' }, { workerConcurrency: 1 });
  ({ t, host } = visualizer);
});
afterAll(() => visualizer.close());

/** Generates a row from `url` and asserts it failed cleanly: message, attempt released, worker alive. */
async function expectFailedCleanly(ctx: TestContext, url: string, message: RegExp) {
  const ws: Tenant = await ctx.tenant();
  const created = await createVisualization(ctx, ws, { session_id: 'bad', original_image_url: url });
  const res = await generate(ctx, ws, created.id);
  expect(res.status).toBe(200);
  expect(res.body.visualization).toMatchObject({
    status: 'failed',
    generated_image_url: null,
    processing_error: expect.stringMatching(message),
  });
  expect((await findVisualization(ctx.sql, ws.workspaceId, created.id))?.status).toBe('failed');
  expect(await countAttempts(ctx.sql, ws.workspaceId)).toEqual({ reserved: 0, succeeded: 0, released: 1 });
  const good = await createVisualization(ctx, ws, { session_id: 'bad', original_image_url: host.url('/house.jpg') });
  expect((await generate(ctx, ws, good.id)).body.visualization.status).toBe('completed');
}

describe('visualization_generate with bad input', () => {
  it('fails the row for bytes that are not an image', async () => {
    await expectFailedCleanly(t, host.url('/not-image.png'), /not a readable image/);
  });

  it.each(['/drawing.svg', '/disguised.jpg'])(
    'fails the row for a scripted SVG (%s), whatever its content type says',
    async (path) => {
      await expectFailedCleanly(
        t,
        host.url(path),
        /^Original image is not a readable image: only JPEG, PNG, WebP or AVIF files are accepted/,
      );
    },
  );

  it('refuses a 20,000 × 20,000 PNG decompression bomb before decoding it', async () => {
    await expectFailedCleanly(t, host.url('/bomb.png'), /20000×20000 pixels; at most 100 megapixels/);
  });

  it('fails the row for an unreachable host', async () => {
    await expectFailedCleanly(t, 'http://127.0.0.1:1/house.jpg', /unreachable/);
  });

  it('fails the row for a non-image content type', async () => {
    await expectFailedCleanly(t, host.url('/page.html'), /content type is text\/html/);
  });

  it('fails the row for an image over 10 MB without reading it all', async () => {
    await expectFailedCleanly(t, host.url('/big.jpg'), /larger than 10485760 bytes/);
  });

  it('does not follow redirects', async () => {
    await expectFailedCleanly(t, host.url('/redirect.jpg'), /302 redirect; redirects are not followed/);
  });

  it('gives up on a URL that never answers', async () => {
    await expectFailedCleanly(t, host.url('/slow.jpg'), /did not answer in time/);
  }, 60_000);
});

describe('SSRF guard', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '192.0.2.1',
    '198.51.100.1',
    '203.0.113.1',
    '192.88.99.1',
    '198.18.0.1',
    '255.255.255.255',
    '64:ff9b::808:808',
    '64:ff9b:1::1',
    '100::1',
    '2001::1',
    '2001:db8::1',
    '2002:808:808::1',
    'fec0::1',
    'ff02::1',
  ])('treats %s as forbidden', (address) => expect(isForbiddenAddress(address)).toBe(true));

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8', '2001:4860:4860::8888'])(
    'lets public address %s through',
    (address) => {
      expect(isForbiddenAddress(address)).toBe(false);
    },
  );

  it('refuses literal private addresses, names resolving to loopback, and plain http', async () => {
    await expect(fetchImage('https://127.0.0.1/house.jpg', { allowPrivate: false })).rejects.toThrow(
      /private or reserved address/,
    );
    await expect(fetchImage('https://[::1]/house.jpg', { allowPrivate: false })).rejects.toThrow(
      /private or reserved address/,
    );
    await expect(fetchImage('https://localhost/house.jpg', { allowPrivate: false })).rejects.toThrow(
      /localhost resolves to a private or reserved address/,
    );
    await expect(fetchImage(host.url('/house.jpg'), { allowPrivate: false })).rejects.toThrow(
      /http: URLs are not called; use https/,
    );
  });

  it('fails the row when the service runs without IMAGE_FETCH_ALLOW_PRIVATE', async () => {
    const guarded = await createTestContext({ GENERATE_WAIT_MS: '15000' });
    try {
      await guarded.startWorker({ concurrency: 1 });
      const ws = await guarded.tenant();
      const metadata = 'https://169.254.169.254/latest/meta-data';
      const refused = await guarded.request('POST', '/api/v1/visualizations', {
        key: ws.key,
        body: { session_id: 'ssrf', original_image_url: metadata },
        headers: { 'idempotency-key': 'metadata' },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error.details.issues[0]).toMatchObject({
        path: 'original_image_url',
        message: expect.stringMatching(
          /169\.254\.169\.254 is a private or reserved address \(link-local or cloud metadata/,
        ),
      });
      // A row whose URL points there by the time it is generated (stored before this guard, or a
      // name that changed what it resolves to) still fails at the download.
      const created = await createVisualization(guarded, ws, {
        session_id: 'ssrf',
        original_image_url: 'https://photos.example.com/h.jpg',
      });
      await guarded.sql`update visualizations set original_image_url = ${metadata} where id = ${created.id}`;
      const res = await generate(guarded, ws, created.id);
      expect(res.body.visualization).toMatchObject({
        status: 'failed',
        processing_error: expect.stringMatching(/private or reserved address/),
      });
      expect(await countAttempts(guarded.sql, ws.workspaceId)).toEqual({ reserved: 0, succeeded: 0, released: 1 });
      // Plain http is refused at creation when private fetches are not allowed.
      const plain = await guarded.request('POST', '/api/v1/visualizations', {
        key: ws.key,
        body: { session_id: 'ssrf', original_image_url: 'http://example.com/h.jpg' },
        headers: { 'idempotency-key': 'plain-http' },
      });
      expect(plain.status).toBe(400);
      expect(plain.body.error.details.issues[0].path).toBe('original_image_url');
    } finally {
      await guarded.close();
    }
  });
});
