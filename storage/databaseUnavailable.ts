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

/** postgres.js' own codes for a connection that closed or could not open in time. */
const DRIVER_CODES = new Set(['CONNECTION_CLOSED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT']);
const SOCKET_CALLS = new Set(['connect', 'read', 'write', 'getaddrinfo']);
