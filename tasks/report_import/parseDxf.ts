import type { Geometry, LengthKind } from '../../core/reportModel.ts';
import { completeLengths, normalizePitch, round, type Measurements } from './summary.ts';
import { FEET_PER_UNIT, readDxf, type Pt } from './dxfReader.ts';
import { measure3dModel, type ModelFacet } from './dxfModel3d.ts';

/** Past this a drawing is not a roof plan; reading stops there. */
export const MAX_DXF_ENTITIES = 500_000;
/** The revision keeps a drawable plan, not a copy of a huge drawing. */
const MAX_GEOMETRY_FACETS = 5_000;
const MAX_GEOMETRY_LINES = 20_000;

const LAYER_KINDS: [RegExp, LengthKind][] = [
  [/step/i, 'step_flashing'],
  [/flashing/i, 'flashing'],
  [/ridge/i, 'ridge'],
  [/hip/i, 'hip'],
  [/valley/i, 'valley'],
  [/rake/i, 'rake'],
  [/eave/i, 'eave'],
];

// Look-behinds start a match only where a number starts, so a long run of digits is walked once.
/** "6/12" in a text such as "PITCH 6/12 TYP." */
const PITCH_IN_TEXT = /(?<![\d.])\d{1,3}(?:\.\d{1,3})?\s*\/\s*12\b/;
/** The 5 of a layer named like ROOF-5-12, ROOF_5_12 or ROOF 5in12. */
const PITCH_IN_LAYER = /(?<![\d.])(\d{1,3}(?:\.\d{1,3})?)\s*(?:-|_|in|:)\s*12\b/i;

function kindOfLayer(layer: string): LengthKind | undefined {
  return LAYER_KINDS.find(([re]) => re.test(layer))?.[1];
}

function shoelace(points: Pt[]): number {
  let s = 0;
  for (let i = 0; i < points.length; i++) {
    const [x1, y1] = points[i]!;
    const [x2, y2] = points[(i + 1) % points.length]!;
    s += x1 * y2 - x2 * y1;
  }
  return Math.abs(s) / 2;
}

/** Length along the points; with heights (a 3D line) the true length, else the plan length. */
function pathLength(points: Pt[], closed: boolean, z: number[] = []): number {
  let len = 0;
  const n = closed ? points.length : points.length - 1;
  const heights = z.length === points.length ? z : undefined;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % points.length;
    const [x1, y1] = points[i]!;
    const [x2, y2] = points[j]!;
    len += Math.hypot(x2 - x1, y2 - y1, heights ? heights[j]! - heights[i]! : 0);
  }
  return len;
}

function inside([x, y]: Pt, poly: Pt[]): boolean {
  let inPoly = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i]!;
    const [xj, yj] = poly[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inPoly = !inPoly;
  }
  return inPoly;
}

/** [minX, minY, maxX, maxY] */
type Box = [number, number, number, number];

interface Polygon {
  layer: string;
  points: Pt[];
  box: Box;
  planArea: number;
  pitch?: string;
}

const MAX_OPENING_CHECKS = 5000;

