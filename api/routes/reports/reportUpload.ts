import { fieldError } from '../../../core/errors.ts';
import { newId } from '../../../core/ids.ts';
import { PDF_COMES_ALONE, pdfNotAlone } from '../../../core/reportImportRules.ts';
import { blobKey, safeFileName, type StoredFile } from '../../../storage/blobs.ts';
import { workspaceId, type Ctx } from '../../context.ts';
import { receiveMultipart, requireContentLength } from '../../http/multipartUpload.ts';
import type { ReceivedBody } from '../../route.ts';
import { ImportFields } from '../../schemas/reports.ts';
import { parseInput, rejectTenantSelectors } from '../../http/validation.ts';

export const MAX_IMPORT_FILES = 50;

/** A report import once its files are in the blob store: all the handler needs to record it. */
export interface ReceivedImport {
  reportId: string;
  files: StoredFile[];
  externalReportId: string | undefined;
}

/**
 * Receives a report import's files into the blob store under a new report id, before any
 * database work, and checks the form. Its identity for the Idempotency-Key is the form and each
 * file's name, type, size and sha256, so the same key with a different file is a conflict.
 */
export async function receiveImport(ctx: Ctx): Promise<ReceivedBody> {
  const { blobs, config } = ctx.deps;
  requireContentLength(ctx, config.MAX_IMPORT_BYTES);
  const ws = workspaceId(ctx);
  const reportId = newId('rpt');
  const { files, fields } = await receiveMultipart(
    ctx,
    blobs,
    {
      maxBytes: config.MAX_IMPORT_BYTES,
      maxFiles: MAX_IMPORT_FILES,
      fileField: 'files',
      deadlineSeconds: config.UPLOAD_DEADLINE_SECONDS,
      minBytesPerSecond: config.UPLOAD_MIN_BYTES_PER_SECOND,
    },
    (fileName) => {
      const id = newId('rfile');
      return { id, key: blobKey(ws, 'reports', reportId, 'source', `${id}-${safeFileName(fileName, 'upload')}`) };
    },
  );
  const discard = async () => {
    await Promise.allSettled(files.map((f) => blobs.delete(f.storage_key)));
  };
  try {
    rejectTenantSelectors(fields);
    const form = parseInput(ImportFields, fields, 'body');
    if (!files.length) throw fieldError('body', 'files', 'At least one file is required');
    if (pdfNotAlone(files.map((f) => f.file_name))) throw fieldError('body', 'files', PDF_COMES_ALONE);
    const received: ReceivedImport = { reportId, files, externalReportId: form.external_report_id };
    return {
      body: received,
      identity: {
        fields,
        files: files.map((f) => ({ name: f.file_name, type: f.mime_type, size: f.size_bytes, checksum: f.checksum })),
      },
      discard,
    };
  } catch (err) {
    await discard();
    throw err;
  }
}
