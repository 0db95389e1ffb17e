import { createHash } from 'node:crypto';
import type { TaskFactory } from './context.ts';
import { blobKey } from '../storage/blobs.ts';
import {
  findActiveReport,
  findRevision,
  listExportsById,
  markExportFailed,
  markExportReady,
  type ExportRow,
} from '../storage/reports.ts';
import { exportModel } from './report_export/model.ts';
import { render } from './report_export/render.ts';

/**
 * Renders the pending artifacts of one export request and stores each with its size and
 * sha256. A rendering failure marks that artifact failed (it would fail again); storage and
 * database errors throw so the job retries, and a re-run skips artifacts already ready.
 */
const reportExport: TaskFactory<'report_export'> =
  ({ sql, blobs, logger, config }) =>
  async (payload) => {
    const { workspace_id: ws, report_id: reportId, export_ids: ids } = payload;
    const base = config.PUBLIC_BASE_URL;
    const fail = (e: ExportRow, error: string) => sql.begin((tx) => markExportFailed(tx, e, error, base));
    const report = await findActiveReport(sql, ws, reportId);
    for (const e of await listExportsById(sql, ws, ids)) {
      if (e.status === 'ready') continue;
      const revision = report && e.revision_id ? await findRevision(sql, ws, reportId, e.revision_id) : undefined;
      if (!report || !revision) {
        await fail(e, 'The report or its revision no longer exists');
        continue;
      }
      let data: Buffer;
      try {
        data = await render(
          e.format,
          exportModel(report, revision, e.created_at),
          e.file_name.replace(/\.[a-z]+$/, ''),
        );
      } catch (err) {
        logger.error({ err, export_id: e.id }, 'report export rendering failed');
        await fail(e, `Rendering ${e.format} failed: ${(err as Error).message}`);
        continue;
      }
      const key = blobKey(ws, 'reports', reportId, 'exports', `${e.id}.${e.format}`);
      await blobs.put(key, data, e.mime_type);
      const checksum = `sha256:${createHash('sha256').update(data).digest('hex')}`;
      await sql.begin((tx) =>
        markExportReady(tx, ws, e.id, { storageKey: key, sizeBytes: data.length, checksum }, base),
      );
    }
  };
export default reportExport;
