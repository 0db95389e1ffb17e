import { defineConfig } from 'vitest/config';

/**
 * Tests that drive a real headless Chromium (playwright-core, the system's /usr/bin/chromium or
 * CHROMIUM_PATH): `npm run test:browser`, kept out of `npm test` so a checkout without a browser
 * still passes it. Same embedded PostgreSQL setup as the suite.
 */
export default defineConfig({
  test: {
    reporters: ['default', './test/helpers/summaryReporter.ts'],
    globalSetup: ['test/helpers/globalSetup.ts'],
    include: ['test/browser/**/*.browser.test.ts'],
    pool: 'forks',
    maxWorkers: 1,
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
