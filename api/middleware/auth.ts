import { hash } from 'node:crypto';
import { ERRORS } from '../../core/errors.ts';
import { ExpiringMap } from '../../core/expiringMap.ts';
import { verifyApiKey, type KeyLookup } from '../../storage/apiKeys.ts';
import type { Sql } from '../../storage/db.ts';
import type { Ctx } from '../context.ts';
import { countHit } from './rateLimit.ts';

/**
 * A short-lived in-process cache of key lookups. Its TTL bounds how long a revoked key or a
 * deactivated workspace keeps working in a running process (DESIGN: within 5 s).
 */
export class KeyCache {
  private readonly entries: ExpiringMap<KeyLookup>;
  constructor(
    private readonly sql: Sql,
    ttlMs = 2000,
  ) {
    this.entries = new ExpiringMap(ttlMs);
  }

  async lookup(token: string): Promise<KeyLookup> {
    const id = hash('sha256', token, 'base64url');
    const hit = this.entries.get(id);
    if (hit) return hit;
    const value = await verifyApiKey(this.sql, token);
    this.entries.set(id, value);
    return value;
  }
}

const CHALLENGE = 'Bearer realm="partner-api"';

/**
 * Resolves the bearer key to its workspace. Failed attempts count against a separate
 * per-client, per-endpoint bucket; past its limit they get 429 instead of 401.
 */
export async function authenticate(ctx: Ctx, endpoint: string): Promise<void> {
  const header = ctx.get('Authorization');
  const match = /^Bearer ([^\s]+)$/i.exec(header);
  const result: KeyLookup = match ? await ctx.deps.keyCache.lookup(match[1]!) : { ok: false, reason: 'malformed' };
  if (result.ok) {
    ctx.state.apiKey = result.key;
    ctx.state.workspace = result.workspace;
    return;
  }
  const { config } = ctx.deps;
  await countHit(ctx, `auth:${ctx.ip}:${endpoint}`, config.AUTH_FAILURE_LIMIT_PER_MINUTE, 'auth_failures');
  // The header's form and the key's are told apart: a well-formed header with a key that is not
  // one of ours was sent as asked, so it is the key that needs checking.
  const message = !header
    ? 'Missing Authorization header; send `Authorization: Bearer <key>`'
    : !match
      ? 'Malformed Authorization header; send `Authorization: Bearer <key>`'
      : result.reason === 'malformed'
        ? 'Unknown API key: keys of this service look like pk_<id>_<secret> (pk_test_<id>_<secret> in test mode); send the whole key you were given'
        : result.reason === 'unknown'
          ? 'Unknown API key; send the whole key you were given, or ask the operator for a new one'
          : `This API key has been ${result.reason}; ask the operator for a new key`;
  throw ERRORS.invalidApiKey(message, `${CHALLENGE}, error="invalid_token"`);
}

export function requireActiveWorkspace(ctx: Ctx) {
  if (!ctx.state.workspace!.active) throw ERRORS.workspaceInactive();
}

export function requireScopes(ctx: Ctx, scopes: readonly string[]) {
  const missing = scopes.filter((s) => !ctx.state.apiKey!.scopes.includes(s as never));
  if (missing.length) {
    throw ERRORS.missingScopes(missing);
  }
}
