/**
 * Roof geometry from 3D facets: each facet's plane (true area, plan area, pitch), and the lines
 * where facets meet or end, classified from the geometry alone. The DXF reader measures 3D
 * models with it and the exports place their labels with it, so both read a facet alike.
 */
import type { LengthKind } from './reportModel.ts';

export type Point3 = [number, number, number];

export interface FacetPlane {
  /** Unit normal, pointing up (z ≥ 0). */
  normal: Point3;
  /** Unit normal as the vertices wind (counter-clockwise seen from its tip): the inside of an edge lies toward winding × edge. */
  winding: Point3;
  /** True (sloped) area in drawing units². */
  area: number;
  /** Area of the facet's shadow on the ground plan. */
  planArea: number;
  /** Rise per 12 of run; Infinity for a vertical facet (a wall). */
  rise: number;
}

const sub = (a: Point3, b: Point3): Point3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a: Point3, b: Point3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: Point3, b: Point3): Point3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
const norm = (a: Point3) => Math.hypot(a[0], a[1], a[2]);

/**
 * The facet's plane by Newell's method, which holds for any simple polygon, convex or not, and
 * averages out vertices a little off the plane as measured models have.
 */
export function facetPlane(points: Point3[]): FacetPlane {
  const n: Point3 = [0, 0, 0];
  for (let i = 0; i < points.length; i++) {
    const [x1, y1, z1] = points[i]!;
    const [x2, y2, z2] = points[(i + 1) % points.length]!;
    n[0] += (y1 - y2) * (z1 + z2);
    n[1] += (z1 - z2) * (x1 + x2);
    n[2] += (x1 - x2) * (y1 + y2);
  }
  const len = norm(n);
  if (len === 0) return { normal: [0, 0, 1], winding: [0, 0, 1], area: 0, planArea: 0, rise: 0 };
  const winding: Point3 = [n[0] / len, n[1] / len, n[2] / len];
  const unit: Point3 = n[2] < 0 ? [-winding[0], -winding[1], -winding[2]] : winding;
  const horizontal = Math.hypot(unit[0], unit[1]);
  return {
    normal: unit,
    winding,
    area: len / 2,
    planArea: (len / 2) * unit[2],
    rise: unit[2] === 0 ? Infinity : (12 * horizontal) / unit[2],
  };
}

/** "8/12" for a rise of 7.7: pitches are sold and printed in whole inches per foot. */
export function pitchOfRise(rise: number): string | null {
  return Number.isFinite(rise) ? `${Math.round(rise)}/12` : null;
}

/** The plan centroid of a polygon's vertices (where a label goes). */
export function centroid(points: [number, number][]): [number, number] {
  const n = points.length || 1;
  return [points.reduce((s, p) => s + p[0], 0) / n, points.reduce((s, p) => s + p[1], 0) / n];
}

export interface RoofLine {
  kind: LengthKind;
  from: Point3;
  to: Point3;
  /** True (3D) length in drawing units. */
  length: number;
}

interface Edge {
  facet: number;
  from: Point3;
  to: Point3;
}

/** An edge's slope below this (rise over run) is level: ridges and eaves are drawn within it. */
const LEVEL = 1 / 12;

/**
 * Whether the facet, seen from the edge, climbs (+1) or falls (-1) away from it: the in-plane
 * direction perpendicular to the edge that points into the facet, up or down. The edge runs as
 * its facet's vertices wind, so the inside is toward winding × edge, notched facets included.
 */
function slopeAway(edge: Edge, plane: FacetPlane): number {
  const across = cross(plane.winding, sub(edge.to, edge.from));
  const len = norm(across);
  return len === 0 ? 0 : across[2] / len;
}

const isLevel = (from: Point3, to: Point3) =>
  Math.abs(to[2] - from[2]) <= LEVEL * Math.hypot(to[0] - from[0], to[1] - from[1]);

