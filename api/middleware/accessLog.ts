import { PROBE_PATHS } from '../../core/probes.ts';
import type { Ctx } from '../context.ts';

/**
 * One JSON line per request that took `ms`; the Authorization header is never logged. Probes and
 * scrapes come every few seconds and would drown the requests partners make, so they are logged
 * at debug.
 */
export function logRequest(ctx: Ctx, ms: number): void {
  const log = ctx.deps.logger;
  const level = PROBE_PATHS.has(ctx.path) ? 'debug' : 'info';
  if (!log.isLevelEnabled(level)) return;
  log[level]({
    request_id: ctx.state.requestId,
    method: ctx.method,
    path: ctx.path,
    status: ctx.status,
    ms: Math.round(ms * 10) / 10,
    key_id: ctx.state.apiKey?.id,
  });
}
