import { XMLParser } from 'fast-xml-parser';
import { PermanentError } from '../../core/errors.ts';
import type { Geometry, LengthKind, Lengths } from '../../core/reportModel.ts';
import { completeLengths, normalizePitch, round, type Measurements } from './summary.ts';
import { TableScanner, humanize } from './table.ts';

export type Node = Record<string, unknown>;

const LINE_KINDS: Record<string, LengthKind> = {
  RIDGE: 'ridge',
  HIP: 'hip',
  VALLEY: 'valley',
  RAKE: 'rake',
  EAVE: 'eave',
  STEPFLASH: 'step_flashing',
  STEP_FLASHING: 'step_flashing',
  STEP_FLASH: 'step_flashing',
};

const list = (v: unknown): Node[] =>
  v === undefined || v === null ? [] : Array.isArray(v) ? (v as Node[]) : [v as Node];

/**
 * Vendor exports recognised by their root element. EagleView and Hover write the same roof
 * model (LOCATION, STRUCTURES/ROOF with FACES, LINES and POINTS); EagleView may instead, or
 * as well, state its totals as labelled elements.
 */
const ROOF_EXPORTS: Record<string, string> = { EAGLEVIEW_EXPORT: 'eagleview_xml', DATA_EXPORT: 'hover_xml' };

/** Elements read as the roof model or its summary; every other leaf of a roof export is read as a label. */
const MODEL_ELEMENTS = new Set(['LOCATION', 'FACES', 'LINES', 'POINTS', 'OVERALL_SUMMARY']);

export interface ParsedXml {
  /** The export recognised ('eagleview_xml', 'hover_xml'), else 'xml'. */
  format: string;
  /** Highest priority first, merged like the files of a package. */
  measurements: Measurements[];
}

/**
 * EagleView and Hover roof exports, else any XML whose element or attribute names read as
 * measurement labels. Entity declarations are refused outright and entity expansion is off,
 * so entity bombs cannot expand.
 */
export function parseXml(data: Buffer): ParsedXml {
  const text = data.toString('utf8');
  if (/<!ENTITY/i.test(text))
    throw new PermanentError('XML declares entities (<!ENTITY>); documents with entity declarations are refused');
  let doc: Node;
  try {
    doc = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      processEntities: false,
      parseTagValue: false,
      parseAttributeValue: false,
    }).parse(text, true) as Node;
  } catch (err) {
    throw new PermanentError(`XML is malformed: ${(err as Error).message.split('\n')[0]}`);
  }
  const root = Object.entries(doc).find(([k]) => !k.startsWith('?'));
  if (!root) throw new PermanentError('XML has no root element');
  const [name, node] = root;
  const format = ROOF_EXPORTS[name.toUpperCase()];
  if (!format || typeof node !== 'object' || node === null || !(format === 'eagleview_xml' || 'STRUCTURES' in node)) {
    return { format: 'xml', measurements: [labelled(node)] };
  }
  return { format, measurements: readRoofExport(node as Node) };
}

/**
 * A roof export's figures (EagleView's and Hover's model, as XML or as EagleView's JSON of the
 * same document): stated totals come before what the model adds up to, as a vendor's PDF
 * figures do.
 */
export function readRoofExport(root: Node): Measurements[] {
  return [location(root), overallSummary(root), labelled(root, MODEL_ELEMENTS), roofModel(root)];
}

/** EagleView's OVERALL_SUMMARY: ATTRIBUTE name/value pairs ("TotalRoofArea", "TotalRidgesLength", …). */
const SUMMARY_LENGTHS: [RegExp, keyof Lengths][] = [
  [/^Total(?:Ridges?Hips?|RidgeHip)s?Length$/i, 'ridge_hip'],
  [/^TotalRidges?Length$/i, 'ridge'],
  [/^TotalHips?Length$/i, 'hip'],
  [/^TotalValleys?Length$/i, 'valley'],
  [/^TotalRakes?Length$/i, 'rake'],
  [/^TotalEaves?Length$/i, 'eave'],
  [/^TotalStepFlashing(?:s)?Length$/i, 'step_flashing'],
  [/^TotalFlashing(?:s)?Length$/i, 'flashing'],
  [/^TotalDripEdges?Length$/i, 'drip_edge'],
  [/^TotalParapet(?:Wall)?s?Length$/i, 'parapet'],
];

function overallSummary(root: Node): Measurements {
  const attributes = new Map<string, string>();
  for (const summary of list(root.OVERALL_SUMMARY))
    for (const a of list(summary.ATTRIBUTE))
      if (a.name !== undefined && a.value !== undefined) attributes.set(String(a.name), String(a.value));
  const figure = (name: string) => {
    const n = Number(attributes.get(name)?.replace(/,/g, '').trim().split(/\s+/)[0] ?? NaN);
    return Number.isFinite(n) && n >= 0 ? n : undefined;
  };
  const lengths: Partial<Lengths> = {};
  for (const [name] of attributes) {
    const kind = SUMMARY_LENGTHS.find(([re]) => re.test(name))?.[1];
    const feet = kind ? figure(name) : undefined;
    if (kind && feet !== undefined) lengths[kind] = feet;
  }
  const pitch = attributes.get('PredominantPitch');
  return {
    total_area_sqft: figure('TotalRoofArea'),
    facet_count: figure('TotalRoofFacets'),
    predominant_pitch: pitch ? normalizePitch(pitch) : undefined,
    lengths,
  };
}

