import http from 'node:http';
import type { Runner } from 'graphile-worker';
import { ApiError, ERRORS, errorBody } from '../core/errors.ts';
import { requestIdFrom } from '../core/ids.ts';
import type { Logger } from '../core/logger.ts';
import { answerProbe, type Probes } from '../core/probes.ts';
import type { Sql } from '../storage/db.ts';
import { databaseProbes } from '../storage/cluster/databaseProbes.ts';
import { limitHits, RateLimitCounter } from '../storage/rateLimits.ts';

export interface HealthServer {
  port: number;
  close: () => Promise<void>;
}

/**
 * The worker's /healthz, /readyz and /metrics on HEALTH_PORT, so a platform can probe a process
 * that serves no HTTP otherwise. Ready also needs the job runner running: one that stopped (or
 * crashed) takes no more jobs however healthy the database is.
 */
export async function serveWorkerHealth(input: {
  port: number;
  sql: Sql;
  logger: Logger;
  runner: Runner;
  metricsToken: string | undefined;
  authFailureLimitPerMinute: number;
}): Promise<HealthServer> {
  let running = true;
  const stopped = () => {
    running = false;
  };
  input.runner.promise.then(stopped, stopped);
  const probes = await databaseProbes(input.sql, input.logger, () =>
    running ? undefined : 'Job runner is not running',
  );
  const rateLimits = new RateLimitCounter(input.sql);
  const server = http.createServer((req, res) => void answer(req, res, probes, { ...input, rateLimits }));
  await new Promise<void>((resolve) => server.listen(input.port, resolve));
  return {
    port: (server.address() as { port: number }).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function answer(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  probes: Probes,
  input: {
    logger: Logger;
    metricsToken: string | undefined;
    authFailureLimitPerMinute: number;
    rateLimits: RateLimitCounter;
  },
) {
  const requestId = requestIdFrom(req.headers['x-request-id'] as string | undefined);
  // The same headers as every API answer (api/middleware/responseHeaders.ts).
  res.setHeader('X-Request-Id', requestId);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', 'no-store');
  let path = req.url ?? '/';
  try {
    path = new URL(path, 'http://worker').pathname;
    if (req.method !== 'GET' && req.method !== 'HEAD') throw ERRORS.noRoute(req.method ?? 'GET', path);
    // HEALTH_PORT is not behind the platform's router: the socket's peer is the client.
    const bucket = `auth:${req.socket.remoteAddress}:worker-metrics`;
    const limit = input.authFailureLimitPerMinute;
    const { contentType, body } = await answerProbe(path, req.headers.authorization, probes, input.metricsToken, {
      refuseIfOverLimit: () => limitHits(input.rateLimits, bucket, limit, { peek: true }).then(() => {}),
      countFailure: () => limitHits(input.rateLimits, bucket, limit).then(() => {}),
    });
    res.writeHead(200, { 'Content-Type': contentType }).end(req.method === 'HEAD' ? undefined : body);
  } catch (err) {
    if (!(err instanceof ApiError)) input.logger.error({ err, request_id: requestId, path }, 'unhandled error');
    const failure = err instanceof ApiError ? err : ERRORS.internal();
    res
      .writeHead(failure.status, { ...failure.headers, 'Content-Type': 'application/json; charset=utf-8' })
      .end(JSON.stringify(errorBody(failure, requestId)));
  }
}
