import { runSpendRollup } from '../../tasks/spend_rollup.ts';
import { CliError, type Command } from '../args.ts';

export const rollupCommands = {
  'rollup run': {
    summary: 'the nightly attribution rollup, now: one UTC day, or every day missed since the last run',
    usage: '[--date YYYY-MM-DD]',
    flags: { '--date YYYY-MM-DD': 'only this UTC day' },
    run: async (sql, ctx) => {
      const date = ctx.flags.date;
      if (
        date !== undefined &&
        (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date)))
      ) {
        throw new CliError('--date must be a YYYY-MM-DD day');
      }
      return runSpendRollup(sql, { date: date as string | undefined });
    },
  },
} satisfies Record<string, Command>;