function location(root: Node): Measurements {
  const loc = list(root.LOCATION)[0] ?? {};
  const address =
    [loc.address, loc.city, [loc.state, loc.postal].filter(Boolean).join(' ')].filter(Boolean).join(', ') || undefined;
  return {
    address,
    lat: loc.lat !== undefined ? Number(loc.lat) : undefined,
    long: loc.long !== undefined ? Number(loc.long) : undefined,
  };
}

/** "step flashing", "Step-Flashing" and "STEP_FLASHING" name the same kind. */
const lineKind = (type: unknown) =>
  LINE_KINDS[
    String(type ?? '')
      .toUpperCase()
      .replace(/[\s-]+/g, '_')
  ];

/** Facet areas and pitches from the polygons, line lengths from the distance between their points. */
function roofModel(root: Node): Measurements {
  const lengths: Partial<Record<LengthKind, number>> = {};
  const facets: NonNullable<Measurements['facets']> = [];
  const geometry: Geometry = { facets: [], lines: [] };
  for (const structures of list(root.STRUCTURES)) {
    for (const roof of list(structures.ROOF)) {
      const points = new Map<string, [number, number, number]>();
      for (const p of list((roof.POINTS as Node | undefined)?.POINT)) {
        const xyz = String(p.data ?? '')
          .split(',')
          .map(Number);
        if (xyz.length >= 2 && xyz.every(Number.isFinite)) points.set(String(p.id), [xyz[0]!, xyz[1]!, xyz[2] ?? 0]);
      }
      const lines = new Map<string, string[]>();
      for (const l of list((roof.LINES as Node | undefined)?.LINE)) {
        const ids = String(l.path ?? '')
          .split(',')
          .map((s) => s.trim());
        lines.set(String(l.id), ids);
        const kind = lineKind(l.type);
        const pts = ids.map((id) => points.get(id)).filter((p) => p !== undefined);
        if (!kind || pts.length < 2) continue;
        let len = 0;
        for (let i = 1; i < pts.length; i++)
          len += Math.hypot(pts[i]![0] - pts[i - 1]![0], pts[i]![1] - pts[i - 1]![1], pts[i]![2] - pts[i - 1]![2]);
        lengths[kind] = (lengths[kind] ?? 0) + len;
        geometry.lines.push({ kind, points: pts.map((p) => [p[0], p[1]]) });
      }
      for (const face of list((roof.FACES as Node | undefined)?.FACE)) {
        for (const poly of list(face.POLYGON)) {
          const area = Number(poly.unroundedsize ?? poly.size);
          if (!Number.isFinite(area)) continue;
          const id = String(face.designator ?? face.name ?? face.id ?? `F${facets.length + 1}`);
          const pitch = poly.pitch !== undefined ? (normalizePitch(String(poly.pitch)) ?? null) : null;
          facets.push({ id, area_sqft: round(area), pitch });
          const ring = ringOf(String(poly.path ?? ''), lines, points);
          if (ring.length >= 3) geometry.facets.push({ id, pitch, points: ring });
        }
      }
    }
  }
  return {
    facets,
    facet_count: facets.length || undefined,
    lengths: completeLengths(lengths),
    geometry: geometry.facets.length || geometry.lines.length ? geometry : undefined,
  };
}

/**
 * The polygon's corners, walking its edge lines in order. A line is shared by the two faces
 * on either side of it, so at least one of them meets it drawn the other way round.
 */
function ringOf(
  path: string,
  lines: Map<string, string[]>,
  points: Map<string, [number, number, number]>,
): [number, number][] {
  const ids: string[] = [];
  for (const lineId of path.split(',').map((s) => s.trim())) {
    let edge = lines.get(lineId) ?? [];
    if (ids.length && edge[0] !== ids.at(-1)) {
      // The first edge may be the one drawn backwards: the second then meets its start.
      if (edge.at(-1) !== ids.at(-1) && (edge[0] === ids[0] || edge.at(-1) === ids[0])) ids.reverse();
      if (edge.at(-1) === ids.at(-1)) edge = [...edge].reverse();
    }
    for (const p of edge) if (ids.at(-1) !== p && ids[0] !== p) ids.push(p);
  }
  return ids
    .map((id) => points.get(id))
    .filter((p) => p !== undefined)
    .map((p) => [p[0], p[1]]);
}

const isUnit = (name: string) => /^(units?|uom)$/i.test(name);

/**
 * Leaf elements and attributes become label/value rows for the table scanner; an element's
 * unit attribute (`<RIDGE UNITS="FT">42.5</RIDGE>`) goes with its value. Elements named in
 * `skip` are left out with everything under them.
 */
function labelled(root: unknown, skip: Set<string> = new Set()): Measurements {
  const scanner = new TableScanner();
  let visited = 0;
  const walk = (node: unknown, name: string) => {
    if (++visited > 200_000) return;
    if (node === null || node === undefined || skip.has(name.toUpperCase())) return;
    if (typeof node !== 'object') {
      scanner.push([humanize(name), String(node)]);
      return;
    }
    if (Array.isArray(node)) return node.forEach((n) => walk(n, name));
    const element = node as Node;
    const unitName = Object.keys(element).find(isUnit);
    if (element['#text'] !== undefined)
      scanner.push([humanize(name), String(element['#text']), unitName ? String(element[unitName]) : '']);
    for (const [k, v] of Object.entries(element)) if (k !== '#text' && k !== unitName) walk(v, k);
  };
  walk(root, '');
  return scanner.result();
}
