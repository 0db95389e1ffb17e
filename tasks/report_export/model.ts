import {
  LENGTH_KINDS,
  type Geometry,
  type LengthKind,
  type ReportRow,
  type ReportSummary,
  type RevisionRow,
  type StructureSummary,
} from '../../storage/reports.ts';

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

const KNOWN_LENGTH_LABELS: Partial<Record<string, string>> = {
  ridge: 'Ridges',
  hip: 'Hips',
  valley: 'Valleys',
  rake: 'Rakes',
  eave: 'Eaves',
  flashing: 'Flashing',
  step_flashing: 'Step flashing',
  drip_edge: 'Drip edge',
  parapet: 'Parapet walls',
};

/** Every length kind the model knows, in its order; a kind added later renders under its own name. */
export const LENGTH_LABELS: [LengthKind, string][] = LENGTH_KINDS.map((k) => [
  k,
  KNOWN_LENGTH_LABELS[k] ?? k.charAt(0).toUpperCase() + k.slice(1).replaceAll('_', ' '),
]);

/**
 * One block of figures an export shows: the property's totals, or one structure's own. The
 * writers render these and nothing else, so a figure added here appears in every format.
 */
export interface MeasurementSection extends Omit<StructureSummary, 'name'> {
  kind: 'totals' | 'structure';
  /** "Property totals" for the totals of a property with several structures, "Summary" for a single one. */
  title: string;
  /** The structure's name as printed; null for the totals. */
  name: string | null;
}

function sectionOf(s: StructureSummary, kind: MeasurementSection['kind'], title: string): MeasurementSection {
  return {
    kind,
    title,
    name: kind === 'structure' ? s.name : null,
    number: kind === 'structure' ? s.number : null,
    total_area_sqft: s.total_area_sqft,
    total_squares: s.total_squares,
    predominant_pitch: s.predominant_pitch,
    facet_count: s.facet_count,
    facets: s.facets ?? [],
    areas_per_pitch: s.areas_per_pitch ?? [],
    lengths_ft: s.lengths_ft,
    waste_table: s.waste_table ?? [],
  };
}

/** The structures of a property with several; none for a single building (no empty section). */
export function structureSections(s: ReportSummary): MeasurementSection[] {
  const structures = s.structures ?? [];
  if (structures.length < 2) return [];
  return structures.map((st, i) => sectionOf(st, 'structure', st.name || `Structure ${st.number ?? i + 1}`));
}

/** The property totals first, then one section per structure when there are several. */
export function measurementSections(s: ReportSummary): MeasurementSection[] {
  const structures = structureSections(s);
  const totals = sectionOf(
    { ...s, name: '', number: null },
    'totals',
    structures.length ? 'Property totals' : 'Summary',
  );
  return [totals, ...structures];
}

type Row = [string, string | number | null, string];

/** Label/value/unit rows of one section's figures, shared by the CSV, XLSX and XML writers. */
export function figureRows(sec: MeasurementSection): Row[] {
  return [
    ['Total roof area', sec.total_area_sqft, 'sq ft'],
    ['Total squares', sec.total_squares, 'squares'],
    ['Predominant pitch', sec.predominant_pitch, 'in/12'],
    ['Facets', sec.facet_count, 'count'],
    ...LENGTH_LABELS.map(([k, label]): Row => [label, sec.lengths_ft[k] ?? null, 'ft']),
  ];
}

/** The report's identity and its property totals as label/value/unit rows. */
export function measurementRows(m: ExportModel): Row[] {
  return [
    ['Project', m.project_name, ''],
    ['Address', m.address, ''],
    ...figureRows(measurementSections(m.summary)[0]!),
  ];
}
