import { classifyEdges, facetPlane, pitchOfRise, type Point3 } from '../../core/roofGeometry.ts';
import type { FacetSummary, Geometry, LengthKind } from '../../core/reportModel.ts';
import { FEET_PER_UNIT } from './dxfReader.ts';
import { completeLengths, round, type Measurements } from './summary.ts';

export type ModelFacet = Point3[];

/** A facet steeper than this is a wall of the model, not roof. */
const MAX_ROOF_RISE = 99;
/** Vertices closer than this (feet) are one point. */
const SAME_POINT_FT = 0.05;
const MAX_GEOMETRY_FACETS = 5_000;
const METRES = 6;

/**
 * The unit of a drawing that does not state one. A model of several facets less than 40 units
 * across is a roof in metres (in feet it would be a shed); anything else is read as feet.
 */
function unitOf(facets: ModelFacet[], insunits: number | undefined): { feet: number; warning?: string } {
  const stated = insunits !== undefined ? FEET_PER_UNIT[insunits] : undefined;
  if (stated) return { feet: stated };
  const xs = facets.flatMap((f) => f.map((p) => p[0]));
  const ys = facets.flatMap((f) => f.map((p) => p[1]));
  const across = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
  if (facets.length >= 6 && across < 40)
    return {
      feet: FEET_PER_UNIT[METRES]!,
      warning:
        `Drawing units are not stated; the model of ${facets.length} facets is ${round(across, 1)} units across, ` +
        'which reads as metres (in feet it would be a shed); check the area',
    };
  return { feet: 1, warning: 'Drawing units are not stated; feet were assumed' };
}

/**
 * A 3D roof model: each facet's true area and pitch from its plane, the total, the areas per
 * pitch and the predominant pitch (from the facets, in summary.ts), and the lines where facets
 * meet or end, classified from the geometry (core/roofGeometry.ts). Lines drawn on named layers
 * (RIDGE, EAVE, …), when the model has them, are taken as drawn instead.
 */
export function measure3dModel(
  model: ModelFacet[],
  opts: {
    insunits: number | undefined;
    drawnLines?: { lines: Geometry['lines']; rawLengths: Partial<Record<LengthKind, number>> };
  },
): Measurements {
  const warnings: string[] = [];
  const { feet, warning } = unitOf(model, opts.insunits);
  if (warning) warnings.push(warning);
  const planes = model.map(facetPlane);
  const roof = model.flatMap((points, i) =>
    planes[i]!.rise <= MAX_ROOF_RISE && planes[i]!.area > 0 ? [{ points, plane: planes[i]! }] : [],
  );
  if (roof.length < model.length) warnings.push(`${model.length - roof.length} vertical faces (walls) were left out`);

  const facets: FacetSummary[] = roof.map((f, i) => ({
    id: `F${i + 1}`,
    area_sqft: round(f.plane.area * feet * feet),
    pitch: pitchOfRise(f.plane.rise),
  }));
  const toFt = (p: Point3): [number, number] => [p[0] * feet, p[1] * feet];

  let lengths: Partial<Record<LengthKind, number>> = {};
  let lines: Geometry['lines'] = [];
  if (opts.drawnLines) {
    lengths = Object.fromEntries(Object.entries(opts.drawnLines.rawLengths).map(([k, v]) => [k, v * feet]));
    lines = opts.drawnLines.lines.map((l) => ({
      kind: l.kind,
      points: l.points.map(([x, y]) => [x * feet, y * feet]),
    }));
  } else {
    const classified = classifyEdges(
      roof.map((f) => f.points),
      SAME_POINT_FT / feet,
    );
    if (!classified) warnings.push('The lines were not classified: the model has too many edges');
    for (const l of classified ?? []) {
      lengths[l.kind] = (lengths[l.kind] ?? 0) + l.length * feet;
      lines.push({ kind: l.kind, points: [toFt(l.from), toFt(l.to)], heights: [l.from[2] * feet, l.to[2] * feet] });
    }
  }

  const geometry: Geometry = {
    facets:
      roof.length <= MAX_GEOMETRY_FACETS
        ? roof.map((f, i) => ({
            id: `F${i + 1}`,
            pitch: facets[i]!.pitch,
            points: f.points.map(toFt),
            heights: f.points.map((p) => round(p[2] * feet, 4)),
          }))
        : [],
    lines,
  };
  const byPitch = new Map<string, number>();
  for (const f of facets) if (f.pitch) byPitch.set(f.pitch, (byPitch.get(f.pitch) ?? 0) + f.area_sqft);
  // The total from the unrounded areas: rounding each facet first drifts with their number.
  const total = roof.reduce((sum, f) => sum + f.plane.area * feet * feet, 0);
  return {
    facets,
    total_area_sqft: facets.length ? round(total) : undefined,
    areas_per_pitch: [...byPitch]
      .map(([pitch, area]) => ({ pitch, area_sqft: round(area) }))
      .sort((a, b) => Number(a.pitch.split('/')[0]) - Number(b.pitch.split('/')[0])),
    facet_count: facets.length || undefined,
    lengths: completeLengths(lengths),
    geometry: geometry.facets.length || geometry.lines.length ? geometry : undefined,
    warnings,
  };
}
