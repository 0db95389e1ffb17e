import { runProcess } from '../core/process.ts';
import { createSql } from '../storage/db.ts';
import { startWorker } from './runner.ts';
import { serveWorkerHealth } from './healthServer.ts';

// The `worker` process: graphile-worker only, on a direct connection (LISTEN/NOTIFY and its
// session advisory locks need one): DATABASE_DIRECT_URL when set, else DATABASE_URL.
runProcess('worker', async ({ config, logger }) => {
  const url = config.DATABASE_DIRECT_URL ?? config.DATABASE_URL;
  const sql = createSql(url, config.DB_POOL_MAX);
  const worker = await startWorker({ config, logger, sql, connectionString: url });
  logger.info({ concurrency: config.WORKER_CONCURRENCY }, 'worker running');
  const health =
    config.HEALTH_PORT === undefined
      ? undefined
      : await serveWorkerHealth({
          port: config.HEALTH_PORT,
          sql,
          logger,
          runner: worker.runner,
          metricsToken: config.METRICS_TOKEN,
          authFailureLimitPerMinute: config.AUTH_FAILURE_LIMIT_PER_MINUTE,
        });
  return async () => {
    await worker.stop();
    await health?.close();
    await sql.end({ timeout: 5 });
  };
});
