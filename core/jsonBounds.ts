/**
 * Bounds of the JSON records partners write freely (a lead's custom_fields and form_data, a form
 * submission's form_data): generous for a CRM, and small enough that a lead stays cheap to read,
 * render and rewrite (repeated merges once grew one lead to 18.7 MB).
 */
export const JSON_RECORD_LIMITS = {
  keys: 100,
  keyLength: 100,
  stringLength: 2_000,
  arrayItems: 100,
  /** UTF-8 bytes of the record as compact JSON. */
  bytes: 65_536,
} as const;

export interface JsonRecordIssue {
  /** Relative to the record: [] for the record itself, [key] or [key, index] inside it. */
  path: (string | number)[];
  message: string;
}

const L = JSON_RECORD_LIMITS;

function stringIssue(value: unknown, path: (string | number)[]): JsonRecordIssue[] {
  return typeof value === 'string' && value.length > L.stringLength
    ? [{ path, message: `must be at most ${L.stringLength} characters` }]
    : [];
}

/**
 * Every bound `record` breaks. Values are scalars or arrays of scalars (the schema's rule), so there
 * is no nesting to bound. One rule for requests and for merged records: a merge of two records
 * within the bounds can exceed the key count or the size.
 */
export function jsonRecordIssues(record: Record<string, unknown>): JsonRecordIssue[] {
  const issues: JsonRecordIssue[] = [];
  const keys = Object.keys(record);
  if (keys.length > L.keys) issues.push({ path: [], message: `must have at most ${L.keys} keys` });
  for (const key of keys) {
    const value = record[key];
    if (key.length > L.keyLength)
      issues.push({ path: [key], message: `key must be at most ${L.keyLength} characters` });
    if (Array.isArray(value)) {
      if (value.length > L.arrayItems) issues.push({ path: [key], message: `must hold at most ${L.arrayItems} items` });
      value.forEach((item, i) => issues.push(...stringIssue(item, [key, i])));
    } else {
      issues.push(...stringIssue(value, [key]));
    }
  }
  if (Buffer.byteLength(JSON.stringify(record)) > L.bytes) {
    issues.push({ path: [], message: `must be at most ${L.bytes} bytes as JSON` });
  }
  return issues;
}
