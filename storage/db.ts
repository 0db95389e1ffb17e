import postgres from 'postgres';

export type Sql = postgres.Sql<{}>;
/** Either the pool or a transaction: storage functions accept both. */
export type Db = Sql | postgres.TransactionSql<{}>;

export function createSql(url: string, max = 20): Sql {
  return postgres(url, {
    max,
    onnotice: () => {},
    // int8 counts and sums come back as JS numbers: every value we count or sum fits in 2^53.
    types: { int8: { to: 20, from: [20], serialize: (x: number) => String(x), parse: (x: string) => Number(x) } },
    transform: { undefined: null },
    // Analytics sort and hash tens of thousands of rows; the 4 MB default spills them to disk.
    connection: { application_name: 'partner-api', work_mem: '64MB' },
  }) as unknown as Sql;
}
