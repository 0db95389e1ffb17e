import type { Sql } from '../db.ts';

export interface PoolConnections {
  active: number;
  idle: number;
  idle_in_transaction: number;
}

/**
 * This pool's open connections by state, as PostgreSQL sees them: postgres.js keeps its own
 * counts private, and every pool names its connections uniquely (createSql), so they are found
 * by the application_name of the connection asking. That connection counts as idle: it is only
 * busy answering this.
 */
export async function poolConnections(sql: Sql): Promise<PoolConnections> {
  const [counts] = await sql<PoolConnections[]>`
    select count(*) filter (where state = 'active' and pid <> pg_backend_pid()) as active,
           count(*) filter (where state = 'idle' or pid = pg_backend_pid()) as idle,
           count(*) filter (where state like 'idle in transaction%') as idle_in_transaction
    from pg_stat_activity
    where application_name = current_setting('application_name') and datname = current_database()`;
  return counts!;
}
