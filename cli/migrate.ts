// The `release` process: applies migrations to DATABASE_URL (or the embedded database) and exits.
import { loadConfig, ConfigError } from '../core/config.ts';
import { openDatabase } from './database.ts';

try {
  const config = loadConfig();
  const db = await openDatabase(config, { migrate: true });
  await db.stop();
  console.log('migrations applied');
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : `migration failed: ${(err as Error).message}`);
  process.exit(1);
}
