import { once } from 'node:events';
import { stringify, type Stringifier } from 'csv-stringify';
import { workspaceId, type Ctx } from '../../context.ts';
import { encodeCursor } from '../../http/pagination.ts';
import { LEAD_EXPORT_COLUMNS } from '../../../core/leadFields.ts';
import { cancellableTransaction, cursorBatches } from '../../../storage/db.ts';
import { exportBoundary, leadsToExport, type LeadFilter, type LeadRow } from '../../../storage/leads.ts';

export const EXPORT_CURSOR = 'leads.export';
const ROWS_PER_FETCH = 500;

/** Spreadsheet apps run cells starting with these as formulas; a leading quote defuses them. */
function formulaSafe(value: unknown): string {
  if (value === null || value === undefined) return '';
  const s =
    value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
}

function exportRow(row: LeadRow): string[] {
  const values: Record<(typeof LEAD_EXPORT_COLUMNS)[number], unknown> = {
    ...row,
    status: row.stage_key,
    status_label: row.stage_label,
    ...row.effective_attribution,
  };
  return LEAD_EXPORT_COLUMNS.map((c) => formulaSafe(values[c]));
}

type Last = { id: string; pos: number };

/**
 * Answers with the CSV of at most `limit` matching leads after `after`, streamed from one
 * repeatable-read snapshot (so the next cursor matches exactly what this response holds even
 * while leads are being written). The transaction lives only while the client takes the bytes:
 * one that takes none for EXPORT_WRITE_DEADLINE_MS is cut off, and once the response closes
 * unfinished the statement running is cancelled and the transaction ends.
 */
export async function sendLeadsCsv(
  ctx: Ctx,
  filter: LeadFilter,
  limit: number,
  after?: [number, string],
): Promise<void> {
  const abandoned = new AbortController();
  // Every middleware that outlives its handler (in-flight count, drain, cap, metrics) watches the
  // response's close, and Koa's pipeline of a streamed body adds its own: eleven on one response,
  // which is no leak (the response ends with the export), so Node's warning at ten is raised.
  ctx.res.setMaxListeners(20);
  ctx.res.once(
    'close',
    () => ctx.res.writableFinished || abandoned.abort(new Error('lead export abandoned by its client')),
  );
  let started: { csv: Stringifier; last: Last | null };
  try {
    started = await startExport(ctx, abandoned, filter, limit, after);
  } catch (err) {
    // Nobody is left to answer.
    if (abandoned.signal.aborted) return;
    throw err;
  }
  const { csv, last } = started;
  ctx.set('Content-Disposition', `attachment; filename="leads-${new Date().toISOString().slice(0, 10)}.csv"`);
  ctx.set('X-Export-Truncated', last ? 'true' : 'false');
  if (last) ctx.set('X-Export-Next-Cursor', encodeCursor(ctx.deps.cursorSecret, EXPORT_CURSOR, [last.pos, last.id]));
  ctx.type = 'text/csv; charset=utf-8';
  // The socket's idle timer runs while a write waits for the client (nothing else writes to the
  // socket meanwhile), so it fires once the client has taken no bytes for the deadline. Node lets it
  // run once more when the kernel took bytes since the last write, so the cut-off comes one to two
  // deadlines after the client's last byte.
  const deadline = ctx.deps.config.EXPORT_WRITE_DEADLINE_MS;
  ctx.res.setTimeout(deadline, () => {
    ctx.deps.logger.warn(
      { request_id: ctx.state.requestId, deadline_ms: deadline },
      'lead export cut off: its client took no bytes',
    );
    // A reset frees the kernel's send buffer at once; after a plain close it would keep
    // megabytes queued for a client that reads nothing.
    ctx.req.socket.resetAndDestroy();
  });
  ctx.body = csv;
}

/**
 * Takes an export slot and starts the transaction; resolves once the boundary is known, with the
 * CSV stream the transaction keeps writing (and the slot kept) until the export ends or is abandoned.
 */
async function startExport(
  ctx: Ctx,
  abandoned: AbortController,
  filter: LeadFilter,
  limit: number,
  after?: [number, string],
) {
  const ws = workspaceId(ctx);
  const release = await ctx.deps.exportSlots.acquire(ws, abandoned.signal);
  const csv = stringify({ header: true, columns: [...LEAD_EXPORT_COLUMNS] });
  // Koa destroys the body when the response ends early, also when that happened before it was set.
  csv.once('close', () => csv.readableEnded || abandoned.abort(new Error('lead export abandoned by its client')));
  let announce!: (last: Last | null) => void;
  const boundary = new Promise<Last | null>((resolve) => (announce = resolve));
  const done = cancellableTransaction(
    ctx.deps.sql,
    'isolation level repeatable read read only',
    abandoned.signal,
    async (tx, waitFor) => {
      const [last, next] = await waitFor(() => exportBoundary(tx, ws, filter, limit, after));
      announce(next ? last! : null);
      for await (const rows of cursorBatches(leadsToExport(tx, ws, filter, limit, after), ROWS_PER_FETCH, waitFor)) {
        for (const row of rows) if (!csv.write(exportRow(row))) await once(csv, 'drain', { signal: abandoned.signal });
      }
      csv.end();
    },
  )
    .catch((err) => {
      if (!abandoned.signal.aborted)
        ctx.deps.logger.error({ err, request_id: ctx.state.requestId }, 'lead export failed');
      csv.destroy();
      throw err;
    })
    .finally(release);
  return { csv, last: await Promise.race([boundary, done.then(() => null)]) };
}
