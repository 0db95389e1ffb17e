import { LENGTH_LABELS, type ExportModel } from './model.ts';
import { centroid } from '../../core/roofGeometry.ts';
import { lwpolyline, pairs, polyline3d, text, type DxfPoint } from './dxfGroups.ts';

const LAYERS = ['ROOF-FACETS', 'LABELS', 'NOTES', ...LENGTH_LABELS.map(([k]) => k.toUpperCase().replace('_', '-'))];
const fixed = ([x, y]: [number, number]): DxfPoint => [x.toFixed(4), y.toFixed(4)];

const feet = (n: number | null) => (n === null ? null : `${n.toLocaleString('en-US')} ft`);

/**
 * What a drawing without a plan says instead of nothing: why it has none (the source carried
 * figures, not geometry: a PDF report, a table) and the figures that are known, as text.
 */
export function notesWithoutPlan(m: ExportModel): string[] {
  const s = m.summary;
  const sources = (s.sources ?? []).map((src) => `${src.file_name} (${src.format})`).join(', ') || 'the import';
  const fromPdf = (s.sources ?? []).some((src) => src.format === 'pdf');
  const notes = [
    `No roof plan to draw: ${sources} ${fromPdf ? 'is a printed report whose figures are text, not geometry' : 'carried no plan geometry'}; the known figures follow.`,
  ];
  if (s.total_area_sqft !== null && s.total_area_sqft !== undefined)
    notes.push(`Roof area ${s.total_area_sqft.toLocaleString('en-US')} sq ft`);
  if (s.predominant_pitch) notes.push(`Predominant pitch ${s.predominant_pitch}`);
  if (s.facet_count) notes.push(`Facets ${s.facet_count}`);
  for (const f of s.facets ?? [])
    notes.push(`${f.id}: ${f.area_sqft.toLocaleString('en-US')} sq ft${f.pitch ? ` at ${f.pitch}` : ''}`);
  for (const [k, label] of LENGTH_LABELS) {
    const value = feet(s.lengths_ft?.[k] ?? null);
    if (value) notes.push(`${label} ${value}`);
  }
  return notes;
}

/**
 * The plan in feet ($INSUNITS 2): facets as closed polylines on ROOF-FACETS (3D polylines when
 * the source was a 3D model, so it reads back as one) with their pitch
 * as a text inside each (so our own importer reads them back), lines on RIDGE, HIP, VALLEY,
 * RAKE, EAVE and STEP-FLASHING layers. A revision without geometry gets text on NOTES saying why
 * and listing its figures, never a silent empty drawing.
 */
export function writeDxf(m: ExportModel): Buffer {
  const g = m.geometry ?? { facets: [], lines: [] };
  let entities = '';
  if (!g.facets.length && !g.lines.length)
    notesWithoutPlan(m).forEach((note, i) => (entities += text('NOTES', fixed([0, -2 * i]), note)));
  for (const f of g.facets) {
    const heights = f.heights?.length === f.points.length ? f.heights : undefined;
    entities += heights
      ? polyline3d(
          'ROOF-FACETS',
          f.points.map(([x, y], i) => [x.toFixed(4), y.toFixed(4), heights[i]!.toFixed(4)]),
        )
      : lwpolyline('ROOF-FACETS', f.points.map(fixed));
    entities += text('LABELS', fixed(centroid(f.points)), f.pitch ? `${f.id} ${f.pitch}` : f.id);
  }
  for (const l of g.lines) {
    const layer = l.kind.toUpperCase().replace('_', '-');
    const heights = l.heights?.length === l.points.length ? l.heights : undefined;
    entities += heights
      ? polyline3d(
          layer,
          l.points.map(([x, y], i) => [x.toFixed(4), y.toFixed(4), heights[i]!.toFixed(4)]),
          false,
        )
      : lwpolyline(layer, l.points.map(fixed), false);
  }
  const layerTable =
    pairs(0, 'TABLE', 2, 'LAYER', 70, LAYERS.length) +
    LAYERS.map((name, i) => pairs(0, 'LAYER', 2, name, 70, 0, 62, i + 1, 6, 'CONTINUOUS')).join('') +
    pairs(0, 'ENDTAB');
  return Buffer.from(
    pairs(999, `Roof report ${m.project_name.replace(/[\r\n]/g, ' ')} revision ${m.revision_number}`) +
      pairs(0, 'SECTION', 2, 'HEADER', 9, '$ACADVER', 1, 'AC1015', 9, '$INSUNITS', 70, 2, 0, 'ENDSEC') +
      pairs(0, 'SECTION', 2, 'TABLES') +
      layerTable +
      pairs(0, 'ENDSEC') +
      pairs(0, 'SECTION', 2, 'ENTITIES') +
      entities +
      pairs(0, 'ENDSEC', 0, 'EOF'),
  );
}
