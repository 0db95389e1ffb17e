import { z } from 'zod';
import { ERRORS, echo, fieldError } from '../../core/errors.ts';
import { serviceMessage } from '../../core/validationMessages.ts';

export type Location = 'body' | 'query' | 'path' | 'header';

/** Edit distance, for suggesting the field a partner probably meant. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** The known field closest to an unknown one, when it is close enough to be a typo. */
export function closestName(unknown: string, known: readonly string[]): string | undefined {
  const lower = unknown.toLowerCase();
  let best: { name: string; distance: number } | undefined;
  for (const name of known) {
    const distance = editDistance(lower, name.toLowerCase());
    if (!best || distance < best.distance) best = { name, distance };
  }
  return best && best.distance <= Math.max(2, Math.floor(unknown.length / 3)) ? best.name : undefined;
}

/** Past this many unknown fields in one object, or this long a name, no more are listed or matched. */
const MAX_UNKNOWN_LISTED = 50;
const MAX_SUGGESTED_LENGTH = 64;

/**
 * What to say of a field an object schema does not take but a partner may well send (a field the
 * service shows but sets itself), by object schema; the other unknown fields get the closest name.
 */
const FIELD_HINTS = new WeakMap<z.ZodType, Readonly<Record<string, string>>>();

/** Registers `hints` for the unknown fields of `schema` (an object schema) and returns it. */
export function withFieldHints<S extends z.ZodType>(schema: S, hints: Readonly<Record<string, string>>): S {
  FIELD_HINTS.set(schema, hints);
  return schema;
}

/** The object schema at `path` inside `schema`, looking through optional, nullable and pipes. */
function objectAt(schema: z.ZodType, path: readonly PropertyKey[]): z.ZodObject | undefined {
  let node: z.ZodType | undefined = schema;
  const unwrap = (s: z.ZodType | undefined): z.ZodType | undefined => {
    for (let i = 0; s && i < 10; i++) {
      const def = (
        s as unknown as { def: { type: string; innerType?: z.ZodType; in?: z.ZodType; element?: z.ZodType } }
      ).def;
      if (def.innerType) s = def.innerType;
      else if (def.type === 'pipe' && def.in) s = def.in;
      else break;
    }
    return s;
  };
  for (const key of path) {
    node = unwrap(node);
    if (node instanceof z.ZodArray && typeof key === 'number') node = node.element as z.ZodType;
    else node = node instanceof z.ZodObject ? (node.shape as Record<string, z.ZodType>)[String(key)] : undefined;
  }
  node = unwrap(node);
  return node instanceof z.ZodObject ? node : undefined;
}

/** Messages a schema states once per request, however many values break the same rule. */
const SAID_ONCE = new Set<string>();

/** Registers a message that one issue states for every value breaking its rule (an outline in pixels). */
export function saidOnce(message: string): string {
  SAID_ONCE.add(message);
  return message;
}

type Issue = { location: Location; path: string; message: string };

/** Issues whose message is said once become one, at the path their paths share. */
function sayOnce(issues: Issue[]): Issue[] {
  const first = new Map<string, Issue>();
  const out: Issue[] = [];
  for (const issue of issues) {
    const seen = SAID_ONCE.has(issue.message) ? first.get(issue.message) : undefined;
    if (!seen) {
      if (SAID_ONCE.has(issue.message)) first.set(issue.message, issue);
      out.push(issue);
      continue;
    }
    const a = seen.path.split('.');
    const b = issue.path.split('.');
    let n = 0;
    while (n < a.length && n < b.length && a[n] === b[n]) n++;
    seen.path = a.slice(0, n).join('.');
  }
  return out;
}

/**
 * zod's issues in the envelope's shape: one issue per unknown field (what to send instead, or the
 * closest known name), and the service's own words for every other issue (`serviceMessage`).
 * `schema` finds the known names of an object.
 */
export function zodIssues(error: z.ZodError, location: Location, schema?: z.ZodType): Issue[] {
  return sayOnce(issuesOf(error, location, schema));
}

