import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

/** How an endpoint's deliveries are signed: endpoints created before Standard Webhooks keep 'legacy'. */
export const SIGNATURE_SCHEMES = ['standard_webhooks', 'legacy'] as const;
export type SignatureScheme = (typeof SIGNATURE_SCHEMES)[number];

const SECRET_PREFIX = 'whsec_';

/**
 * A new signing secret, shown to the partner once: `whsec_` and the standard base64 of 32 random
 * bytes, as Standard Webhooks libraries expect it (they decode what follows the prefix).
 */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/** A 32-byte AES key from WEBHOOK_SECRETS_KEY when set, else the database's own. */
export function sealingKey(configured: string | undefined, fromDatabase: Buffer): Buffer {
  return configured ? createHash('sha256').update(configured).digest() : fromDatabase;
}

/** AES-256-GCM: iv (12) ‖ tag (16) ‖ ciphertext, so a dump of the table does not give the secrets. */
export function sealSecret(key: Buffer, secret: string): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

export function openSecret(key: Buffer, sealed: Buffer): string {
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, 12));
  decipher.setAuthTag(sealed.subarray(12, 28));
  return Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]).toString('utf8');
}

/**
 * The legacy Webhook-Signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`,
 * keyed with each secret's UTF-8 bytes; one v1 per secret while a rotation overlaps.
 */
export function legacySignatureHeader(secrets: string[], timestamp: number, rawBody: string): string {
  const signed = `${timestamp}.${rawBody}`;
  const v1 = secrets.map((s) => `v1=${createHmac('sha256', Buffer.from(s, 'utf8')).update(signed).digest('hex')}`);
  return [`t=${timestamp}`, ...v1].join(',');
}

/**
 * The Standard Webhooks webhook-signature header: `v1,<base64 HMAC-SHA256 of "<id>.<t>.<raw body>">`
 * keyed with the bytes the secret's base64 (after `whsec_`) decodes to; one entry per secret,
 * space-separated, while a rotation overlaps.
 */
export function standardSignatureHeader(secrets: string[], messageId: string, timestamp: number, rawBody: string) {
  const signed = `${messageId}.${timestamp}.${rawBody}`;
  return secrets
    .map((s) => `v1,${createHmac('sha256', standardSecretKey(s)).update(signed).digest('base64')}`)
    .join(' ');
}

function standardSecretKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
}

/**
 * The signature headers of one delivery, as the endpoint's scheme has them. Both schemes carry
 * webhook-id (the event id, the same on every retry and re-send) and webhook-timestamp; the legacy
 * scheme's signature keeps its own format under the same header name, so an endpoint gets one
 * format or the other, never both.
 */
export function signatureHeaders(
  scheme: SignatureScheme,
  secrets: string[],
  messageId: string,
  timestamp: number,
  rawBody: string,
): Record<string, string> {
  const signature =
    scheme === 'legacy'
      ? legacySignatureHeader(secrets, timestamp, rawBody)
      : standardSignatureHeader(secrets, messageId, timestamp, rawBody);
  return { 'webhook-id': messageId, 'webhook-timestamp': String(timestamp), 'webhook-signature': signature };
}
