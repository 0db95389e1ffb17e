import { PermanentError } from '../../../core/errors.ts';
import type { Lengths, PitchArea } from '../../../core/reportModel.ts';
import { readRoofExport, type Node } from '../parseXml.ts';
import { mergeMeasurements, normalizePitch, type Measurements, type StructureMeasurements } from '../summary.ts';

const obj = (v: unknown): Node | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Node) : undefined;
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);

/** A figure as EagleView writes it: 2443, "2443", "2,443", "26 ft", "2443 sq ft". */
function figure(v: unknown): number | undefined {
  const text = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  const m = text.match(/^(\d{1,3}(?:,\d{3})+|\d{1,9})(\.\d{1,6})?(?:\s*[A-Za-z. ]{0,12})?$/);
  return m ? Number(m[1]!.replace(/,/g, '') + (m[2] ?? '')) : undefined;
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, 200) : undefined);

/**
 * EagleView's measurement JSON ("EV JSON", file type 107): its XML export written as JSON, the
 * attributes as "@name" keys, with the OVERALL_SUMMARY's ATTRIBUTE name/value pairs beside the
 * roof model.
 */
export function isEagleViewExport(doc: unknown): boolean {
  return obj(obj(doc)?.EAGLEVIEW_EXPORT) !== undefined;
}

/** "@reportId" → "reportId", "#text" kept: the shape the XML reader reads. */
function withoutAttributeMarks(node: unknown, depth = 0): unknown {
  if (depth > 64) return undefined;
  if (Array.isArray(node)) return node.map((n) => withoutAttributeMarks(n, depth + 1));
  const o = obj(node);
  if (!o) return node;
  return Object.fromEntries(
    Object.entries(o).map(([k, v]) => [k.startsWith('@') ? k.slice(1) : k, withoutAttributeMarks(v, depth + 1)]),
  );
}

export function readEagleViewExport(doc: unknown): Measurements {
  const root = withoutAttributeMarks(obj(doc)!.EAGLEVIEW_EXPORT) as Node;
  return {
    ...mergeMeasurements(readRoofExport(root)),
    layout: { vendor: 'eagleview', product: 'EagleView measurement JSON' },
  };
}

/**
 * The answer of EagleView's GetReport (Measurement Orders API): the order's address and status,
 * the totals at the top level (Area, Pitch, LengthRidge, …) and again under TotalMeasurements,
 * with a PitchTable, and MeasurementByStructure per building.
 */
export function isEagleViewGetReport(doc: unknown): boolean {
  const o = obj(doc);
  return (
    o !== undefined &&
    o.ReportId !== undefined &&
    (obj(o.TotalMeasurements) !== undefined || o.LengthRidge !== undefined || Array.isArray(o.MeasurementByStructure))
  );
}

const LENGTH_FIELDS: [keyof Lengths, string][] = [
  ['ridge', 'LengthRidge'],
  ['hip', 'LengthHip'],
  ['valley', 'LengthValley'],
  ['rake', 'LengthRake'],
  ['eave', 'LengthEave'],
  ['flashing', 'LengthFlashing'],
  ['step_flashing', 'LengthStepFlashing'],
  ['drip_edge', 'LengthDripEdge'],
  ['parapet', 'LengthParapet'],
];

function pitchTable(rows: unknown): PitchArea[] | undefined {
  const out = list(rows).flatMap((r) => {
    const pitch = normalizePitch(String(obj(r)?.Pitch ?? ''));
    const area = figure(obj(r)?.RoofArea ?? obj(r)?.Area);
    return pitch && area !== undefined ? [{ pitch, area_sqft: area }] : [];
  });
  return out.length ? out : undefined;
}

/** One block of GetReport figures: the totals or one structure's. */
function measurements(m: Node): Measurements {
  const lengths: Partial<Lengths> = {};
  for (const [kind, field] of LENGTH_FIELDS) {
    const feet = figure(m[field]);
    if (feet !== undefined) lengths[kind] = feet;
  }
  const pitchValue = typeof m.PitchValue === 'number' && m.PitchValue > 0 ? `${m.PitchValue}/12` : undefined;
  return {
    total_area_sqft: figure(m.AreaValue) || figure(m.Area),
    predominant_pitch: normalizePitch(String(m.PrimaryPitch ?? m.Pitch ?? pitchValue ?? '')),
    facet_count: figure(m.TotalRoofFacets),
    areas_per_pitch: pitchTable(m.PitchTable),
    lengths,
  };
}

export function readEagleViewGetReport(doc: unknown): Measurements {
  const o = obj(doc)!;
  const totals = mergeMeasurements([
    ...(obj(o.TotalMeasurements) ? [measurements(obj(o.TotalMeasurements)!)] : []),
    measurements(o),
  ]);
  const hasFigures = totals.total_area_sqft !== undefined || Object.keys(totals.lengths ?? {}).length > 0;
  if (!hasFigures) {
    const status = text(o.DisplayStatus) ?? text(o.Status) ?? 'not completed';
    throw new PermanentError(
      `EagleView report ${String(o.ReportId).slice(0, 20)} is ${status} and carries no measurements yet; import its GetReport answer once it is Completed`,
    );
  }
  const structures: StructureMeasurements[] = list(o.MeasurementByStructure).flatMap((s, i) => {
    const node = obj(s);
    return node
      ? [{ name: text(node.BuildingName) ?? `Structure ${i + 1}`, number: i + 1, ...measurements(node) }]
      : [];
  });
  const street = text(o.Street);
  const address = street
    ? [street, text(o.City), [text(o.State), text(o.Zip)].filter(Boolean).join(' ')].filter(Boolean).join(', ')
    : undefined;
  const lat = typeof o.Latitude === 'number' ? o.Latitude : figure(o.Latitude);
  const long = typeof o.Longitude === 'number' ? o.Longitude : Number(o.Longitude);
  return {
    ...totals,
    address,
    lat: Number.isFinite(lat) && lat !== 0 ? lat : undefined,
    long: Number.isFinite(long) && long !== 0 ? long : undefined,
    ...(structures.length > 1 ? { structures } : {}),
    layout: { vendor: 'eagleview', product: 'EagleView GetReport JSON' },
  };
}
