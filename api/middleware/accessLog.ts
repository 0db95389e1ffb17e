import { PROBE_PATHS } from '../../core/probes.ts';
import type { Ctx, Next } from '../context.ts';

/**
 * One JSON line per request; the Authorization header is never logged. Probes and scrapes come
 * every few seconds and would drown the requests partners make, so they are logged at debug.
 */
export async function accessLog(ctx: Ctx, next: Next) {
  const start = process.hrtime.bigint();
  try {
    await next();
  } finally {
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    const log = ctx.deps.logger;
    const level = PROBE_PATHS.has(ctx.path) ? 'debug' : 'info';
    if (log.isLevelEnabled(level)) {
      log[level]({
        request_id: ctx.state.requestId,
        method: ctx.method,
        path: ctx.path,
        status: ctx.status,
        ms: Math.round(ms * 10) / 10,
        key_id: ctx.state.apiKey?.id,
      });
    }
  }
}
