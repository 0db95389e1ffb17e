import type { Sql } from './db.ts';

interface Pending {
  n: number;
  waiters: ((count: number) => void)[];
  fail: ((err: unknown) => void)[];
}

/**
 * Counts hits in fixed clock-minute windows in Postgres, so every API process shares one
 * count. Hits are coalesced into one upsert per flush, and one flush is in flight at a time:
 * hits arriving meanwhile wait for the next one (group commit), so under load the upserts stay
 * few while an idle process flushes at once. Each caller still gets its own exact position in
 * the window.
 */
export class RateLimitCounter {
  private pending = new Map<string, Pending>();
  private scheduled = false;
  private flushing = false;

  constructor(private readonly sql: Sql) {}

  hit(bucket: string, windowStart: Date): Promise<number> {
    const id = `${windowStart.toISOString()}|${bucket}`;
    let p = this.pending.get(id);
    if (!p) this.pending.set(id, (p = { n: 0, waiters: [], fail: [] }));
    p.n++;
    this.schedule();
    return new Promise((resolve, reject) => {
      p!.waiters.push(resolve);
      p!.fail.push(reject);
    });
  }

  private schedule(): void {
    if (this.scheduled || this.flushing || this.pending.size === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.flushing = true;
      void this.flush().finally(() => {
        this.flushing = false;
        this.schedule();
      });
    });
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = new Map();
    const ids = [...batch.keys()];
    const windows = ids.map((id) => id.slice(0, id.indexOf('|')));
    const buckets = ids.map((id) => id.slice(id.indexOf('|') + 1));
    const counts = ids.map((id) => batch.get(id)!.n);
    try {
      const rows = await this.sql<{ bucket: string; window_start: Date; count: number }[]>`
        insert into rate_limit_counters as c (bucket, window_start, count)
        select * from unnest(${buckets}::text[], ${windows}::timestamptz[], ${counts}::int[])
        on conflict (bucket, window_start) do update set count = c.count + excluded.count
        returning bucket, window_start, count`;
      for (const row of rows) {
        const p = batch.get(`${row.window_start.toISOString()}|${row.bucket}`)!;
        const first = row.count - p.n;
        p.waiters.forEach((resolve, i) => resolve(first + i + 1));
      }
    } catch (err) {
      for (const p of batch.values()) p.fail.forEach((reject) => reject(err));
    }
  }
}

export async function deleteOldRateLimitWindows(sql: Sql): Promise<number> {
  const rows = await sql`delete from rate_limit_counters where window_start < now() - interval '5 minutes' returning 1`;
  return rows.length;
}
