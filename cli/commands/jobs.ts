import { makeWorkerUtils } from 'graphile-worker';
import type { Sql } from '../../storage/db.ts';
import { listFailedJobIds, listJobs } from '../../storage/jobs.ts';
import { CliError, type CliContext } from '../args.ts';

export const jobsCommands = {
  'jobs list': async (sql: Sql, ctx: CliContext) => ({
    jobs: await listJobs(sql, { failedOnly: ctx.flags.failed === true }),
  }),
  /** Makes failed jobs runnable again with a fresh set of attempts; the tasks are safe to re-run. */
  'jobs retry': async (sql: Sql, ctx: CliContext, url: string) => {
    const ids = ctx.flags['all-failed'] === true ? await listFailedJobIds(sql) : ctx.positionals.slice(0, 1);
    if (!ids.length && ctx.flags['all-failed'] !== true) throw new CliError('a job id or --all-failed is required');
    if (!ids.length) return { retried: [] };
    const utils = await makeWorkerUtils({ connectionString: url });
    try {
      const jobs = await utils.rescheduleJobs(ids, { runAt: new Date(), attempts: 0 });
      if (!jobs.length && ctx.flags['all-failed'] !== true) throw new CliError('job not found or currently running');
      return { retried: jobs.map((j) => j.id) };
    } finally {
      await utils.release();
    }
  },
};
