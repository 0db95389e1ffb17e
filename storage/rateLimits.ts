import type { Sql } from './db.ts';
import { GroupCommit } from '../core/groupCommit.ts';
import { ERRORS } from '../core/errors.ts';

interface Hit {
  /** `${windowStart ISO}|${bucket}` */
  id: string;
  /** Hits this one counts for (a lease's claim counts several). */
  n: number;
  /** With the window's count once this one's hits are in it: the position of its last. */
  resolve: (count: number) => void;
  reject: (err: unknown) => void;
}

/**
 * Counts hits in fixed clock-minute windows in Postgres, so every API process shares one
 * count. Hits are group-committed: one upsert per batch, however many hits it carries, so
 * under load the upserts stay few while an idle process writes at once. Each caller still
 * gets its own exact position in the window.
 */
export class RateLimitCounter {
  private readonly hits: GroupCommit<Hit>;

  constructor(private readonly sql: Sql) {
    this.hits = new GroupCommit('rate_limit_hits', (batch) => this.write(batch));
  }

  /** Hits counted (by every process) in `bucket` in the window so far, without adding one. */
  async count(bucket: string, windowStart: Date): Promise<number> {
    const [row] = await this.sql<{ count: number }[]>`
      select count from rate_limit_counters where bucket = ${bucket} and window_start = ${windowStart}`;
    return row?.count ?? 0;
  }

  hit(bucket: string, windowStart: Date, n = 1): Promise<number> {
    const id = `${windowStart.toISOString()}|${bucket}`;
    return new Promise((resolve, reject) => this.hits.add({ id, n, resolve, reject }));
  }

  private async write(batch: Hit[]): Promise<void> {
    const byId = new Map<string, Hit[]>();
    for (const hit of batch) {
      const same = byId.get(hit.id);
      if (same) same.push(hit);
      else byId.set(hit.id, [hit]);
    }
    const ids = [...byId.keys()];
    const windows = ids.map((id) => id.slice(0, id.indexOf('|')));
    const buckets = ids.map((id) => id.slice(id.indexOf('|') + 1));
    const counts = ids.map((id) => byId.get(id)!.reduce((sum, hit) => sum + hit.n, 0));
    try {
      const rows = await this.sql<{ bucket: string; window_start: Date; count: number }[]>`
        insert into rate_limit_counters as c (bucket, window_start, count)
        select * from unnest(${buckets}::text[], ${windows}::timestamptz[], ${counts}::int[])
        on conflict (bucket, window_start) do update set count = c.count + excluded.count
        returning bucket, window_start, count`;
      for (const row of rows) {
        const hits = byId.get(`${row.window_start.toISOString()}|${row.bucket}`)!;
        let position = row.count - hits.reduce((sum, hit) => sum + hit.n, 0);
        for (const hit of hits) hit.resolve((position += hit.n));
      }
    } catch (err) {
      for (const hit of batch) hit.reject(err);
    }
  }
}

export async function deleteOldRateLimitWindows(sql: Sql): Promise<number> {
  const rows = await sql`delete from rate_limit_counters where window_start < now() - interval '5 minutes' returning 1`;
  return rows.length;
}

/** What a process knows of one bucket's window. */
interface Lease {
  windowStart: number;
  /** Hits the process has counted in PostgreSQL and not used yet: answered with no round trip. */
  tokens: number;
  /** The window's count in PostgreSQL after the process's last claim (its unused tokens included). */
  count: number;
  /** The window is full: every later hit in it is refused, with no round trip. */
  full: boolean;
  /** Hits waiting for the claim in flight (or the next one). */
  waiting: { resolve: (remaining: number) => void; refuse: () => void; fail: (err: unknown) => void }[];
  claiming: boolean;
  /** Hits in the current second and the one before: what a claim may count ahead for. */
  second: number;
  thisSecond: number;
  lastSecond: number;
}

/** A lease counts ahead at most this share of what is left of the window… */
const AHEAD_SHARE = 8;
/** …and only while this many are left: below, every hit is counted on its own, so the limit is met exactly. */
const AHEAD_MIN_LEFT = 64;

