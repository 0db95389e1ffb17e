import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import { findWorkspace } from '../../storage/workspaces.ts';
import { insertSpendRecords, type SpendInput } from '../../storage/spend.ts';
import { CliError, requireFlag, requirePositional, type Command, workspaceNotFound } from '../args.ts';

const COLUMNS = ['source', 'medium', 'campaign', 'kind', 'amount_cents', 'currency', 'starts_at', 'ends_at'] as const;

/** An instant: ISO 8601 with an offset, or a bare date meaning 00:00 UTC of that day. */
const Instant = z
  .string()
  .trim()
  .transform((v, ctx) => {
    const iso = /^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T00:00:00Z` : v;
    if (!z.iso.datetime({ offset: true }).safeParse(iso).success) {
      ctx.addIssue({ code: 'custom', message: 'must be an ISO 8601 date-time with offset or a YYYY-MM-DD date' });
      return z.NEVER;
    }
    return new Date(iso).toISOString();
  });
const optional = z
  .string()
  .trim()
  .max(500)
  .transform((v) => v || null);

const SpendLine = z
  .object({
    source: optional,
    medium: optional,
    campaign: optional,
    kind: z.enum(['automated', 'other']),
    amount_cents: z
      .string()
      .trim()
      .regex(/^\d{1,15}$/, 'must be a whole number of cents ≥ 0')
      .transform(Number),
    currency: z.string().trim().toUpperCase(),
    starts_at: Instant,
    ends_at: Instant,
  })
  .refine((r) => r.ends_at > r.starts_at, { message: 'must be after starts_at', path: ['ends_at'] });

/**
 * Parses a spend CSV; every bad row is reported with its line number and nothing is returned
 * unless all rows are good, so an import is all or nothing.
 */
export function parseSpendCsv(text: string, currency: string): SpendInput[] {
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parse(text, { columns: true, skip_empty_lines: true, bom: true, info: true, relax_column_count: false });
  } catch (err) {
    throw new CliError(`invalid CSV: ${(err as Error).message}`);
  }
  const header = records[0] ? Object.keys(records[0].record) : [];
  const missing = COLUMNS.filter((c) => !header.includes(c));
  if (records.length && missing.length) throw new CliError(`missing column(s): ${missing.join(', ')}`);
  const errors: string[] = [];
  const rows: SpendInput[] = [];
  for (const { record, info } of records) {
    const parsed = SpendLine.safeParse(record);
    if (!parsed.success) {
      errors.push(
        `line ${info.lines}: ${parsed.error.issues.map((i) => [i.path.join('.'), i.message].filter(Boolean).join(' ')).join('; ')}`,
      );
    } else if (parsed.data.currency !== currency) {
      errors.push(`line ${info.lines}: currency must be the workspace currency ${currency}`);
    } else {
      rows.push(parsed.data);
    }
  }
  if (errors.length) throw new CliError(`${errors.length} bad row(s), nothing imported: ${errors.join(' | ')}`);
  return rows;
}

/** Rows per statement: progress moves in these steps. */
const CHUNK = 5000;

export const spendCommands = {
  'spend import': {
    summary: 'spend records from a CSV, all or nothing; a bad row rejects the file with its line number',
    usage: '--workspace ID FILE.csv',
    flags: {
      '--workspace ID': "the workspace (the file's currency must be its currency)",
      'FILE.csv': `columns ${COLUMNS.join(', ')}`,
    },
    run: async (sql, ctx) => {
      const workspaceId = requireFlag(ctx, 'workspace');
      const workspace = await findWorkspace(sql, workspaceId);
      if (!workspace) throw workspaceNotFound(workspaceId);
      const file = requirePositional(ctx, 0, 'FILE.csv');
      const rows = parseSpendCsv(await readFile(file, 'utf8'), workspace.currency);
      const progress = ctx.progress('spend rows stored', rows.length);
      const imported = await sql.begin(async (tx) => {
        let stored = 0;
        for (let i = 0; i < rows.length; i += CHUNK) {
          stored += await insertSpendRecords(tx, workspace.id, rows.slice(i, i + CHUNK));
          progress.update(stored);
        }
        return stored;
      });
      progress.end();
      return {
        workspace_id: workspace.id,
        imported,
        amount_cents: rows.reduce((s, r) => s + r.amount_cents, 0),
        currency: workspace.currency,
      };
    },
  },
} satisfies Record<string, Command>;
