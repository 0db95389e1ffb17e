import Router from '@koa/router';
import type { Ctx } from './context.ts';
import type { RouteDef } from './route.ts';
import { authenticate, requireActiveWorkspace, requireScopes } from './middleware/auth.ts';
import { countHit } from './middleware/rateLimit.ts';
import { withIdempotency } from './middleware/idempotency.ts';
import { readJsonBody } from './jsonBody.ts';
import { parseInput, rejectNulCharacters, rejectTenantSelectors } from './validation.ts';

/**
 * Mounts each route with the same pipeline, in this order: authentication, the per-key
 * rate limit, workspace and scope checks, input validation, idempotency, the handler.
 */
export function buildRouter(routes: RouteDef[]): Router {
  const router = new Router();
  for (const route of routes) {
    const endpoint = `${route.method.toUpperCase()} ${route.path}`;
    router[route.method](route.path, async (koaCtx) => {
      const ctx = koaCtx as unknown as Ctx;
      ctx.state.routeName = endpoint;
      if (route.auth === 'key') {
        await authenticate(ctx, endpoint);
        await countHit(ctx, `key:${ctx.state.apiKey!.id}:${endpoint}`, ctx.deps.config.RATE_LIMIT_PER_MINUTE);
        requireActiveWorkspace(ctx);
        requireScopes(ctx, route.scopes);
      }
      rejectNulCharacters(ctx.params, 'path');
      rejectNulCharacters(ctx.query, 'query');
      const params = route.params ? parseInput(route.params, ctx.params, 'path') : {};
      const query = route.query ? parseInput(route.query, { ...ctx.query }, 'query') : {};
      let raw: unknown = undefined;
      let body: unknown = undefined;
      if (route.body) {
        raw = await readJsonBody(ctx, route.maxBodyBytes);
        rejectTenantSelectors(raw);
        rejectNulCharacters(raw, 'body');
        body = parseInput(route.body, raw, 'body');
        if (route.bodyScopes) requireScopes(ctx, route.bodyScopes(body));
      } else if (route.rawBody) {
        // Multipart bodies are streamed by the handler; their identity is their length and type.
        raw = { content_length: ctx.get('Content-Length'), content_type: ctx.get('Content-Type').split(';')[0] };
      }
      const run = () => route.handler(ctx, { params, query, body });
      if (route.idempotent) await withIdempotency(ctx, route, raw, run);
      else await run();
    });
  }
  return router;
}
