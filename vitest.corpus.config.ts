import { defineConfig } from 'vitest/config';

/** The report importers over the real-world files in CORPUS_DIR (read in place, never copied). */
export default defineConfig({
  test: {
    reporters: ['default', './test/helpers/summaryReporter.ts'],
    include: ['test/corpus/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
  },
});
