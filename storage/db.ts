import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { isDatabaseUnavailable } from './cluster/databaseUnavailable.ts';

export type Sql = postgres.Sql<{}>;
/** Either the pool or a transaction: storage functions accept both. */
export type Db = Sql | postgres.TransactionSql<{}>;

/**
 * A pool for DATABASE_URL. A Unix socket directory can be named the libpq way, `?host=/dir`
 * (node-postgres, used by the worker and migrations, reads it the same way): on one machine a
 * socket costs both sides far less per round trip than TCP over loopback.
 */
export function createSql(url: string, max = 20, opts: { pooled?: boolean } = {}): Sql {
  const u = new URL(url);
  const socketDir = u.searchParams.get('host');
  u.searchParams.delete('host');
  return postgres(u.toString(), {
    ...(socketDir ? { host: socketDir } : {}),
    max,
    // While PostgreSQL is unreachable a request should fail within seconds rather than wait out
    // the 30 s default, and once it is back reconnect at once: the default backoff grows with
    // every failed attempt of the whole pool (3^n / 100 s), so a 5 s outage delayed writes by 5 s.
    connect_timeout: 2,
    backoff: () => 0.2,
    onnotice: () => {},
    // int8 counts and sums come back as JS numbers: every value we count or sum fits in 2^53.
    types: { int8: { to: 20, from: [20], serialize: (x: number) => String(x), parse: (x: string) => Number(x) } },
    transform: { undefined: null },
    // Through a transaction pooler (opts.pooled) a statement prepared on one server connection
    // would be looked for on another: none are prepared then.
    prepare: !opts.pooled,
    // A name of its own per pool lets the metrics find its connections (storage/cluster/poolUsage.ts).
    // Analytics sort and hash tens of thousands of rows, where the 4 MB default spills to disk: a
    // session setting on a direct connection; a pooler refuses it (PgBouncer passes on only a few
    // startup parameters), and analytics set it for their own transactions (storage/analytics.ts).
    connection: {
      application_name: `partner-api ${process.pid} ${randomBytes(3).toString('hex')}`,
      ...(opts.pooled ? {} : { work_mem: '64MB' }),
    },
  }) as unknown as Sql;
}

/**
 * A pool for DATABASE_URL behind a transaction pooler (PgBouncer), once it has answered. postgres.js
 * looks up the array types as the first statement of every new connection and drops that lookup's
 * promise: through a pooler, a connection opened while PostgreSQL is down passes the pooler's login
 * and then loses the lookup, which goes unhandled (core/postgresCrashGuard.ts) and reconnects in a
 * loop, holding the request that waits for the connection for the whole outage
 * (porsager/postgres#1192, #1223). The pool's parsers keep the types the first connection looked
 * up, so later connections skip the lookup and fail as fast as a direct connection does.
 */
export async function createPooledSql(url: string, max: number): Promise<Sql> {
  const sql = createSql(url, max, { pooled: true });
  await sql`select 1`;
  sql.options.fetch_types = false;
  return sql;
}

/** A connection reserved for one transaction (see pipelinedTransaction). */
export type Tx = postgres.ReservedSql<{}>;

/**
 * A transaction whose BEGIN leaves together with the first statements and whose COMMIT leaves
 * together with the last one (`commitWith`, given that statement unsent): postgres.js writes the
 * statements issued in one tick as one packet, and on a busy host every round trip costs more CPU
 * than a short statement. When `fn` does not call commitWith, COMMIT follows its return; a throw
 * rolls back, and so does a return after `rollback()`, for an outcome that is no error.
 */