/**
 * Per-process leases on the shared windows of RateLimitCounter: a process counts hits in
 * PostgreSQL ahead of their arrival, as many as it received in the last second but at most an
 * eighth of what is left of the window, and answers them from that lease with no round trip. A
 * lease is never more than the window has left, so the processes together never answer more than
 * the limit; as the window fills the leases shrink, and once fewer than AHEAD_MIN_LEFT hits are
 * left each one is counted on its own (group-committed), as without leases: small limits (the
 * default 60 a minute) are met exactly. A lease a process does not use up stays counted: with a
 * large limit, the window may refuse a hit in another process while a few are never used (at most
 * an eighth of what was left when they were leased), never the reverse.
 */
export class RateLimitLeases {
  private readonly leases = new Map<string, Lease>();
  private prunedWindow = 0;

  constructor(private readonly counter: RateLimitCounter) {}

  /** Takes a hit; resolves with what is left of the window, or rejects with `full` once it is full. */
  take(bucket: string, limit: number, windowStart: number, full: () => unknown): number | Promise<number> {
    const lease = this.leaseOf(bucket, windowStart);
    const second = Math.floor(Date.now() / 1000);
    if (second !== lease.second) {
      lease.lastSecond = second === lease.second + 1 ? lease.thisSecond : 0;
      lease.thisSecond = 0;
      lease.second = second;
    }
    lease.thisSecond++;
    if (lease.tokens > 0) {
      lease.tokens--;
      return limit - lease.count + lease.tokens;
    }
    if (lease.full) throw full();
    return new Promise((resolve, reject) => {
      lease.waiting.push({ resolve, refuse: () => reject(full()), fail: reject });
      if (!lease.claiming) void this.claim(bucket, limit, lease);
    });
  }

  /**
   * Gives back one hit `take` answered in `windowStart` (a 304 the partner is not charged for):
   * the window's count in PostgreSQL goes down by one, so any process may answer it again, and
   * this process's lease is no longer full. Resolves with what is left of the window; a window
   * that is over has nothing to give back (undefined).
   */
  async giveBack(bucket: string, limit: number, windowStart: number): Promise<number | undefined> {
    const lease = this.leases.get(bucket);
    if (!lease || lease.windowStart !== windowStart) return undefined;
    const count = await this.counter.hit(bucket, new Date(windowStart), -1);
    lease.count = count;
    lease.full = lease.count >= limit;
    return limit - lease.count + lease.tokens;
  }

  private leaseOf(bucket: string, windowStart: number): Lease {
    if (windowStart !== this.prunedWindow) {
      for (const [key, lease] of this.leases)
        if (lease.windowStart < windowStart && !lease.claiming) this.leases.delete(key);
      this.prunedWindow = windowStart;
    }
    let lease = this.leases.get(bucket);
    if (!lease || lease.windowStart !== windowStart) {
      lease = {
        windowStart,
        tokens: 0,
        count: 0,
        full: false,
        waiting: [],
        claiming: false,
        second: 0,
        thisSecond: 0,
        lastSecond: 0,
      };
      this.leases.set(bucket, lease);
    }
    return lease;
  }

  /** Counts the waiting hits, and as many ahead as the lease may take, in one upsert. */
  private async claim(bucket: string, limit: number, lease: Lease): Promise<void> {
    lease.claiming = true;
    try {
      while (lease.waiting.length) {
        const waiting = lease.waiting.splice(0);
        const recent = Math.max(lease.thisSecond, lease.lastSecond);
        const left = limit - lease.count - waiting.length;
        const ahead = left >= AHEAD_MIN_LEFT ? Math.min(recent, Math.floor(left / AHEAD_SHARE)) : 0;
        const n = waiting.length + Math.max(0, ahead);
        let count: number;
        try {
          count = await this.counter.hit(bucket, new Date(lease.windowStart), n);
        } catch (err) {
          for (const w of waiting) w.fail(err);
          continue;
        }
        const granted = Math.max(0, Math.min(n, limit - (count - n)));
        lease.count = count;
        lease.full = count >= limit;
        lease.tokens += Math.max(0, granted - waiting.length);
        waiting.forEach((w, i) => {
          if (i < granted) w.resolve(limit - count + lease.tokens + Math.min(granted, waiting.length) - i - 1);
          else w.refuse();
        });
        // Hits that arrived meanwhile take what is left of the lease first.
        while (lease.tokens > 0 && lease.waiting.length) {
          lease.tokens--;
          lease.waiting.shift()!.resolve(limit - lease.count + lease.tokens);
        }
        if (lease.full) for (const w of lease.waiting.splice(0)) w.refuse();
      }
    } finally {
      lease.claiming = false;
    }
  }
}

