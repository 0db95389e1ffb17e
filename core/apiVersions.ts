/**
 * Dated API versions: the list partners choose from (`Partner-Version: YYYY-MM-DD`) and how each
 * one's answers differ from the next newer one's. The code renders every answer in the newest
 * version; an older version's answer is that one with the `fromNewer` changes of every newer
 * version undone, newest first. A version with no newer one therefore costs nothing: its answers
 * (and webhook payloads) are the bytes the code produced.
 */

/** How one version's answers differ from the next newer one's, for one kind of resource. */
export interface ResourceChange {
  /** The resource's id prefix (`lead`, `rpt`…): every JSON object whose `id` has it is one. */
  idPrefix: string;
  /** The resource as the newer version shows it → as this version shows it. */
  apply: (resource: Record<string, unknown>) => Record<string, unknown>;
}

export interface ApiVersion {
  /** YYYY-MM-DD */
  date: string;
  /** What this version's answers need to look like from the next newer version's; none for the newest. */
  fromNewer?: ResourceChange[];
  /** Deprecated since `since`, answered until `sunset`: both are sent as headers on its answers. */
  deprecated?: { since: Date; sunset: Date };
}

/** Today's contract. */
export const FIRST_VERSION = '2026-11-27';

const PRODUCTION_VERSIONS: readonly ApiVersion[] = [{ date: FIRST_VERSION }];

let versions: ApiVersion[] = [...PRODUCTION_VERSIONS];

export const VERSION_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The known versions, oldest first. */
export function apiVersions(): readonly ApiVersion[] {
  return versions;
}

/** What a new key or endpoint is pinned to when nothing else is named. */
export function latestVersion(): string {
  return versions[versions.length - 1]!.date;
}

export function findApiVersion(date: string): ApiVersion | undefined {
  return versions.find((v) => v.date === date);
}

/** The changes that turn the newest version's answer into `date`'s, in the order they apply. */
export function changesFor(date: string): ResourceChange[] {
  const index = versions.findIndex((v) => v.date === date);
  if (index < 0) return [];
  return versions
    .slice(index)
    .reverse()
    .flatMap((v) => v.fromNewer ?? []);
}

/**
 * Renders a JSON value (an API answer, a webhook payload) in `date`'s shape: each object whose
 * `id` has a changed resource's prefix is replaced, wherever it sits. Undefined when the version
 * changes nothing, so the caller keeps the bytes it has.
 */
export function renderInVersion(value: unknown, date: string): unknown {
  const changes = changesFor(date);
  if (changes.length === 0) return undefined;
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (v === null || typeof v !== 'object') return v;
    let out: Record<string, unknown> = {};
    for (const [k, child] of Object.entries(v)) out[k] = walk(child);
    const id = out.id;
    if (typeof id === 'string') {
      for (const change of changes) if (id.startsWith(`${change.idPrefix}_`)) out = change.apply(out);
    }
    return out;
  };
  return walk(value);
}

/**
 * Adds a version for the running test process only: a version a test needs (one that changes a
 * field, one deprecated) never reaches production's list, because outside a test run this throws.
 * Returns the removal.
 */
export function addVersionForTests(version: ApiVersion): () => void {
  if (!process.env.VITEST) throw new Error('API versions are added in core/apiVersions.ts, not at run time');
  versions = [...versions, version].sort((a, b) => a.date.localeCompare(b.date));
  return () => {
    versions = versions.filter((v) => v !== version);
  };
}
