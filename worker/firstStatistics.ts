import type { Logger } from '../core/logger.ts';
import type { Sql } from '../storage/db.ts';
import { analyzeTablesWithoutStatistics } from '../storage/tableStatistics.ts';
import { every, type Periodic } from './periodic.ts';

/**
 * Every `intervalMs`, gives tables written to before PostgreSQL ever analyzed them their first
 * statistics (storage/tableStatistics.ts): a new database's first minute, before autovacuum's
 * first pass, is when a partner's first bulk sync arrives. Every worker does it; one is enough.
 */
export function startFirstStatistics(deps: { sql: Sql; logger: Logger; intervalMs: number }): Promise<Periodic> {
  const { sql, logger, intervalMs } = deps;
  const tried = new Set<string>();
  return every(
    intervalMs,
    async () => {
      const analyzed = await analyzeTablesWithoutStatistics(sql, tried);
      if (analyzed.length > 0) logger.info({ tables: analyzed }, 'first statistics taken for tables never analyzed');
    },
    (err) => logger.error({ err }, 'first statistics failed'),
  );
}
