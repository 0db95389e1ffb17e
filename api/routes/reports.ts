import { defineRoute } from '../route.ts';
import { workspaceId, type Ctx } from '../context.ts';
import { newestFirstPage } from '../http/pagination.ts';
import { receiveImport, type ReceivedImport } from './reports/reportUpload.ts';
import { ERRORS, conflict, notFound } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import type { Scope } from '../../core/scopes.ts';
import { enqueueJob } from '../../storage/jobs.ts';
import { safeFileName } from '../../storage/blobs.ts';
import { exportBaseName, projectNameOfUpload } from '../../core/reportNames.ts';
import {
  findActiveReport,
  findExport,
  findRevision,
  insertExports,
  insertReport,
  insertReportFiles,
  listActiveReports,
  listReportExports,
  toExportResponse,
  toReportResponse,
  type ExportFormat,
  type ExportRow,
} from '../../storage/reports.ts';
import {
  ExportBody,
  ExportLookupParams,
  ExportResponse,
  ExportsResponse,
  ImportForm,
  ListReportsQuery,
  ReportDetailResponse,
  MAX_ID_LENGTH,
  ReportIdParams,
  ReportLookupParams,
  ReportListResponse,
  ReportResponse,
} from '../schemas/reports.ts';
import {
  EXAMPLE_BASE_URL,
  EXAMPLE_CURSORS,
  EXAMPLE_EXPORT,
  EXAMPLE_IDS,
  EXAMPLE_REPORT,
  pendingExport,
} from '../examples.ts';

const SIGNED_URL_SECONDS = 300;

export const EXPORT_MIME_TYPES: Record<ExportFormat, string> = {
  pdf: 'application/pdf',
  xml: 'application/xml',
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  dxf: 'image/vnd.dxf',
  json: 'application/json',
  zip: 'application/zip',
};

function exportScopes(formats: ExportFormat[]): Scope[] {
  const scopes: Scope[] = [];
  if (formats.includes('pdf')) scopes.push('reports.export_pdf');
  if (formats.some((f) => f !== 'pdf')) scopes.push('reports.export_technical');
  return scopes;
}

async function findExportWithinBounds(ctx: Ctx, id: string): Promise<ExportRow> {
  const row = id.length <= MAX_ID_LENGTH ? await findExport(ctx.state.db, workspaceId(ctx), id) : undefined;
  if (!row) throw notFound('Export');
  return row;
}

const TAG = 'Reports';
const exampleExportId = { export_id: EXAMPLE_IDS.pdfExport };
const exampleReportId = { report_id: EXAMPLE_IDS.report };
const LIST_ENDPOINT = 'GET /api/v1/reports';

