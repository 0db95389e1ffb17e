import createFetchClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { components, paths } from './schema.d.ts';

export type { components, operations, paths, webhooks } from './schema.d.ts';
export {
  verifyWebhook,
  WebhookVerificationError,
  WEBHOOK_TOLERANCE_SECONDS,
  type WebhookEvent,
  type WebhookEventOf,
  type WebhookEventType,
  type WebhookHeaders,
} from './webhooks.ts';

/** The service's named schemas: `Schemas['Lead']`, `Schemas['Report']`, `Schemas['ErrorResponse']`… */
export type Schemas = components['schemas'];

export type PartnerClient = Client<paths>;

export interface PartnerClientOptions {
  /** Where the service answers, without `/api/v1` (the paths carry it): `https://partners.example.com`. */
  baseUrl: string;
  /** A workspace API key, `pk_…`; sent as `Authorization: Bearer <key>`. */
  apiKey: string;
  /** A dated API version (`YYYY-MM-DD`) sent as `Partner-Version`; unset, the key's pinned version applies. */
  partnerVersion?: string;
  /** Another fetch (a proxy agent, retries, a test double); the global fetch by default. */
  fetch?: ClientOptions['fetch'];
  /** Headers sent with every request, beside the key and version. */
  headers?: Record<string, string>;
}

/**
 * A typed client: `client.GET('/api/v1/leads/{lead_id}', { params: { path: { lead_id } } })` answers
 * `{ data, error, response }`, with `data` typed by the operation's 2xx schema and `error` by its
 * ErrorResponse. Paths, parameters and bodies are checked against the OpenAPI document at compile time.
 */
export function createPartnerClient(options: PartnerClientOptions): PartnerClient {
  return createFetchClient<paths>({
    baseUrl: options.baseUrl,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    headers: {
      ...options.headers,
      authorization: `Bearer ${options.apiKey}`,
      ...(options.partnerVersion ? { 'partner-version': options.partnerVersion } : {}),
    },
  });
}

/**
 * A new Idempotency-Key for one operation. Keep it with the request and send the same key when you
 * retry that request (after a timeout or a 5xx): the service then replays the first answer instead of
 * acting twice. A new operation takes a new key.
 */
export function idempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}

/**
 * A bodySerializer for multipart operations (POST /api/v1/reports/import): each field of the body as a
 * form part, each Blob or File of an array as a part of its own under the same name.
 */
export function formData(body: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      form.append(name, item instanceof Blob ? item : String(item));
    }
  }
  return form;
}
