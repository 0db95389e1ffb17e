import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

/** A new endpoint's signing secret, shown to the partner once. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
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
 * The Webhook-Signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, keyed
 * with each secret's UTF-8 bytes; one v1 per secret while a rotation overlaps.
 */
export function signatureHeader(secrets: string[], timestamp: number, rawBody: string): string {
  const signed = `${timestamp}.${rawBody}`;
  const v1 = secrets.map((s) => `v1=${createHmac('sha256', Buffer.from(s, 'utf8')).update(signed).digest('hex')}`);
  return [`t=${timestamp}`, ...v1].join(',');
}
