import type { Db } from './db.ts';

/** A keyset position in a newest-first list: created_at to the microsecond (as text), then id. */
export type NewestFirstPosition = [string, string];

/**
 * `alias`.created_at as text to the microsecond: JS Dates keep milliseconds, so a position taken
 * from one would skip rows created within the same millisecond.
 */
export function positionOf(sql: Db, alias: string) {
  return sql`to_char(${sql(alias)}.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** Rows after `after` in `order by created_at desc, id desc`; every row when there is none. */
export function olderThan(sql: Db, alias: string, after: NewestFirstPosition | undefined) {
  if (!after) return sql``;
  // Sent as text and cast by PostgreSQL: a timestamptz parameter goes through postgres.js' Date
  // serializer, which drops the microseconds.
  return sql`and (${sql(alias)}.created_at, ${sql(alias)}.id) < (${after[0]}::text::timestamptz, ${after[1]})`;
}