function boxOf(points: Pt[]): Box {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

const boxWithin = (a: Box, b: Box) => a[0] >= b[0] && a[1] >= b[1] && a[2] <= b[2] && a[3] <= b[3];

function lowerBound(texts: { at: Pt }[], x: number): number {
  let lo = 0;
  let hi = texts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (texts[mid]!.at[0] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * A 3D model (closed 3D polylines or 3DFACEs, as GAF QuickMeasure delivers) is measured from
 * its facets' planes (dxfModel3d.ts). Otherwise a roof plan: closed polylines are facets (areas; a polyline inside another on the same
 * layer is an opening and is subtracted), lines and open polylines on RIDGE/HIP/VALLEY/RAKE/
 * EAVE/STEP layers are line lengths, "5/12" texts inside a facet (or a layer named like
 * ROOF-5-12) give its pitch, and $INSUNITS gives the scale.
 */
export function parseDxf(data: Buffer, maxEntities = MAX_DXF_ENTITIES): Measurements {
  // Everything is gathered in drawing units and scaled once the header's units are known.
  const rawLengths: Partial<Record<LengthKind, number>> = {};
  const lines: Geometry['lines'] = [];
  let droppedLines = 0;
  const polygons: Polygon[] = [];
  const pitchTexts: { at: Pt; pitch: string }[] = [];
  const facets3d: ModelFacet[] = [];

  const dxf = readDxf(data.toString('utf8'), maxEntities, (e) => {
    if (e.type === 'TEXT' || e.type === 'MTEXT') {
      const pitch = normalizePitch(e.text?.match(PITCH_IN_TEXT)?.[0] ?? '');
      if (pitch && e.points[0]) pitchTexts.push({ at: e.points[0], pitch });
      return;
    }
    const points = e.points;
    if (!points.length) return;
    const first = points[0]!;
    const last = points.at(-1)!;
    const closed =
      e.type !== 'LINE' && (e.closed || (points.length > 3 && first[0] === last[0] && first[1] === last[1]));
    const kind = kindOfLayer(e.layer);
    if (!kind && e.is3d && points.length >= 3 && e.z.length === points.length) {
      facets3d.push(points.map(([x, y], i) => [x, y, e.z[i]!]));
      return;
    }
    if (kind) {
      rawLengths[kind] = (rawLengths[kind] ?? 0) + pathLength(points, closed, e.z);
      const heights = e.z.length === points.length && e.z.some((h) => h !== 0) ? { heights: e.z } : {};
      if (lines.length < MAX_GEOMETRY_LINES) lines.push({ kind, points, ...heights });
      else droppedLines++;
    } else if (closed && points.length >= 3) {
      polygons.push({
        layer: e.layer,
        points,
        box: boxOf(points),
        planArea: shoelace(points),
        pitch: normalizePitch(e.layer.match(PITCH_IN_LAYER)?.[1] ?? ''),
      });
    }
  });

  if (facets3d.length && !polygons.length)
    return measure3dModel(facets3d, {
      insunits: dxf.insunits,
      drawnLines: lines.length ? { lines, rawLengths } : undefined,
    });

  const warnings: string[] = [];
  const unitCode = dxf.insunits ?? 0;
  const f = FEET_PER_UNIT[unitCode];
  if (!f) warnings.push(`Drawing units ($INSUNITS ${unitCode}) are not stated; feet were assumed`);
  const scale = f ?? 1;
  const toFt = (points: Pt[]): Pt[] => points.map(([x, y]) => [x * scale, y * scale]);
  if (dxf.inserts) warnings.push(`${dxf.inserts} block references (INSERT) were not expanded`);
  if (droppedLines)
    warnings.push(`The plan drawing keeps the first ${MAX_GEOMETRY_LINES} lines; all lines are measured`);

  // Largest first, so an opening finds the facet that contains it. Containment is quadratic,
  // so huge drawings skip it (bounding boxes prune the rest).
  polygons.sort((a, b) => b.planArea - a.planArea);
  const facets: Polygon[] = [];
  let openings = 0;
  const findHoles = polygons.length <= MAX_OPENING_CHECKS;
  if (!findHoles)
    warnings.push(`Openings were not looked for: the drawing has more than ${MAX_OPENING_CHECKS} closed polylines`);
  for (const p of polygons) {
    const host = findHoles
      ? facets.find(
          (h) => h.layer === p.layer && boxWithin(p.box, h.box) && p.points.every((pt) => inside(pt, h.points)),
        )
      : undefined;
    if (host) {
      host.planArea -= p.planArea;
      openings++;
    } else {
      facets.push(p);
    }
  }
  if (openings) warnings.push(`${openings} openings inside facets were subtracted from the area`);
  // Texts sorted by x: each facet looks only at texts within its x range.
  pitchTexts.sort((a, b) => a.at[0] - b.at[0]);
  for (const facet of facets) {
    if (facet.pitch) continue;
    let i = lowerBound(pitchTexts, facet.box[0]);
    for (; i < pitchTexts.length && pitchTexts[i]!.at[0] <= facet.box[2]; i++) {
      const t = pitchTexts[i]!;
      if (t.at[1] >= facet.box[1] && t.at[1] <= facet.box[3] && inside(t.at, facet.points)) {
        facet.pitch = t.pitch;
        break;
      }
    }
  }
  if (facets.some((x) => !x.pitch) && facets.length)
    warnings.push('Facets without a pitch are counted at their plan (horizontal) area');

  const facetSummaries = facets.map((x, i) => {
    const rise = x.pitch ? Number(x.pitch.split('/')[0]) / 12 : 0;
    return {
      id: `F${i + 1}`,
      area_sqft: round(x.planArea * scale * scale * Math.sqrt(1 + rise * rise)),
      pitch: x.pitch ?? null,
    };
  });
  const geometry: Geometry = {
    facets:
      facets.length <= MAX_GEOMETRY_FACETS
        ? facets.map((x, i) => ({ id: `F${i + 1}`, pitch: x.pitch ?? null, points: toFt(x.points) }))
        : [],
    lines: lines.map((l) => ({ kind: l.kind, points: toFt(l.points) })),
  };
  if (facets.length > MAX_GEOMETRY_FACETS)
    warnings.push(`The plan drawing is omitted: more than ${MAX_GEOMETRY_FACETS} facets`);
  const lengths = Object.fromEntries(Object.entries(rawLengths).map(([k, v]) => [k, v * scale]));
  return {
    facets: facetSummaries,
    facet_count: facetSummaries.length || undefined,
    lengths: completeLengths(lengths),
    geometry: geometry.facets.length || geometry.lines.length ? geometry : undefined,
    warnings,
  };
}
