import type { Db } from './db.ts';
import { olderThan, positionOf, type NewestFirstPosition } from './newestFirst.ts';
import { removeEndpointJob } from './webhookDeliveries.ts';
import type { SignatureScheme } from '../core/webhookSecrets.ts';

/** Endpoints one workspace may have: each gets every subscribed event, so each multiplies the deliveries. */
export const MAX_WEBHOOK_ENDPOINTS = 16;

/** After a rotation the previous secret keeps signing, beside the new one, this long unless the partner says otherwise. */
export const DEFAULT_OVERLAP_SECONDS = 24 * 3600;
/** The longest overlap a partner may ask for: two secrets that both sign for long are two secrets to leak. */
export const MAX_OVERLAP_SECONDS = 7 * 24 * 3600;

/** An endpoint as the API shows it: no secret, sealed or not, ever leaves storage through it. */
export interface WebhookEndpointRow {
  id: string;
  url: string;
  /** Event types, or ['*'] for every type. */
  events: string[];
  description: string | null;
  enabled: boolean;
  disabled_reason: string | null;
  disabled_at: Date | null;
  signature_scheme: SignatureScheme;
  /** Until when the previous secret still signs; null when no rotation overlaps now. */
  previous_secret_expires_at: Date | null;
  /** The dated API version its events are rendered in (core/apiVersions.ts). */
  api_version: string;
  created_at: Date;
  updated_at: Date;
  position: string;
}

function columns(sql: Db) {
  return sql`
    w.id, w.url, w.events, w.description, w.enabled, w.disabled_reason, w.disabled_at, w.signature_scheme,
    case when w.previous_secret_expires_at > now() then w.previous_secret_expires_at end as previous_secret_expires_at,
    w.api_version, w.created_at, w.updated_at, ${positionOf(sql, 'w')} as position`;
}

export interface NewWebhookEndpoint {
  id: string;
  url: string;
  events: string[];
  description: string | null;
  secretSealed: Buffer;
  apiVersion: string;
}

/**
 * Inserts the endpoint unless the workspace already has MAX_WEBHOOK_ENDPOINTS (then undefined).
 * `tx` must be a transaction: the per-workspace lock it takes until the end makes concurrent
 * creates count one after another, each seeing the ones committed before it.
 */
export async function insertWebhookEndpoint(
  tx: Db,
  workspaceId: string,
  input: NewWebhookEndpoint,
): Promise<WebhookEndpointRow | undefined> {
  // Both leave in one packet; the insert's snapshot is taken once the lock is held.
  const [, rows] = await Promise.all([
    tx`select pg_advisory_xact_lock(hashtextextended(${'webhook-endpoints:' + workspaceId}, 0))`,
    tx<WebhookEndpointRow[]>`
      insert into webhook_endpoints as w (id, workspace_id, url, events, description, secret_sealed, api_version)
      select ${input.id}, ${workspaceId}, ${input.url}, ${input.events}::text[], ${input.description},
             ${input.secretSealed}, ${input.apiVersion}
      where (select count(*) from webhook_endpoints e where e.workspace_id = ${workspaceId}) < ${MAX_WEBHOOK_ENDPOINTS}
      returning ${columns(tx)}`,
  ]);
  return rows[0];
}

/** The workspace's endpoints, newest first; `after` is the last position of the previous page. */
export async function listWebhookEndpoints(
  sql: Db,
  workspaceId: string,
  page: { after?: NewestFirstPosition; limit: number },
): Promise<WebhookEndpointRow[]> {
  return sql<WebhookEndpointRow[]>`
    select ${columns(sql)} from webhook_endpoints w
    where w.workspace_id = ${workspaceId} ${olderThan(sql, 'w', page.after)}
    order by w.created_at desc, w.id desc
    limit ${page.limit}`;
}

/**
 * One endpoint of the workspace. `keepUntilCommit` holds it (in a transaction) against a concurrent
 * delete, for a write that references it.
 */
