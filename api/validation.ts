import { z } from 'zod';
import { ApiError } from '../core/errors.ts';

export type Location = 'body' | 'query' | 'path' | 'header';

export function zodIssues(error: z.ZodError, location: Location) {
  return error.issues.map((i) => ({
    location,
    path: i.path.length ? i.path.join('.') : i.code === 'unrecognized_keys' ? (i as { keys: string[] }).keys.join(',') : '',
    message: i.message,
  }));
}

const TENANT_FIELDS = /^(workspace|roofer|tenant|account|organization|organisation|org|company)_?(id|ids|key)?$/i;

/** Tenant selectors never travel in a body: the API key alone picks the workspace. */
export function rejectTenantSelectors(body: unknown, location: Location = 'body') {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return;
  const found = Object.keys(body).filter((k) => TENANT_FIELDS.test(k) && /id|key/i.test(k));
  if (found.length) {
    throw new ApiError(400, 'VALIDATION_ERROR', 'Tenant selectors are not accepted; the API key decides the workspace', {
      issues: found.map((path) => ({ location, path, message: 'Tenant selector fields are not allowed' })),
    });
  }
}

export function parseInput<S extends z.ZodType>(schema: S, data: unknown, location: Location): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issues = zodIssues(result.error, location);
  const first = issues[0]!;
  throw new ApiError(400, 'VALIDATION_ERROR', `Invalid ${location}${first.path ? ` field ${first.path}` : ''}: ${first.message}`, { issues });
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
