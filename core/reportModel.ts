/**
 * The report model every importer produces and every export reads (docs/decisions/reports.md). It lives
 * in core so the parse thread, the tasks and storage share it without the parse thread loading
 * storage.
 */

/**
 * Line kinds in feet. `flashing` is apron/wall flashing (EagleView "Flashing", Roofr "wall
 * flashing", Hover `flashing`); `drip_edge` and `parapet` are printed by EagleView and Roofr.
 */
export const LENGTH_KINDS = [
  'ridge',
  'hip',
  'valley',
  'rake',
  'eave',
  'step_flashing',
  'flashing',
  'drip_edge',
  'parapet',
] as const;
export type LengthKind = (typeof LENGTH_KINDS)[number];

/** Lengths in feet; null when the source did not state them. */
export type Lengths = Record<LengthKind, number | null> & {
  /** Ridges and hips together, as some vendors (and EagleView's front page) report them. */
  ridge_hip: number | null;
};

export interface WasteRow {
  waste_percent: number;
  area_sqft: number;
  squares: number;
}

export interface FacetSummary {
  id: string;
  area_sqft: number;
  pitch: string | null;
}

export interface PitchArea {
  pitch: string;
  area_sqft: number;
}

/** The roof figures of a property or of one structure (building) on it. */
export interface RoofFigures {
  total_area_sqft: number | null;
  total_squares: number | null;
  predominant_pitch: string | null;
  facet_count: number | null;
  facets: FacetSummary[];
  areas_per_pitch: PitchArea[];
  lengths_ft: Lengths;
  waste_table: WasteRow[];
}

/** One building of a property with several, with its own figures. */
export interface StructureSummary extends RoofFigures {
  /** As printed: "Structure 1", "Garage". */
  name: string;
  number: number | null;
}

/** Who made a source file; `unknown` when no reader recognised it. */
export const REPORT_VENDORS = [
  'eagleview',
  'roofr',
  'hover',
  'gaf_quickmeasure',
  'roofsnap',
  'pictometry',
  'unknown',
] as const;
export type ReportVendor = (typeof REPORT_VENDORS)[number];

export interface ReportSource {
  file_name: string;
  format: string;
  vendor: ReportVendor;
  /** The product or layout recognised ("EagleView Premium", "Roofr report"), null when none was. */
  product: string | null;
}

/** The normalized summary: the property's totals, and its structures when it has several. */
export interface ReportSummary extends RoofFigures {
  address: string | null;
  /** Present only when the source has more than one structure. */
  structures?: StructureSummary[];
  /** Key measurements the sources did not provide; empty for a draft. */
  missing: string[];
  warnings: string[];
  sources: ReportSource[];
  failure_reason?: string;
}

/** Plan geometry in feet, when the source carries it (DXF, EagleView XML). */
export interface Geometry {
  /** `heights` (feet, one per point) when the source is a 3D model. */
  facets: { id: string; pitch: string | null; points: [number, number][]; heights?: number[] }[];
  lines: { kind: string; points: [number, number][]; heights?: number[] }[];
}
