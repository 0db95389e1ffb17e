import { newId } from '../../core/ids.ts';
import { newWebhookSecret, sealSecret, sealingKey, type SignatureScheme } from '../../core/webhookSecrets.ts';
import type { WebhookEventType } from '../../core/webhookEventTypes.ts';
import type { Sql } from '../../storage/db.ts';
import { loadSecret } from '../../storage/secrets.ts';
import { recordWebhookEvent } from '../../storage/webhookEvents.ts';

// Rows as the endpoint API and the event emitters make them, for tests and benchmarks.

export interface Endpoint {
  id: string;
  secret: string;
}

/** An endpoint row with a new secret sealed as the service seals it (`secretsKey`: WEBHOOK_SECRETS_KEY). */
export async function addEndpoint(
  sql: Sql,
  secretsKey: string | undefined,
  workspaceId: string,
  url: string,
  opts: {
    events?: readonly string[];
    enabled?: boolean;
    previousSecret?: { secret: string; expiresInSeconds: number };
    /** The column's default (standard_webhooks, as the API makes endpoints) unless given. */
    signatureScheme?: SignatureScheme;
  } = {},
): Promise<Endpoint> {
  const key = sealingKey(secretsKey, await loadSecret(sql, 'webhooks'));
  const secret = newWebhookSecret();
  const id = newId('whe');
  const previous = opts.previousSecret;
  await sql`
    insert into webhook_endpoints
      (id, workspace_id, url, events, enabled, secret_sealed, previous_secret_sealed, previous_secret_expires_at,
       signature_scheme)
    values (${id}, ${workspaceId}, ${url}, ${[...(opts.events ?? ['*'])]}, ${opts.enabled ?? true}, ${sealSecret(key, secret)},
      ${previous ? sealSecret(key, previous.secret) : null},
      ${previous ? sql`now() + make_interval(secs => ${previous.expiresInSeconds})` : null},
      ${opts.signatureScheme ? sql`${opts.signatureScheme}` : sql`default`})`;
  return { id, secret };
}

/** Lead events recorded as a change records them: in its transaction. Their ids, in order. */
export async function recordEvents(sql: Sql, workspaceId: string, types: WebhookEventType[]): Promise<string[]> {
  return sql.begin(async (tx) => {
    const ids: string[] = [];
    for (const [i, type] of types.entries()) {
      const leadId = newId('lead');
      const lead = { id: leadId, contact_name: `Homeowner ${i}` };
      ids.push(await recordWebhookEvent(tx, workspaceId, type, lead, { kind: 'lead', id: leadId }));
    }
    return ids;
  }) as Promise<string[]>;
}
