import { z } from 'zod';
import { DateTime, HttpUrl, idParam } from './common.ts';
import { paginationQuery, CursorPagination } from '../pagination.ts';
import { EXPORT_FORMATS, REPORT_STATUSES } from '../../storage/reports.ts';

export const ReportArtifactFormat = z
  .enum(['xml', 'csv', 'xlsx', 'dxf', 'pdf', 'json', 'zip', 'manifest', 'tif', 'png', 'jpg', 'jpeg', 'webp', 'gif'])
  .meta({ id: 'ReportArtifactFormat' });

export const ReportStatus = z.enum(REPORT_STATUSES).meta({ id: 'ReportStatus' });

export const Report = z
  .object({
    id: z.string(),
    project_name: z.string(),
    external_report_id: z.string().nullable(),
    status: ReportStatus,
    current_revision_id: z.string().nullable(),
    baseline_revision_id: z.string().nullable(),
    approved_revision_id: z.string().nullable(),
    source_formats: z.array(ReportArtifactFormat),
    summary: z.record(z.string(), z.unknown()).describe('Normalized measurement summary (free-form)'),
    current_revision_number: z.number().int().nullable(),
    project_address: z.string().nullable(),
    location_label: z.string().nullable(),
    location_lat: z.number().nullable(),
    location_long: z.number().nullable(),
    created_at: DateTime,
    updated_at: DateTime,
  })
  .strict()
  .meta({ id: 'Report' });

export const ExportFormat = z.enum(EXPORT_FORMATS).meta({ id: 'ReportExportFormat' });

export const ReportExportArtifact = z
  .object({
    export_id: z.string(),
    report_id: z.string(),
    revision_id: z.string().nullable(),
    format: ExportFormat,
    file_name: z.string(),
    mime_type: z.string(),
    size_bytes: z.number().int().nullable().describe('Null until ready'),
    checksum: z
      .string()
      .regex(/^sha256:[0-9a-f]{64}$/)
      .nullable()
      .describe('sha256:<hex> once ready'),
    status: z.enum(['pending', 'ready', 'failed']),
    error: z.string().nullable(),
    download_url: HttpUrl.describe('The API endpoint that redirects to a short-lived signed URL'),
    created_at: DateTime,
    completed_at: DateTime.nullable(),
  })
  .strict()
  .meta({ id: 'ReportExportArtifact' });

/** Path ids of endpoints that list no 400: an id beyond 1..200 characters finds nothing (404). */
export const MAX_ID_LENGTH = 200;
const lookupId = z.string().describe(`1..${MAX_ID_LENGTH} characters; a longer id is not found (404)`);
export const ReportLookupParams = z.object({ report_id: lookupId }).strict();
export const ExportLookupParams = z.object({ export_id: lookupId }).strict();
/** The export endpoint lists 400, so its bounds are validated. */
export const ReportIdParams = z.object({ report_id: idParam(MAX_ID_LENGTH) }).strict();

export const ListReportsQuery = z
  .object({
    from: DateTime.optional().describe('Inclusive lower bound on updated_at'),
    to: DateTime.optional().describe('Inclusive upper bound on updated_at'),
    status: z.enum(['draft', 'needs_review', 'approved', 'failed']).optional(),
    search: z.string().max(200).optional().describe('Matches project name, address and external report id'),
    ...paginationQuery,
  })
  .strict();

/** Documents the multipart form; the handler reads and checks the parts itself. */
export const ImportForm = z
  .object({
    files: z
      .array(z.string().meta({ format: 'binary' }))
      .min(1)
      .describe('One standalone PDF, or the files of a legacy XML/CSV/XLSX/DXF package (or a .zip of them)'),
    external_report_id: z.string().min(1).max(200).optional(),
  })
  .strict();

export const ImportFields = z.object({ external_report_id: z.string().min(1).max(200).optional() }).strict();

export const ExportBody = z
  .object({
    formats: z
      .array(ExportFormat)
      .min(1)
      .max(EXPORT_FORMATS.length)
      .describe('pdf needs the reports.export_pdf scope, every other format reports.export_technical'),
    revision_id: z.string().min(1).max(200).optional(),
  })
  .strict();

export const ReportResponse = z.object({ report: Report }).strict();
export const ReportListResponse = z.object({ reports: z.array(Report), pagination: CursorPagination }).strict();
export const ReportDetailResponse = z.object({ report: Report, exports: z.array(ReportExportArtifact) }).strict();
export const ExportsResponse = z.object({ exports: z.array(ReportExportArtifact) }).strict();
export const ExportResponse = z.object({ export: ReportExportArtifact }).strict();
