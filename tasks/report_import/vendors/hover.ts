import type { FacetSummary, Lengths, PitchArea, WasteRow } from '../../../core/reportModel.ts';
import { normalizePitch, round, squaresOf, type Measurements } from '../summary.ts';

type Json = Record<string, unknown>;
const obj = (v: unknown): Json | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined;
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** A figure from a number or a string Hover wrote it as ("2,139", "47.98%"). */
function figure(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v.replace(/[,%\s]/g, '')) : NaN;
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

/** `summary.roof.valleys` is `{ total: count, length: feet }`; `roof.measurements.valleys` is feet. */
const lineLength = (v: unknown) => figure(obj(v)?.length) ?? figure(v);

function pitchAreas(rows: unknown[]): PitchArea[] | undefined {
  const out = rows.flatMap((r) => {
    const pitch = normalizePitch(String(obj(r)?.roof_pitch ?? obj(r)?.pitch ?? ''));
    const area = figure(obj(r)?.area);
    return pitch && area !== undefined ? [{ pitch, area_sqft: area }] : [];
  });
  return out.length ? out : undefined;
}

/** `waste_factor.area`: { zero, plus_5_percent, plus_10_percent, … }. */
function wasteRows(v: unknown): WasteRow[] | undefined {
  const rows = Object.entries(obj(v) ?? {}).flatMap(([key, value]) => {
    const percent = key === 'zero' ? 0 : figure(key.match(/^plus_(\d{1,3})_percent$/)?.[1]);
    const area = figure(value);
    return percent !== undefined && area !== undefined
      ? [{ waste_percent: percent, area_sqft: area, squares: squaresOf(area) }]
      : [];
  });
  return rows.length ? rows.sort((a, b) => a.waste_percent - b.waste_percent) : undefined;
}

/** Whether a parsed JSON document is Hover's measurements JSON: a `roof` or a `summary.roof`. */
export function isHoverMeasurements(doc: unknown): boolean {
  return obj(obj(doc)?.roof) !== undefined || obj(obj(obj(doc)?.summary)?.roof) !== undefined;
}

/**
 * Hover's measurements JSON (a job's JSON deliverable). `summary.roof` holds the rounded totals
 * Hover prints (roof_facets, ridges_hips, valleys, rakes, gutters_eaves, flashing, step_flashing,
 * pitch, waste_factor); `roof` the model (facets, measurements with ridges and hips apart,
 * pitch with percentages as strings). The facets may add up to a foot more or less than the
 * summary: the summary's figures are taken, the model fills what it leaves out.
 */
export function readHoverMeasurements(doc: unknown): Measurements {
  const summary = obj(obj(doc)?.summary);
  const totals = obj(summary?.roof);
  const roof = obj(obj(doc)?.roof);
  const model = obj(roof?.measurements);
  const facets: FacetSummary[] = list(roof?.facets).flatMap((f, i) => {
    const area = figure(obj(f)?.area);
    const id = obj(f)?.facet ?? obj(f)?.id;
    return area === undefined
      ? []
      : [
          {
            id: typeof id === 'string' || typeof id === 'number' ? String(id) : `F${i + 1}`,
            area_sqft: area,
            pitch: normalizePitch(String(obj(f)?.pitch ?? '')) ?? null,
          },
        ];
  });
  const lengths: Partial<Lengths> = {
    ridge: figure(model?.ridges),
    hip: figure(model?.hips),
    valley: lineLength(totals?.valleys) ?? figure(model?.valleys),
    rake: lineLength(totals?.rakes) ?? figure(model?.rakes),
    eave: lineLength(totals?.gutters_eaves) ?? figure(model?.gutters_eaves) ?? figure(model?.eaves),
    flashing: lineLength(totals?.flashing) ?? figure(model?.flashing),
    step_flashing: lineLength(totals?.step_flashing) ?? figure(model?.step_flashing),
    ridge_hip: lineLength(totals?.ridges_hips),
  };
  const area =
    figure(obj(totals?.roof_facets)?.area) ??
    figure(obj(roof?.area)?.total) ??
    (facets.length ? round(facets.reduce((s, f) => s + f.area_sqft, 0)) : undefined);
  const address = summary?.address;
  return {
    address: typeof address === 'string' && address.trim() ? address.trim().slice(0, 500) : undefined,
    total_area_sqft: area,
    facet_count: figure(obj(totals?.roof_facets)?.total) ?? figure(obj(roof?.area)?.facets),
    facets,
    areas_per_pitch: pitchAreas(list(totals?.pitch)) ?? pitchAreas(list(roof?.pitch)),
    lengths: Object.fromEntries(Object.entries(lengths).filter(([, v]) => v !== undefined)),
    waste_table: wasteRows(obj(totals?.waste_factor)?.area),
    layout: { vendor: 'hover', product: 'Hover measurements JSON' },
  };
}
