import type { CliContext } from '../cli/args.ts';
import { silentProgress } from '../cli/progress.ts';

/** A context for running an admin command in-process: default settings, no terminal. */
export function cliContext(positionals: string[], flags: CliContext['flags'] = {}): CliContext {
  return { positionals, flags, config: { WORKER_STALE_AFTER_SECONDS: 30 }, progress: silentProgress };
}
