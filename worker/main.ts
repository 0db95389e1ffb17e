import { runProcess } from '../core/process.ts';
import { createSql } from '../storage/db.ts';
import { startWorker } from './runner.ts';

// The `worker` process: graphile-worker only, against DATABASE_URL.
runProcess('worker', async ({ config, logger }) => {
  const sql = createSql(config.DATABASE_URL, config.DB_POOL_MAX);
  const worker = await startWorker({ config, logger, sql, connectionString: config.DATABASE_URL });
  logger.info({ concurrency: config.WORKER_CONCURRENCY }, 'worker running');
  return async () => {
    await worker.stop();
    await sql.end({ timeout: 5 });
  };
});
