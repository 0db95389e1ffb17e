import type { Config } from '../core/config.ts';
import type { Sql } from '../storage/db.ts';
import type { Progress } from './progress.ts';

/** Thrown for a usage or lookup problem; admin prints its message as one line and exits 1. */
export class CliError extends Error {}

/** Ids an operator pastes are short; a longer one is cut so the error stays one line. */
const shown = (id: string) => (id.length > 60 ? `${id.slice(0, 60)}…` : id);

/** What was looked up and not found, naming the id sent and where to find the right one. */
export const notFound = (what: string, id: string, hint: string) =>
  new CliError(`${what} ${shown(id)} not found; ${hint}`);

export const workspaceNotFound = (id: string) =>
  notFound('workspace', id, '`admin workspace list` shows every workspace with its id');

export interface CliContext {
  positionals: string[];
  flags: Record<string, string | boolean | undefined>;
  config: Config;
  /** A progress line for long work: shown on a terminal, silent under --json or in a pipe. */
  progress: (label: string, total: number) => Progress;
}

/** One admin command: what `--help` prints about it, and what it does. */
export interface Command {
  summary: string;
  /** Arguments after the command's name, e.g. `--workspace ID FILE.csv`. */
  usage?: string;
  /** Each flag as written in usage, with what it means. */
  flags?: Record<string, string>;
  run: (sql: Sql, ctx: CliContext) => Promise<unknown>;
}

export function requireFlag(ctx: CliContext, name: string): string {
  const v = ctx.flags[name];
  if (typeof v !== 'string' || v === '') throw new CliError(`--${name} is required`);
  return v;
}

export function requirePositional(ctx: CliContext, index: number, what: string): string {
  const v = ctx.positionals[index];
  if (!v) throw new CliError(`${what} is required`);
  return v;
}
