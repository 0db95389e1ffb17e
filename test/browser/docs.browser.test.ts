import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { createTestContext, type TestContext } from '../helpers/harness.ts';

const SCREENSHOT = '/tmp/docs.png';
let t: TestContext;
let browser: Browser;

beforeAll(async () => {
  t = await createTestContext();
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('/docs in a browser', () => {
  it('renders every operation and webhook of the document from the API alone, within its CSP, without errors', async () => {
    const doc = (await t.request('GET', '/api/v1/openapi.json')).body;
    const operationIds = Object.values(doc.paths as Record<string, Record<string, { operationId: string }>>).flatMap(
      (ops) => Object.values(ops).map((op) => op.operationId),
    );
    const webhookTypes = Object.keys(doc.webhooks);

    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const elsewhere: string[] = [];
    const problems: string[] = [];
    const origin = new URL(t.baseUrl).origin;
    // Anything not from the API is refused and remembered; blob: workers and data: images stay in the page.
    await page.route(
      (url) => url.protocol.startsWith('http') && url.origin !== origin,
      (route) => {
        elsewhere.push(route.request().url());
        return route.abort();
      },
    );
    page.on(
      'console',
      (m) => (m.type() === 'error' || m.text().includes('Content Security Policy')) && problems.push(m.text()),
    );
    page.on('pageerror', (err) => problems.push(err.message));
    page.on('requestfailed', (r) => problems.push(`${r.url()}: ${r.failure()?.errorText}`));

    const res = await page.goto(`${t.baseUrl}/docs`);
    expect(res!.status()).toBe(200);
    expect(res!.headers()['content-security-policy']).toContain("default-src 'none'");
    // Redoc gives each operation and webhook a section named after its operationId.
    const sections = page.locator('[data-section-id^="operation/"]');
    await expect.poll(() => sections.count(), { timeout: 30_000 }).toBe(operationIds.length + webhookTypes.length);
    const rendered = await sections.evaluateAll((els) =>
      els.map((el) => el.getAttribute('data-section-id')!.slice('operation/'.length)),
    );
    expect(rendered.sort()).toEqual([...operationIds, ...webhookTypes.map((type) => `webhook:${type}`)].sort());
    // Each operation's summary is the heading of its section, and each webhook's too.
    const headings = (await page.locator('h2').allTextContents()).map((h) => h.trim());
    const summaries = Object.values(doc.paths as Record<string, Record<string, { summary: string }>>).flatMap((ops) =>
      Object.values(ops).map((op) => op.summary),
    );
    for (const summary of summaries) expect(headings, summary).toContain(summary);
    for (const event of Object.values(doc.webhooks as Record<string, { post: { summary: string } }>)) {
      expect(headings, event.post.summary).toContain(`${event.post.summary}  Webhook | POST`);
    }
    await expect.poll(() => page.getByText('Webhooks', { exact: true }).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByRole('heading', { name: 'Verifying a signature' }).count()).toBe(1);

    // Search runs in a Worker Redoc makes from a blob: URL, which the policy allows.
    await page.getByPlaceholder('Search...').fill('visualizer catalog');
    await expect.poll(() => page.locator('[data-role="search:results"] li').count()).toBeGreaterThan(0);
    await page.getByPlaceholder('Search...').fill('');

    await page.screenshot({ path: SCREENSHOT, fullPage: true });
    console.log(`screenshot: ${SCREENSHOT}`);
    expect(elsewhere).toEqual([]);
    expect(problems).toEqual([]);
  });
});
