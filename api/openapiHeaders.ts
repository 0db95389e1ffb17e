import type { RouteDef } from './route.ts';
import { apiVersions, FIRST_VERSION, latestVersion } from '../core/apiVersions.ts';

type Json = Record<string, unknown>;

const text = (description: string, example: string): Json => ({ description, schema: { type: 'string' }, example });

/** Whether the route's 200 is a JSON body that GET answers with an ETag (exports and downloads are not). */
export function isConditional(route: RouteDef): boolean {
  return route.method === 'get' && route.responses[200]?.schema !== undefined;
}

/** Request headers every operation of its kind takes beside its own parameters. */
export function commonParameters(route: RouteDef): Json[] {
  const known = apiVersions().map((v) => v.date);
  const parameters: Json[] = [
    {
      name: 'Partner-Version',
      in: 'header',
      required: false,
      description:
        `The dated API version to answer in (known: ${known.join(', ')}); without it, the version pinned on the ` +
        'key when it was created. An unknown or malformed one is a 400 listing the known ones. See "API versions" above.',
      schema: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
      example: latestVersion(),
    },
  ];
  if (isConditional(route)) {
    parameters.push({
      name: 'If-None-Match',
      in: 'header',
      required: false,
      description:
        'ETags of answers you hold (or `*`): when one matches, the answer is 304 with no body, not charged against the rate limit. See "Conditional requests" above.',
      schema: { type: 'string' },
      example: '"k3Jq8Xw2bV0s9Lr4Tn6yPa"',
    });
  }
  return parameters;
}

const RATE_LIMIT_HEADERS: Record<string, Json> = {
  'X-RateLimit-Limit': text('Requests allowed per minute for this key and endpoint', '60'),
  'X-RateLimit-Remaining': text('Requests left in the current minute', '59'),
  'X-RateLimit-Reset': text('When the current minute ends (ISO 8601)', '2026-11-27T14:03:00.000Z'),
  'RateLimit-Policy': text(
    'The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds',
    '"default";q=60;w=60',
  ),
  RateLimit: text('What is left of the quota: r requests for the next t seconds', '"default";r=59;t=42'),
};

const VERSION_HEADERS: Record<string, Json> = {
  'Partner-Version': text('The dated API version the answer is rendered in', FIRST_VERSION),
  Deprecation: text(
    "Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds)",
    '@1798761600',
  ),
  Sunset: text(
    "Only when the answer's version is deprecated: when it stops being answered (RFC 8594)",
    'Mon, 01 Mar 2027 00:00:00 GMT',
  ),
  Link: text(
    'Only when the answer\'s version is deprecated: the docs on versions, `rel="deprecation"`',
    '<https://api.example.com/docs#section/API-versions>; rel="deprecation"; type="text/html"',
  ),
};

const ETAG = text('A strong tag of the body: send it back in If-None-Match', '"k3Jq8Xw2bV0s9Lr4Tn6yPa"');

/** A header of an error answer: described without an example, since an operation shows one answer (its 2xx). */
const described = (description: string): Json => ({ description, schema: { type: 'string' } });

/**
 * Headers an error answer of the route carries, as the contract's error table names them: every 429
 * says when to retry (and, past a key's per-minute limit, the limit's headers), a 401 names the
 * scheme to authenticate with (RFC 6750: `Bearer realm="partner-api"`).
 */
export function errorResponseHeaders(route: RouteDef, status: number): Record<string, Json> {
  if (status === 429) {
    const limitHeaders = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'].map(
      (h) =>
        [
          h,
          described(`Past the per-minute limit: ${String(RATE_LIMIT_HEADERS[h]!.description).toLowerCase()}`),
        ] as const,
    );
    return {
      'Retry-After': described('Seconds to wait before sending the request again'),
      ...(route.auth === 'key' ? Object.fromEntries(limitHeaders) : {}),
    };
  }
  return status === 401
    ? { 'WWW-Authenticate': described('The authentication scheme the API takes: a Bearer API key') }
    : {};
}

/** Headers a 2xx answer of the route carries beside its own. */
export function commonResponseHeaders(route: RouteDef, status: number): Record<string, Json> {
  return {
    ...VERSION_HEADERS,
    ...(route.auth === 'key' ? RATE_LIMIT_HEADERS : {}),
    ...(status === 200 && isConditional(route) ? { ETag: ETAG } : {}),
  };
}

/** The 304 of a conditional GET: no body, the tag and the headers of the 200 it stands for. */
export function notModifiedResponse(route: RouteDef): Json {
  return {
    description: 'Not Modified: If-None-Match names the current ETag; no body, and not charged against the rate limit',
    // Described without examples: the operation's one example answer is its 200's.
    headers: Object.fromEntries(
      Object.entries(commonResponseHeaders(route, 200)).map(([name, { example: _, ...header }]) => [name, header]),
    ),
  };
}
