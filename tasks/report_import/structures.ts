import { LENGTH_KINDS, type Lengths, type PitchArea } from '../../core/reportModel.ts';
import {
  mergeMeasurements,
  predominantPitch,
  round,
  type Measurements,
  type StructureMeasurements,
} from './summary.ts';

type LengthKey = keyof Lengths;
const LENGTH_KEYS: LengthKey[] = [...LENGTH_KINDS, 'ridge_hip'];

/** The sum of a figure over every structure, when every structure states it. */
function sumOf(values: (number | undefined)[]): number | undefined {
  return values.every((v) => v !== undefined)
    ? round(
        values.reduce<number>((s, v) => s + v!, 0),
        2,
      )
    : undefined;
}

function pitchAreas(structures: Measurements[]): PitchArea[] | undefined {
  const byPitch = new Map<string, number>();
  for (const s of structures)
    for (const p of s.areas_per_pitch ?? []) byPitch.set(p.pitch, (byPitch.get(p.pitch) ?? 0) + p.area_sqft);
  if (!byPitch.size) return undefined;
  return [...byPitch]
    .map(([pitch, area]) => ({ pitch, area_sqft: round(area, 1) }))
    .sort((a, b) => Number(a.pitch.split('/')[0]) - Number(b.pitch.split('/')[0]));
}

/** What the structures add up to. */
function structureSums(structures: Measurements[]): Measurements {
  const lengths: Partial<Lengths> = {};
  for (const k of LENGTH_KEYS) {
    const sum = sumOf(structures.map((s) => s.lengths?.[k] ?? undefined));
    if (sum !== undefined) lengths[k] = sum;
  }
  const areas = pitchAreas(structures);
  return {
    total_area_sqft: sumOf(structures.map((s) => s.total_area_sqft)),
    facet_count: sumOf(structures.map((s) => s.facet_count)),
    areas_per_pitch: areas,
    predominant_pitch: areas ? predominantPitch([], areas) : undefined,
    lengths,
  };
}

const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });

/**
 * The property's totals for a source with several structures: the totals it prints, else what
 * its structures add up to. Each structure's figure is rounded on its own (EagleView rounds each
 * up to the foot), so a printed total may differ from the sum by up to one unit per structure;
 * beyond that the printed total is kept and a warning says by how much they disagree.
 */
export function withPropertyTotals(m: Measurements): Measurements {
  const structures: StructureMeasurements[] = m.structures ?? [];
  if (structures.length < 2) return m;
  const sums = structureSums(structures.map((s) => mergeMeasurements([s])));
  const tolerance = structures.length + 0.5;
  const warnings = [...(m.warnings ?? [])];
  const disagree = (what: string, printed: number | undefined, sum: number | undefined, unit: string) => {
    if (printed !== undefined && sum !== undefined && Math.abs(printed - sum) > tolerance)
      warnings.push(
        `The ${structures.length} structures add up to ${fmt(sum)} ${unit} of ${what} but the report prints ` +
          `${fmt(printed)} ${unit} for the property; the printed total is kept`,
      );
  };
  disagree('roof area', m.total_area_sqft, sums.total_area_sqft, 'sq ft');
  for (const k of LENGTH_KEYS)
    disagree(`${k.replace('_', ' ')} length`, m.lengths?.[k] ?? undefined, sums.lengths?.[k] ?? undefined, 'ft');
  // The printed totals first: what the sums add fills only the figures the report left out.
  return { ...mergeMeasurements([{ ...m, warnings: [] }, sums]), warnings, structures };
}
