import { createRequire } from 'node:module';
import { migrate as graphileMigrate } from 'graphile-migrate';
import { runMigrations as workerMigrations, Logger as WorkerLogger } from 'graphile-worker';
import { Logger } from '@graphile/logger';
import { join } from 'node:path';

const migrationsFolder = join(import.meta.dirname, '..', 'migrations');
const quiet = () => () => {};
// graphile-migrate keeps its pool for 200 ms after use and exits the process if that idle pool
// sees an error (say, an embedded database stopping right after migrating); close it now.
const { clearAllPools } = createRequire(import.meta.url)('graphile-migrate/dist/pgReal.js') as {
  clearAllPools: () => void;
};

/**
 * Applies graphile-worker's own schema, then the committed schema migrations: migration 14
 * attaches a trigger to graphile-worker's jobs table.
 */
export async function migrateDatabase(connectionString: string): Promise<void> {
  await workerMigrations({ connectionString, logger: new WorkerLogger(quiet) });
  try {
    await graphileMigrate({ connectionString, migrationsFolder, logger: new Logger(quiet) });
  } finally {
    clearAllPools();
  }
}
