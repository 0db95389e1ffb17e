import http from 'node:http';
import cluster from 'node:cluster';
import { fileURLToPath } from 'node:url';
import type { Config } from '../core/config.ts';
import type { Logger } from '../core/logger.ts';
import { createPooledSql, createSql, type Sql } from '../storage/db.ts';
import { createApp } from './app.ts';
import { runProcess } from '../core/process.ts';
import { forkCopies } from '../core/cluster.ts';
import { drainOnClose } from './http/closeWhileDraining.ts';

export interface RunningApi {
  server: http.Server;
  port: number;
  /**
   * Drains (see drainOnClose): keeps accepting for SHUTDOWN_DRAIN_MS, answering with
   * `Connection: close`, then stops listening and resolves once in-flight requests (and streamed
   * bodies) have finished and every connection has closed.
   */
  close: () => Promise<void>;
}

export async function startApi(input: {
  config: Config;
  logger: Logger;
  sql: Sql;
  port?: number;
}): Promise<RunningApi> {
  const { app, inFlight, slowConnections } = await createApp(input);
  const server = http.createServer(app.callback());
  slowConnections.watch(server);
  server.keepAliveTimeout = 65_000;
  // Headers must arrive promptly; a body may take as long as an upload's own deadline (checked,
  // with its minimum rate, by the upload itself, which answers 408 in the error envelope).
  server.headersTimeout = 20_000;
  server.requestTimeout = (input.config.UPLOAD_DEADLINE_SECONDS + 30) * 1000;
  const draining = drainOnClose(server, input.config.SHUTDOWN_DRAIN_MS);
  await new Promise<void>((resolve) => server.listen(input.port ?? input.config.PORT, input.config.HOST, resolve));
  const port = (server.address() as { port: number }).port;
  return {
    server,
    port,
    close: () => draining.drain(() => inFlight.idle()),
  };
}

// The `web` process: the API only, against DATABASE_URL (a transaction pooler's when
// DATABASE_DIRECT_URL is set); WEB_CONCURRENCY copies of it when above 1.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  runProcess('web', async ({ config, logger }) => {
    if (cluster.isPrimary && config.WEB_CONCURRENCY > 1) return forkCopies(config.WEB_CONCURRENCY, logger);
    const sql = config.DATABASE_DIRECT_URL
      ? await createPooledSql(config.DATABASE_URL, config.DB_POOL_MAX)
      : createSql(config.DATABASE_URL, config.DB_POOL_MAX);
    const api = await startApi({ config, logger, sql });
    logger.info({ port: api.port }, 'API listening');
    return async () => {
      await api.close();
      await sql.end({ timeout: 5 });
    };
  });
}
