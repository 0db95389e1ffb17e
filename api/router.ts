import Router from '@koa/router';
import { ERRORS } from '../core/errors.ts';
import type { Ctx } from './context.ts';
import type { ReceivedBody, RouteDef } from './route.ts';
import { authenticate, requireActiveWorkspace, requireScopes } from './middleware/auth.ts';
import { countHit } from './middleware/rateLimit.ts';
import { pinVersionOfKey, renderAnswerInVersion } from './middleware/apiVersion.ts';
import { answerConditionally } from './http/conditionalGet.ts';
import { idempotencyKey, withIdempotency, type IdempotencyOutcome } from './middleware/idempotency.ts';
import { readJsonBody } from './http/jsonBody.ts';
import { NO_QUERY_PARAMETERS, parseInput, rejectUnstorableInput, rejectTenantSelectors } from './http/validation.ts';

/**
 * Mounts each route with the same pipeline, in this order: the answer's form (JSON unless the
 * route negotiates a page), authentication, the per-key rate limit, workspace and scope checks,
 * the cap on expensive requests, input validation (a multipart body is received here, before any
 * database work) and the route's own body checks, idempotency, the handler; then the answer in
 * the request's API version, and a GET's ETag (a 304 when the client holds it already).
 */
export function buildRouter(routes: RouteDef[]): Router {
  const router = new Router();
  const staticMethods = methodsOfStaticPaths(routes);
  for (const route of routes) {
    const endpoint = `${route.method.toUpperCase()} ${route.path}`;
    const hasParams = /[:*]/.test(route.path);
    const querySchema = route.query ?? (refusesQueryParameters(route) ? NO_QUERY_PARAMETERS : undefined);
    router[route.method](route.path, async (koaCtx, next) => {
      const ctx = koaCtx as unknown as Ctx;
      // A path spelled out by a route wins over a parameter that would also match it:
      // GET /api/v1/leads/batch names the batch route (a 405), not a lead called "batch".
      const taken = hasParams ? staticMethods.get(ctx.path) : undefined;
      if (taken?.includes(ctx.method)) return next();
      if (taken) throw ERRORS.methodNotAllowed(ctx.method, ctx.path, taken);
      ctx.state.routeName = endpoint;
      ctx.state.errorPage = route.negotiate?.(ctx);
      if (route.auth === 'key') {
        await authenticate(ctx, endpoint);
        pinVersionOfKey(ctx, ctx.state.apiKey!.api_version);
        await countHit(ctx, `key:${ctx.state.apiKey!.id}:${endpoint}`, ctx.deps.config.RATE_LIMIT_PER_MINUTE);
        requireActiveWorkspace(ctx);
        requireScopes(ctx, route.scopes);
        if (route.expensive) await ctx.deps.expensiveRequests.enter(ctx, ctx.state.apiKey!.id);
      }
      rejectUnstorableInput(ctx.params, 'path');
      rejectUnstorableInput(ctx.query, 'query');
      const params = route.params ? parseInput(route.params, ctx.params, 'path') : {};
      const query = querySchema ? parseInput(querySchema, { ...ctx.query }, 'query') : {};
      const key = route.idempotent ? idempotencyKey(ctx) : undefined;
      let raw: unknown = undefined;
      let body: unknown = undefined;
      let received: ReceivedBody | undefined;
      if (route.body) {
        raw = await readJsonBody(ctx, route.maxBodyBytes);
        rejectTenantSelectors(raw);
        rejectUnstorableInput(raw, 'body');
        body = parseInput(route.body, raw, 'body');
        if (route.bodyScopes) requireScopes(ctx, route.bodyScopes(body));
        await route.checkBody?.(ctx, body);
      } else if (route.rawBody) {
        received = await route.rawBody.receive(ctx);
        raw = received.identity;
        body = received.body;
      }
      const run = () => route.handler(ctx, { params, query, body });
      let outcome: IdempotencyOutcome = 'ran';
      try {
        if (route.idempotent) outcome = await withIdempotency(ctx, route, key!, raw, run);
        else await run();
      } catch (err) {
        await received?.discard();
        throw err;
      }
      if (received && (outcome !== 'ran' || ctx.status >= 300)) await received.discard();
      renderAnswerInVersion(ctx);
      await answerConditionally(ctx);
    });
  }
  return router;
}

/** The methods each parameter-free route path takes, as `Allow` lists them (GET brings HEAD). */
function methodsOfStaticPaths(routes: RouteDef[]): Map<string, string[]> {
  const methods = new Map<string, string[]>();
  for (const { path, method } of routes) {
    if (/[:*]/.test(path)) continue;
    const taken = method === 'get' ? ['HEAD', 'GET'] : [method.toUpperCase()];
    methods.set(path, [...(methods.get(path) ?? []), ...taken]);
  }
  return methods;
}

/**
 * Whether a route without query parameters refuses any sent (a 400 naming each): a partner's key
 * on an endpoint whose contract lists 400, so a filter or selector sent to the wrong endpoint is
 * never silently ignored. Public pages (a share link opened from a message, which adds tracking
 * parameters) and endpoints whose contract lists no 400 ignore them.
 */
function refusesQueryParameters(route: RouteDef): boolean {
  return route.auth === 'key' && route.errors.includes(400);
}
