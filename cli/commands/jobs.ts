import type { Sql } from '../../storage/db.ts';
import { listFailedJobIds, listJobs, retryJobs } from '../../storage/jobs.ts';
import { CliError, type CliContext } from '../args.ts';

export const jobsCommands = {
  'jobs list': async (sql: Sql, ctx: CliContext) => ({
    jobs: await listJobs(sql, { failedOnly: ctx.flags.failed === true }),
  }),
  /** Failed jobs run again with fresh attempts; every task is safe to re-run. */
  'jobs retry': async (sql: Sql, ctx: CliContext) => {
    const all = ctx.flags['all-failed'] === true;
    const ids = all ? await listFailedJobIds(sql) : ctx.positionals.slice(0, 1);
    if (!ids.length && !all) throw new CliError('a job id or --all-failed is required');
    if (!all && !/^\d+$/.test(ids[0]!)) throw new CliError('job id must be a number');
    const retried = ids.length ? await retryJobs(sql, ids) : [];
    if (!retried.length && !all) throw new CliError('job not found or currently running');
    return { retried };
  },
};
