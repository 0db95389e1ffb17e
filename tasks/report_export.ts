import { createHash } from 'node:crypto';
import type { TaskFactory } from './context.ts';
import { blobKey } from '../storage/blobs.ts';
import { findActiveReport, findRevision, listExportsById, markExportFailed, markExportReady } from '../storage/reports.ts';
import { exportModel } from './report_export/model.ts';
import { render } from './report_export/render.ts';


/**
 * Renders the pending artifacts of one export request and stores each with its size and
 * sha256. A rendering failure marks that artifact failed (it would fail again); storage and
 * database errors throw so the job retries, and a re-run skips artifacts already ready.
 */
const reportExport: TaskFactory<'report_export'> = ({ sql, blobs, logger }) => async (payload) => {
  const { workspace_id: ws, report_id: reportId, export_ids: ids } = payload;
  const report = await findActiveReport(sql, ws, reportId);
  for (const e of await listExportsById(sql, ws, ids)) {
    if (e.status === 'ready') continue;
    const revision = report && e.revision_id ? await findRevision(sql, ws, reportId, e.revision_id) : undefined;
    if (!report || !revision) {
      await markExportFailed(sql, ws, e.id, 'The report or its revision no longer exists');
      continue;
    }
    let data: Buffer;
    try {
      data = await render(e.format, exportModel(report, revision, e.created_at), e.file_name.replace(/\.[a-z]+$/, ''));
    } catch (err) {
      logger.error({ err, export_id: e.id }, 'report export rendering failed');
      await markExportFailed(sql, ws, e.id, `Rendering ${e.format} failed: ${(err as Error).message}`);
      continue;
    }
    const key = blobKey(ws, 'reports', reportId, 'exports', `${e.id}.${e.format}`);
    await blobs.put(key, data, e.mime_type);
    await markExportReady(sql, ws, e.id, { storageKey: key, sizeBytes: data.length, checksum: `sha256:${createHash('sha256').update(data).digest('hex')}` });
  }
};
export default reportExport;
