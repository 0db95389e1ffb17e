import Koa from 'koa';
import type { Config } from '../core/config.ts';
import type { Logger } from '../core/logger.ts';
import type { Sql } from '../storage/db.ts';
import { loadSecret, storageSigningSecret } from '../storage/secrets.ts';
import { RateLimitCounter, RateLimitLeases } from '../storage/rateLimits.ts';
import { PageViewIngest } from '../storage/pageViews.ts';
import { DatabaseOutages } from '../storage/cluster/databaseOutages.ts';
import { KeyCache } from './middleware/auth.ts';
import { buildRouter } from './router.ts';
import { buildOpenApi } from './openapi.ts';
import { allRoutes } from './routes/index.ts';
import { createBlobStore } from '../storage/blobs.ts';
import { serveLocalFile } from './routes/files.ts';
import { serveSharedImage } from './routes/shareLinks.ts';
import { InFlight } from './http/inFlight.ts';
import { requestFrame } from './http/requestFrame.ts';
import { DatabaseDeadline } from './middleware/databaseDeadline.ts';
import type { AppDeps } from './context.ts';
import { SlowConnections } from './http/slowConnections.ts';
import { ExpensiveRequests } from './expensiveRequests.ts';
import { ExportSlots } from './exportSlots.ts';
import { CapacityLeases } from '../storage/capacityLeases.ts';
import { loadTimezoneNames } from '../storage/timezones.ts';
import { databaseProbes } from '../storage/cluster/databaseProbes.ts';
import { mountProbes } from './health.ts';
import { mountDocs } from './docs/page.ts';
import { mountAdminConsole } from './admin/routes.ts';
import { sealingKey } from '../core/webhookSecrets.ts';
import { Segmenter } from '../core/segmenter/segmenter.ts';

export async function createApp(input: {
  config: Config;
  logger: Logger;
  sql: Sql;
}): Promise<{ app: Koa<any, any>; inFlight: InFlight; slowConnections: SlowConnections }> {
  const storageSecret = await storageSigningSecret(input.sql, input.config.STORAGE_SIGNING_SECRET);
  await loadTimezoneNames(input.sql);
  const leases = new CapacityLeases(input.sql, (err) => input.logger.error({ err }, 'capacity lease write failed'));
  const rateLimits = new RateLimitCounter(input.sql);
  const deps: AppDeps = {
    ...input,
    rateLimits,
    rateLimitLeases: new RateLimitLeases(rateLimits),
    pageViews: new PageViewIngest(input.sql),
    keyCache: new KeyCache(input.sql),
    cursorSecret: await loadSecret(input.sql, 'cursor'),
    storageSecret,
    webhookSealingKey: sealingKey(input.config.WEBHOOK_SECRETS_KEY, await loadSecret(input.sql, 'webhooks')),
    blobs: createBlobStore(input.config, storageSecret),
    segmenter: new Segmenter(1),
    expensiveRequests: new ExpensiveRequests(leases, input.config.EXPENSIVE_REQUESTS_PER_KEY),
    // A quarter of one process's pool, across every process: exports never take more of any pool.
    exportSlots: new ExportSlots(leases, Math.max(1, Math.floor(input.config.DB_POOL_MAX / 4))),
    outages: new DatabaseOutages(input.sql),
  };
  // Koa's proxy flag covers X-Forwarded-Proto and -Host; the client address is clientAddress's.
  const app = new Koa({ proxy: input.config.TRUST_PROXY !== undefined });
  app.context.deps = deps;
  // Errors are rendered by the request frame; Koa's default logger would print them again.
  app.silent = true;

  const openapi = JSON.stringify(buildOpenApi(allRoutes, input.config));
  const router = buildRouter(allRoutes);
  router.get('/api/v1/openapi.json', (ctx) => {
    ctx.type = 'application/json';
    ctx.body = openapi;
  });
  mountProbes(router, await databaseProbes(input.sql, input.logger), input.config.METRICS_TOKEN);
  mountDocs(router);
  // Without a token there is no console at all: /admin is an unknown route like any other.
  if (input.config.ADMIN_TOKEN) mountAdminConsole(router, input.config.ADMIN_TOKEN);

  const inFlight = new InFlight();
  const slowConnections = new SlowConnections({
    perClient: input.config.SLOW_CONNECTIONS_PER_CLIENT,
    slowAfterMs: input.config.SLOW_CONNECTION_MS,
    trusted: input.config.TRUST_PROXY,
  });
  app.use(
    requestFrame({
      inFlight,
      slowConnections,
      databaseDeadline: new DatabaseDeadline(deps.outages),
      trusted: input.config.TRUST_PROXY,
    }) as never,
  );
  router.get('/files/*key', serveLocalFile as never);
  router.get('/api/v1/share-links/:token/images/:image', serveSharedImage as never);
  // Browsers ask every page's origin for an icon (the share page, the console): "none", rather
  // than a 404 they report as an error in the page's console.
  router.get('/favicon.ico', (ctx) => void (ctx.status = 204));
  app.use(router.routes());
  return { app, inFlight, slowConnections };
}
