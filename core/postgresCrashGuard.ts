import type { Logger } from './logger.ts';

/**
 * Keeps the process alive through the one postgres.js defect that throws outside any query's
 * promise: writing to a connection PostgreSQL has just dropped ("Cannot read properties of null
 * (reading 'write')", from a timer; README, "postgres.js and a dropped connection"). That error is
 * logged; every other uncaught exception or unhandled rejection still ends the process, as Node
 * would end it, so a real bug is not hidden.
 */
export function guardPostgresNullSocketWrite(logger: Logger): void {
  process.on('uncaughtException', (err, origin) => {
    if (isPostgresNullSocketWrite(err)) {
      logger.warn({ err, origin }, 'postgres.js wrote to a dropped connection; ignored');
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
