import type Router from '@koa/router';
import { answerProbe, PROBE_PATHS, type Probes } from '../core/probes.ts';

/**
 * Serves /healthz, /readyz and /metrics on the API's port, outside the /api/v1 pipeline (no key,
 * no rate limit, not in the OpenAPI document); failures are thrown for the error envelope.
 */
export function mountProbes(router: Router, probes: Probes, metricsToken: string | undefined): void {
  for (const path of PROBE_PATHS) {
    router.get(path, async (ctx) => {
      const answer = await answerProbe(path, ctx.get('Authorization') || undefined, probes, metricsToken);
      ctx.type = answer.contentType;
      ctx.body = answer.body;
    });
  }
}
