import type { CliContext } from '../../cli/args.ts';
import { silentProgress } from '../../cli/progress.ts';
import { loadConfig } from '../../core/config.ts';

/** A context for running an admin command in-process: default settings, no terminal. */
export function cliContext(positionals: string[], flags: CliContext['flags'] = {}): CliContext {
  return { positionals, flags, config: loadConfig({}), progress: silentProgress };
}
