import { defineConfig } from 'vitest/config';

/**
 * Files that measure time or load a whole core (48 MB imports, stalled exports, trickled
 * uploads, processes started and signalled as a platform does, a database outage): they run after the rest, one at a time, so another file's load cannot make them
 * flaky and theirs cannot slow the others.
 */
const ALONE = [
  'test/importers.hostile.test.ts',
  'test/leads.exportStall.test.ts',
  'test/uploads.hostile.test.ts',
  'test/deploySignals.test.ts',
  'test/databaseOutage.test.ts',
  'test/jobs.crash.test.ts',
  'test/start.test.ts',
];

/** The database projects share one PostgreSQL server with a migrated template (test/helpers/globalSetup.ts). */
const DATABASE_SETUP = ['test/helpers/globalSetup.ts'];

export default defineConfig({
  test: {
    reporters: ['default', './test/helpers/summaryReporter.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        // Pure logic, no database: no global setup, so `npm run test:unit` starts no PostgreSQL.
        // It runs first, in a group of its own, so its image work never shares the cores with
        // the database files.
        extends: true,
        test: { name: 'unit', include: ['test/unit/**/*.test.ts'], maxWorkers: 2, sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        test: {
          name: 'suite',
          globalSetup: DATABASE_SETUP,
          include: ['test/*.test.ts'],
          // The corpus reads real-world files the repository does not ship (npm run test:corpus);
          // the browser tests need Chromium (npm run test:browser); the fault suite stops its own
          // PostgreSQL and kills processes (npm run test:faults). Only files directly in test/ are
          // database tests; test/unit/ is the unit project.
          exclude: ['**/node_modules/**', ...ALONE],
          maxWorkers: 3,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'alone',
          globalSetup: DATABASE_SETUP,
          include: ALONE,
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
