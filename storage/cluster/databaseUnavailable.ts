/**
 * Whether an error means PostgreSQL could not be reached or dropped the connection (an outage, a
 * failover, a restart), as opposed to a statement that failed: the request may be retried as is.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const { code, syscall } = (err ?? {}) as { code?: unknown; syscall?: unknown };
  if (typeof code !== 'string') return false;
  if (DRIVER_CODES.has(code)) return true;
  // Socket errors carry the failing system call; a file's ENOENT (blob store) is not an outage.
  if (typeof syscall === 'string' && SOCKET_CALLS.has(syscall)) return true;
  // SQLSTATE class 08 is "connection exception"; 57P01–57P03 are a server shutting down,
  // crashing or not yet accepting connections.
  return code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03';
}

/**
 * A request stopped waiting for statements PostgreSQL, judged unreachable, had not answered
 * (api/middleware/databaseDeadline.ts).
 */
export class DatabaseDeadlineError extends Error {
  readonly code = 'DATABASE_DEADLINE';
  constructor() {
    super('PostgreSQL is unreachable and the request had no answer from it in time');
  }
}

/**
 * postgres.js' own codes for a connection that closed or could not open in time, and ours for a
 * request that stopped waiting.
 */
const DRIVER_CODES = new Set(['CONNECTION_CLOSED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT', 'DATABASE_DEADLINE']);
const SOCKET_CALLS = new Set(['connect', 'read', 'write', 'getaddrinfo']);
