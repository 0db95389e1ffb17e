import { LENGTH_LABELS, type ExportModel } from './model.ts';

const pairs = (...items: (string | number)[]) => items.map(String).join('\n') + '\n';
const LAYERS = ['ROOF-FACETS', 'LABELS', ...LENGTH_LABELS.map(([k]) => k.toUpperCase().replace('_', '-'))];

function polyline(layer: string, points: [number, number][], closed: boolean) {
  return pairs(
    0,
    'LWPOLYLINE',
    8,
    layer,
    90,
    points.length,
    70,
    closed ? 1 : 0,
    ...points.flatMap(([x, y]) => [10, x.toFixed(4), 20, y.toFixed(4)]),
  );
}

function text(layer: string, [x, y]: [number, number], value: string, height: number) {
  return pairs(0, 'TEXT', 8, layer, 10, x.toFixed(4), 20, y.toFixed(4), 30, 0, 40, height, 1, value);
}

/**
 * The plan in feet ($INSUNITS 2): facets as closed polylines on ROOF-FACETS with their pitch
 * as a text inside each (so our own importer reads them back), lines on RIDGE, HIP, VALLEY,
 * RAKE, EAVE and STEP-FLASHING layers.
 */
export function writeDxf(m: ExportModel): Buffer {
  const g = m.geometry ?? { facets: [], lines: [] };
  let entities = '';
  for (const f of g.facets) {
    entities += polyline('ROOF-FACETS', f.points, true);
    const cx = f.points.reduce((s, p) => s + p[0], 0) / f.points.length;
    const cy = f.points.reduce((s, p) => s + p[1], 0) / f.points.length;
    entities += text('LABELS', [cx, cy], f.pitch ? `${f.id} ${f.pitch}` : f.id, 1);
  }
  for (const l of g.lines) entities += polyline(l.kind.toUpperCase().replace('_', '-'), l.points, false);
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