export const reportRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/v1/reports',
    operationId: 'listReports',
    summary: 'Active reports of the workspace, newest first',
    tag: TAG,
    auth: 'key',
    scopes: ['reports.read'],
    query: ListReportsQuery,
    responses: { 200: { description: 'A page of active reports', schema: ReportListResponse } },
    errors: [400, 401, 403, 429, 500],
    example: {
      query: { status: 'draft', search: 'Oak Street', limit: 1 },
      response: {
        status: 200,
        body: {
          reports: [EXAMPLE_REPORT],
          pagination: { limit: 1, next_cursor: EXAMPLE_CURSORS.reports, has_more: true },
        },
      },
    },
    handler: async (ctx, { query }) => {
      const page = await newestFirstPage(ctx.deps.cursorSecret, LIST_ENDPOINT, query, ({ after, limit }) =>
        listActiveReports(
          ctx.state.db,
          workspaceId(ctx),
          {
            from: query.from ? new Date(query.from) : undefined,
            to: query.to ? new Date(query.to) : undefined,
            status: query.status,
            search: query.search,
            after,
          },
          limit,
        ),
      );
      ctx.body = { reports: page.items.map(toReportResponse), pagination: page.pagination };
    },
  }),

  defineRoute({
    method: 'post',
    path: '/api/v1/reports/import',
    operationId: 'importReport',
    summary: 'Import a measurement report (one PDF, or a Hover JSON / XML / CSV / XLSX / DXF package)',
    tag: TAG,
    auth: 'key',
    scopes: ['reports.write'],
    idempotent: { mode: 'transaction' },
    expensive: true,
    rawBody: { contentType: 'multipart/form-data', schema: ImportForm, receive: receiveImport },
    responses: {
      201: { description: 'Report created (importing); parsing continues in the background', schema: ReportResponse },
    },
    errors: [400, 401, 403, 408, 409, 411, 413, 429, 500, 503],
    example: {
      body: { files: ['roof-measurements.csv'], external_report_id: EXAMPLE_REPORT.external_report_id },
      response: {
        status: 201,
        body: {
          report: {
            ...EXAMPLE_REPORT,
            status: 'importing',
            current_revision_id: null,
            baseline_revision_id: null,
            source_formats: [],
            summary: {},
            current_revision_number: null,
            project_address: null,
            location_label: null,
            location_lat: null,
            location_long: null,
            updated_at: EXAMPLE_REPORT.created_at,
          },
        },
      },
    },
    handler: async (ctx, { body }) => {
      // The files are in the blob store already; the report, its files and the job commit together.
      const upload = body as ReceivedImport;
      const ws = workspaceId(ctx);
      const db = ctx.state.db;
      const report = await insertReport(db, {
        id: upload.reportId,
        workspaceId: ws,
        projectName: upload.externalReportId ?? projectNameOfUpload(upload.files[0]!.file_name),
        externalReportId: upload.externalReportId ?? null,
      });
      await insertReportFiles(db, ws, upload.reportId, upload.files);
      try {
        await enqueueJob(db, 'report_import', { report_id: upload.reportId, workspace_id: ws });
      } catch (err) {
        ctx.deps.logger.error({ err, report_id: upload.reportId }, 'report_import enqueue failed');
        throw ERRORS.jobQueueUnavailable();
      }
      ctx.status = 201;
      ctx.body = { report: toReportResponse(report) };
    },
  }),

  defineRoute({
    method: 'get',
    path: '/api/v1/reports/exports/:export_id',
    operationId: 'getReportExport',
    summary: 'One export artifact, with its download endpoint',
    tag: TAG,
    auth: 'key',
    scopes: ['reports.read'],
    params: ExportLookupParams,
    responses: { 200: { description: 'The export artifact', schema: ExportResponse } },
    errors: [401, 403, 404, 429, 500],
    example: { params: exampleExportId, response: { status: 200, body: { export: EXAMPLE_EXPORT } } },
    handler: async (ctx, { params }) => {
      const row = await findExportWithinBounds(ctx, params.export_id);
      ctx.body = { export: toExportResponse(row, ctx.deps.config.PUBLIC_BASE_URL) };
    },
  }),

  defineRoute({
    method: 'get',
    path: '/api/v1/reports/exports/:export_id/download',
    operationId: 'downloadReportExport',
    summary: 'Redirect to a signed URL of the export file, valid for 5 minutes',
    tag: TAG,
    auth: 'key',
    scopes: ['reports.read'],
    params: ExportLookupParams,
    responses: {
      307: {
        description: 'Redirect to a short-lived signed storage URL',
        headers: { Location: 'Signed URL, valid for 5 minutes' },
      },
    },
    errors: [401, 403, 404, 409, 429, 500],
    example: {
      params: exampleExportId,
      response: {
        status: 307,
        headers: {
          Location:
            `${EXAMPLE_BASE_URL}/files/${EXAMPLE_IDS.workspace}/reports/${EXAMPLE_IDS.report}/exports/${EXAMPLE_IDS.pdfExport}.pdf` +
            '?expires=1772529602&sig=Q2x3cN1aYl0b8PzR4kqVw6sE5tHj7uDf9gMiA0oBnLe&name=EV-48213907-r1.pdf&type=application%2Fpdf',
        },
      },
    },
    handler: async (ctx, { params }) => {
      const row = await findExportWithinBounds(ctx, params.export_id);
      if (row.status !== 'ready' || !row.storage_key)
        throw conflict(`Export is ${row.status}, not ready for download`, { status: row.status });
      const url = await ctx.deps.blobs.signedUrl(row.storage_key, {
        expiresInSeconds: SIGNED_URL_SECONDS,
        fileName: row.file_name,
        contentType: row.mime_type,
      });
      ctx.set('Cache-Control', 'no-store');
      ctx.set('Location', url);
      ctx.status = 307;
    },
  }),

  defineRoute({
    method: 'get',
    path: '/api/v1/reports/:report_id',
    operationId: 'getReport',
    summary: 'One active report with its export artifacts',
    tag: TAG,
    auth: 'key',
    scopes: ['reports.read'],
    params: ReportLookupParams,
    responses: { 200: { description: 'The report and its exports, newest first', schema: ReportDetailResponse } },
    errors: [401, 403, 404, 429, 500],
    example: {
      params: exampleReportId,
      response: { status: 200, body: { report: EXAMPLE_REPORT, exports: [EXAMPLE_EXPORT] } },
    },
    handler: async (ctx, { params }) => {
      const ws = workspaceId(ctx);
      const report =
        params.report_id.length <= MAX_ID_LENGTH
          ? await findActiveReport(ctx.state.db, ws, params.report_id)
          : undefined;
      if (!report) throw notFound('Report');
      const exports = await listReportExports(ctx.state.db, ws, report.id);
      ctx.body = {
        report: toReportResponse(report),
        exports: exports.map((e) => toExportResponse(e, ctx.deps.config.PUBLIC_BASE_URL)),
      };
    },
  }),

  defineRoute({
    method: 'post',
    path: '/api/v1/reports/:report_id/export',
    operationId: 'exportReport',
    summary: 'Create export artifacts of a report revision',
    tag: TAG,
    auth: 'key',
    scopes: ['reports.write'],
    bodyScopes: (body) => exportScopes(body.formats),
    idempotent: { mode: 'transaction' },
    params: ReportIdParams,
    body: ExportBody,
    responses: { 201: { description: 'Artifacts created (pending); a worker renders them', schema: ExportsResponse } },
    errors: [400, 401, 403, 404, 409, 429, 500],
    example: {
      params: exampleReportId,
      body: { formats: ['pdf', 'csv'], revision_id: EXAMPLE_IDS.revision },
      response: {
        status: 201,
        body: {
          exports: [
            pendingExport(EXAMPLE_IDS.pdfExport, 'pdf', 'application/pdf'),
            pendingExport(EXAMPLE_IDS.csvExport, 'csv', 'text/csv'),
          ],
        },
      },
    },
    handler: async (ctx, { params, body }) => {
      const ws = workspaceId(ctx);
      const db = ctx.state.db;
      const report = await findActiveReport(db, ws, params.report_id);
      if (!report) throw notFound('Report');
      const revisionId = body.revision_id ?? report.approved_revision_id ?? report.current_revision_id;
      if (!revisionId)
        throw conflict(`Report is ${report.status} and has no revision to export yet`, { status: report.status });
      const revision = await findRevision(db, ws, report.id, revisionId);
      if (!revision) throw notFound('Revision');
      const base = exportBaseName(report.project_name, revision.revision_number, (n) => safeFileName(n, 'report'));
      const formats = [...new Set(body.formats)];
      const rows = await insertExports(
        db,
        formats.map((format) => ({
          id: newId('rexp'),
          workspace_id: ws,
          report_id: report.id,
          revision_id: revision.id,
          format,
          file_name: `${base}.${format}`,
          mime_type: EXPORT_MIME_TYPES[format],
        })),
      );
      await enqueueJob(db, 'report_export', {
        workspace_id: ws,
        report_id: report.id,
        export_ids: rows.map((r) => r.id),
      });
      ctx.status = 201;
      ctx.body = { exports: rows.map((e) => toExportResponse(e, ctx.deps.config.PUBLIC_BASE_URL)) };
    },
  }),
];