export async function findWebhookEndpoint(
  sql: Db,
  workspaceId: string,
  id: string,
  opts: { keepUntilCommit?: boolean } = {},
): Promise<WebhookEndpointRow | undefined> {
  const [row] = await sql<WebhookEndpointRow[]>`
    select ${columns(sql)} from webhook_endpoints w
    where w.workspace_id = ${workspaceId} and w.id = ${id}
    ${opts.keepUntilCommit ? sql`for key share of w` : sql``}`;
  return row;
}

/** Fields a partner changes; absent ones stay, and description may be set to null. */
export interface WebhookEndpointChanges {
  url?: string;
  events?: string[];
  description?: string | null;
  enabled?: boolean;
  api_version?: string;
}

/**
 * Applies the changes. Enabling an endpoint the platform disabled also forgets why and since when
 * it was failing, so its deliveries get a whole retry window again.
 */
export async function updateWebhookEndpoint(
  sql: Db,
  workspaceId: string,
  id: string,
  changes: WebhookEndpointChanges,
): Promise<WebhookEndpointRow | undefined> {
  const reenabled = sql`(${changes.enabled === true} and not w.enabled)`;
  const [row] = await sql<WebhookEndpointRow[]>`
    update webhook_endpoints w set
      url = coalesce(${changes.url ?? null}, w.url),
      events = coalesce(${changes.events ?? null}::text[], w.events),
      description = case when ${changes.description !== undefined} then ${changes.description ?? null}
                    else w.description end,
      enabled = coalesce(${changes.enabled ?? null}::boolean, w.enabled),
      api_version = coalesce(${changes.api_version ?? null}, w.api_version),
      disabled_reason = case when ${reenabled} then null else w.disabled_reason end,
      disabled_at = case when ${reenabled} then null else w.disabled_at end,
      failing_since = case when ${reenabled} then null else w.failing_since end,
      updated_at = now()
    where w.workspace_id = ${workspaceId} and w.id = ${id}
    returning ${columns(sql)}`;
  return row;
}

/**
 * A new secret; the current one becomes the previous, signing beside it for `overlapSeconds` (none
 * at 0). A secret that was already previous (a second rotation within the overlap) stops signing
 * now. A change of `scheme` (a legacy endpoint moving to Standard Webhooks) has no overlap: the
 * previous secret signed a format the endpoint no longer receives.
 */
export async function rotateWebhookEndpointSecret(
  sql: Db,
  workspaceId: string,
  id: string,
  secretSealed: Buffer,
  opts: { overlapSeconds: number; scheme?: SignatureScheme },
): Promise<WebhookEndpointRow | undefined> {
  const overlaps = sql`(${opts.overlapSeconds} > 0 and (w.signature_scheme = ${opts.scheme ?? null}::text) is not false)`;
  const [row] = await sql<WebhookEndpointRow[]>`
    update webhook_endpoints w set
      previous_secret_sealed = case when ${overlaps} then w.secret_sealed end,
      previous_secret_expires_at = case when ${overlaps} then now() + make_interval(secs => ${opts.overlapSeconds}) end,
      signature_scheme = coalesce(${opts.scheme ?? null}, w.signature_scheme),
      secret_sealed = ${secretSealed},
      updated_at = now()
    where w.workspace_id = ${workspaceId} and w.id = ${id}
    returning ${columns(sql)}`;
  return row;
}

/**
 * Deletes the endpoint; its deliveries and their attempts go with it (cascade), and its waiting
 * job with them (a running one finds nothing more to send).
 */
export async function deleteWebhookEndpoint(sql: Db, workspaceId: string, id: string): Promise<boolean> {
  const rows = await sql`delete from webhook_endpoints where workspace_id = ${workspaceId} and id = ${id} returning 1`;
  if (rows.length) await removeEndpointJob(sql, id);
  return rows.length > 0;
}
