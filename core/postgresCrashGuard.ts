import type { Logger } from './logger.ts';

/**
 * Keeps the process alive through the postgres.js defects that fail outside any query's promise:
 * - writing to a connection PostgreSQL has just dropped ("Cannot read properties of null (reading
 *   'write')", from a timer; docs/operations.md, "Database failover");
 * - the array-type lookup every new connection runs first (fetch_types), whose promise postgres.js
 *   drops (porsager/postgres#1192, #1223): when that connection dies during the lookup, which
 *   through PgBouncer happens to every connection opened while PostgreSQL is down ("server login
 *   has been failing"), the rejection goes unhandled. The connection reconnects and the query
 *   waiting for it runs or fails on its own, so nothing is lost by ignoring it.
 * Those are logged; every other uncaught exception or unhandled rejection still ends the process,
 * as Node would end it, so a real bug is not hidden.
 */
export function guardKnownPostgresDefects(logger: Logger): void {
  process.on('uncaughtException', (err, origin) => {
    if (isPostgresNullSocketWrite(err)) {
      logger.warn({ err, origin }, 'postgres.js wrote to a dropped connection; ignored');
      return;
    }
    if (origin === 'unhandledRejection' && isPostgresArrayTypeLookup(err)) {
      logger.warn({ err, origin }, "postgres.js lost a new connection's array-type lookup; ignored");
      return;
    }
    logger.fatal({ err, origin }, 'uncaught exception');
    process.exit(1);
  });
}

export function isPostgresNullSocketWrite(err: unknown): boolean {
  return (
    err instanceof TypeError &&
    err.message === "Cannot read properties of null (reading 'write')" &&
    /[\\/]postgres[\\/]src[\\/]connection\.js:/.test(err.stack ?? '')
  );
}

/** The failure of postgres.js' own lookup, which it labels with its query text (not enumerable). */
export function isPostgresArrayTypeLookup(err: unknown): boolean {
  const query = (err as { query?: unknown } | null)?.query;
  return typeof query === 'string' && /from pg_catalog\.pg_type a[\s\S]*b\.typarray/.test(query);
}
