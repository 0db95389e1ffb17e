import type { Db } from './db.ts';

/** Lower-cased name → PostgreSQL's spelling. Filled once per process by loadTimezoneNames. */
let known: Map<string, string> | undefined;

/**
 * Time zones are applied by PostgreSQL (`at time zone`), so its own list decides which names are
 * valid: Node's ICU data knows names PostgreSQL's tzdata dropped (US/Pacific-New), which passed a
 * check against Intl and then failed the query. The list changes only with the server's tzdata,
 * so it is read once per process, at start-up, and the validation that needs it stays synchronous.
 */
export async function loadTimezoneNames(sql: Db): Promise<void> {
  if (known) return;
  const rows = await sql<{ name: string }[]>`select name from pg_timezone_names`;
  known = new Map(rows.map((r) => [r.name.toLowerCase(), r.name]));
}

/** PostgreSQL's spelling of a zone name, matched case-insensitively as PostgreSQL does; undefined if unknown. */
export function canonicalTimezone(name: string): string | undefined {
  if (!known) throw new Error('loadTimezoneNames() must run before time zones are validated');
  return known.get(name.toLowerCase());
}
