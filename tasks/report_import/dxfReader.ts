import { PermanentError } from '../../core/errors.ts';

export type Pt = [number, number];

export interface DxfEntity {
  type: string;
  layer: string;
  /** Vertices in drawing units: LINE start and end, polyline corners, a text's insertion point. */
  points: Pt[];
  /** Heights of `points` (code 30), where the entity gives them. */
  z: number[];
  closed: boolean;
  /** A 3D polyline (POLYLINE flag 8) or a 3DFACE: a facet of a 3D model. */
  is3d: boolean;
  text?: string;
}

export interface DxfDrawing {
  insunits: number | undefined;
  /** Block references seen (their blocks are not expanded). */
  inserts: number;
}

/** $INSUNITS codes to feet; 0 (unitless) is read as feet with a warning. */
export const FEET_PER_UNIT: Record<number, number> = {
  1: 1 / 12,
  2: 1,
  4: 0.0032808399,
  5: 0.032808399,
  6: 3.2808399,
  10: 3,
};

const KEPT = new Set(['LINE', 'LWPOLYLINE', 'POLYLINE', '3DFACE', 'TEXT', 'MTEXT']);

/** A 3DFACE has four corners; a triangle repeats its third. */
function dropRepeatedCorner(face: DxfEntity): void {
  const [c, d] = [face.points[2], face.points[3]];
  if (c && d && c[0] === d[0] && c[1] === d[1] && (face.z[2] ?? 0) === (face.z[3] ?? 0)) {
    face.points.pop();
    face.z.length = Math.min(face.z.length, 3);
  }
}

/**
 * Reads the group-code/value pairs of an ASCII DXF in one pass over the text, keeping only
 * the model-space entities a roof plan needs and handing each to `visit` as soon as it ends.
 * Unlike a general parser it never splits the file into a line array nor holds the entities,
 * so memory follows what the caller keeps, not the file; too many entities stop at the limit.
 */
export function readDxf(text: string, maxEntities: number, visit: (entity: DxfEntity) => void): DxfDrawing {
  const drawing: DxfDrawing = { insunits: undefined, inserts: 0 };
  let pos = 0;
  const nextLine = (): string | undefined => {
    if (pos >= text.length) return undefined;
    let end = text.indexOf('\n', pos);
    if (end === -1) end = text.length;
    const line = text.slice(pos, end).trim();
    pos = end + 1;
    return line;
  };

  let section = '';
  let expectSectionName = false;
  let headerVar = '';
  let count = 0;
  let current: DxfEntity | undefined;
  let polyline: DxfEntity | undefined;
  let x: number | undefined;

  const finish = () => {
    if (current?.type === '3DFACE') dropRepeatedCorner(current);
    if (current && current.type !== 'VERTEX' && current.type !== 'POLYLINE') visit(current);
    current = undefined;
  };

  for (;;) {
    const codeLine = nextLine();
    const value = nextLine();
    if (codeLine === undefined || value === undefined) break;
    const code = Number(codeLine);
    if (!Number.isInteger(code))
      throw new PermanentError(
        `DXF is malformed near byte ${pos}: expected a group code, found ${JSON.stringify(codeLine.slice(0, 20))}`,
      );

    if (code === 0) {
      if (section === 'ENTITIES') {
        finish();
        if (++count > maxEntities)
          throw new PermanentError(
            `DXF has more than ${maxEntities.toLocaleString('en-US')} entities; refused (limit)`,
          );
        if (value === 'SEQEND' && polyline) {
          visit(polyline);
          polyline = undefined;
        } else if (value === 'VERTEX' && polyline) {
          current = {
            type: 'VERTEX',
            layer: polyline.layer,
            points: polyline.points,
            z: polyline.z,
            closed: false,
            is3d: false,
          };
        } else if (value === 'INSERT') {
          drawing.inserts++;
        } else if (KEPT.has(value)) {
          current = {
            type: value,
            layer: '0',
            points: [],
            z: [],
            closed: value === '3DFACE',
            is3d: value === '3DFACE',
          };
          if (value === 'POLYLINE') polyline = current;
        }
      }
      if (value === 'SECTION') expectSectionName = true;
      else if (value === 'ENDSEC') section = '';
      continue;
    }
    if (expectSectionName && code === 2) {
      section = value;
      expectSectionName = false;
      continue;
    }
    if (section === 'HEADER') {
      if (code === 9) headerVar = value;
      else if (headerVar === '$INSUNITS' && code === 70) drawing.insunits = Number(value);
      continue;
    }
    if (!current) continue;
    // A POLYLINE's own point is its elevation, not a corner: its corners are its VERTEXes.
    if (current.type === 'POLYLINE' && code >= 10 && code <= 39) continue;
    switch (code) {
      case 8:
        if (current.type !== 'VERTEX') current.layer = value;
        break;
      case 10:
      case 11:
      case 12:
      case 13:
        x = Number(value);
        break;
      case 20:
      case 21:
      case 22:
      case 23:
        if (x !== undefined && Number.isFinite(x) && Number.isFinite(Number(value)))
          current.points.push([x, Number(value)]);
        x = undefined;
        break;
      case 30:
      case 31:
      case 32:
      case 33:
        // A height belongs to the point just read; a POLYLINE's own 30 (its elevation) has none.
        if (current.z.length < current.points.length && Number.isFinite(Number(value)))
          current.z[current.points.length - 1] = Number(value);
        break;
      case 70:
        if (current.type === 'LWPOLYLINE' || current.type === 'POLYLINE') {
          current.closed = (Number(value) & 1) === 1;
          if (current.type === 'POLYLINE') current.is3d = (Number(value) & 8) === 8;
        }
        break;
      case 1:
      case 3:
        if (current.type === 'TEXT' || current.type === 'MTEXT') current.text = (current.text ?? '') + value;
        break;
    }
  }
  finish();
  return drawing;
}
