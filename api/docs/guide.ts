import { readFileSync } from 'node:fs';
import type { Config } from '../../core/config.ts';
import { WEBHOOK_EVENT_TYPES } from '../../core/webhookEventTypes.ts';
import type { RouteDef } from '../route.ts';

/**
 * The partner guide (authentication, idempotency, rate limits, errors, pagination, webhooks and
 * their signatures): the OpenAPI document's info.description, which /docs renders. It lives in
 * guide.md so it reads as the prose it is; the figures come from the running configuration and
 * the lists from the route declarations, so the text cannot fall behind either.
 */
const TEMPLATE = readFileSync(new URL('./guide.md', import.meta.url), 'utf8');

export type GuideConfig = Pick<
  Config,
  | 'RATE_LIMIT_PER_MINUTE'
  | 'AUTH_FAILURE_LIMIT_PER_MINUTE'
  | 'EXPENSIVE_REQUESTS_PER_KEY'
  | 'IDEMPOTENCY_TTL_HOURS'
  | 'IDEMPOTENCY_MAX_KEPT_BYTES'
  | 'WEBHOOK_TIMEOUT_MS'
  | 'WEBHOOK_RETRY_BASE_SECONDS'
  | 'WEBHOOK_RETRY_MAX_DELAY_SECONDS'
  | 'WEBHOOK_RETRY_WINDOW_SECONDS'
  | 'WEBHOOK_ENDPOINT_CONCURRENCY'
>;

const operation = (r: RouteDef) => `\`${r.method.toUpperCase()} ${r.path.replace(/:(\w+)/g, '{$1}')}\``;
const code = (s: string) => `\`${s}\``;

export function partnerGuide(config: GuideConfig, routes: RouteDef[]): string {
  const values: Record<string, string | number> = {
    RATE_LIMIT_PER_MINUTE: config.RATE_LIMIT_PER_MINUTE,
    AUTH_FAILURE_LIMIT_PER_MINUTE: config.AUTH_FAILURE_LIMIT_PER_MINUTE,
    EXPENSIVE_REQUESTS_PER_KEY: config.EXPENSIVE_REQUESTS_PER_KEY,
    IDEMPOTENCY_TTL_HOURS: config.IDEMPOTENCY_TTL_HOURS,
    IDEMPOTENCY_MAX_KEPT_KB: Math.floor(config.IDEMPOTENCY_MAX_KEPT_BYTES / 1024),
    WEBHOOK_TIMEOUT_SECONDS: config.WEBHOOK_TIMEOUT_MS / 1000,
    WEBHOOK_RETRY_BASE_SECONDS: config.WEBHOOK_RETRY_BASE_SECONDS,
    WEBHOOK_RETRY_MAX_HOURS: +(config.WEBHOOK_RETRY_MAX_DELAY_SECONDS / 3600).toFixed(1),
    WEBHOOK_RETRY_DAYS: +(config.WEBHOOK_RETRY_WINDOW_SECONDS / 86_400).toFixed(1),
    WEBHOOK_ENDPOINT_CONCURRENCY: config.WEBHOOK_ENDPOINT_CONCURRENCY,
    IDEMPOTENT_OPERATIONS: routes
      .filter((r) => r.idempotent)
      .map(operation)
      .join(', '),
    WEBHOOK_EVENTS: WEBHOOK_EVENT_TYPES.map(code).join(', '),
  };
  return TEMPLATE.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`api/docs/guide.md names an unknown value {{${name}}}`);
    return String(values[name]);
  });
}
