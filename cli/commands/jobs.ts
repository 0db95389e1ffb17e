import { createBlobStore } from '../../storage/blobs.ts';
import { listFailedJobIds, listJobs, retryJobs, type JobState } from '../../storage/jobs.ts';
import { storageSigningSecret } from '../../storage/secrets.ts';
import { jobSubject } from '../../storage/jobSubjects.ts';
import { CliError, type Command } from '../args.ts';

export const jobsCommands = {
  'jobs list': {
    summary:
      'jobs, newest first: workspace, task, the object each concerns, and its state (queued, running, failed, stuck)',
    usage: '[--failed | --stuck] [--workspace ID]',
    flags: {
      '--failed': 'only jobs that used all their attempts (their object is marked failed)',
      '--stuck':
        'only jobs held by a worker that stopped beating (killed, crashed); a live worker picks them up within a minute',
      '--workspace ID': "only this workspace's jobs",
    },
    run: async (sql, ctx) => {
      if (ctx.flags.failed && ctx.flags.stuck) throw new CliError('use --failed or --stuck, not both');
      const state: JobState | undefined = ctx.flags.failed ? 'failed' : ctx.flags.stuck ? 'stuck' : undefined;
      const workspace = typeof ctx.flags.workspace === 'string' ? ctx.flags.workspace : undefined;
      const jobs = await listJobs(sql, {
        staleAfterSeconds: ctx.config.WORKER_STALE_AFTER_SECONDS,
        state,
        workspaceId: workspace,
      });
      return {
        jobs: jobs.map((j) => ({
          id: j.id,
          ...jobSubject(j.payload),
          task: j.task_identifier,
          state: j.state,
          attempts: `${j.attempts}/${j.max_attempts}`,
          run_at: j.run_at,
          locked_by: j.locked_by,
          last_error: j.last_error,
        })),
      };
    },
  },
  'jobs retry': {
    summary:
      'runs failed or stuck jobs again with fresh attempts, their objects back in progress (every task is safe to re-run)',
    usage: 'ID | --all-failed',
    flags: {
      ID: 'one job: failed, queued, or stuck (its dead worker is unlocked first); a job running on a live worker is refused',
      '--all-failed': 'every job that used all its attempts',
    },
    run: async (sql, ctx) => {
      const all = ctx.flags['all-failed'] === true;
      const ids = all ? await listFailedJobIds(sql) : ctx.positionals.slice(0, 1);
      if (!ids.length && !all) throw new CliError('a job id or --all-failed is required');
      if (!all && !/^\d{1,18}$/.test(ids[0]!)) throw new CliError('job id must be a number');
      // Failure events a retry renders first carry URLs: the CLI runs with the service's settings.
      const { config } = ctx;
      const blobs = createBlobStore(config, await storageSigningSecret(sql, config.STORAGE_SIGNING_SECRET));
      const render = { publicBaseUrl: config.PUBLIC_BASE_URL, blobs };
      const outcome = await retryJobs(sql, ids, config.WORKER_STALE_AFTER_SECONDS, render);
      if (!all && !outcome.retried.length) {
        throw new CliError(
          outcome.refused[0]
            ? `job ${ids[0]} not retried: ${outcome.refused[0].reason}`
            : 'job not found or running on a live worker',
        );
      }
      return outcome;
    },
  },
} satisfies Record<string, Command>;
