import type { LengthKind } from '../../core/reportModel.ts';
import { MAX_NUMBER_CHARS, normalizePitch, round, type Measurements } from './summary.ts';

type Field = 'address' | 'area' | 'pitch' | 'facets' | LengthKind | 'ridge_hip';

/** Label patterns, most specific first ("Ridges/Hips" before "Ridges"). */
const LABELS: [RegExp, Field][] = [
  [/^(property |project |site )?address$|^location$/i, 'address'],
  [/ridges?\s*(\/|and|&|\+)\s*hips?/i, 'ridge_hip'],
  [/step\s*flash/i, 'step_flashing'],
  [/flashing/i, 'flashing'],
  [/drip\s*edge/i, 'drip_edge'],
  [/parapet/i, 'parapet'],
  [/ridge/i, 'ridge'],
  [/\bhips?\b/i, 'hip'],
  [/valley/i, 'valley'],
  [/rake/i, 'rake'],
  [/eave|starter/i, 'eave'],
  [/predominant\s*pitch|^(roof )?pitch$|^slope$/i, 'pitch'],
  [/facets?\b/i, 'facets'],
  [/(total|roof).*area|area.*roof|^area$|^squares$|total squares/i, 'area'],
];
const IGNORED = /penetration|wall (area|facet)|siding|masonry|window|floor|less|perimeter/i;
const MAX_LABEL_CHARS = 80;
/** Cells are cut to this before any pattern reads them; an address or a unit needs far less. */
const MAX_CELL_CHARS = 1000;

/** "TotalRoofArea" and "total_roof_area" read like "Total Roof Area". */
export function humanize(label: string): string {
  return label
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_.-]+/g, ' ')
    .trim();
}

function fieldOf(label: string): Field | undefined {
  if (label.length > MAX_LABEL_CHARS) return undefined;
  const text = humanize(label);
  if (!text || IGNORED.test(text)) return undefined;
  for (const [re, field] of LABELS) if (re.test(text)) return field;
  return undefined;
}

/** The number a cell starts with ("2,450 sq ft" → 2450); digits past MAX_NUMBER_CHARS are not a measurement. */
export function parseNumber(cell: string): number | undefined {
  const token = cell.match(/^\s*(-?\d[\d,]*(?:\.\d+)?)/)?.[1];
  if (!token || token.length > MAX_NUMBER_CHARS) return undefined;
  return Number(token.replace(/,(?=\d{3}\b)/g, '').match(/^-?\d+(?:\.\d+)?/)![0]);
}

/** Factor to square feet from a unit named in a label or unit cell. */
function areaFactor(unit: string): number {
  if (/mm\s*(\^?2|²)|sq\.?\s*mm/i.test(unit)) return 1.076391e-5;
  if (/\bm\s*(\^?2|²)|\bm2\b|sq\.?\s*m\b|sqm\b/i.test(unit)) return 10.7639104;
  if (/squares/i.test(unit)) return 100;
  return 1;
}

function lengthFactor(unit: string): number {
  if (/\bmm\b/i.test(unit)) return 0.00328084;
  // A unit cell or attribute of its own arrives as the label's last word ("Ridge m").
  if (/\(m\)|\bmeters?\b|\bmetres?\b|(?:^|\s)m\s*$/i.test(unit)) return 3.2808399;
  return 1;
}

/**
 * Reads measurements out of rows of cells, one row at a time so huge sheets cost no memory.
 * Two layouts are understood: a header row of measurement columns followed by data rows
 * (the first data row is the report), and label/value(/unit) rows anywhere.
 */
export class TableScanner {
  private header: Map<number, { field: Field; label: string }> | undefined;
  private headerRowDone = false;
  private extraRows = 0;
  private readonly found: Measurements = { lengths: {}, warnings: [] };

  push(cells: string[]): void {
    const trimmed = cells.map((c) => c.slice(0, MAX_CELL_CHARS).trim());
    if (!trimmed.some(Boolean)) return;
    if (this.header) {
      if (this.headerRowDone) this.extraRows++;
      else this.readWide(trimmed);
      return;
    }
    const columns = new Map<number, { field: Field; label: string }>();
    trimmed.forEach((c, i) => {
      const field = parseNumber(c) === undefined ? fieldOf(c) : undefined;
      if (field) columns.set(i, { field, label: c });
    });
    if (columns.size >= 2 && [...columns.values()].some((c) => c.field !== 'address')) {
      this.header = columns;
      return;
    }
    this.readPairs(trimmed);
  }

  private readWide(cells: string[]) {
    this.headerRowDone = true;
    for (const [i, { field, label }] of this.header!) {
      const value = cells[i];
      if (value) this.set(field, value, label);
    }
  }

  private readPairs(cells: string[]) {
    for (let i = 0; i < cells.length - 1; i++) {
      const field = fieldOf(cells[i]!);
      if (!field) continue;
      const value = cells.slice(i + 1).find(Boolean);
      if (value === undefined) continue;
      const unit = cells[cells.indexOf(value, i + 1) + 1] ?? '';
      this.set(field, value, `${cells[i]} ${unit}`);
      return;
    }
  }

  private set(field: Field, value: string, label: string) {
    const f = this.found;
    if (field === 'address') {
      f.address ??= value.slice(0, 500);
      return;
    }
    if (field === 'pitch') {
      f.predominant_pitch ??= normalizePitch(value);
      return;
    }
    const n = parseNumber(value);
    if (n === undefined || n < 0) return;
    if (field === 'facets') {
      f.facet_count ??= Math.round(n);
    } else if (field === 'area') {
      const factor = areaFactor(`${label} ${value}`);
      if (factor !== 1)
        f.warnings!.push(`Area converted to square feet from ${/squares/i.test(label) ? 'squares' : 'metric units'}`);
      f.total_area_sqft ??= round(n * factor);
    } else {
      const factor = lengthFactor(label);
      f.lengths![field] ??= round(n * factor);
    }
  }

  result(): Measurements {
    if (this.extraRows > 0) {
      this.found.warnings!.push(`The table has ${this.extraRows + 1} data rows; the first one was imported`);
    }
    return this.found;
  }
}
