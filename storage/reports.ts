import type { Geometry, ReportSummary } from '../core/reportModel.ts';
import type { Db } from './db.ts';
import type { StoredFile } from './blobs.ts';
import { olderThan, positionOf, type NewestFirstPosition } from './newestFirst.ts';
import { recordWebhookEvent } from './webhookEvents.ts';

export const REPORT_STATUSES = [
  'importing',
  'needs_review',
  'draft',
  'ready_for_review',
  'approved',
  'exporting',
  'failed',
  'archived',
] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const EXPORT_FORMATS = ['pdf', 'xml', 'csv', 'xlsx', 'dxf', 'json', 'zip'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

// The report model lives in core (the parse thread must not load storage); re-exported for the
// modules that read reports through storage.
export {
  LENGTH_KINDS,
  type FacetSummary,
  type Geometry,
  type LengthKind,
  type Lengths,
  type ReportSummary,
  type StructureSummary,
  type WasteRow,
} from '../core/reportModel.ts';

export interface ReportRow {
  id: string;
  workspace_id: string;
  project_name: string;
  external_report_id: string | null;
  status: ReportStatus;
  current_revision_id: string | null;
  baseline_revision_id: string | null;
  approved_revision_id: string | null;
  source_formats: string[];
  summary: Partial<ReportSummary>;
  current_revision_number: number | null;
  project_address: string | null;
  location_label: string | null;
  location_lat: number | null;
  location_long: number | null;
  created_at: Date;
  updated_at: Date;
}

export interface ReportFileRow {
  id: string;
  report_id: string;
  file_name: string;
  format: string | null;
  mime_type: string | null;
  size_bytes: number;
  checksum: string;
  storage_key: string;
}

export interface RevisionRow {
  id: string;
  report_id: string;
  revision_number: number;
  summary: ReportSummary;
  geometry: Geometry | null;
}

export interface ExportRow {
  id: string;
  workspace_id: string;
  report_id: string;
  revision_id: string | null;
  format: ExportFormat;
  file_name: string;
  mime_type: string;
  size_bytes: number | null;
  checksum: string | null;
  storage_key: string | null;
  status: 'pending' | 'ready' | 'failed';
  error: string | null;
  created_at: Date;
  completed_at: Date | null;
}

/** Formats a report may name as its sources; anything else a parser reported stays internal. */
const ARTIFACT_FORMATS = new Set([
  'xml',
  'csv',
  'xlsx',
  'dxf',
  'pdf',
  'json',
  'zip',
  'manifest',
  'tif',
  'png',
  'jpg',
  'jpeg',
  'webp',
  'gif',
]);

/** A report in the shape the API answers with (Report). */
export function toReportResponse(r: ReportRow) {
  return {
    id: r.id,
    project_name: r.project_name,
    external_report_id: r.external_report_id,
    status: r.status,
    current_revision_id: r.current_revision_id,
    baseline_revision_id: r.baseline_revision_id,
    approved_revision_id: r.approved_revision_id,
    source_formats: r.source_formats.filter((f) => ARTIFACT_FORMATS.has(f)),
    summary: r.summary,
    current_revision_number: r.current_revision_number,
    project_address: r.project_address,
    location_label: r.location_label,
    location_lat: r.location_lat,
    location_long: r.location_long,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

/** An export artifact in the shape the API answers with (ReportExportArtifact). */
export function toExportResponse(e: ExportRow, publicBaseUrl: string) {
  return {
    export_id: e.id,
    report_id: e.report_id,
    revision_id: e.revision_id,
    format: e.format,
    file_name: e.file_name,
    mime_type: e.mime_type,
    size_bytes: e.size_bytes,
    checksum: e.checksum,
    status: e.status,
    error: e.error,
    download_url: `${publicBaseUrl}/api/v1/reports/exports/${encodeURIComponent(e.id)}/download`,
    created_at: e.created_at.toISOString(),
    completed_at: e.completed_at ? e.completed_at.toISOString() : null,
  };
}

const reportColumns = (sql: Db) => sql`
  r.id, r.workspace_id, r.project_name, r.external_report_id, r.status, r.current_revision_id,
  r.baseline_revision_id, r.approved_revision_id, r.source_formats, r.summary,
  (select v.revision_number from report_revisions v where v.id = r.current_revision_id) as current_revision_number,
  r.project_address, r.location_label, r.location_lat, r.location_long, r.created_at, r.updated_at`;

export async function insertReport(
  sql: Db,
  r: { id: string; workspaceId: string; projectName: string; externalReportId: string | null },
): Promise<ReportRow> {
  await sql`
    insert into reports (id, workspace_id, project_name, external_report_id, status)
    values (${r.id}, ${r.workspaceId}, ${r.projectName}, ${r.externalReportId}, 'importing')`;
  return (await findActiveReport(sql, r.workspaceId, r.id))!;
}

export async function insertReportFiles(
  sql: Db,
  workspaceId: string,
  reportId: string,
  files: StoredFile[],
): Promise<void> {
  // position keeps upload order: the first file of a package wins where files disagree.
  const rows = files.map((f, position) => ({ ...f, workspace_id: workspaceId, report_id: reportId, position }));
  await sql`insert into report_files ${sql(rows, 'id', 'workspace_id', 'report_id', 'position', 'file_name', 'mime_type', 'size_bytes', 'checksum', 'storage_key')}`;
}

/** Active = not archived; archived reports behave as absent. */
export async function findActiveReport(sql: Db, workspaceId: string, id: string): Promise<ReportRow | undefined> {
  const [row] = await sql<ReportRow[]>`
    select ${reportColumns(sql)} from reports r
    where r.workspace_id = ${workspaceId} and r.id = ${id} and r.status <> 'archived'`;
  return row;
}

export interface ReportFilters {
  from?: Date;
  to?: Date;
  status?: ReportStatus;
  search?: string;
  /** Keyset position of the last row of the previous page (its `position`). */
  after?: NewestFirstPosition;
}

/** Newest first by (created_at, id), at most `limit`, each with its keyset position. */
export async function listActiveReports(
  sql: Db,
  workspaceId: string,
  f: ReportFilters,
  limit: number,
): Promise<(ReportRow & { position: string })[]> {
  const like = f.search ? `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return sql<(ReportRow & { position: string })[]>`
    select ${reportColumns(sql)}, ${positionOf(sql, 'r')} as position from reports r
    where r.workspace_id = ${workspaceId} and r.status <> 'archived'
      ${f.from ? sql`and r.updated_at >= ${f.from}` : sql``}
      ${f.to ? sql`and r.updated_at <= ${f.to}` : sql``}
      ${f.status ? sql`and r.status = ${f.status}` : sql``}
      ${like ? sql`and (r.project_name ilike ${like} or r.project_address ilike ${like} or r.external_report_id ilike ${like})` : sql``}
      ${olderThan(sql, 'r', f.after)}
    order by r.created_at desc, r.id desc
    limit ${limit}`;
}

export async function listReportFiles(sql: Db, workspaceId: string, reportId: string): Promise<ReportFileRow[]> {
  return sql<ReportFileRow[]>`
    select id, report_id, file_name, format, mime_type, size_bytes, checksum, storage_key from report_files
    where workspace_id = ${workspaceId} and report_id = ${reportId}
    order by position`;
}

export async function setReportFileFormat(sql: Db, workspaceId: string, fileId: string, format: string): Promise<void> {
  await sql`update report_files set format = ${format} where workspace_id = ${workspaceId} and id = ${fileId}`;
}

/**
 * The import's revision is always revision 1: a re-run of the import job replaces it instead
 * of adding another, so retries converge on one result.
 */
export async function upsertImportRevision(
  sql: Db,
  r: { id: string; workspaceId: string; reportId: string; summary: ReportSummary; geometry: Geometry | null },
): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    insert into report_revisions (id, workspace_id, report_id, revision_number, summary, geometry)
    values (${r.id}, ${r.workspaceId}, ${r.reportId}, 1, ${sql.json(r.summary as never)}, ${r.geometry ? sql.json(r.geometry as never) : null})
    on conflict (report_id, revision_number)
    do update set summary = excluded.summary, geometry = excluded.geometry
    returning id`;
  return row!.id;
}

/** States of an import that completed; a re-run of a completed import converges on the same result. */
const IMPORT_COMPLETED = new Set<ReportStatus>(['draft', 'needs_review']);

/**
 * Completes an import with its revision and records report.import.completed, unless `before`
 * (the report as the task found it) had completed already: then the re-run is no news.
 */
export async function completeReportImport(
  tx: Db,
  before: ReportRow,
  r: {
    status: 'draft' | 'needs_review';
    revisionId: string;
    summary: ReportSummary;
    sourceFormats: string[];
    projectName: string;
    address: string | null;
    locationLabel: string | null;
    lat: number | null;
    long: number | null;
  },
): Promise<ReportRow> {
  const [report] = await tx<ReportRow[]>`
    update reports r set
      status = ${r.status}, current_revision_id = ${r.revisionId}, baseline_revision_id = ${r.revisionId},
      summary = ${tx.json(r.summary as never)}, source_formats = ${r.sourceFormats}, project_name = ${r.projectName},
      project_address = ${r.address}, location_label = ${r.locationLabel}, location_lat = ${r.lat}, location_long = ${r.long},
      updated_at = now()
    where r.workspace_id = ${before.workspace_id} and r.id = ${before.id}
    returning ${reportColumns(tx)}`;
  if (!IMPORT_COMPLETED.has(before.status)) {
    const subject = { kind: 'report', id: before.id } as const;
    await recordWebhookEvent(tx, before.workspace_id, 'report.import.completed', toReportResponse(report!), subject);
  }
  return report!;
}

/**
 * Fails an import for good with the reason in its summary and records report.import.failed, unless
 * `before` (the report as the task found it) had failed already.
 */
export async function failReportImport(
  tx: Db,
  before: ReportRow,
  summary: Partial<ReportSummary>,
  sourceFormats: string[],
): Promise<ReportRow> {
  const [report] = await tx<ReportRow[]>`
    update reports r set
      status = 'failed', summary = ${tx.json(summary as never)}, source_formats = ${sourceFormats}, updated_at = now()
    where r.workspace_id = ${before.workspace_id} and r.id = ${before.id}
    returning ${reportColumns(tx)}`;
  if (before.status !== 'failed') {
    const subject = { kind: 'report', id: before.id } as const;
    await recordWebhookEvent(tx, before.workspace_id, 'report.import.failed', toReportResponse(report!), subject);
  }
  return report!;
}

export async function findRevision(
  sql: Db,
  workspaceId: string,
  reportId: string,
  revisionId: string,
): Promise<RevisionRow | undefined> {
  const [row] = await sql<RevisionRow[]>`
    select id, report_id, revision_number, summary, geometry from report_revisions
    where workspace_id = ${workspaceId} and report_id = ${reportId} and id = ${revisionId}`;
  return row;
}

export async function insertExports(
  sql: Db,
  rows: {
    id: string;
    workspace_id: string;
    report_id: string;
    revision_id: string;
    format: ExportFormat;
    file_name: string;
    mime_type: string;
  }[],
): Promise<ExportRow[]> {
  return sql<ExportRow[]>`
    insert into report_exports ${sql(
      rows.map((r) => ({ ...r, status: 'pending' })),
      'id',
      'workspace_id',
      'report_id',
      'revision_id',
      'format',
      'file_name',
      'mime_type',
      'status',
    )}
    returning *`;
}

export async function listReportExports(sql: Db, workspaceId: string, reportId: string): Promise<ExportRow[]> {
  return sql<ExportRow[]>`
    select * from report_exports where workspace_id = ${workspaceId} and report_id = ${reportId}
    order by created_at desc, id desc`;
}

/** An export of an active report; archived reports' exports behave as absent too. */
export async function findExport(sql: Db, workspaceId: string, id: string): Promise<ExportRow | undefined> {
  const [row] = await sql<ExportRow[]>`
    select e.* from report_exports e join reports r on r.id = e.report_id and r.workspace_id = e.workspace_id
    where e.workspace_id = ${workspaceId} and e.id = ${id} and r.status <> 'archived'`;
  return row;
}

export async function listExportsById(sql: Db, workspaceId: string, ids: string[]): Promise<ExportRow[]> {
  return sql<ExportRow[]>`
    select * from report_exports where workspace_id = ${workspaceId} and id = any(${ids}) order by created_at, id`;
}

/** Stores a rendered artifact's file and records report.export.completed (ready artifacts are never rendered again). */
export async function markExportReady(
  tx: Db,
  workspaceId: string,
  id: string,
  r: { storageKey: string; sizeBytes: number; checksum: string },
  publicBaseUrl: string,
): Promise<void> {
  const [ready] = await tx<ExportRow[]>`
    update report_exports set status = 'ready', storage_key = ${r.storageKey}, size_bytes = ${r.sizeBytes},
      checksum = ${r.checksum}, error = null, completed_at = now()
    where workspace_id = ${workspaceId} and id = ${id}
    returning *`;
  const subject = { kind: 'report_export', id } as const;
  await recordWebhookEvent(
    tx,
    workspaceId,
    'report.export.completed',
    toExportResponse(ready!, publicBaseUrl),
    subject,
  );
}

/**
 * Fails an artifact with the reason and records report.export.failed, unless `before` (the
 * artifact as the task found it) had failed already: a re-run renders failed artifacts again.
 */
export async function markExportFailed(tx: Db, before: ExportRow, error: string, publicBaseUrl: string): Promise<void> {
  const [failed] = await tx<ExportRow[]>`
    update report_exports set status = 'failed', error = ${error}, completed_at = now()
    where workspace_id = ${before.workspace_id} and id = ${before.id}
    returning *`;
  if (before.status !== 'failed') {
    const subject = { kind: 'report_export', id: before.id } as const;
    const object = toExportResponse(failed!, publicBaseUrl);
    await recordWebhookEvent(tx, before.workspace_id, 'report.export.failed', object, subject);
  }
}

/** A failed import back to importing, for a job that support staff retry. */
export async function reopenReportImport(sql: Db, workspaceId: string, reportId: string): Promise<void> {
  await sql`
    update reports set status = 'importing', summary = summary - 'failure_reason', updated_at = now()
    where workspace_id = ${workspaceId} and id = ${reportId} and status = 'failed'`;
}

/** Failed artifacts back to pending, for a job that support staff retry; ready ones stay. */
export async function reopenExports(sql: Db, workspaceId: string, ids: string[]): Promise<void> {
  await sql`
    update report_exports set status = 'pending', error = null, completed_at = null
    where workspace_id = ${workspaceId} and id = any(${ids}) and status = 'failed'`;
}
