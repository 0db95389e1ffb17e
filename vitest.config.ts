import { defineConfig } from 'vitest/config';

/**
 * Files that measure time or load a whole core (48 MB imports, stalled exports, trickled
 * uploads, processes started and signalled as a platform does, a database outage): they run after the rest, one at a time, so another file's load cannot make them
 * flaky and theirs cannot slow the others.
 */
const ALONE = [
  'test/importers.hostile.test.ts',
  'test/leadsExport.stall.test.ts',
  'test/uploads.hostile.test.ts',
  'test/deploySignals.test.ts',
  'test/databaseOutage.test.ts',
  'test/jobs.crash.test.ts',
  'test/start.test.ts',
];

export default defineConfig({
  test: {
    reporters: ['default', './test/summaryReporter.ts'],
    globalSetup: ['test/globalSetup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'suite',
          include: ['test/**/*.test.ts'],
          // The corpus reads real-world files the repository does not ship (npm run test:corpus);
          // the browser tests need Chromium (npm run test:browser); the fault suite stops its own
          // PostgreSQL and kills processes (npm run test:faults).
          exclude: ['test/corpus/**', 'test/browser/**', 'test/faults/**', '**/node_modules/**', ...ALONE],
          maxWorkers: 3,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { name: 'alone', include: ALONE, maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
