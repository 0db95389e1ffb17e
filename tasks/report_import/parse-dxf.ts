import DxfParserModule from 'dxf-parser';
import { PermanentError } from '../../core/errors.ts';
import type { Geometry, LengthKind } from '../../storage/reports.ts';
import { completeLengths, normalizePitch, round, type Measurements } from './summary.ts';

// The package's CommonJS build exports the class itself, which its typings call the default export.
const DxfParser = DxfParserModule as unknown as new () => { parseSync(text: string): { header?: Record<string, unknown>; entities: unknown[] } | null };

export const MAX_DXF_ENTITIES = 250_000;

/** $INSUNITS codes to feet; 0 (unitless) is read as feet with a warning. */
const FEET_PER_UNIT: Record<number, number> = { 1: 1 / 12, 2: 1, 4: 0.0032808399, 5: 0.032808399, 6: 3.2808399, 10: 3 };

const LAYER_KINDS: [RegExp, LengthKind][] = [
  [/step/i, 'step_flashing'],
  [/ridge/i, 'ridge'],
  [/hip/i, 'hip'],
  [/valley/i, 'valley'],
  [/rake/i, 'rake'],
  [/eave/i, 'eave'],
];

type Pt = [number, number];

function kindOfLayer(layer: string): LengthKind | undefined {
  return LAYER_KINDS.find(([re]) => re.test(layer))?.[1];
}

/** Group-code 0 markers, counted before parsing so a drawing with a million entities fails fast. */
function countEntities(text: string, limit: number): number {
  const re = /\n[ \t]*0\r?\n/g;
  let n = 0;
  while (re.exec(text)) if (++n > limit) break;
  return n;
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

function pathLength(points: Pt[], closed: boolean): number {
  let len = 0;
  const n = closed ? points.length : points.length - 1;
  for (let i = 0; i < n; i++) {
    const [x1, y1] = points[i]!;
    const [x2, y2] = points[(i + 1) % points.length]!;
    len += Math.hypot(x2 - x1, y2 - y1);
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

interface Polygon {
  layer: string;
  points: Pt[];
  planArea: number;
  pitch?: string;
}

type AnyEntity = {
  type: string;
  layer?: string;
  vertices?: { x: number; y: number }[];
  shape?: boolean;
  text?: string;
  startPoint?: { x: number; y: number };
  position?: { x: number; y: number };
};

/**
 * A roof plan: closed polylines are facets (areas; a polyline inside another on the same
 * layer is an opening and is subtracted), lines and open polylines on RIDGE/HIP/VALLEY/RAKE/
 * EAVE/STEP layers are line lengths, "5/12" texts inside a facet (or a layer named like
 * ROOF-5-12) give its pitch, and $INSUNITS gives the scale.
 */
export function parseDxf(data: Buffer, maxEntities = MAX_DXF_ENTITIES): Measurements {
  const text = data.toString('utf8');
  const count = countEntities(text, maxEntities);
  if (count > maxEntities) {
    throw new PermanentError(`DXF has more than ${maxEntities.toLocaleString('en-US')} entities; refused (limit)`);
  }
  let dxf;
  try {
    dxf = new DxfParser().parseSync(text);
  } catch (err) {
    throw new PermanentError(`DXF cannot be parsed: ${(err as Error).message}`);
  }
  if (!dxf) throw new PermanentError('DXF cannot be parsed: no content');

  const warnings: string[] = [];
  const unitCode = Number(dxf.header?.$INSUNITS ?? 0);
  const f = FEET_PER_UNIT[unitCode];
  if (!f) warnings.push(`Drawing units ($INSUNITS ${unitCode}) are not stated; feet were assumed`);
  const scale = f ?? 1;
  const toFt = (v: { x: number; y: number }): Pt => [v.x * scale, v.y * scale];

  const lengths: Partial<Record<LengthKind, number>> = {};
  const geometry: Geometry = { facets: [], lines: [] };
  const polygons: Polygon[] = [];
  const pitchTexts: { at: Pt; pitch: string }[] = [];
  let inserts = 0;

  for (const e of dxf.entities as unknown as AnyEntity[]) {
    const layer = e.layer ?? '0';
    if (e.type === 'INSERT') inserts++;
    if ((e.type === 'TEXT' || e.type === 'MTEXT') && e.text) {
      const pitch = /\d\s*\/\s*12/.test(e.text) ? normalizePitch(e.text) : undefined;
      const at = e.startPoint ?? e.position;
      if (pitch && at) pitchTexts.push({ at: toFt(at), pitch });
      continue;
    }
    if (!['LINE', 'LWPOLYLINE', 'POLYLINE'].includes(e.type) || !e.vertices?.length) continue;
    const points = e.vertices.map(toFt);
    const closed = e.type !== 'LINE' && (Boolean(e.shape) || (points.length > 3 && points[0]![0] === points.at(-1)![0] && points[0]![1] === points.at(-1)![1]));
    const kind = kindOfLayer(layer);
    if (kind) {
      lengths[kind] = (lengths[kind] ?? 0) + pathLength(points, closed);
      geometry.lines.push({ kind, points });
    } else if (closed && points.length >= 3) {
      polygons.push({ layer, points, planArea: shoelace(points), pitch: normalizePitch(layer.match(/(\d+(?:\.\d+)?)\s*(?:-|_|in|:)\s*12\b/i)?.[1] ?? '') });
    }
  }
  if (inserts) warnings.push(`${inserts} block references (INSERT) were not expanded`);

  // Largest first, so an opening finds the facet that contains it.
  polygons.sort((a, b) => b.planArea - a.planArea);
  const facets: Polygon[] = [];
  let openings = 0;
  for (const p of polygons) {
    const host = facets.find((h) => h.layer === p.layer && p.points.every((pt) => inside(pt, h.points)));
    if (host) {
      host.planArea -= p.planArea;
      openings++;
    } else {
      facets.push(p);
    }
  }
  if (openings) warnings.push(`${openings} openings inside facets were subtracted from the area`);
  for (const facet of facets) {
    facet.pitch ??= pitchTexts.find((t) => inside(t.at, facet.points))?.pitch;
  }
  if (facets.some((x) => !x.pitch) && facets.length) warnings.push('Facets without a pitch are counted at their plan (horizontal) area');

  const facetSummaries = facets.map((x, i) => {
    const rise = x.pitch ? Number(x.pitch.split('/')[0]) / 12 : 0;
    return { id: `F${i + 1}`, area_sqft: round(x.planArea * Math.sqrt(1 + rise * rise)), pitch: x.pitch ?? null };
  });
  geometry.facets = facets.map((x, i) => ({ id: `F${i + 1}`, pitch: x.pitch ?? null, points: x.points }));
  return {
    facets: facetSummaries,
    facet_count: facetSummaries.length || undefined,
    lengths: completeLengths(lengths),
    geometry: geometry.facets.length || geometry.lines.length ? geometry : undefined,
    warnings,
  };
}