function issuesOf(error: z.ZodError, location: Location, schema?: z.ZodType): Issue[] {
  return error.issues.flatMap((i): Issue[] => {
    const at = i.path.map((segment) => echo(String(segment)));
    if (i.code !== 'unrecognized_keys') return [{ location, path: at.join('.'), message: i.message }];
    const object = schema ? objectAt(schema, i.path) : undefined;
    const known = object ? Object.keys(object.shape) : [];
    const hints = (object && FIELD_HINTS.get(object)) ?? {};
    // A schema's own message (fields only the service sets) stands; zod's default is replaced.
    const own =
      i.message.startsWith('Unrecognized key') || i.message.startsWith('unknown field') ? undefined : i.message;
    return i.keys.slice(0, MAX_UNKNOWN_LISTED).map((key) => {
      const hint = Object.hasOwn(hints, key) ? hints[key] : undefined;
      const near = own || hint || key.length > MAX_SUGGESTED_LENGTH ? undefined : closestName(key, known);
      return {
        location,
        path: [...at, echo(key)].join('.'),
        message:
          own ??
          (hint ? `\`${key}\` ${hint}` : `unknown field \`${echo(key)}\`${near ? `; did you mean \`${near}\`?` : ''}`),
      };
    });
  });
}

/** The query of an endpoint that takes no query parameters (router.ts says which refuse them). */
export const NO_QUERY_PARAMETERS = z.strictObject(
  {},
  { error: (issue) => (issue.code === 'unrecognized_keys' ? 'this endpoint takes no query parameters' : undefined) },
);

const TENANT_FIELDS = /^(workspace|roofer|tenant|account|organization|organisation|org|company)_?(id|ids|key)?$/i;

export const TENANT_SELECTOR_MESSAGE = 'Tenant selector fields are not allowed';

/** The keys of an object that select a tenant (workspace_id, account_id…). */
export function tenantSelectorKeys(body: unknown): string[] {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return [];
  return Object.keys(body).filter((k) => TENANT_FIELDS.test(k) && /id|key/i.test(k));
}

/** Tenant selectors never travel in a body: the API key alone picks the workspace. */
export function rejectTenantSelectors(body: unknown, location: Location = 'body') {
  const found = tenantSelectorKeys(body);
  if (found.length) {
    throw ERRORS.tenantSelectors(found.map((path) => ({ location, path, message: TENANT_SELECTOR_MESSAGE })));
  }
}

/** Deeper than any body the API takes; a deeper one is refused before a schema walks it. */
export const MAX_INPUT_DEPTH = 32;

// A UTF-16 surrogate without its other half: JSON's "\ud800" escape makes one. It has no UTF-8
// form, so PostgreSQL's jsonb refuses it and text would store U+FFFD in its place.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function unstorable(text: string): string | undefined {
  if (text.includes('\0')) return 'must not contain the NUL character (U+0000)';
  if (LONE_SURROGATE.test(text))
    return 'must not contain a lone UTF-16 surrogate (such as \\ud800); send valid Unicode';
  return undefined;
}

/**
 * Text PostgreSQL cannot store as sent (U+0000, which text and jsonb cannot hold; a lone
 * surrogate, which has no UTF-8 form) and nesting deeper than MAX_INPUT_DEPTH are refused up
 * front, naming where they are, rather than failing the write, being stored altered, or
 * overflowing the stack of a recursive schema. Walks with its own stack for the same reason.
 */
export function rejectUnstorableInput(value: unknown, location: Location) {
  // Paths are linked lists back to the root, so a deep body costs no copying until one is named.
  type At = { key: string; up: At; depth: number } | null;
  const stack: [unknown, At][] = [[value, null]];
  while (stack.length > 0) {
    const [v, at] = stack.pop()!;
    let found: { at: At; message: string } | undefined;
    if (typeof v === 'string') {
      const message = unstorable(v);
      if (message) found = { at, message };
    } else if (v !== null && typeof v === 'object') {
      const depth = (at?.depth ?? 0) + 1;
      if (depth > MAX_INPUT_DEPTH) found = { at, message: `must not nest deeper than ${MAX_INPUT_DEPTH} levels` };
      else
        for (const [key, child] of Object.entries(v)) {
          const here = { key, up: at, depth };
          const message = unstorable(key);
          if (message) {
            found = { at: here, message: `key ${message}` };
            break;
          }
          stack.push([child, here]);
        }
    }
    if (found !== undefined) {
      const keys: string[] = [];
      for (let a = found.at; a; a = a.up) keys.unshift(echo(a.key));
      throw fieldError(location, keys.join('.'), found.message);
    }
  }
}

export function parseInput<S extends z.ZodType>(schema: S, data: unknown, location: Location): z.output<S> {
  const result = schema.safeParse(data, { error: serviceMessage });
  if (result.success) return result.data;
  throw ERRORS.invalidInput(location, zodIssues(result.error, location, schema));
}

/** Key-sorted JSON, so two bodies that differ only in key order fingerprint alike. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const record = value as Record<string, unknown>;
  // Keys sorted by code unit, as the comparison of two strings does.
  let out = '';
  for (const k of Object.keys(record).sort()) {
    if (record[k] === undefined) continue;
    out += `${out ? ',' : ''}${JSON.stringify(k)}:${canonicalJson(record[k])}`;
  }
  return `{${out}}`;
}
