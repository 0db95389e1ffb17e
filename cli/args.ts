/** Thrown for a usage or lookup problem; admin prints its message as one line and exits 1. */
export class CliError extends Error {}

export interface CliContext {
  positionals: string[];
  flags: Record<string, string | boolean | undefined>;
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
