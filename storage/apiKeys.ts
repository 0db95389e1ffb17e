import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from './db.ts';
import { newId } from '../core/ids.ts';
import type { Scope } from '../core/scopes.ts';
import { latestVersion } from '../core/apiVersions.ts';

export interface ApiKey {
  id: string;
  workspace_id: string;
  name: string;
  masked_key: string;
  scopes: Scope[];
  /** The dated API version (core/apiVersions.ts) the key answers in when a request names none. */
  api_version: string;
}

interface KeyRow extends ApiKey {
  secret_hash: Buffer;
  revoked_at: Date | null;
  deleted_at: Date | null;
}

// pk_<20 base32 chars of the key id>_<43 base64url chars of a 32-byte secret>
const KEY_PATTERN = /^pk_([0-9a-z]{20})_([A-Za-z0-9_-]{43})$/;

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest();
const maskKey = (keyId: string, last4: string) => `pk_${keyId.slice(4, 8)}…${last4}`;

export async function createApiKey(
  sql: Db,
  input: { workspaceId: string; name: string; scopes: Scope[]; apiVersion?: string },
): Promise<ApiKey & { key: string }> {
  const id = newId('key');
  const secret = randomBytes(32).toString('base64url');
  const last4 = secret.slice(-4);
  const [row] = await sql<ApiKey[]>`
    insert into api_keys (id, workspace_id, name, secret_hash, secret_last4, scopes, api_version)
    values (${id}, ${input.workspaceId}, ${input.name}, ${hashSecret(secret)}, ${last4}, ${input.scopes},
            ${input.apiVersion ?? latestVersion()})
    returning id, workspace_id, name, scopes, api_version`;
  return { ...row!, masked_key: maskKey(id, last4), key: `pk_${id.slice(4)}_${secret}` };
}

export interface KeyWorkspace {
  id: string;
  name: string;
  active: boolean;
  currency: string;
}

export type KeyLookup =
  | { ok: true; key: ApiKey; workspace: KeyWorkspace }
  | { ok: false; reason: 'malformed' | 'unknown' | 'revoked' | 'deleted' };

/** Resolves a presented bearer token; the secret is compared by hash in constant time. */
export async function verifyApiKey(sql: Db, token: string): Promise<KeyLookup> {
  const m = KEY_PATTERN.exec(token);
  if (!m) return { ok: false, reason: 'malformed' };
  const [row] = await sql<(KeyRow & { secret_last4: string; workspace: KeyWorkspace })[]>`
    select k.id, k.workspace_id, k.name, k.scopes, k.api_version, k.secret_hash, k.secret_last4, k.revoked_at, k.deleted_at,
           json_build_object('id', w.id, 'name', w.name, 'active', w.active, 'currency', w.currency) as workspace
    from api_keys k join workspaces w on w.id = k.workspace_id
    where k.id = ${'key_' + m[1]}`;
  if (!row || !timingSafeEqual(row.secret_hash, hashSecret(m[2]!))) return { ok: false, reason: 'unknown' };
  if (row.deleted_at) return { ok: false, reason: 'deleted' };
  if (row.revoked_at) return { ok: false, reason: 'revoked' };
  return {
    ok: true,
    key: {
      id: row.id,
      workspace_id: row.workspace_id,
      name: row.name,
      scopes: row.scopes,
      api_version: row.api_version,
      masked_key: maskKey(row.id, row.secret_last4),
    },
    workspace: row.workspace,
  };
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

/** A workspace's keys that are not deleted, newest first; secrets are never readable, only masked. */
export async function listApiKeys(sql: Db, workspaceId: string): Promise<ApiKeyListing[]> {
  const rows = await sql<(Omit<ApiKeyListing, 'masked_key'> & { secret_last4: string })[]>`
    select id, workspace_id, name, scopes, api_version, secret_last4, created_at, revoked_at from api_keys
    where workspace_id = ${workspaceId} and deleted_at is null
    order by created_at desc, id desc`;
  return rows.map(({ secret_last4, ...k }) => ({
    id: k.id,
    workspace_id: k.workspace_id,
    name: k.name,
    masked_key: maskKey(k.id, secret_last4),
    scopes: k.scopes,
    api_version: k.api_version,
    created_at: k.created_at,
    revoked_at: k.revoked_at,
  }));
}
