import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from './db.ts';
import { newId } from '../core/ids.ts';
import type { Scope } from '../core/scopes.ts';
import type { WorkspaceMode } from './workspaces.ts';
import { latestVersion } from '../core/apiVersions.ts';

export interface ApiKey {
  id: string;
  workspace_id: string;
  name: string;
  masked_key: string;
  scopes: Scope[];
  /** A test key's workspace is a test twin; its prefix is pk_test_. */
  mode: WorkspaceMode;
  /** The dated API version (core/apiVersions.ts) the key answers in when a request names none. */
  api_version: string;
}

interface KeyRow extends ApiKey {
  secret_hash: Buffer;
  revoked_at: Date | null;
  deleted_at: Date | null;
}

// pk_<20 base32 chars of the key id>_<43 base64url chars of a 32-byte secret>; test keys start
// pk_test_, so a key shows its mode wherever it is pasted.
const KEY_PATTERN = /^pk_(?:(test)_)?([0-9a-z]{20})_([A-Za-z0-9_-]{43})$/;

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest();
const keyPrefix = (mode: WorkspaceMode) => (mode === 'test' ? 'pk_test_' : 'pk_');
const maskKey = (keyId: string, last4: string, mode: WorkspaceMode) =>
  `${keyPrefix(mode)}${keyId.slice(4, 8)}…${last4}`;

/** A key of the workspace, in its mode: a test twin's keys are test keys. */
export async function createApiKey(
  sql: Db,
  input: { workspaceId: string; name: string; scopes: Scope[]; apiVersion?: string },
): Promise<ApiKey & { key: string }> {
  const id = newId('key');
  const secret = randomBytes(32).toString('base64url');
  const last4 = secret.slice(-4);
  const [row] = await sql<Omit<ApiKey, 'masked_key'>[]>`
    insert into api_keys (id, workspace_id, name, secret_hash, secret_last4, scopes, api_version)
    values (${id}, ${input.workspaceId}, ${input.name}, ${hashSecret(secret)}, ${last4}, ${input.scopes},
            ${input.apiVersion ?? latestVersion()})
    returning id, workspace_id, name, scopes, api_version, (select mode from workspaces where id = workspace_id) as mode`;
  const { mode } = row!;
  return { ...row!, masked_key: maskKey(id, last4, mode), key: `${keyPrefix(mode)}${id.slice(4)}_${secret}` };
}

export interface KeyWorkspace {
  /** Where the key's data live: a test key's is its live workspace's test twin. */
  id: string;
  /** The id partners see in either mode: the live workspace's. */
  public_id: string;
  /** The live workspace's name, currency and state: a twin follows its live workspace. */
  name: string;
  active: boolean;
  currency: string;
  mode: WorkspaceMode;
}

export type KeyLookup =
  | { ok: true; key: ApiKey; workspace: KeyWorkspace }
  | { ok: false; reason: 'malformed' | 'unknown' | 'revoked' | 'deleted' };

/** Resolves a presented bearer token; the secret is compared by hash in constant time. */
export async function verifyApiKey(sql: Db, token: string): Promise<KeyLookup> {
  const m = KEY_PATTERN.exec(token);
  if (!m) return { ok: false, reason: 'malformed' };
  const [row] = await sql<(KeyRow & { secret_last4: string; workspace: KeyWorkspace })[]>`
    select k.id, k.workspace_id, k.name, k.scopes, k.secret_hash, k.secret_last4, k.api_version, k.revoked_at, k.deleted_at,
           w.mode,
           json_build_object('id', w.id, 'public_id', coalesce(live.id, w.id), 'name', coalesce(live.name, w.name),
             'active', w.active and coalesce(live.active, true), 'currency', coalesce(live.currency, w.currency),
             'mode', w.mode) as workspace
    from api_keys k join workspaces w on w.id = k.workspace_id
      left join workspaces live on live.id = w.live_workspace_id
    where k.id = ${'key_' + m[2]}`;
  // A live key's id and secret under the test prefix (or the reverse) is no key of ours either.
  const modeAgrees = row?.mode === (m[1] ? 'test' : 'live');
  if (!row || !timingSafeEqual(row.secret_hash, hashSecret(m[3]!)) || !modeAgrees)
    return { ok: false, reason: 'unknown' };
  if (row.deleted_at) return { ok: false, reason: 'deleted' };
  if (row.revoked_at) return { ok: false, reason: 'revoked' };
  return {
    ok: true,
    key: {
      id: row.id,
      workspace_id: row.workspace_id,
      name: row.name,
      scopes: row.scopes,
      masked_key: maskKey(row.id, row.secret_last4, row.mode),
      mode: row.mode,
      api_version: row.api_version,
    },
    workspace: row.workspace,
  };
}

/** Pins the version a key answers in when a request names none (core/apiVersions.ts checks it first). */
export async function pinApiKeyVersion(sql: Db, id: string, apiVersion: string): Promise<boolean> {
  const rows = await sql`
    update api_keys set api_version = ${apiVersion} where id = ${id} and deleted_at is null returning id`;
  return rows.length > 0;
}

export async function revokeApiKey(sql: Db, id: string): Promise<boolean> {
  const rows =
    await sql`update api_keys set revoked_at = coalesce(revoked_at, now()) where id = ${id} and deleted_at is null returning id`;
  return rows.length > 0;
}

/** Keys are soft-deleted so idempotency records and audit trails keep their owner. */
export async function deleteApiKey(sql: Db, id: string): Promise<boolean> {
  const rows = await sql`update api_keys set deleted_at = coalesce(deleted_at, now()) where id = ${id} returning id`;
  return rows.length > 0;
}

export interface ApiKeyListing extends ApiKey {
  created_at: Date;
  revoked_at: Date | null;
}

/**
 * A workspace's keys that are not deleted, with its test twin's, newest first; secrets are never
 * readable, only masked.
 */
export async function listApiKeys(sql: Db, workspaceId: string): Promise<ApiKeyListing[]> {
  const rows = await sql<(Omit<ApiKeyListing, 'masked_key'> & { secret_last4: string })[]>`
    select k.id, k.workspace_id, k.name, k.scopes, k.api_version, k.secret_last4, k.created_at, k.revoked_at, w.mode
    from api_keys k join workspaces w on w.id = k.workspace_id
    where (w.id = ${workspaceId} or w.live_workspace_id = ${workspaceId}) and k.deleted_at is null
    order by k.created_at desc, k.id desc`;
  return rows.map(({ secret_last4, ...k }) => ({
    id: k.id,
    workspace_id: k.workspace_id,
    name: k.name,
    masked_key: maskKey(k.id, secret_last4, k.mode),
    scopes: k.scopes,
    mode: k.mode,
    api_version: k.api_version,
    created_at: k.created_at,
    revoked_at: k.revoked_at,
  }));
}
