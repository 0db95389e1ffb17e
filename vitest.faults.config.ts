import { defineConfig } from 'vitest/config';

/**
 * The fault suite (npm run test:faults): real `web`, `worker` and `release` processes from the
 * Procfile against a PostgreSQL server of its own that it stops and restarts. One file at a time,
 * since each measures times on a machine it would otherwise share with another file's processes.
 */
export default defineConfig({
  test: {
    reporters: ['default', './test/helpers/summaryReporter.ts'],
    include: ['test/faults/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
