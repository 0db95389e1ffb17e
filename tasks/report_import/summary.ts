import {
  LENGTH_KINDS,
  type FacetSummary,
  type Geometry,
  type LengthKind,
  type Lengths,
  type PitchArea,
  type ReportSummary,
  type ReportVendor,
  type RoofFigures,
  type StructureSummary,
  type WasteRow,
} from '../../core/reportModel.ts';
import { withPropertyTotals } from './structures.ts';

/** What one parser found; every field optional, merged across the files of a package. */
export interface Measurements {
  address?: string;
  total_area_sqft?: number;
  predominant_pitch?: string;
  facet_count?: number;
  facets?: FacetSummary[];
  areas_per_pitch?: PitchArea[];
  lengths?: Partial<Lengths>;
  waste_table?: WasteRow[];
  lat?: number;
  long?: number;
  geometry?: Geometry;
  warnings?: string[];
  /** Each building's own figures, when the source lists several. */
  structures?: StructureMeasurements[];
  /** The vendor and product a document reader recognised; product null when it read by labels alone. */
  layout?: { vendor: ReportVendor; product: string | null };
}

export interface StructureMeasurements extends Measurements {
  name: string;
  number: number | null;
}

export interface ParsedFile {
  file_name: string;
  /** What the file is, as precisely as its parser could tell ('hover_xml'), else its container format. */
  format: string;
  /** Formats found, outermost first (a zip lists itself and what it held). */
  formats: string[];
  measurements: Measurements[];
  vendor: ReportVendor;
  product: string | null;
}

const WASTE_PERCENTS = [0, 5, 10, 12, 15, 17, 20, 25, 30];

/** Squares (100 sq ft) rounded up to a third of a square, as shingle bundles are sold. */
export function squaresOf(areaSqft: number): number {
  return Math.round((Math.ceil((areaSqft / 100) * 3 - 1e-9) / 3) * 100) / 100;
}

export function wasteTable(areaSqft: number): WasteRow[] {
  return WASTE_PERCENTS.map((p) => {
    const area = Math.round(areaSqft * (1 + p / 100));
    return { waste_percent: p, area_sqft: area, squares: squaresOf(area) };
  });
}

/**
 * Longest text read as one number or pitch. Real measurements need a handful of characters;
 * a longer field is refused unread, so no pattern ever walks a megabyte of digits.
 */
export const MAX_NUMBER_CHARS = 32;

/** Steepest rise read as a roof pitch: mansard and tower walls are printed up to 69/12 and more. */
const MAX_PITCH_RISE = 99;

/** "5", "5/12", "5:12" or "5 in 12" → "5/12". */
export function normalizePitch(value: string | number): string | undefined {
  const text = String(value);
  if (text.length > MAX_NUMBER_CHARS) return undefined;
  // The look-behind starts a match only where a number starts, never inside one.
  const m = text.match(/(?<![\d.])(\d+(?:\.\d+)?)\s*(?:\/|:|in)\s*12\b/i) ?? text.match(/^\s*(\d+(?:\.\d+)?)\s*$/);
  if (!m) return undefined;
  const n = Number(m[1]);
  return Number.isFinite(n) && n >= 0 && n <= MAX_PITCH_RISE ? `${n}/12` : undefined;
}