/**
 * Counts one hit in `bucket` for the current clock minute (or, with `peek`, only reads the count,
 * for a caller that is not itself a hit). Returns the X-RateLimit-* headers; throws 429
 * RATE_LIMITED with Retry-After once the limit is passed.
 */
export async function limitHits(
  counter: RateLimitCounter,
  bucket: string,
  limit: number,
  opts: { peek?: boolean } = {},
): Promise<Record<string, string>> {
  const now = Date.now();
  const windowStart = new Date(now - (now % 60_000));
  const reset = new Date(windowStart.getTime() + 60_000);
  const count = opts.peek ? (await counter.count(bucket, windowStart)) + 1 : await counter.hit(bucket, windowStart);
  const headers = rateLimitHeaders(limit, limit - count, reset);
  if (count > limit) throw ERRORS.rateLimited(limit, retryAfterSeconds(reset, now), headers);
  return headers;
}

/** What a request counted: enough to give it back when its answer is not charged (a 304). */
export interface CountedHit {
  bucket: string;
  limit: number;
  windowStart: number;
  policy: string;
}

/**
 * Counts one hit through the process's leases: `limitHits` without a round trip while the lease
 * lasts. `policy` names the quota in the RateLimit headers.
 */
export async function leasedHit(
  leases: RateLimitLeases,
  bucket: string,
  limit: number,
  policy = 'default',
): Promise<{ headers: Record<string, string>; hit: CountedHit }> {
  const now = Date.now();
  const windowStart = now - (now % 60_000);
  const reset = new Date(windowStart + 60_000);
  const refused = () =>
    ERRORS.rateLimited(limit, retryAfterSeconds(reset, now), rateLimitHeaders(limit, 0, reset, policy));
  const remaining = await leases.take(bucket, limit, windowStart, refused);
  return { headers: rateLimitHeaders(limit, remaining, reset, policy), hit: { bucket, limit, windowStart, policy } };
}

/** Gives a counted hit back (leases.giveBack); the headers to answer with, or undefined once its window is over. */
export async function givenBackHit(
  leases: RateLimitLeases,
  hit: CountedHit,
): Promise<Record<string, string> | undefined> {
  const remaining = await leases.giveBack(hit.bucket, hit.limit, hit.windowStart);
  if (remaining === undefined) return undefined;
  return rateLimitHeaders(hit.limit, remaining, new Date(hit.windowStart + 60_000), hit.policy);
}

const retryAfterSeconds = (reset: Date, now: number) => Math.max(1, Math.ceil((reset.getTime() - now) / 1000));

/** The last window's reset as written in the header: every hit of a minute writes the same. */
let resetText = { at: 0, text: '' };

/**
 * The X-RateLimit-* headers, and the same figures as the IETF RateLimit-Policy and RateLimit
 * fields (draft-ietf-httpapi-ratelimit-headers, structured-field form): the quota `q` per window
 * `w` seconds, and what `r` is left of it for `t` more seconds.
 */
function rateLimitHeaders(limit: number, remaining: number, reset: Date, policy = 'default'): Record<string, string> {
  if (resetText.at !== reset.getTime()) resetText = { at: reset.getTime(), text: reset.toISOString() };
  const left = Math.max(0, remaining);
  const seconds = Math.max(0, Math.ceil((reset.getTime() - Date.now()) / 1000));
  return {
    'X-RateLimit-Limit': String(limit),
    'X-RateLimit-Remaining': String(left),
    'X-RateLimit-Reset': resetText.text,
    'RateLimit-Policy': `"${policy}";q=${limit};w=60`,
    RateLimit: `"${policy}";r=${left};t=${seconds}`,
  };
}