/** The two edges' shared stretch when they lie on one line (within `tol`), else undefined. */
function overlap(a: Edge, b: Edge, tol: number): [Point3, Point3] | undefined {
  const d = sub(a.to, a.from);
  const len = norm(d);
  if (len <= tol) return undefined;
  const u: Point3 = [d[0] / len, d[1] / len, d[2] / len];
  const offLine = (p: Point3) => {
    const v = sub(p, a.from);
    return norm(cross(v, u));
  };
  if (offLine(b.from) > tol || offLine(b.to) > tol) return undefined;
  const t1 = dot(sub(b.from, a.from), u);
  const t2 = dot(sub(b.to, a.from), u);
  const lo = Math.max(0, Math.min(t1, t2));
  const hi = Math.min(len, Math.max(t1, t2));
  if (hi - lo <= tol) return undefined;
  const at = (t: number): Point3 => [a.from[0] + u[0] * t, a.from[1] + u[1] * t, a.from[2] + u[2] * t];
  return [at(lo), at(hi)];
}

/** Past this many edges, matching them pairwise costs more than a roof model is worth. */
export const MAX_CLASSIFIED_EDGES = 4_000;

/**
 * The roof's lines, from facets given as 3D polygons: where two facets share an edge, a ridge
 * (level, both fall away), hip (sloped, both fall away) or valley (both climb away); an edge of
 * one facet only is an eave (level, the facet climbs away), wall flashing (level, the facet
 * falls away from it: its top against a wall) or a rake (sloped). Where a shared edge joins two
 * pitches on one slope it is no line a roofer buys material for, and is left out. `tol` is the
 * distance within which vertices are taken as one (drawing units).
 */
export function classifyEdges(facets: Point3[][], tol: number): RoofLine[] | undefined {
  const planes = facets.map(facetPlane);
  const edges: Edge[] = facets.flatMap((f, i) =>
    f.map((p, j) => ({ facet: i, from: p, to: f[(j + 1) % f.length]! })).filter((e) => norm(sub(e.to, e.from)) > tol),
  );
  if (edges.length > MAX_CLASSIFIED_EDGES) return undefined;
  const lines: RoofLine[] = [];
  const push = (kind: LengthKind, from: Point3, to: Point3) =>
    lines.push({ kind, from, to, length: norm(sub(to, from)) });

  for (const [i, a] of edges.entries()) {
    const shared: [number, number][] = [];
    const away = slopeAway(a, planes[a.facet]!);
    const d = sub(a.to, a.from);
    const len = norm(d);
    for (const [j, b] of edges.entries()) {
      if (b.facet === a.facet) continue;
      const o = overlap(a, b, tol);
      if (!o) continue;
      const t = (p: Point3) => dot(sub(p, a.from), d) / len;
      shared.push([t(o[0]), t(o[1])]);
      // Each shared stretch is counted once: by the edge that comes first.
      if (j < i) continue;
      const other = slopeAway(b, planes[b.facet]!);
      const level = isLevel(o[0], o[1]);
      if (away < 0 && other < 0) push(level ? 'ridge' : 'hip', o[0], o[1]);
      else if (away > 0 && other > 0) push('valley', o[0], o[1]);
    }
    // What no other facet shares is the roof's edge.
    shared.sort((x, y) => x[0] - y[0]);
    let covered = 0;
    const at = (t: number): Point3 => [
      a.from[0] + (d[0] * t) / len,
      a.from[1] + (d[1] * t) / len,
      a.from[2] + (d[2] * t) / len,
    ];
    const free: [number, number][] = [];
    for (const [s, e] of shared) {
      if (s - covered > tol) free.push([covered, s]);
      covered = Math.max(covered, e);
    }
    if (len - covered > tol) free.push([covered, len]);
    for (const [s, e] of free) {
      const from = at(s);
      const to = at(e);
      if (!isLevel(from, to)) push('rake', from, to);
      else push(away >= 0 ? 'eave' : 'flashing', from, to);
    }
  }
  return lines;
}
