import type Router from '@koa/router';
import { answerProbe, PROBE_PATHS, type Probes } from '../core/probes.ts';
import { limitHits } from '../storage/rateLimits.ts';
import { countHit } from './middleware/rateLimit.ts';

/**
 * Serves /healthz, /readyz and /metrics on the API's port, outside the /api/v1 pipeline (no key,
 * no rate limit, not in the OpenAPI document); failures are thrown for the error envelope.
 */
export function mountProbes(router: Router, probes: Probes, metricsToken: string | undefined): void {
  for (const path of PROBE_PATHS) {
    router.get(path, async (ctx) => {
      const bucket = `auth:${ctx.ip}:metrics`;
      const limit = ctx.deps.config.AUTH_FAILURE_LIMIT_PER_MINUTE;
      const answer = await answerProbe(path, ctx.get('Authorization') || undefined, probes, metricsToken, {
        refuseIfOverLimit: () => limitHits(ctx.deps.rateLimits, bucket, limit, { peek: true }).then(() => {}),
        countFailure: () => countHit(ctx as never, bucket, limit, 'auth_failures'),
      });
      ctx.type = answer.contentType;
      ctx.body = answer.body;
    });
  }
}
