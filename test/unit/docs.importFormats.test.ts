import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TableScanner } from '../../tasks/report_import/table.ts';
import type { Measurements } from '../../tasks/report_import/summary.ts';

const GUIDE = readFileSync(new URL('../../api/docs/guide.md', import.meta.url), 'utf8');

/** The guide's "CSV and XLSX" table: each figure with the column names it promises. */
function documentedColumns(): [string, string[]][] {
  const section = GUIDE.slice(GUIDE.indexOf('## CSV and XLSX'), GUIDE.indexOf('## XML'));
  return section
    .split('\n')
    .filter((l) => l.startsWith('| ') && !l.startsWith('| Figure'))
    .map((l) => l.split('|').map((c) => c.trim()))
    .map(([, figure, names]) => [figure!, names!.split(', ')]);
}

/** What the parser made of one label with a value beside it. */
function read(label: string, value: string): Measurements {
  const scanner = new TableScanner();
  scanner.push([label, value]);
  return scanner.result();
}

/** A length by its kind's name, for the kinds the model gained with issue 20's import side. */
const length = (m: Measurements, kind: string) => (m.lengths as Record<string, number | undefined> | undefined)?.[kind];

const FIGURES: Record<string, { value: string; found: (m: Measurements) => unknown }> = {
  Address: { value: '12 Elm Row', found: (m) => m.address },
  'Total roof area': { value: '24', found: (m) => m.total_area_sqft },
  'Predominant pitch': { value: '6/12', found: (m) => m.predominant_pitch },
  Facets: { value: '9', found: (m) => m.facet_count },
  'Ridges and hips together': { value: '24', found: (m) => m.lengths?.ridge_hip },
  Ridges: { value: '24', found: (m) => m.lengths?.ridge },
  Hips: { value: '24', found: (m) => m.lengths?.hip },
  Valleys: { value: '24', found: (m) => m.lengths?.valley },
  Rakes: { value: '24', found: (m) => m.lengths?.rake },
  Eaves: { value: '24', found: (m) => m.lengths?.eave },
  'Step flashing': { value: '24', found: (m) => m.lengths?.step_flashing },
  Flashing: { value: '24', found: (m) => length(m, 'flashing') },
  'Drip edge': { value: '24', found: (m) => length(m, 'drip_edge') },
  'Parapet walls': { value: '24', found: (m) => length(m, 'parapet') },
};

describe('/docs "Importing measurement reports"', () => {
  const documented = documentedColumns();

  it('lists every figure the table reader reads', () => {
    expect(documented.map(([figure]) => figure)).toEqual(Object.keys(FIGURES));
  });

  it.each(documented.flatMap(([figure, names]) => names.map((name) => [name, figure] as const)))(
    'the column "%s" is read as %s, by the parser itself',
    (name, figure) => {
      const { value, found } = FIGURES[figure]!;
      for (const label of [name, name.toUpperCase(), name.replace(/\s+(\w)/g, (_, c: string) => c.toUpperCase())]) {
        const m = read(label, value);
        expect(found(m), `${label} → ${JSON.stringify(m)}`).toBeDefined();
        // Nothing else was read from it: the name means exactly this figure.
        const others = Object.entries(FIGURES).filter(([f]) => f !== figure);
        for (const [other, spec] of others) expect(spec.found(m), `${label} also read as ${other}`).toBeUndefined();
      }
    },
  );

  it("names sample files that exist and a curl that sends one as the form's files part", () => {
    for (const [, name] of GUIDE.matchAll(/samples\/reports\/([\w.-]+)/g))
      expect(existsSync(new URL(`../../samples/reports/${name}`, import.meta.url)), name).toBe(true);
    expect(GUIDE).toContain('-F files=@samples/reports/roof-measurements.csv');
  });
});
