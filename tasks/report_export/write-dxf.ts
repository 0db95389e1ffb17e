import { LENGTH_LABELS, type ExportModel } from './model.ts';
import { lwpolyline, pairs, text, type DxfPoint } from './dxf-groups.ts';

const LAYERS = ['ROOF-FACETS', 'LABELS', ...LENGTH_LABELS.map(([k]) => k.toUpperCase().replace('_', '-'))];
const fixed = ([x, y]: [number, number]): DxfPoint => [x.toFixed(4), y.toFixed(4)];

/**
 * The plan in feet ($INSUNITS 2): facets as closed polylines on ROOF-FACETS with their pitch
 * as a text inside each (so our own importer reads them back), lines on RIDGE, HIP, VALLEY,
 * RAKE, EAVE and STEP-FLASHING layers.
 */
export function writeDxf(m: ExportModel): Buffer {
  const g = m.geometry ?? { facets: [], lines: [] };
  let entities = '';
  for (const f of g.facets) {
    entities += lwpolyline('ROOF-FACETS', f.points.map(fixed));
    const cx = f.points.reduce((s, p) => s + p[0], 0) / f.points.length;
    const cy = f.points.reduce((s, p) => s + p[1], 0) / f.points.length;
    entities += text('LABELS', fixed([cx, cy]), f.pitch ? `${f.id} ${f.pitch}` : f.id);
  }
  for (const l of g.lines) entities += lwpolyline(l.kind.toUpperCase().replace('_', '-'), l.points.map(fixed), false);
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
