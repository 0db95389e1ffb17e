import type { Mask } from './roof-mask.ts';

/**
 * Paints a roofing material over the masked part of a photo: the material's own relief (tile
 * courses, standing seams, shakes, slates, shingle tabs) in the chosen colour, lit by the photo's
 * own light and shadow. Orientation is fixed in image space and documented in docs/decisions/visualizer.md: courses
 * (shingles, tiles, slate, shakes) run horizontally and seams run vertically, as they do on the
 * eave-facing planes that dominate street and drone photos.
 */
export interface RgbPhoto {
  data: Uint8Array | Buffer;
  width: number;
  height: number;
  channels: 3;
}

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

/** Opacity of the roof at photo pixel (x, y): the small mask upsampled bilinearly, its edge a short ramp. */
export function maskOpacity(mask: Mask, width: number, height: number) {
  const sx = mask.width / width;
  const sy = mask.height / height;
  const d = mask.data;
  return (x: number, y: number) => {
    const fx = Math.min(mask.width - 1, Math.max(0, (x + 0.5) * sx - 0.5));
    const fy = Math.min(mask.height - 1, Math.max(0, (y + 0.5) * sy - 0.5));
    const x0 = fx | 0,
      y0 = fy | 0;
    const x1 = Math.min(mask.width - 1, x0 + 1),
      y1 = Math.min(mask.height - 1, y0 + 1);
    const a = d[y0 * mask.width + x0]!,
      b = d[y0 * mask.width + x1]!,
      c = d[y1 * mask.width + x0]!,
      e = d[y1 * mask.width + x1]!;
    if ((a | b | c | e) === 0) return 0;
    const wx = fx - x0,
      wy = fy - y0;
    const v = ((a * (1 - wx) + b * wx) * (1 - wy) + (c * (1 - wx) + e * wx) * wy) / 255;
    // Smoothstep over the inner half of the ramp: crisp eaves that never bleed past the mask.
    const t = Math.min(1, Math.max(0, (v - 0.5) * 2));
    return t * t * (3 - 2 * t);
  };
}

