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

const VERSION_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/** At most this many characters of what a client sent go back in an error message. */
const ECHO_LIMIT = 40;

/** What a client sent, cut to a short prefix for an error message: an answer never mirrors a large input. */
export function echo(value: string): string {
  // Code points, not UTF-16 units, so a cut never splits a pair; only the head is ever walked.
  const chars = Array.from(value.slice(0, 2 * ECHO_LIMIT + 1));
  return chars.length > ECHO_LIMIT ? `${chars.slice(0, ECHO_LIMIT).join('')}…` : value;
}

/**
 * The contract's code for every status the service answers with: the one place a status and its
 * code are paired (408, 411 and 413 use the validation shape, 410 the conflict one, 503 the
 * internal one, as the contract says; 405 has no code of its own and reads as NOT_FOUND).
 */
export const CODE_OF_STATUS = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'NOT_FOUND',
  408: 'VALIDATION_ERROR',
  409: 'CONFLICT',
  410: 'CONFLICT',
  411: 'VALIDATION_ERROR',
  413: 'VALIDATION_ERROR',
  429: 'RATE_LIMITED',
  500: 'INTERNAL_ERROR',
  503: 'INTERNAL_ERROR',
} as const satisfies Record<number, ErrorCode>;
export type ErrorStatus = keyof typeof CODE_OF_STATUS;

/** An error of a status with the contract's code for it. */
function failure(
  status: ErrorStatus,
  message: string,
  details?: Record<string, unknown>,
  headers?: Record<string, string>,
): ApiError {
  return new ApiError(status, CODE_OF_STATUS[status], message, details, headers);
}

export const notFound = (what: string) => failure(404, `${what} not found`);
export const conflict = (message: string, details?: Record<string, unknown>) => failure(409, message, details);
export const validation = (message: string, details?: Record<string, unknown>) => failure(400, message, details);

