import { z } from 'zod';

/**
 * The service's own words for every validation issue, each saying what to send: partners never
 * read the validation library's wording ("Invalid input: expected string, received number",
 * "Too big: expected number to be <=100"). A schema's own message, where it has one, comes first;
 * this map fills in the rest. It is also zod's process-wide error map (set below), so the admin
 * CLI and the configuration speak the same way.
 */

/** How an expected type reads in a message: "must be a string". */
const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  record: 'an object',
  tuple: 'an array',
  null: 'null',
  date: 'a date',
  nan: 'a number',
};

/** What was sent, in the same words: "not a number". */
function sentType(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'an array';
  if (typeof input === 'number') return Number.isInteger(input) ? 'a whole number' : 'a number';
  if (typeof input === 'object') return 'an object';
  if (typeof input === 'boolean') return 'true or false';
  return `a ${typeof input}`;
}

/** A value of an enum or a literal, as JSON writes it. */
const shown = (v: unknown) => (typeof v === 'string' ? `"${v}"` : String(v));

/** "a", "a or b", "a, b or c". */
function either(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

const plural = (n: number | bigint, one: string, many: string) => `${n} ${Number(n) === 1 ? one : many}`;

/** Examples of the string formats the API takes, so a refusal shows what is accepted. */
const FORMATS: Record<string, string> = {
  email: 'must be an email address like dana@example.com',
  url: 'must be an absolute URL like https://example.com/page',
  datetime: 'must be a date-time like 2026-11-24T15:00:00Z',
  date: 'must be a date like 2026-11-24',
  time: 'must be a time like 15:00:00',
  uuid: 'must be a UUID like 123e4567-e89b-12d3-a456-426614174000',
  base64: 'must be base64',
  base64url: 'must be base64url',
};

/**
 * The types a union takes when each of its forms refused the value's type alone (nested unions
 * included), in a list's words; undefined when some form refused something else.
 */
function unionTypes(branches: readonly (readonly z.core.$ZodIssue[])[]): string[] | undefined {
  const types: string[] = [];
  for (const branch of branches) {
    const only = branch.length === 1 && branch[0]!.path.length === 0 ? branch[0]! : undefined;
    if (only?.code === 'invalid_type')
      types.push(only.expected === 'boolean' ? 'a boolean' : (TYPE_NAMES[only.expected] ?? only.expected));
    else if (only?.code === 'invalid_union') {
      const inner = unionTypes(only.errors);
      if (!inner) return undefined;
      types.push(...inner);
    } else return undefined;
  }
  return types.length > 0 ? types : undefined;
}

/** The message of one issue; `undefined` keeps a schema's own. */
export const serviceMessage: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return 'is required';
      const expected = TYPE_NAMES[issue.expected] ?? `a ${issue.expected}`;
      return `must be ${expected}, not ${sentType(issue.input)}`;
    }
    case 'too_big': {
      const max = issue.maximum;
      switch (issue.origin) {
        case 'string':
          return issue.exact
            ? `must be exactly ${plural(max, 'character', 'characters')} long`
            : `must be at most ${plural(max, 'character', 'characters')} long`;
        case 'array':
        case 'set':
          return `must hold at most ${plural(max, 'item', 'items')}`;
        case 'file':
          return `must be at most ${max} bytes`;
        default:
          return issue.inclusive === false ? `must be less than ${max}` : `must be at most ${max}`;
      }
    }
    case 'too_small': {
      const min = issue.minimum;
      switch (issue.origin) {
        case 'string':
          return Number(min) === 1 && !issue.exact
            ? 'must not be empty'
            : `must be ${issue.exact ? 'exactly' : 'at least'} ${plural(min, 'character', 'characters')} long`;
        case 'array':
        case 'set':
          return `must hold at least ${plural(min, 'item', 'items')}`;
        default:
          return issue.inclusive === false ? `must be more than ${min}` : `must be at least ${min}`;
      }
    }
    case 'invalid_value':
      return issue.values.length === 1
        ? `must be ${shown(issue.values[0])}`
        : `must be one of ${either(issue.values.map(shown))}`;
    case 'invalid_format': {
      if (issue.format === 'starts_with') return `must start with "${String(issue.prefix)}"`;
      if (issue.format === 'ends_with') return `must end with "${String(issue.suffix)}"`;
      if (issue.format === 'includes') return `must include "${String(issue.includes)}"`;
      return (
        FORMATS[issue.format] ?? `is not in the accepted form (${issue.format}); see this field in the API reference`
      );
    }
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}`;
    case 'unrecognized_keys':
      return `unknown field${issue.keys.length === 1 ? '' : 's'} ${issue.keys.map((k) => `\`${k}\``).join(', ')}`;
    case 'invalid_union': {
      // Every form refused the value's type: name the types taken. Otherwise the first form's reason.
      const types = unionTypes(issue.errors);
      if (types) return `must be ${either([...new Set(types)])}, not ${sentType(issue.input)}`;
      return issue.errors[0]?.[0]?.message ?? 'is not in any accepted form; see this field in the API reference';
    }
    case 'invalid_key':
      return 'has a key that is not accepted; see this field in the API reference';
    case 'invalid_element':
      return 'holds an item that is not accepted; see this field in the API reference';
    case 'custom':
      return 'is not accepted; see this field in the API reference';
    default:
      return 'is not accepted; see this field in the API reference';
  }
};

z.config({ customError: serviceMessage });
