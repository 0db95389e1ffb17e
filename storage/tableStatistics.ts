import type { Sql } from './db.ts';

/**
 * Rows written to a table PostgreSQL has never analyzed before it is worth analyzing: by then a
 * lead batch's external-id lookups already cost several times what they do with statistics.
 */
export const FIRST_ANALYZE_AFTER_ROWS = 500;

/**
 * Analyzes this schema's tables that PostgreSQL has never analyzed and that have had at least
 * FIRST_ANALYZE_AFTER_ROWS rows written, skipping `tried` ones (each is tried once per process,
 * so a table this role may not analyze is not retried every tick); the tables it analyzed come
 * back. Without statistics the planner takes `deleted_at is null` to keep 0.5% of the rows and
 * every partial index of the leads table for equally cheap, so a new database's first lead sync
 * looked its external ids up by walking the workspace: 10,000 leads took 15–47 s instead of
 * 3–4 s, until autovacuum's first analyze (its naptime is a minute) ended it. `skip_locked`: another
 * worker analyzing the same table is as good.
 */
export async function analyzeTablesWithoutStatistics(sql: Sql, tried: Set<string>): Promise<string[]> {
  const tables = await sql<{ name: string }[]>`
    select relname as name from pg_stat_user_tables
    where schemaname = current_schema() and last_analyze is null and last_autoanalyze is null
      and n_mod_since_analyze >= ${FIRST_ANALYZE_AFTER_ROWS}
    order by relname`;
  const analyzed: string[] = [];
  for (const { name } of tables) {
    if (tried.has(name)) continue;
    tried.add(name);
    await sql`analyze (skip_locked) ${sql(name)}`;
    analyzed.push(name);
  }
  return analyzed;
}
