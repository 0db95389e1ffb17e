import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { createTestContext, waitUntil, type Tenant, type TestContext } from '../helpers/harness.ts';
import { failedJob, reportImportBoundToFail } from '../helpers/failedJobs.ts';
import { waitForImport } from '../helpers/reportImports.ts';
import { enqueueJob, listJobs } from '../../storage/jobs.ts';

const TOKEN = 'support-console-token-0123';
const SCREENSHOT = '/tmp/admin-console.png';
let t: TestContext;
let browser: Browser;
let acme: Tenant;

beforeAll(async () => {
  t = await createTestContext({ ADMIN_TOKEN: TOKEN });
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  acme = await t.tenant({ name: 'Acme Roofing' });
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('support console in a browser', () => {
  it('signs in, filters by workspace, retries a failed import once its file is back, and sees it succeed', async () => {
    const { reportId, restoreFile } = await reportImportBoundToFail(t, acme);
    // Others' jobs around it, so the filter has something to leave out.
    const other = await t.tenant({ name: 'Summit Exteriors' });
    await failedJob(
      t,
      'report_export',
      { workspace_id: other.workspaceId, report_id: 'rep_elsewhere', export_ids: ['exp_elsewhere'] },
      'elsewhere',
      'GCS upload failed: 503 <ServiceUnavailable> from storage.googleapis.com',
    );
    await enqueueJob(t.sql, 'spend_rollup', {}, { jobKey: 'tomorrow', runAt: new Date(Date.now() + 86_400_000) });
    await t.startWorker();
    expect((await waitForImport(t, reportId)).status).toBe('failed');
    const [job] = await listJobs(t.sql, { staleAfterSeconds: 30, state: 'failed', workspaceId: acme.workspaceId });

    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const policyViolations: string[] = [];
    page.on('console', (m) => m.text().includes('Content Security Policy') && policyViolations.push(m.text()));

    await page.goto(`${t.baseUrl}/admin`);
    expect(page.url()).toBe(`${t.baseUrl}/admin/login`);
    await page.getByLabel('Admin token').fill(TOKEN);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${t.baseUrl}/admin`);

    await page.getByLabel('Workspace').selectOption(acme.workspaceId);
    await page.getByRole('button', { name: 'Filter' }).click();
    // A plain GET form sends the empty task too.
    await page.waitForURL(`${t.baseUrl}/admin?task=&workspace=${acme.workspaceId}`);
    const jobRow = page.locator('tbody tr', { has: page.locator('code', { hasText: new RegExp(`^${job!.id}$`) }) });
    const failedRow = jobRow.filter({ has: page.locator('.badge.failed') });
    await expect.poll(() => failedRow.count()).toBe(1);
    expect(await page.locator('tbody').first().textContent()).not.toContain('Summit Exteriors');

    await restoreFile();
    await failedRow.getByRole('button', { name: 'Retry' }).click();
    await page.waitForURL(`${t.baseUrl}/admin?workspace=${acme.workspaceId}`);
    expect(await page.locator('.flash').textContent()).toContain(`Retried job ${job!.id}`);
    // The flash and the login form, for a person to look at beside the main screenshot.
    await page.screenshot({ path: SCREENSHOT.replace('.png', '-retried.png'), fullPage: true });
    await page.goto(`${t.baseUrl}/admin/login`);
    await page.screenshot({ path: SCREENSHOT.replace('.png', '-login.png'), fullPage: true });
    await page.goto(`${t.baseUrl}/admin?workspace=${acme.workspaceId}`);

    // Queued, then running, then done: a finished job leaves graphile-worker's table, and the page.
    const reportStatus = async () =>
      (await t.request('GET', `/api/v1/reports/${reportId}`, { key: acme.key })).body.report.status;
    expect(await waitUntil(async () => (await page.reload(), (await jobRow.count()) === 0), 20_000, 250)).toBe(true);
    expect(['draft', 'needs_review']).toContain(await reportStatus());

    await page.goto(`${t.baseUrl}/admin`);
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
    console.log(
      `screenshot: ${SCREENSHOT} (and ${SCREENSHOT.replace('.png', '-retried.png')}, ${SCREENSHOT.replace('.png', '-login.png')})`,
    );
    expect(policyViolations).toEqual([]);
  });
});
