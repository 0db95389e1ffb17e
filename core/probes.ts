import { ERRORS } from './errors.ts';
import { metricsAuthorized, registry } from './metrics.ts';

/** What the probe endpoints ask of the process serving them (the API, or a worker). */
export interface Probes {
  /** Why the process cannot do its work, as a plain sentence; undefined when it can. */
  notReadyBecause(): Promise<string | undefined>;
  /** Brings the gauges computed at scrape time (queue depth, pool) up to date. */
  refreshGauges(): Promise<void>;
}

export interface ProbeAnswer {
  contentType: string;
  body: string;
}

/**
 * The operators' endpoints: outside /api/v1, without an API key or rate limit, absent from the
 * OpenAPI document, and logged at debug (a platform probes them every few seconds).
 */
export const PROBE_PATHS: ReadonlySet<string> = new Set(['/healthz', '/readyz', '/metrics']);

const JSON_TYPE = 'application/json; charset=utf-8';
const LIVE: ProbeAnswer = { contentType: JSON_TYPE, body: JSON.stringify({ status: 'ok' }) };
const READY: ProbeAnswer = { contentType: JSON_TYPE, body: JSON.stringify({ status: 'ready' }) };

/**
 * The failed-auth limit for METRICS_TOKEN guesses, per client address: past it every presentation
 * is refused unchecked (even the right token), so a guess past the limit learns nothing.
 */
export interface TokenAttempts {
  refuseIfOverLimit(): Promise<void>;
  countFailure(): Promise<void>;
}

/** Answers GET on a probe path, or throws the ApiError to render as the ErrorResponse envelope. */
export async function answerProbe(
  path: string,
  authorization: string | undefined,
  probes: Probes,
  metricsToken: string | undefined,
  attempts: TokenAttempts,
): Promise<ProbeAnswer> {
  switch (path) {
    case '/healthz':
      return LIVE;
    case '/readyz': {
      const problem = await probes.notReadyBecause();
      if (problem !== undefined) throw ERRORS.notReady(problem);
      return READY;
    }
    case '/metrics':
      if (metricsToken !== undefined) await attempts.refuseIfOverLimit();
      if (!metricsAuthorized(authorization, metricsToken)) {
        await attempts.countFailure();
        throw ERRORS.metricsTokenRequired();
      }
      await probes.refreshGauges();
      return { contentType: registry.contentType, body: await registry.metrics() };
    default:
      throw ERRORS.noRoute('GET', path);
  }
}
