import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import type { Tenant, TestContext } from '../helpers/harness.ts';
import { startVisualizer, type ImageHost, type Visualizer } from '../helpers/visualizations.ts';
import { shareVisualization, type Shared } from '../helpers/sharedVisualization.ts';
import { shareLinkCommands } from '../../cli/commands/shareLink.ts';
import { cliContext } from '../helpers/cliContext.ts';

const SCREENSHOT = '/tmp/share-page';
const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};
const DESKTOP: BrowserContextOptions = { viewport: { width: 1440, height: 900 } };

let t: TestContext;
let host: ImageHost;
let browser: Browser;
let visualizer: Visualizer | undefined;
let tenant: Tenant;
let shared: Shared;

beforeAll(async () => {
  visualizer = await startVisualizer({ GENERATE_WAIT_MS: '15000' }, { tenantName: 'Summit Roofing' });
  ({ t, host, tenant } = visualizer);
  shared = await shareVisualization(t, tenant, host);
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
});
afterAll(async () => {
  await browser?.close();
  await visualizer?.close();
});

/** Everything that should not happen on the page: console errors, CSP refusals, requests elsewhere, failed loads. */
async function openWatched(options: BrowserContextOptions, url: string) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.text().includes('Content Security Policy')) problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('request', (r) => new URL(r.url()).origin !== t.baseUrl && problems.push(`request elsewhere: ${r.url()}`));
  page.on('response', (r) => r.status() >= 400 && problems.push(`answered ${r.status()}: ${r.url()}`));
  page.on('requestfailed', (r) => problems.push(`failed: ${r.url()} ${r.failure()?.errorText}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  const response = await page.goto(url);
  return { context, page, problems, status: response?.status() };
}

const decodedWidths = (page: Page) =>
  page.$$eval('img', (images) => images.map((img) => (img.complete ? img.naturalWidth : 0)));

/**
 * Where the divide is, as a fraction of the picture's width: where the line is drawn, and which
 * points show the before image (hit testing skips what its clip-path cuts away).
 */
function divide(page: Page) {
  return page.$eval('#compare', (compare) => {
    const box = compare.getBoundingClientRect();
    const beforeShownAt = (fraction: number) =>
      document
        .elementsFromPoint(box.left + box.width * fraction, box.top + box.height / 2)
        .some((el) => el.matches('.before img'));
    return {
      line: parseFloat(getComputedStyle(compare, '::before').left) / box.width,
      shown: [0.05, 0.2, 0.3, 0.45, 0.55, 0.7, 0.8, 0.95].filter(beforeShownAt),
    };
  });
}

describe('share page in a browser', () => {
  it('shows both images in a before/after slider whose divide follows a drag, a tap and the keyboard, on a desktop and a phone', async () => {
    for (const [name, options] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const { context, page, problems, status } = await openWatched(options, shared.url);
      expect(status).toBe(200);
      expect(await page.title()).toBe('Your new roof: before and after');
      await expect.poll(() => decodedWidths(page)).toEqual([1200, 1200]);
      expect(await page.locator('#compare').getAttribute('class')).toBe('compare slider');
      expect(await page.locator('#hint').isVisible()).toBe(true);
      const expiry = await page.getByText('This link expires on').textContent();
      expect(expiry).toMatch(/^This link expires on \w+ \d{1,2}, \d{4}\.$/);
      for (const text of [shared.material, shared.color, shared.shape]) {
        expect(await page.getByText(text, { exact: true }).isVisible()).toBe(true);
      }
      const initial = await divide(page);
      expect(initial.line).toBeCloseTo(0.5, 2);
      expect(initial.shown).toEqual([0.05, 0.2, 0.3, 0.45]);

      const box = (await page.locator('#compare').boundingBox())!;
      if (name === 'desktop') {
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await page.mouse.down();
        await page.mouse.move(box.x + box.width * 0.25, box.y + box.height / 2, { steps: 8 });
        await page.mouse.up();
      } else {
        await page.touchscreen.tap(box.x + box.width * 0.25, box.y + box.height / 2);
      }
      const dragged = await divide(page);
      expect(dragged.line).toBeCloseTo(0.25, 1);
      expect(dragged.shown).toEqual([0.05, 0.2]);
      await page.screenshot({ path: `${SCREENSHOT}-${name}.png`, fullPage: true });

      await page.locator('#compare input').focus();
      await page.keyboard.press('End');
      expect((await divide(page)).shown).toHaveLength(8);
      await page.keyboard.press('Home');
      expect(await divide(page)).toEqual({ line: 0, shown: [] });
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it('shows both images side by side when scripts are off', async () => {
    const { context, page, problems } = await openWatched({ ...PHONE, javaScriptEnabled: false }, shared.url);
    await expect.poll(() => decodedWidths(page)).toEqual([1200, 1200]);
    const [before, after] = await Promise.all(['.before', '.after'].map((s) => page.locator(s).boundingBox()));
    expect(before!.height).toBeGreaterThan(100);
    // Stacked on a phone, one under the other: neither hides the other.
    expect(after!.y).toBeGreaterThanOrEqual(before!.y + before!.height);
    expect(await page.locator('#compare input').isVisible()).toBe(false);
    await page.screenshot({ path: `${SCREENSHOT}-noscript.png`, fullPage: true });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows a plain 410 page for a revoked link', async () => {
    const link = await shareVisualization(t, tenant, host);
    await shareLinkCommands['share-link revoke'].run(t.sql, cliContext([link.token]));
    const { context, page, problems, status } = await openWatched(PHONE, link.url);
    expect(status).toBe(410);
    expect(await page.getByRole('heading').textContent()).toBe('This link is no longer active');
    expect(await page.locator('img').count()).toBe(0);
    await page.screenshot({ path: `${SCREENSHOT}-410.png`, fullPage: true });
    // The document's own status is all: Chromium reports any 4xx document as a failed load.
    expect(problems).toEqual([
      `answered 410: ${link.url}`,
      'console: Failed to load resource: the server responded with a status of 410 (Gone)',
    ]);
    await context.close();
    console.log(`screenshots: ${SCREENSHOT}-{desktop,phone,noscript,410}.png`);
  });
});
