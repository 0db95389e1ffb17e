import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type Tenant } from './helpers/harness.ts';
import { SCRIPTED_SVG } from './helpers/visualizations.ts';
import { HOUSE_JPG } from './fixtures/visualizer/photos.ts';
import { blobKey, createBlobStore, type BlobStore } from '../storage/blobs.ts';
import { storageSigningSecret } from '../storage/secrets.ts';

let t: TestContext;
let tenant: Tenant;
let blobs: BlobStore;
beforeAll(async () => {
  t = await createTestContext();
  tenant = await t.tenant();
  blobs = createBlobStore(t.config, await storageSigningSecret(t.sql, t.config.STORAGE_SIGNING_SECRET));
});
afterAll(() => t.close());

/** Stores `bytes` as production code would and fetches them through a signed /files URL. */
async function storeAndFetch(fileName: string, bytes: Buffer, contentType: string, downloadName?: string) {
  const key = blobKey(tenant.workspaceId, 'files-test', `f${Math.random().toString(36).slice(2)}`, fileName);
  await blobs.put(key, bytes, contentType);
  const url = await blobs.signedUrl(key, {
    expiresInSeconds: 60,
    contentType,
    ...(downloadName ? { fileName: downloadName } : {}),
  });
  const res = await fetch(url);
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('GET /files/{key} (signed URLs of the local blob store)', () => {
  it('shows a raster image inline, unsniffable and under a policy that runs nothing', async () => {
    const { res, bytes } = await storeAndFetch('original', HOUSE_JPG, 'image/jpeg');
    expect(res.status).toBe(200);
    expect(bytes.equals(HOUSE_JPG)).toBe(true);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('content-disposition')).toBeNull();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(res.headers.get('cache-control')).toBe('private, max-age=300');
  });

  it.each([
    ['drawing.svg', SCRIPTED_SVG, 'image/svg+xml'],
    ['page.html', Buffer.from('<!doctype html><script>alert(document.domain)</script>'), 'text/html'],
    ['report.xml', Buffer.from('<?xml version="1.0"?><report/>'), 'application/xml'],
    ['original', SCRIPTED_SVG, 'image/gif'],
  ])('sends %s (%s) as an attachment named after the file, never inline', async (fileName, content, contentType) => {
    const { res, bytes } = await storeAndFetch(fileName, content, contentType);
    expect(res.status).toBe(200);
    expect(bytes.equals(content)).toBe(true);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${fileName}"`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
  });

  it('sends a file signed with a download name as an attachment under that name, even an image', async () => {
    const { res } = await storeAndFetch('original', HOUSE_JPG, 'image/jpeg', 'house photo.jpg');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="house_photo.jpg"');
  });

  it('answers an altered signature with the 403 envelope, unsniffable', async () => {
    const key = blobKey(tenant.workspaceId, 'files-test', 'forged', 'x.svg');
    const res = await t.request('GET', `/files/${key}?expires=9999999999&sig=forged`);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('FORBIDDEN');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
