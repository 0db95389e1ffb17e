/**
 * A per-process map whose entries are forgotten ttlMs after they were set: for lookups that may
 * be a few seconds stale (API keys, pipeline stages). Past maxEntries it starts over rather than
 * growing without bound.
 */
export class ExpiringMap<V> {
  private entries = new Map<string, { value: V; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    return hit && hit.expires > Date.now() ? hit.value : undefined;
  }

  set(key: string, value: V): void {
    if (this.entries.size > this.maxEntries) this.entries.clear();
    this.entries.set(key, { value, expires: Date.now() + this.ttlMs });
  }
}