/** A cheap, stable pseudo-random value in 0..1 for an integer pair (a tile's course and index). */
function noise(a: number, b: number) {
  let h = Math.imul(a, 374761393) ^ Math.imul(b, 668265263);
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/**
 * The material's relief as a brightness factor around 1 at (x, y) in pixels, for a course
 * height of `unit` pixels. Each look is a few multiplications per pixel: no full-size buffers.
 */
function reliefOf(look: MaterialLook, unit: number): (x: number, y: number) => number {
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
        const u = (x + (row % 2) * tabW * 0.5) / tabW;
        const within = u - Math.floor(u);
        const shade = 0.92 + 0.12 * noise(row, Math.floor(u / 3));
        const butt = v > 0.88 ? 0.6 : 1;
        const slot = within < 0.04 ? 0.62 : 1;
        return shade * butt * slot;
      };
    case 'metal': {
      // Standing seams: flat pans with a lit rib and its shadow every panel width, and a soft sheen.
      const panel = unit * 2.8;
      return (x, y) => {
        const u = x / panel - Math.floor(x / panel);
        const rib = u < 0.04 ? 1.35 : u < 0.09 ? 0.62 : 1;
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
        const u = (x + (row % 2) * tileW * 0.5) / tileW;
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
        const u = (x + (row % 2) * slateW * 0.5) / slateW;
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

/** How many material courses fit in the roof's height: about life-size on a two-storey house. */
const COURSES: Record<MaterialLook, number> = {
  shingle: 34,
  three_tab: 34,
  metal: 34,
  clay_tile: 20,
  concrete_tile: 20,
  slate: 30,
  shake: 26,
  plain: 1,
};

/** The roof's light: mean luminance of the photo in cells of `cell` pixels, blurred, as a small grid. */
function lightMap(photo: RgbPhoto, cell: number) {
  const { data, width, height } = photo;
  const gw = Math.ceil(width / cell),
    gh = Math.ceil(height / cell);
  const sum = new Float32Array(gw * gh),
    count = new Float32Array(gw * gh);
  for (let y = 0; y < height; y++) {
    const row = ((y / cell) | 0) * gw;
    for (let x = 0, i = y * width * 3; x < width; x++, i += 3) {
      const g = row + ((x / cell) | 0);
      sum[g]! += 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
      count[g]!++;
    }
  }
  let light = sum.map((s, g) => s / Math.max(1, count[g]!));
  for (let pass = 0; pass < 2; pass++) {
    const next = new Float32Array(light.length);
    for (let y = 0; y < gh; y++) {
      for (let x = 0; x < gw; x++) {
        let s = 0,
          n = 0;
        for (let dy = -1; dy <= 1; dy++) {
          for (let dx = -1; dx <= 1; dx++) {
            const xx = x + dx,
              yy = y + dy;
            if (xx < 0 || yy < 0 || xx >= gw || yy >= gh) continue;
            s += light[yy * gw + xx]!;
            n++;
          }
        }
        next[y * gw + x] = s / n;
      }
    }
    light = next;
  }
  return { light, gw, gh };
}

/** For each mask row, the first and last column with any roof (both -1 for none). */
function roofSpans(mask: Mask) {
  const span = new Int32Array(mask.height * 2).fill(-1);
  for (let y = 0; y < mask.height; y++) {
    for (let x = 0; x < mask.width; x++) {
      if (!mask.data[y * mask.width + x]) continue;
      if (span[y * 2]! < 0) span[y * 2] = x;
      span[y * 2 + 1] = x;
    }
    if (span[y * 2]! < 0) span[y * 2] = mask.width;
  }
  return span;
}

/**
 * Paints the material in place over `photo.data` where the mask says roof, and returns that
 * buffer. Pixels where the mask is 0 are never written. Per pixel: the catalog colour × the
 * material's relief × the photo's local light relative to the roof's mean light, plus a little
 * of the photo's own fine detail so vents and edges do not vanish.
 */
export function renderMaterial(
  photo: RgbPhoto,
  mask: Mask,
  material: { name: string } | null,
  colorHex: string,
): Uint8Array | Buffer {
  const rgb = hexToRgb(colorHex);
  if (!rgb) throw new Error(`Colour ${colorHex} is not a #rrggbb hex code`);
  const { data, width, height } = photo;
  const alphaAt = maskOpacity(mask, width, height);
  const look = lookOf(material);

  // The roof's extent in the mask sets the pattern's scale.
  let top = mask.height,
    bottom = -1;
  for (let y = 0; y < mask.height; y++) {
    for (let x = 0; x < mask.width; x++) {
      if (mask.data[y * mask.width + x]! < 128) continue;
      if (y < top) top = y;
      bottom = y;
    }
  }
  if (bottom < 0) return data;
  const roofHeight = ((bottom - top + 1) * height) / mask.height;
  const unit = Math.max(3, roofHeight / COURSES[look]);
  const relief = reliefOf(look, unit);

  const cell = Math.max(4, Math.round(Math.max(width, height) / 160));
  const { light, gw } = lightMap(photo, cell);
  let lightSum = 0,
    lightCount = 0;
  for (let g = 0; g < light.length; g++) {
    const gx = (g % gw) * cell + cell / 2,
      gy = Math.floor(g / gw) * cell + cell / 2;
    if (gx < width && gy < height && alphaAt(Math.min(width - 1, gx), Math.min(height - 1, gy)) > 0.5) {
      lightSum += light[g]!;
      lightCount++;
    }
  }
  const meanLight = Math.max(8, lightCount ? lightSum / lightCount : 128);
  // How much of the photo's fine detail survives: little under a material's own relief.
  const detail = look === 'plain' ? 0.85 : 0.25;
  const [tr, tg, tb] = rgb;

  const gh = light.length / gw;
  const span = roofSpans(mask);
  const sy = mask.height / height,
    sx = mask.width / width;
  for (let y = 0; y < height; y++) {
    // Only the photo columns under the roof's extent in the two mask rows this row samples.
    const my = Math.min(mask.height - 1, Math.max(0, (y + 0.5) * sy - 0.5)) | 0;
    const lo = Math.min(span[my * 2]!, span[Math.min(mask.height - 1, my + 1) * 2]!);
    const hi = Math.max(span[my * 2 + 1]!, span[Math.min(mask.height - 1, my + 1) * 2 + 1]!);
    if (hi < 0) continue;
    const xStart = Math.max(0, Math.floor((lo - 1) / sx)),
      xEnd = Math.min(width, Math.ceil((hi + 2) / sx));
    const fy = Math.min(gh - 1, Math.max(0, (y + 0.5) / cell - 0.5));
    const y0 = fy | 0,
      y1 = Math.min(gh - 1, y0 + 1),
      wy = fy - y0;
    for (let x = xStart, i = (y * width + xStart) * 3; x < xEnd; x++, i += 3) {
      const a = alphaAt(x, y);
      if (a === 0) continue;
      const fx = Math.min(gw - 1, Math.max(0, (x + 0.5) / cell - 0.5));
      const x0 = fx | 0,
        x1 = Math.min(gw - 1, x0 + 1),
        wx = fx - x0;
      const local =
        (light[y0 * gw + x0]! * (1 - wx) + light[y0 * gw + x1]! * wx) * (1 - wy) +
        (light[y1 * gw + x0]! * (1 - wx) + light[y1 * gw + x1]! * wx) * wy;
      const l = 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
      const shade = Math.min(1.8, Math.max(0.2, local / meanLight));
      const fine = Math.min(1.6, Math.max(0.5, 1 + (l / Math.max(4, local) - 1) * detail));
      const k = relief(x, y) * shade * fine;
      data[i] = Math.min(255, data[i]! * (1 - a) + tr * k * a);
      data[i + 1] = Math.min(255, data[i + 1]! * (1 - a) + tg * k * a);
      data[i + 2] = Math.min(255, data[i + 2]! * (1 - a) + tb * k * a);
    }
  }
  return data;
}
