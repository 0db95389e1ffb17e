import type { Sql } from '../../storage/db.ts';
import { runSpendRollup } from '../../tasks/spend_rollup.ts';
import { CliError, type CliContext } from '../args.ts';

export const rollupCommands = {
  /** Runs the nightly spend rollup now: one UTC day with --date, else every pending day. */
  'rollup run': async (sql: Sql, ctx: CliContext) => {
    const date = ctx.flags.date;
    if (date !== undefined && (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date)))) {
      throw new CliError('--date must be a YYYY-MM-DD day');
    }
    return runSpendRollup(sql, { date: date as string | undefined });
  },
};
