import { performance } from 'node:perf_hooks';
import type { TrustedProxies } from '../../core/trustedProxies.ts';
import { clientAddress } from '../../core/trustedProxies.ts';
import type { Ctx, Next } from '../context.ts';
import { assignRequestId } from '../middleware/requestId.ts';
import { setStandingHeaders } from '../middleware/responseHeaders.ts';
import { observeRequest } from '../middleware/requestMetrics.ts';
import { logRequest } from '../middleware/accessLog.ts';
import { renderFailure, rejectUnknownRoute } from '../middleware/errors.ts';
import { answerInRequestedVersion } from '../middleware/apiVersion.ts';
import { rejectMalformedPath } from '../middleware/malformedPath.ts';
import { rejectWrongMethod } from '../middleware/methodNotAllowed.ts';
import type { DatabaseDeadline } from '../middleware/databaseDeadline.ts';
import { closeBehindUnreadBody } from './bodyPace.ts';
import type { InFlight } from './inFlight.ts';
import type { SlowConnections } from './slowConnections.ts';

/**
 * What every request goes through around its route, in this order: counted in flight, the
 * client's address, its request id and the standing headers, the version it answers in, the cap
 * on slow connections, a well-formed path, the database deadline around the routes, then a 405
 * or 404 for what no route answered; every failure rendered as the error envelope; a connection
 * whose body was left unread closed behind the answer; the request observed and logged.
 *
 * One async frame with each rule a plain function, rather than a Koa middleware per rule: every
 * middleware is a promise and a closure per request, which a short answer like GET /me pays a
 * dozen times over.
 */
export function requestFrame(deps: {
  inFlight: InFlight;
  slowConnections: SlowConnections;
  databaseDeadline: DatabaseDeadline;
  trusted: TrustedProxies | undefined;
}) {
  const { inFlight, slowConnections, databaseDeadline, trusted } = deps;
  return async function frame(ctx: Ctx, next: Next): Promise<void> {
    const started = performance.now();
    const done = inFlight.enter(ctx);
    try {
      ctx.request.ip = clientAddress(ctx.req.socket.remoteAddress ?? '', ctx.get('x-forwarded-for'), trusted);
      assignRequestId(ctx);
      setStandingHeaders(ctx);
      try {
        answerInRequestedVersion(ctx);
        slowConnections.admit(ctx);
        rejectMalformedPath(ctx);
        ctx.state.db = ctx.deps.sql;
        await databaseDeadline.within(ctx, next());
        rejectWrongMethod(ctx);
        rejectUnknownRoute(ctx);
      } catch (err) {
        renderFailure(ctx, err);
      }
      closeBehindUnreadBody(ctx);
    } finally {
      const ms = performance.now() - started;
      observeRequest(ctx, ms / 1000);
      logRequest(ctx, ms);
      done();
    }
  };
}