export function round(n: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

/** First value wins per field, so the primary file of a package decides over later ones. */
export function mergeMeasurements(parts: Measurements[]): Measurements {
  const out: Measurements = { lengths: {}, warnings: [] };
  for (const part of parts) {
    // A file's own facets stand for its totals, so the first file wins for those too.
    const m = {
      ...part,
      total_area_sqft:
        part.total_area_sqft ??
        (part.facets?.length ? round(part.facets.reduce((s, f) => s + f.area_sqft, 0)) : undefined),
      predominant_pitch: part.predominant_pitch ?? predominantPitch(part.facets ?? [], part.areas_per_pitch),
    };
    for (const [k, v] of Object.entries(m) as [keyof Measurements, unknown][]) {
      if (v === undefined || k === 'lengths' || k === 'warnings') continue;
      if (Array.isArray(v) && v.length === 0) continue;
      if (out[k] === undefined) (out as Record<string, unknown>)[k] = v;
    }
    for (const [k, v] of Object.entries(m.lengths ?? {})) {
      if (v !== undefined && v !== null && out.lengths![k as keyof Lengths] === undefined)
        out.lengths![k as keyof Lengths] = v;
    }
    out.warnings!.push(...(m.warnings ?? []));
  }
  return out;
}

/**
 * Lengths measured from drawn geometry: once any line is classified the drawing is taken as
 * complete, so a kind with no lines is 0 ft rather than unknown. Drip edge is not drawn: it runs
 * along the eaves and rakes.
 */
export function completeLengths(found: Partial<Record<LengthKind, number>>): Partial<Lengths> {
  if (!Object.keys(found).length) return {};
  const lengths: Partial<Lengths> = Object.fromEntries(LENGTH_KINDS.map((k) => [k, round(found[k] ?? 0)]));
  lengths.drip_edge = round((found.eave ?? 0) + (found.rake ?? 0));
  return lengths;
}

const KEY_LENGTHS: LengthKind[] = ['valley', 'rake', 'eave'];

export type Outcome =
  | { status: 'draft' | 'needs_review'; summary: ReportSummary; measurements: Measurements }
  | { status: 'failed'; reason: string };

/** null for a figure the source did not state. */
const known = <T>(v: T | undefined | null): T | null => v ?? null;

/** The summary figures of one set of measurements: a property's totals or one structure's. */
function roofFigures(m: Measurements): RoofFigures {
  const lengths = Object.fromEntries(LENGTH_KINDS.map((k) => [k, known(m.lengths?.[k])])) as Lengths;
  lengths.ridge_hip =
    m.lengths?.ridge_hip ??
    (lengths.ridge !== null && lengths.hip !== null ? round(lengths.ridge + lengths.hip, 2) : null);
  const facets = m.facets ?? [];
  const area = m.total_area_sqft;
  return {
    total_area_sqft: known(area),
    total_squares: area !== undefined ? round(area / 100, 2) : null,
    predominant_pitch: known(m.predominant_pitch),
    facet_count: m.facet_count ?? (facets.length || null),
    facets,
    areas_per_pitch: m.areas_per_pitch ?? [],
    lengths_ft: lengths,
    waste_table: m.waste_table ?? (area !== undefined ? wasteTable(area) : []),
  };
}

function structureSummary(s: StructureMeasurements): StructureSummary {
  return { name: s.name, number: s.number, ...roofFigures(mergeMeasurements([s])) };
}

/**
 * The normalized summary and the status it earns: draft when every key measurement (area,
 * pitch, ridges and hips, valleys, rakes, eaves) is present and every document's layout was
 * recognised, needs_review when some are, failed when none is.
 */
export function summarize(files: ParsedFile[]): Outcome {
  const m = withPropertyTotals(mergeMeasurements(files.flatMap((f) => f.measurements)));
  const figures = roofFigures(m);
  const missing: string[] = [];
  if (figures.total_area_sqft === null) missing.push('total_area_sqft');
  if (!figures.predominant_pitch) missing.push('predominant_pitch');
  if (figures.lengths_ft.ridge_hip === null) missing.push('ridge', 'hip');
  for (const k of KEY_LENGTHS) if (figures.lengths_ft[k] === null) missing.push(k);
  const foundAny =
    figures.total_area_sqft !== null ||
    figures.predominant_pitch !== null ||
    Object.values(figures.lengths_ft).some((v) => v !== null);
  if (!foundAny) {
    const names = files.map((f) => f.file_name).join(', ');
    return { status: 'failed', reason: `No roof measurements (area, pitch or line lengths) were found in ${names}` };
  }
  const unrecognised = files.filter((f) => f.measurements.some((p) => p.layout && p.layout.product === null));
  const warnings = [...(m.warnings ?? [])];
  for (const f of unrecognised)
    warnings.push(
      `${f.file_name}: the layout was not recognised` +
        (f.vendor !== 'unknown' ? ` as a known ${f.vendor} product` : '') +
        '; its figures were read by their labels and need checking' +
        (missing.length ? ` (not found: ${missing.join(', ')})` : ''),
    );
  const structures = (m.structures ?? []).map(structureSummary);
  const summary: ReportSummary = {
    address: m.address ?? null,
    ...figures,
    ...(structures.length > 1 ? { structures } : {}),
    missing,
    warnings: [...new Set(warnings)],
    sources: files.map((f) => ({ file_name: f.file_name, format: f.format, vendor: f.vendor, product: f.product })),
  };
  return { status: missing.length || unrecognised.length ? 'needs_review' : 'draft', summary, measurements: m };
}

export function predominantPitch(facets: FacetSummary[], perPitch?: PitchArea[]): string | undefined {
  const totals = new Map<string, number>();
  for (const p of perPitch ?? []) totals.set(p.pitch, (totals.get(p.pitch) ?? 0) + p.area_sqft);
  if (!totals.size) for (const f of facets) if (f.pitch) totals.set(f.pitch, (totals.get(f.pitch) ?? 0) + f.area_sqft);
  let best: string | undefined;
  for (const [pitch, a] of totals) if (best === undefined || a > totals.get(best)!) best = pitch;
  return best;
}
