import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    reporters: ['default', './test/summaryReporter.ts'],
    include: ['test/**/*.test.ts'],
    // The corpus reads ../shared/fixtures, which only the team's machines have: npm run test:corpus.
    exclude: ['test/corpus/**', '**/node_modules/**'],
    globalSetup: ['test/globalSetup.ts'],
    pool: 'forks',
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
