import type { Geometry, ReportRow, ReportSummary, RevisionRow } from '../../storage/reports.ts';

/** What every writer renders: the report's identity and one revision's measurements. */
export interface ExportModel {
  report_id: string;
  project_name: string;
  external_report_id: string | null;
  address: string | null;
  location: { label: string | null; lat: number | null; long: number | null };
  status: string;
  revision_id: string;
  revision_number: number;
  summary: ReportSummary;
  geometry: Geometry | null;
  generated_at: string;
}

export function exportModel(report: ReportRow, revision: RevisionRow, now = new Date()): ExportModel {
  return {
    report_id: report.id,
    project_name: report.project_name,
    external_report_id: report.external_report_id,
    address: revision.summary.address ?? report.project_address,
    location: { label: report.location_label, lat: report.location_lat, long: report.location_long },
    status: report.status,
    revision_id: revision.id,
    revision_number: revision.revision_number,
    summary: revision.summary,
    geometry: revision.geometry,
    generated_at: now.toISOString(),
  };
}

export const LENGTH_LABELS: [keyof ReportSummary['lengths_ft'], string][] = [
  ['ridge', 'Ridges'],
  ['hip', 'Hips'],
  ['valley', 'Valleys'],
  ['rake', 'Rakes'],
  ['eave', 'Eaves'],
  ['step_flashing', 'Step flashing'],
];

/** Label/value/unit rows shared by the CSV, XLSX and XML writers. */
export function measurementRows(m: ExportModel): [string, string | number | null, string][] {
  const s = m.summary;
  return [
    ['Project', m.project_name, ''],
    ['Address', m.address, ''],
    ['Total roof area', s.total_area_sqft, 'sq ft'],
    ['Total squares', s.total_squares, 'squares'],
    ['Predominant pitch', s.predominant_pitch, 'in/12'],
    ['Facets', s.facet_count, 'count'],
    ...LENGTH_LABELS.map(([k, label]) => [label, s.lengths_ft[k], 'ft'] as [string, number | null, string]),
  ];
}
