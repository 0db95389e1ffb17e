import type { TaskFactory } from './context.ts';
import { PermanentError } from '../core/errors.ts';
import { newId } from '../core/ids.ts';
import type { BlobStore } from '../storage/blobs.ts';
import {
  completeReportImport,
  failReportImport,
  findActiveReport,
  listReportFiles,
  setReportFileFormat,
  upsertImportRevision,
  type ReportFileRow,
} from '../storage/reports.ts';
import { parseInThread } from './report_import/sandbox.ts';
import { summarize, type ParsedFile } from './report_import/summary.ts';
import { readStream } from './report_import/zip.ts';

/** States a (re-)run may move the report out of; anything later was decided by a person. */
const REIMPORTABLE = new Set(['importing', 'failed', 'draft', 'needs_review']);

async function readFile(blobs: BlobStore, file: ReportFileRow): Promise<Buffer> {
  // Storage errors propagate as they are: they are transient and the job retries.
  return readStream(await blobs.get(file.storage_key), file.file_name);
}

/** "108 Poinciana Lane, Deltona, FL 32738" → "Deltona, FL 32738". */
function locationLabel(address: string | null): string | null {
  if (!address) return null;
  const parts = address.split(',').map((p) => p.trim());
  return parts.length > 1 ? parts.slice(1).join(', ') : address;
}

/**
 * Parses the stored files of an import into revision 1 and sets the report's status. Unusable
 * input marks the report failed with the reason and ends the job (no retry); storage and
 * database errors throw so graphile-worker retries. A re-run replaces revision 1, so it
 * converges on the same result.
 */
const reportImport: TaskFactory<'report_import'> =
  ({ sql, blobs, logger }) =>
  async (payload) => {
    const { report_id: reportId, workspace_id: ws } = payload;
    const report = await findActiveReport(sql, ws, reportId);
    if (!report || !REIMPORTABLE.has(report.status)) {
      logger.info({ report_id: reportId, status: report?.status }, 'report_import skipped');
      return;
    }
    const files = await listReportFiles(sql, ws, reportId);
    const sourceFormats = new Set<string>();
    let parsedFiles: ParsedFile[] = [];
    try {
      if (!files.length) throw new PermanentError('The import has no files');
      const toParse = [];
      for (const file of files) toParse.push({ name: file.file_name, data: await readFile(blobs, file) });
      const { parsed, failure } = await parseInThread(toParse);
      parsedFiles = parsed;
      for (const [i, result] of parsed.entries()) {
        // Kept on the row too, so a failure's summary names the formats found so far.
        files[i]!.format = result.format;
        await setReportFileFormat(sql, ws, files[i]!.id, files[i]!.format!);
        result.formats.forEach((f) => sourceFormats.add(f));
      }
      if (failure) throw failure;
      const outcome = summarize(parsed);
      if (outcome.status === 'failed') throw new PermanentError(outcome.reason);
      const { summary, measurements: m } = outcome;
      await sql.begin(async (tx) => {
        const revisionId = await upsertImportRevision(tx, {
          id: newId('rrev'),
          workspaceId: ws,
          reportId,
          summary,
          geometry: m.geometry ?? null,
        });
        await completeReportImport(tx, report, {
          status: outcome.status,
          revisionId,
          summary,
          sourceFormats: [...sourceFormats],
          projectName: report.external_report_id ?? summary.address ?? report.project_name,
          address: summary.address,
          locationLabel: locationLabel(summary.address),
          lat: Number.isFinite(m.lat) ? m.lat! : null,
          long: Number.isFinite(m.long) ? m.long! : null,
        });
      });
      logger.info({ report_id: reportId, status: outcome.status }, 'report imported');
    } catch (err) {
      if (!(err instanceof PermanentError)) throw err;
      const sources = files.map((f, i) => ({
        file_name: f.file_name,
        format: f.format ?? 'unknown',
        vendor: parsedFiles[i]?.vendor ?? 'unknown',
        product: parsedFiles[i]?.product ?? null,
      }));
      await sql.begin((tx) =>
        failReportImport(tx, report, { failure_reason: err.message, sources }, [...sourceFormats]),
      );
      logger.info({ report_id: reportId, reason: err.message }, 'report import failed');
    }
  };
export default reportImport;
