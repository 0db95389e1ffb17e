import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import type { Tenant, TestContext } from '../helpers/harness.ts';
import { catalogOf, startVisualizer, type ImageHost, type Visualizer } from '../helpers/visualizations.ts';
import { shareVisualization } from '../helpers/sharedVisualization.ts';

const SCREENSHOT = '/tmp/share-page-material';

let t: TestContext;
let host: ImageHost;
let browser: Browser;
let visualizer: Visualizer | undefined;
let tenant: Tenant;

beforeAll(async () => {
  visualizer = await startVisualizer({ GENERATE_WAIT_MS: '15000' }, { tenantName: 'Summit Roofing' });
  ({ t, host, tenant } = visualizer);
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
});
afterAll(async () => {
  await browser?.close();
  await visualizer?.close();
});

describe('share page for each catalog material', () => {
  it('shows the local provider rendering each material, one screenshot per material to look at', async () => {
    const { materials } = await catalogOf(t, tenant);
    // A colour per material that shows its relief: dark materials in a lighter colour.
    const colourFor = [7, 0, 5, 4, 1];
    const generated = new Set<string>();
    for (const [i, material] of materials.entries()) {
      const shared = await shareVisualization(t, tenant, host, { material: i, color: colourFor[i] ?? 5, shape: 1 });
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      const response = await page.goto(shared.url);
      expect(response?.status()).toBe(200);
      await expect
        .poll(() => page.$$eval('img', (imgs) => imgs.map((img) => (img.complete ? img.naturalWidth : 0))))
        .toEqual([1200, 1200]);
      expect(await page.getByText(material.name, { exact: true }).isVisible()).toBe(true);
      // The divide at the far left: the whole picture is the generated one.
      await page.locator('#compare input').focus();
      await page.keyboard.press('Home');
      await page.screenshot({ path: `${SCREENSHOT}-${i}.png`, fullPage: true });
      const image = await page.request.get(`${shared.url}/images/generated`);
      expect(image.ok()).toBe(true);
      generated.add((await image.body()).toString('base64'));
      await context.close();
    }
    console.log(
      `screenshots: ${SCREENSHOT}-{0..${materials.length - 1}}.png (${materials.map((m) => m.name).join(', ')})`,
    );
    // Five materials, five different renderings (the material shows, not only the colour).
    expect(generated.size).toBe(materials.length);
  });
});
