import type { RouteDef } from '../route.ts';

/**
 * A portable Idempotency-Key: 32 random hex digits from tools every POSIX shell has (`uuidgen`
 * is missing on a stock Debian).
 */
export const SHELL_IDEMPOTENCY_KEY = `$(od -An -N16 -tx1 /dev/urandom | tr -d ' \\n')`;

/** Where the files a multipart example names are, relative to the repository root. */
export const SAMPLE_FILES_DIR = 'samples/reports';

/** A shell word: as it is when it needs no quoting, else in single quotes. */
function quote(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./~-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/**
 * The operation's example as a curl command a partner can paste after `export KEY=pk_…`: built
 * from the route and its example, so the sample cannot drift from the operation. A multipart
 * example's file names are sent from SAMPLE_FILES_DIR, where the repository ships them.
 */
export function curlSample(route: RouteDef, baseUrl: string): string {
  const { example } = route;
  const path = route.path.replace(/:([A-Za-z_]+)/g, (_, name: string) =>
    encodeURIComponent(example.params?.[name] ?? `<${name}>`),
  );
  const query = new URLSearchParams(
    Object.entries(example.query ?? {}).map(([k, v]) => [k, String(v)] as [string, string]),
  ).toString();
  const method = route.method.toUpperCase();
  const first = ['curl'];
  if (method !== 'GET') first.push('-X', method);
  if (example.response.status >= 300 && example.response.status < 400) first.push('-L');
  first.push(quote(`${baseUrl}${path}${query ? `?${query}` : ''}`));
  const lines = [first.join(' ')];
  if (route.auth === 'key') lines.push('-H "Authorization: Bearer $KEY"');
  if (route.idempotent) lines.push(`-H "Idempotency-Key: ${SHELL_IDEMPOTENCY_KEY}"`);
  if (route.body && example.body !== undefined) {
    lines.push('-H "Content-Type: application/json"');
    lines.push(`-d ${quote(JSON.stringify(example.body))}`);
  } else if (route.rawBody) {
    for (const [field, value] of Object.entries((example.body ?? {}) as Record<string, unknown>)) {
      for (const item of Array.isArray(value) ? value : [value]) {
        lines.push(
          Array.isArray(value)
            ? `-F ${quote(`${field}=@${SAMPLE_FILES_DIR}/${String(item)}`)}`
            : `-F ${quote(`${field}=${String(item)}`)}`,
        );
      }
    }
  }
  return lines.join(' \\\n  ');
}
