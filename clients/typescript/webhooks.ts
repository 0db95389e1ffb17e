import { createHmac, timingSafeEqual } from 'node:crypto';
import { Webhook, WebhookVerificationError as StandardWebhookError } from 'standardwebhooks';
import type { webhooks } from './schema.d.ts';

/** Every event type a webhook endpoint can receive: `'lead.created'`, `'visualization.completed'`… */
export type WebhookEventType = keyof webhooks;

/** The body of one event type's delivery, as the OpenAPI document's `webhooks` section describes it. */
export type WebhookEventOf<T extends WebhookEventType> =
  webhooks[T]['post']['requestBody']['content']['application/json'];

/** Any delivery's body; narrow it on `type`. */
export type WebhookEvent = { [T in WebhookEventType]: WebhookEventOf<T> }[WebhookEventType];

/** A fetch Headers, or Node's `req.headers` (names in any case). */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

/** How far a delivery's signed time may be from this clock: a captured delivery replayed later fails. */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

export class WebhookVerificationError extends Error {
  override name = 'WebhookVerificationError';
}

function headerValue(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const found = Object.entries(headers).find(([key]) => key.toLowerCase() === name);
  const value = found?.[1];
  return Array.isArray(value) ? value.join(',') : value;
}

/**
 * The event a delivery carries, once its signature proves the service sent it with one of `secrets`
 * (several while a rotated secret overlaps with the new one). `rawBody` is the body exactly as
 * received, before any JSON parsing: a body parsed and serialised again does not verify. Throws a
 * WebhookVerificationError saying what failed; answer such a delivery with a 4xx and do not act on it.
 *
 * Both signature formats pass: `Webhook-Signature: t=<unix seconds>,v1=<hex>`, and Standard Webhooks
 * (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64>`), checked by the published
 * standardwebhooks library. The `t=` that opens the first tells them apart.
 */
export function verifyWebhook(rawBody: string, headers: WebhookHeaders, secrets: string | string[]): WebhookEvent {
  const signature = headerValue(headers, 'webhook-signature');
  if (!signature) throw new WebhookVerificationError('The delivery has no Webhook-Signature header.');
  const keys = typeof secrets === 'string' ? [secrets] : secrets;
  if (signature.trimStart().startsWith('t=')) verifyTimestampedSignature(rawBody, signature, keys);
  else verifyStandardSignature(rawBody, headers, signature, keys);
  return JSON.parse(rawBody) as WebhookEvent;
}

/** Standard Webhooks: any of the secrets (`whsec_` + base64) verifying the delivery passes. */
function verifyStandardSignature(rawBody: string, headers: WebhookHeaders, signature: string, secrets: string[]): void {
  const standard = {
    'webhook-id': headerValue(headers, 'webhook-id') ?? '',
    'webhook-timestamp': headerValue(headers, 'webhook-timestamp') ?? '',
    'webhook-signature': signature,
  };
  let reason = 'no secret was given';
  for (const secret of secrets) {
    try {
      new Webhook(secret).verify(rawBody, standard);
      return;
    } catch (err) {
      // A secret that is not base64 cannot have signed it either.
      reason = err instanceof StandardWebhookError ? err.message : 'the secret is not `whsec_` + base64';
    }
  }
  throw new WebhookVerificationError(
    `The Standard Webhooks signature does not verify (${reason}): check the endpoint secret and the clock, and verify the raw body as received.`,
  );
}

/**
 * `Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, keyed with the UTF-8
 * bytes of the secret; one `v1` per secret while a rotation overlaps. Any `v1` matching any secret passes.
 */
function verifyTimestampedSignature(rawBody: string, header: string, secrets: string[]): void {
  const nowSeconds = Date.now() / 1000;
  const fields = header.split(',').map((field) => field.trim().split('=') as [string, string | undefined]);
  const t = Number(fields.find(([name]) => name === 't')?.[1]);
  if (!Number.isInteger(t)) throw new WebhookVerificationError('The Webhook-Signature header has no timestamp (t=).');
  if (Math.abs(nowSeconds - t) > WEBHOOK_TOLERANCE_SECONDS) {
    throw new WebhookVerificationError(
      `The delivery was signed ${Math.round(nowSeconds - t)} s from this clock, beyond ${WEBHOOK_TOLERANCE_SECONDS} s: check the clock, or refuse a replay.`,
    );
  }
  const signatures = fields
    .filter(([name, value]) => name === 'v1' && /^[0-9a-f]{64}$/.test(value ?? ''))
    .map(([, value]) => Buffer.from(value!, 'hex'));
  const matches = secrets.some((secret) => {
    const expected = createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${t}.${rawBody}`).digest();
    return signatures.some((candidate) => timingSafeEqual(candidate, expected));
  });
  if (!matches) {
    throw new WebhookVerificationError(
      'No signature of the delivery matches the secret: check the endpoint secret, and verify the raw body as received.',
    );
  }
}
