// Operators' and support staff's CLI: `npm run --silent admin -- <command> [--json]`.
import { parseArgs } from 'node:util';
import { loadConfig } from '../core/config.ts';
// Validation messages in the service's words (zod's process-wide error map), as the API answers them.
import '../core/validationMessages.ts';
import { createSql } from '../storage/db.ts';
import { openDatabase } from './database.ts';
import { CliError, type CliContext, type Command } from './args.ts';
import { human } from './format.ts';
import { progressLine, silentProgress } from './progress.ts';
import { workspaceCommands } from './commands/workspace.ts';
import { keyCommands } from './commands/key.ts';
import { jobsCommands } from './commands/jobs.ts';
import { catalogCommands } from './commands/catalog.ts';
import { shareLinkCommands } from './commands/shareLink.ts';
import { spendCommands } from './commands/spend.ts';
import { communicationsCommands } from './commands/communications.ts';
import { webhooksCommands } from './commands/webhooks.ts';

const OPTIONS = {
  json: { type: 'boolean' },
  help: { type: 'boolean' },
  failed: { type: 'boolean' },
  stuck: { type: 'boolean' },
  'all-failed': { type: 'boolean' },
  name: { type: 'string' },
  workspace: { type: 'string' },
  scopes: { type: 'string' },
  visualizations: { type: 'string' },
  date: { type: 'string' },
  event: { type: 'string' },
  endpoint: { type: 'string' },
  'failed-since': { type: 'string' },
  test: { type: 'boolean' },
  confirm: { type: 'boolean' },
} as const;

const commands: Record<string, Command> = {
  ...workspaceCommands,
  ...keyCommands,
  ...jobsCommands,
  ...catalogCommands,
  ...shareLinkCommands,
  ...spendCommands,
  ...communicationsCommands,
  ...webhooksCommands,
};

const PREFIX = 'npm run --silent admin --';

function usage(): string {
  const names = Object.keys(commands).sort();
  const width = Math.max(...names.map((n) => n.length));
  return [
    `usage: ${PREFIX} <command> [--json]   (${PREFIX} <command> --help for its flags)`,
    'commands:',
    ...names.map((n) => `  ${n.padEnd(width)}  ${commands[n]!.summary}`),
  ].join('\n');
}

function commandHelp(name: string, command: Command): string {
  const flags = Object.entries({ ...command.flags, '--json': 'print one JSON document and nothing else' });
  const width = Math.max(...flags.map(([f]) => f.length));
  return [
    `usage: ${PREFIX} ${name}${command.usage ? ` ${command.usage}` : ''} [--json]`,
    command.summary,
    'flags:',
    ...flags.map(([f, meaning]) => `  ${f.padEnd(width)}  ${meaning}`),
  ].join('\n');
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, strict: true, options: OPTIONS });
  const name2 = positionals.slice(0, 2).join(' ');
  const name = commands[name2] ? name2 : (positionals[0] ?? '');
  const command = commands[name];
  if (values.help) {
    console.log(command ? commandHelp(name, command) : usage());
    return 0;
  }
  if (!command) {
    console.error(`unknown command "${positionals.join(' ')}"\n${usage()}`);
    return 2;
  }
  const config = loadConfig();
  const ctx: CliContext = {
    positionals: positionals.slice(name.split(' ').length),
    flags: values,
    config,
    progress: values.json ? silentProgress : (label, total) => progressLine(process.stdout, label, total),
  };
  const db = await openDatabase(config, { migrate: true, existing: true });
  const sql = createSql(db.url, 2);
  try {
    const result = await command.run(sql, ctx);
    console.log(values.json ? JSON.stringify(result) : human(result));
    return 0;
  } finally {
    await sql.end({ timeout: 5 });
    await db.stop();
  }
}

// Exit explicitly, with the command's code.
main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    console.error(
      err instanceof CliError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
        ? err.message
        : `error: ${(err as Error).message}`,
    );
    process.exit(1);
  },
);