export async function pipelinedTransaction<T>(
  sql: Sql,
  fn: (
    tx: Tx,
    end: { commitWith: <R>(last: postgres.PendingQuery<R & postgres.Row[]>) => Promise<R>; rollback: () => void },
  ) => Promise<T>,
): Promise<T> {
  const tx = await sql.reserve();
  let ended = false;
  let lost = false;
  let rollingBack = false;
  const rollback = () => {
    rollingBack = true;
  };
  const commitWith = async <R>(last: postgres.PendingQuery<R & postgres.Row[]>): Promise<R> => {
    // postgres.js sends a query a microtask or two after it is issued, depending on how many
    // awaits wrap it: `last` is issued here, right before COMMIT, or COMMIT would overtake a
    // statement still wrapped in an async function and leave it to run outside the transaction.
    last.execute();
    const [result, commit] = await settledUnlessConnectionLost([last, tx`commit`.execute()]);
    // The server ended the transaction either way: a COMMIT after a failed statement rolls back.
    ended = true;
    if (result.status === 'rejected') throw result.reason;
    if (commit.status === 'rejected') throw commit.reason;
    return result.value;
  };
  const began = tx`begin`.execute();
  began.catch(() => {}); // its failure also fails fn's first statement; it is rethrown below
  try {
    const result = await fn(tx, { commitWith, rollback });
    await began;
    if (!ended) await (rollingBack ? tx`rollback` : tx`commit`);
    ended = true;
    return result;
  } catch (err) {
    lost = connectionLost(err);
    if (!ended && !lost) await tx`rollback`.catch((rollbackErr) => (lost = connectionLost(rollbackErr)));
    throw err;
  } finally {
    // postgres.js takes a reserved connection back into its pool as soon as the connection
    // closes; a statement sent on it or a release() after that hands out a connection without a
    // socket, which crashed the process (docs/operations.md, "Database failover").
    if (!lost) tx.release();
  }
}

/**
 * Promise.allSettled for statements of one transaction sent together, except that it rejects as
 * soon as one of them fails because the connection is gone. postgres.js holds a statement issued
 * while the connection still waits on an earlier one (always, when nothing is prepared: through a
 * pooler) in a queue of the reserved connection that nobody rejects when the connection closes
 * (porsager/postgres#1186): waiting for every outcome waited for ever, and the request with it.
 */
export function settledUnlessConnectionLost<T extends readonly unknown[] | []>(
  values: T,
): Promise<{ -readonly [P in keyof T]: PromiseSettledResult<Awaited<T[P]>> }> {
  return new Promise((resolve, reject) => {
    for (const value of values) {
      Promise.resolve(value).catch((err: unknown) => {
        if (connectionLost(err)) reject(err);
      });
    }
    Promise.allSettled(values).then(resolve);
  });
}

/** A statement failed because its connection is gone (postgres.js names the query on its errors). */
function connectionLost(err: unknown): boolean {
  return isDatabaseUnavailable(err) && typeof err === 'object' && err !== null && 'query' in err;
}

/**
 * Sends a statement of the transaction (or a cursor's next fetch) unless the transaction's signal
 * has aborted, and awaits it, cancelling it if the signal aborts meanwhile.
 */
export type WaitFor = <T>(send: () => PromiseLike<T>) => Promise<T>;

/**
 * A transaction whose statements stop when `signal` aborts: one started later fails at once, and
 * the one being waited for (through `waitFor`) is cancelled on the server. The cancel goes through
 * pg_cancel_backend on another pooled connection rather than postgres.js' query.cancel(): that one
 * sends its request without telling when it arrived, and PostgreSQL cancels whatever the backend
 * runs at that moment, which by then could be another caller's statement on the pooled connection.
 * pg_cancel_backend returns once the backend was signalled, and the transaction ends only after.
 */
export async function cancellableTransaction<T>(
  sql: Sql,
  mode: string,
  signal: AbortSignal,
  fn: (tx: postgres.TransactionSql<{}>, waitFor: WaitFor) => Promise<T>,
): Promise<T> {
  return (await sql.begin(mode, async (tx) => {
    const [{ pid }] = await tx<{ pid: number }[]>`select pg_backend_pid() as pid`;
    let waiting = false;
    let cancelled: Promise<unknown> = Promise.resolve();
    const cancel = () => {
      if (waiting) cancelled = sql`select pg_cancel_backend(${pid})`.catch(() => {});
    };
    signal.addEventListener('abort', cancel, { once: true });
    const waitFor: WaitFor = async (send) => {
      signal.throwIfAborted();
      waiting = true;
      try {
        return await send();
      } finally {
        waiting = false;
      }
    };
    try {
      return await fn(tx, waitFor);
    } finally {
      signal.removeEventListener('abort', cancel);
      await cancelled;
    }
  })) as T;
}

/**
 * The batches of a cursor over `query`, each fetch waited for through `waitFor`; leaving the loop
 * early closes the cursor's portal.
 */
export async function* cursorBatches<R extends postgres.Row>(
  query: postgres.PendingQuery<R[]>,
  rowsPerBatch: number,
  waitFor: WaitFor,
): AsyncGenerator<R[]> {
  const cursor = query.cursor(rowsPerBatch)[Symbol.asyncIterator]();
  try {
    for (;;) {
      const next = await waitFor(() => cursor.next());
      if (next.done) return;
      yield next.value as R[];
    }
  } finally {
    await cursor.return?.();
  }
}
