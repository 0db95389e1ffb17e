export const ERROR_CODES = [
  'UNAUTHORIZED',
  'FORBIDDEN',
  'RATE_LIMITED',
  'VALIDATION_ERROR',
  'NOT_FOUND',
  'CONFLICT',
  'INTERNAL_ERROR',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The one error type handlers throw; the error middleware renders it as the ErrorResponse envelope. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

/** The ErrorResponse envelope of an error: the API's error middleware and the worker's health server answer it. */
export function errorBody(err: ApiError, requestId: string) {
  return {
    error: {
      code: err.code,
      message: err.message,
      request_id: requestId,
      ...(err.details ? { details: err.details } : {}),
    },
  };
}

/** At most this many characters of what a client sent go back in an error message. */
const ECHO_LIMIT = 40;

/** What a client sent, cut to a short prefix for an error message: an answer never mirrors a large input. */
export function echo(value: string): string {
  // Code points, not UTF-16 units, so a cut never splits a pair; only the head is ever walked.
  const chars = Array.from(value.slice(0, 2 * ECHO_LIMIT + 1));
  return chars.length > ECHO_LIMIT ? `${chars.slice(0, ECHO_LIMIT).join('')}…` : value;
}

export const notFound = (what: string) => new ApiError(404, 'NOT_FOUND', `${what} not found`);
export const conflict = (message: string, details?: Record<string, unknown>) =>
  new ApiError(409, 'CONFLICT', message, details);
export const validation = (message: string, details?: Record<string, unknown>) =>
  new ApiError(400, 'VALIDATION_ERROR', message, details);

/** Where a bad input was found, as the envelope's `details.issues[].location` names it. */
export type FieldLocation = 'body' | 'query' | 'path' | 'header';

/** One bad field, in the envelope's shape; `status` and `extra` for the few that are not 400. */
export function fieldError(
  location: FieldLocation,
  path: string,
  message: string,
  opts: { status?: number; extra?: Record<string, unknown>; headers?: Record<string, string> } = {},
) {
  const where = path ? `${location} field ${path}` : location;
  return new ApiError(
    opts.status ?? 400,
    'VALIDATION_ERROR',
    `Invalid ${where}: ${message}`,
    { issues: [{ location, path, message }], ...opts.extra },
    opts.headers,
  );
}

/** A failure a task should not retry: the input itself is unusable. */
export class PermanentError extends Error {}
