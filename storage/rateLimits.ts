import type { Sql } from './db.ts';
import { GroupCommit } from '../core/groupCommit.ts';
import { ERRORS } from '../core/errors.ts';

interface Hit {
  /** `${windowStart ISO}|${bucket}` */
  id: string;
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

  hit(bucket: string, windowStart: Date): Promise<number> {
    const id = `${windowStart.toISOString()}|${bucket}`;
    return new Promise((resolve, reject) => this.hits.add({ id, resolve, reject }));
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
    const counts = ids.map((id) => byId.get(id)!.length);
    try {
      const rows = await this.sql<{ bucket: string; window_start: Date; count: number }[]>`
        insert into rate_limit_counters as c (bucket, window_start, count)
        select * from unnest(${buckets}::text[], ${windows}::timestamptz[], ${counts}::int[])
        on conflict (bucket, window_start) do update set count = c.count + excluded.count
        returning bucket, window_start, count`;
      for (const row of rows) {
        const hits = byId.get(`${row.window_start.toISOString()}|${row.bucket}`)!;
        const first = row.count - hits.length;
        hits.forEach((hit, i) => hit.resolve(first + i + 1));
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
  const headers = {
    'X-RateLimit-Limit': String(limit),
    'X-RateLimit-Remaining': String(Math.max(0, limit - count)),
    'X-RateLimit-Reset': reset.toISOString(),
  };
  if (count > limit) {
    const retryAfter = Math.max(1, Math.ceil((reset.getTime() - now) / 1000));
    throw ERRORS.rateLimited(limit, retryAfter, headers);
  }
  return headers;
}