/** Every error the service answers with, by what went wrong; handlers throw these, never a bare ApiError. */
export const ERRORS = {
  notFound,
  conflict,
  validation,
  /** A 4xx Koa or a parser raised, in the envelope: a 415 is the contract's 400, another status keeps its number. */
  http: (status: number, message: string) =>
    status === 415
      ? failure(400, message)
      : status in CODE_OF_STATUS
        ? failure(status as ErrorStatus, message)
        : new ApiError(status, 'VALIDATION_ERROR', message),
  noRoute: (method: string, path: string) => failure(404, `No route for ${echo(method)} ${echo(path)}`),
  methodNotAllowed: (method: string, path: string, allowed: string[]) =>
    failure(
      405,
      `${echo(method)} is not allowed on ${echo(path)}; it takes ${allowed.join(', ')}`,
      { allowed_methods: allowed },
      { Allow: allowed.join(', ') },
    ),
  invalidApiKey: (message: string, challenge: string) =>
    failure(401, message, undefined, { 'WWW-Authenticate': challenge }),
  workspaceInactive: () => failure(403, 'Workspace is inactive'),
  missingScopes: (missing: string[]) =>
    failure(403, `API key lacks required scope: ${missing.join(', ')}`, { missing_scopes: missing }),
  rateLimited: (limit: number, retryAfter: number, headers: Record<string, string>) =>
    failure(
      429,
      `Rate limit of ${limit} requests per minute exceeded`,
      { limit, retry_after_seconds: retryAfter },
      { ...headers, 'Retry-After': String(retryAfter) },
    ),
  tooManyExpensiveRequests: (limit: number) =>
    failure(
      429,
      `At most ${limit} report imports, lead exports, generations and roof selections may run at once per API key`,
      { limit },
      { 'Retry-After': '1' },
    ),
  tooManySlowConnections: (limit: number, headers: Record<string, string>) =>
    failure(
      429,
      `At most ${limit} connections per client may still be sending their request; finish those first`,
      { reason: 'slow_connections', limit },
      { ...headers, 'Retry-After': '5' },
    ),
  tooManyExports: (limit: number) =>
    failure(
      429,
      `At most ${limit} exports of a workspace run at once; retry when one has finished`,
      { reason: 'concurrent_exports', limit },
      { 'Retry-After': '1' },
    ),
  /** The photo's embedding is still being computed: the partner retries shortly. */
  roofFinderWarming: (retryAfterSeconds: number) =>
    failure(
      409,
      `The photo is still being prepared for roof selection; retry in ${retryAfterSeconds} s`,
      { reason: 'photo_being_prepared', retry_after_seconds: retryAfterSeconds },
      { 'Retry-After': String(retryAfterSeconds) },
    ),
  /** The visualization's photo cannot be read, so nothing on it can be selected. */
  photoUnusable: (why: string) =>
    failure(409, `${why}; create a new visualization with another photo`, { reason: 'photo_unusable' }),
  unknownApiVersion: (given: string, known: string[]) =>
    fieldError(
      'header',
      'Partner-Version',
      `${VERSION_SHAPE.test(given) ? `${echo(given)} is not an API version` : 'Send a date, YYYY-MM-DD'}; the known versions are ${known.join(', ')}`,
      { extra: { known_versions: known } },
    ),
  tenantSelectors: (issues: { location: string; path: string; message: string }[]) =>
    failure(400, 'Tenant selectors are not accepted; the API key decides the workspace', { issues }),
  invalidInput: (location: string, issues: { path: string; message: string }[]) =>
    failure(400, `Invalid ${location}${issues[0]!.path ? ` field ${issues[0]!.path}` : ''}: ${issues[0]!.message}`, {
      issues,
    }),
  bodyTooLarge: (limit: number) => failure(400, `Request body exceeds ${limit} bytes`, { limit_bytes: limit }),
  jsonSyntax: (line: number, column: number, offset: number) =>
    failure(400, `Request body is not valid JSON: syntax error at line ${line}, column ${column} (offset ${offset})`, {
      line,
      column,
      offset,
    }),
  jsonRefused: (message: string) => failure(400, message),
  uploadTooSlow: (message: string, headers: Record<string, string>) =>
    failure(408, message, { issues: [{ location: 'body', path: '', message }] }, headers),
  fileStorageUnavailable: () => failure(503, 'File storage is unavailable; retry later'),
  jobQueueUnavailable: () => failure(503, 'The job queue is unavailable; retry later'),
  shareLinkRevoked: () => failure(410, 'Share link was revoked'),
  shareLinkExpired: () => failure(410, 'Share link has expired'),
  signedUrlInvalid: () => failure(403, 'Signed URL is invalid or has expired'),
  fileNotFound: () => failure(404, 'File not found'),
  databaseUnavailable: (retryAfterSeconds: string) =>
    failure(500, 'The database is unavailable; retry later', undefined, { 'Retry-After': retryAfterSeconds }),
  internal: () => failure(500, 'Internal server error'),
  notReady: (problem: string) => failure(503, problem),
  metricsTokenRequired: () =>
    failure(401, 'The metrics need the METRICS_TOKEN bearer token', undefined, {
      'WWW-Authenticate': 'Bearer realm="metrics"',
    }),
  adminFormUnreadable: () => failure(400, 'The form could not be read.'),
  adminTokenInvalid: () =>
    failure(401, 'The Bearer token is not the admin token.', undefined, {
      'WWW-Authenticate': 'Bearer realm="partner-api-admin"',
    }),
  adminSessionEnded: () => failure(401, 'Your session has ended; sign in again.'),
  adminFormForeign: () =>
    failure(
      403,
      'This form did not come from the console page, or it is from an earlier session; reload the page and try again.',
    ),
  adminNoSuchJob: () => failure(404, 'There is no such job.'),
};

/** Where a bad input was found, as the envelope's `details.issues[].location` names it. */
export type FieldLocation = 'body' | 'query' | 'path' | 'header';

/** One bad field, in the envelope's shape; `status` and `extra` for the few that are not 400. */
export function fieldError(
  location: FieldLocation,
  path: string,
  message: string,
  opts: { status?: ErrorStatus; extra?: Record<string, unknown>; headers?: Record<string, string> } = {},
) {
  const where = path ? `${location} field ${path}` : location;
  return failure(
    opts.status ?? 400,
    `Invalid ${where}: ${message}`,
    { issues: [{ location, path, message }], ...opts.extra },
    opts.headers,
  );
}

/** What one item of a batch came to: its value, or the 4xx it was refused with, having written nothing. */
export type ItemOutcome<R> = { ok: true; value: R } | { ok: false; error: ApiError };

/** A failure a task should not retry: the input itself is unusable. */
export class PermanentError extends Error {}
