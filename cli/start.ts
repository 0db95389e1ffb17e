// `npm start`: everything in one process for a laptop — embedded PostgreSQL (unless
// DATABASE_URL is set), migrations, the API and a worker, and a demo key on a new database.
import { loadConfig, ConfigError } from '../core/config.ts';
import { createLogger } from '../core/logger.ts';
import { onShutdown } from '../core/process.ts';
import { guardKnownPostgresDefects } from '../core/postgresCrashGuard.ts';
import { createSql } from '../storage/db.ts';
import { countWorkspaces, createWorkspace, ensureTestTwin } from '../storage/workspaces.ts';
import { createApiKey } from '../storage/apiKeys.ts';
import { SCOPES } from '../core/scopes.ts';
import { startApi } from '../api/server.ts';
import { startWorker } from '../worker/runner.ts';
import { openDatabase } from './database.ts';
import { localDefaults } from './localDefaults.ts';

let config;
let notices: string[];
try {
  ({ config, notices } = localDefaults(loadConfig(), process.env));
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
const logger = createLogger(config.LOG_LEVEL);
guardKnownPostgresDefects(logger);
const database = await openDatabase(config, { migrate: true });
const sql = createSql(database.url, config.DB_POOL_MAX);

if ((await countWorkspaces(sql)) === 0) {
  const workspace = await createWorkspace(sql, 'Demo workspace');
  const key = await createApiKey(sql, { workspaceId: workspace.id, name: 'Demo key', scopes: [...SCOPES] });
  // A test key beside it, so a newcomer can try test mode (its own data, no quota) at once.
  const twin = (await ensureTestTwin(sql, workspace.id))!;
  const testKey = await createApiKey(sql, { workspaceId: twin.id, name: 'Demo test key', scopes: [...SCOPES] });
  console.log(
    [
      '',
      `  Demo workspace ${workspace.id} created with an all-scopes API key (shown only once):`,
      '',
      `    ${key.key}`,
      '',
      `  and a test-mode key, which sees only the workspace's test data:`,
      '',
      `    ${testKey.key}`,
      '',
      `  Try: curl -H "Authorization: Bearer ${key.key}" ${config.PUBLIC_BASE_URL}/api/v1/me`,
      '',
    ].join('\n'),
  );
}

const api = await startApi({ config, logger, sql });
const worker = await startWorker({ config, logger, sql, connectionString: database.url });
if (notices.length) console.log(['', ...notices, ''].join('\n'));
logger.info({ host: config.HOST, port: api.port, docs: `${config.PUBLIC_BASE_URL}/docs` }, 'Partner API ready');

// The database stops last, after in-flight requests and jobs have finished with it.
onShutdown(logger, async () => {
  await api.close();
  await worker.stop();
  await sql.end({ timeout: 5 });
  await database.stop();
});
