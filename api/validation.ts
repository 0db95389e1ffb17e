import { z } from 'zod';
import { ApiError, fieldError } from '../core/errors.ts';

export type Location = 'body' | 'query' | 'path' | 'header';

export function zodIssues(error: z.ZodError, location: Location) {
  return error.issues.map((i) => ({
    location,
    path: i.path.length
      ? i.path.join('.')
      : i.code === 'unrecognized_keys'
        ? (i as { keys: string[] }).keys.join(',')
        : '',
    message: i.message,
  }));
}

const TENANT_FIELDS = /^(workspace|roofer|tenant|account|organization|organisation|org|company)_?(id|ids|key)?$/i;

/** Tenant selectors never travel in a body: the API key alone picks the workspace. */
export function rejectTenantSelectors(body: unknown, location: Location = 'body') {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return;
  const found = Object.keys(body).filter((k) => TENANT_FIELDS.test(k) && /id|key/i.test(k));
  if (found.length) {
    throw new ApiError(
      400,
      'VALIDATION_ERROR',
      'Tenant selectors are not accepted; the API key decides the workspace',
      {
        issues: found.map((path) => ({ location, path, message: 'Tenant selector fields are not allowed' })),
      },
    );
  }
}

/**
 * PostgreSQL text and jsonb cannot hold U+0000, so a string or object key carrying one is refused
 * up front, naming where it is, rather than failing the write. Walks with its own stack: a body
 * may nest deeper than the call stack goes.
 */
export function rejectNulCharacters(value: unknown, location: Location) {
  // Paths are linked lists back to the root, so a deep body costs no copying until one is named.
  type At = { key: string; up: At } | null;
  const stack: [unknown, At][] = [[value, null]];
  while (stack.length > 0) {
    const [v, at] = stack.pop()!;
    let found: At | undefined;
    if (typeof v === 'string') {
      if (v.includes('\0')) found = at;
    } else if (v !== null && typeof v === 'object') {
      for (const [key, child] of Object.entries(v)) {
        if (key.includes('\0')) {
          found = { key, up: at };
          break;
        }
        stack.push([child, { key, up: at }]);
      }
    }
    if (found !== undefined) {
      const keys: string[] = [];
      for (let a = found; a; a = a.up) keys.unshift(a.key);
      const field = keys.join('.');
      throw fieldError(location, field, 'must not contain the NUL character (U+0000)');
    }
  }
}

export function parseInput<S extends z.ZodType>(schema: S, data: unknown, location: Location): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issues = zodIssues(result.error, location);
  const first = issues[0]!;
  throw new ApiError(
    400,
    'VALIDATION_ERROR',
    `Invalid ${location}${first.path ? ` field ${first.path}` : ''}: ${first.message}`,
    { issues },
  );
}

/** Key-sorted JSON, so two bodies that differ only in key order fingerprint alike. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}
