/**
 * DXF as group-code/value lines, the one writer of them: the report export, the shipped sample
 * roof plan and the test fixtures all build their drawings from these. Coordinates go out as
 * given, so a caller that wants fixed precision passes them formatted.
 */
type Coordinate = number | string;
export type DxfPoint = [Coordinate, Coordinate];

export const pairs = (...items: (string | number)[]) => items.join('\n') + '\n';

export function lwpolyline(layer: string, points: DxfPoint[], closed = true): string {
  return pairs(
    0,
    'LWPOLYLINE',
    8,
    layer,
    90,
    points.length,
    70,
    closed ? 1 : 0,
    ...points.flatMap(([x, y]) => [10, x, 20, y]),
  );
}

export function line(layer: string, [x1, y1]: DxfPoint, [x2, y2]: DxfPoint): string {
  return pairs(0, 'LINE', 8, layer, 10, x1, 20, y1, 30, 0, 11, x2, 21, y2, 31, 0);
}

export function text(layer: string, [x, y]: DxfPoint, value: string, height = 1): string {
  return pairs(0, 'TEXT', 8, layer, 10, x, 20, y, 30, 0, 40, height, 1, value);
}

/** A drawing of `entities` in `insunits` (2: feet), after a `999` comment when one is given. */
export function dxfDocument(entities: string, opts: { insunits?: number; comment?: string } = {}): string {
  return (
    (opts.comment === undefined ? '' : pairs(999, opts.comment)) +
    pairs(0, 'SECTION', 2, 'HEADER', 9, '$INSUNITS', 70, opts.insunits ?? 2, 0, 'ENDSEC', 0, 'SECTION', 2, 'ENTITIES') +
    entities +
    pairs(0, 'ENDSEC', 0, 'EOF')
  );
}

/** A 3D polyline (POLYLINE flag 8, +1 closed, as 3D roof models give each facet). */
export function polyline3d(layer: string, points: [Coordinate, Coordinate, Coordinate][], closed = true): string {
  return (
    pairs(0, 'POLYLINE', 8, layer, 66, 1, 70, closed ? 9 : 8) +
    points.map(([x, y, z]) => pairs(0, 'VERTEX', 8, layer, 10, x, 20, y, 30, z, 70, 32)).join('') +
    pairs(0, 'SEQEND', 8, layer)
  );
}

/** A 3DFACE of three or four corners (a triangle repeats its third). */
export function face3d(layer: string, corners: [Coordinate, Coordinate, Coordinate][]): string {
  const c = corners.length === 3 ? [...corners, corners[2]!] : corners;
  return pairs(0, '3DFACE', 8, layer, ...c.flatMap(([x, y, z], i) => [10 + i, x, 20 + i, y, 30 + i, z]));
}
