/**
 * The roofing materials' own relief (tile courses, standing seams, shakes, slates, shingle tabs)
 * as a brightness factor in a roof plane's own frame: `u` runs along the plane's eave and `v` down
 * its slope, both in photo pixels, so a course is a band of constant `v` and a seam a line of
 * constant `u`. composite.ts turns photo pixels into each plane's (u, v).
 */
export type MaterialLook =
  'shingle' | 'three_tab' | 'metal' | 'clay_tile' | 'concrete_tile' | 'slate' | 'shake' | 'plain';

/** The look a catalog material gets, from its name (ids are random; names are what partners see). */
export function lookOf(material: { name: string } | null): MaterialLook {
  const name = material?.name.toLowerCase() ?? '';
  if (/3[- ]?tab|three[- ]tab/.test(name)) return 'three_tab';
  if (/shingle|asphalt/.test(name)) return 'shingle';
  if (/metal|steel|seam|copper|tin/.test(name) && !/shake/.test(name)) return 'metal';
  if (/concrete/.test(name)) return 'concrete_tile';
  if (/clay|barrel|terracotta|spanish|tile/.test(name)) return 'clay_tile';
  if (/slate/.test(name)) return 'slate';
  if (/shake|cedar|wood/.test(name)) return 'shake';
  return 'plain';
}

export function hexToRgb(hex: string): [number, number, number] | null {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  return m ? [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16)] : null;
}

/** A cheap, stable pseudo-random value in 0..1 for an integer pair (a tile's course and index). */
function noise(a: number, b: number) {
  let h = Math.imul(a, 374761393) ^ Math.imul(b, 668265263);
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/**
 * The material's relief as a brightness factor around 1 at (x, y) = (u, v) of a plane's frame in
 * pixels, for a course height of `unit` pixels. Each look is a few multiplications per pixel: no full-size buffers.
 */
export function reliefOf(look: MaterialLook, unit: number): (x: number, y: number) => number {
  switch (look) {
    case 'shingle':
      // Laminated architectural shingles: tabs of random width and shade, a dark butt line per course.
      return (x, y) => {
        const row = Math.floor(y / unit);
        const v = y / unit - row;
        const shift = noise(row, 7) * unit * 3;
        const tabW = unit * 1.6;
        const tab = Math.floor((x + shift) / tabW);
        const within = (x + shift) / tabW - tab;
        const shade = 0.78 + 0.4 * noise(row, tab);
        const butt = v > 0.86 ? 0.55 : v < 0.12 ? 0.92 : 1;
        const slot = within < 0.05 ? 0.75 : 1;
        return shade * butt * slot;
      };
    case 'three_tab':
      // Regular tabs three to a strip, with slots lined up every other course.
      return (x, y) => {
        const row = Math.floor(y / unit);
        const v = y / unit - row;
        const tabW = unit * 2.4;
        const u = (x + (row & 1) * tabW * 0.5) / tabW;
        const within = u - Math.floor(u);
        const shade = 0.92 + 0.12 * noise(row, Math.floor(u / 3));
        const butt = v > 0.88 ? 0.6 : 1;
        const slot = within < 0.04 ? 0.62 : 1;
        return shade * butt * slot;
      };
    case 'metal': {
      // Standing seams: flat pans with a lit rib and its shadow every panel width, and a soft sheen.
      // The rib and its shadow are at least a pixel and a half wide, so a seam stays a line (not
      // a dotted stair) when it runs at an angle across the photo's pixels.
      const panel = unit * 2.8;
      const lit = Math.max(0.04, 1.5 / panel),
        shadow = lit + Math.max(0.05, 1.5 / panel);
      return (x, y) => {
        const u = x / panel - Math.floor(x / panel);
        const rib = u < lit ? 1.35 : u < shadow ? 0.62 : 1;
        const sheen = 0.96 + 0.06 * Math.sin((y / unit) * 0.35 + x / (panel * 3));
        return rib * sheen;
      };
    }
    case 'clay_tile': {
      // Barrel tiles: a rounded profile across each tile (lit crown, dark pan) and a shadowed course line.
      const tileW = unit * 1.1;
      const barrel = Float32Array.from(
        { length: 64 },
        (_, k) => 0.66 + 0.5 * Math.sin((Math.PI * (k + 0.5)) / 64) ** 0.7,
      );
      return (x, y) => {
        const row = Math.floor(y / unit);
        const v = y / unit - row;
        const u = (x + (row & 1) * tileW * 0.5) / tileW;
        const within = u - Math.floor(u);
        const profile = barrel[(within * 64) | 0]!;
        const course = v > 0.84 ? 0.5 : 1;
        return profile * course * (0.93 + 0.14 * noise(row, Math.floor(u)));
      };
    }
    case 'concrete_tile': {
      // Double-roman concrete tiles: two low rolls per tile, flatter than clay, straight courses.
      const tileW = unit * 1.3;
      return (x, y) => {
        const row = Math.floor(y / unit);
        const v = y / unit - row;
        const within = x / tileW - Math.floor(x / tileW);
        const roll = 0.85 + 0.2 * Math.abs(Math.sin(2 * Math.PI * within));
        const course = v > 0.88 ? 0.55 : v > 0.8 ? 0.85 : 1;
        return roll * course;
      };
    }
    case 'slate':
      // Small rectangular slates, each its own shade, thin dark joints, courses offset by half a slate.
      return (x, y) => {
        const row = Math.floor(y / unit);
        const v = y / unit - row;
        const slateW = unit * 1.2;
        const u = (x + (row & 1) * slateW * 0.5) / slateW;
        const within = u - Math.floor(u);
        const shade = 0.8 + 0.32 * noise(row, Math.floor(u));
        const joint = v > 0.9 || within < 0.04 ? 0.6 : 1;
        return shade * joint;
      };
    case 'shake':
      // Split cedar shakes: narrow boards of random width and shade with grain, deep shadow lines.
      return (x, y) => {
        const row = Math.floor(y / (unit * 1.3));
        const v = y / (unit * 1.3) - row;
        const shift = noise(row, 3) * unit * 4;
        const boardW = unit * (0.7 + 0.9 * noise(row, Math.floor((x + shift) / (unit * 1.1))));
        const board = Math.floor((x + shift) / boardW);
        const within = (x + shift) / boardW - board;
        const grain = 0.94 + 0.12 * noise(board * 31 + Math.floor(x / 2), row);
        const shade = 0.7 + 0.45 * noise(row * 13 + 1, board);
        const gap = within < 0.06 ? 0.5 : 1;
        const butt = v > 0.85 ? 0.45 : 1;
        return shade * grain * gap * butt;
      };
    case 'plain':
      return () => 1;
  }
}

/** How many material courses fit down the slope of the photo's largest plane: about life-size. */
export const COURSES: Record<MaterialLook, number> = {
  shingle: 34,
  three_tab: 34,
  metal: 34,
  clay_tile: 20,
  concrete_tile: 20,
  slate: 30,
  shake: 26,
  plain: 1,
};
