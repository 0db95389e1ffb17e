import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Sql } from './db.ts';

/** A lease lives this long unless renewed; a crashed process's leases are free again after it. */
export const LEASE_TTL_SECONDS = 30;

/**
 * One process's leases on capped resources (migration 16), kept in PostgreSQL so that every web
 * process and dyno counts against the same caps. Taking and releasing are one statement each, and
 * the leases held are renewed together every third of their lifetime: no connection or transaction
 * is held while the request that holds a lease waits on its client.
 */
export class CapacityLeases {
  private readonly held = new Set<string>();
  /** Let go, their delete not yet confirmed: a request right after its predecessor's must not count it. */
  private readonly releasing = new Set<string>();
  private readonly holder = `${hostname()} ${process.pid} ${randomBytes(3).toString('hex')}`;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly sql: Sql,
    private readonly onError: (err: unknown) => void,
    private readonly ttlSeconds = LEASE_TTL_SECONDS,
  ) {}

  /** A lease in `bucket` if fewer than `cap` are held there (by any process): its release, else undefined. */
  async take(bucket: string, cap: number): Promise<(() => void) | undefined> {
    const [row] = await this.sql<{ id: string | null }[]>`
      select take_capacity_lease(${bucket}, ${cap}, ${this.holder}, ${this.ttlSeconds},
        ${[...this.releasing]}::bigint[])::text as id`;
    const id = row!.id;
    if (id === null) return undefined;
    this.held.add(id);
    this.timer ??= setInterval(() => this.renew(), (this.ttlSeconds * 1000) / 3).unref();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.held.delete(id);
      this.idleCheck();
      // A release that fails (the database unreachable) lets the lease expire instead.
      this.releasing.add(id);
      this.sql`delete from capacity_leases where id = ${id}`
        .catch(this.onError)
        .finally(() => this.releasing.delete(id));
    };
  }

  /** Stops renewing: the leases still held expire. */
  stop() {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private idleCheck() {
    if (this.held.size === 0) this.stop();
  }

  private renew() {
    const ids = [...this.held];
    if (!ids.length) return;
    this.sql`
      update capacity_leases set expires_at = now() + make_interval(secs => ${this.ttlSeconds})
      where id = any(${ids}::bigint[])`.catch(this.onError);
  }
}

/** Leases of crashed processes in buckets nobody has taken from since (cleanup task). */
export async function deleteExpiredLeases(sql: Sql): Promise<number> {
  const rows = await sql`delete from capacity_leases where expires_at < now() returning 1`;
  return rows.length;
}
