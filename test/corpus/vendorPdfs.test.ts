import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseFile } from '../../tasks/report_import/parseFile.ts';
import { summarize } from '../../tasks/report_import/summary.ts';
import { requireCorpusDir } from './corpusDir.ts';

/**
 * Every real vendor report on the workbench (PDFs, and GAF QuickMeasure's 3D DXF), field by field
 * against the figures SOURCES.md gives (transcribed here): area within 1 %, lengths within 2 %,
 * pitch, facet and structure count exact. A file is checked on what SOURCES.md states of it.
 */
const REPORTS = join(requireCorpusDir(), 'reports');

interface Expected {
  /** Under CORPUS_DIR/reports/pdf unless a folder is given. */
  file: string;
  vendor: string;
  /** False where the file carries no mark of its maker (a DXF of bare facets). */
  vendorNamed?: false;
  area?: number;
  pitch?: string;
  facets?: number;
  lengths?: { ridge: number; hip: number; valley: number; rake: number; eave: number };
  structures: number;
}

const EXPECTED: Expected[] = [
  {
    file: 'eagleview-premium-report-59803192-deltona-fl.pdf',
    vendor: 'eagleview',
    area: 2865,
    pitch: '5/12',
    lengths: { ridge: 105, hip: 10, valley: 89, rake: 154, eave: 109 },
    structures: 1,
  },
  {
    file: 'eagleview-premium-roof-and-walls-58929357-stafford-va.pdf',
    vendor: 'eagleview',
    area: 1900,
    pitch: '7/12',
    lengths: { ridge: 51, hip: 0, valley: 0, rake: 109, eave: 101 },
    structures: 1,
  },
  {
    file: 'eagleview-premium-61202266-3-structures-catlett-va.pdf',
    vendor: 'eagleview',
    area: 3070,
    pitch: '5/12',
    lengths: { ridge: 57, hip: 32, valley: 23, rake: 206, eave: 230 },
    structures: 3,
  },
  {
    file: 'eagleview-premium-5-structures-with-cover-bellevue-ne.pdf',
    vendor: 'eagleview',
    area: 3025,
    pitch: '4/12',
    lengths: { ridge: 127, hip: 0, valley: 47, rake: 215, eave: 224 },
    structures: 5,
  },
  {
    file: 'roofr-report-fredericksburg-va-22408.pdf',
    vendor: 'roofr',
    area: 3133,
    pitch: '8/12',
    lengths: { ridge: 92.17, hip: 6.33, valley: 78.25, rake: 238.75, eave: 139.58 },
    structures: 1,
  },
  {
    file: 'roofr-report-stafford-va-22554.pdf',
    vendor: 'roofr',
    area: 2032,
    pitch: '6/12',
    lengths: { ridge: 70.5, hip: 12.17, valley: 39.92, rake: 163, eave: 142 },
    structures: 1,
  },
  {
    file: 'roofr-report-warrenton-va-20186.pdf',
    vendor: 'roofr',
    area: 5109,
    pitch: '12/12',
    lengths: { ridge: 86.17, hip: 311.33, valley: 186.5, rake: 46.17, eave: 281.17 },
    structures: 1,
  },
  {
    file: 'hover-roof-measurements-thomasville-ga.pdf',
    vendor: 'hover',
    area: 2512,
    pitch: '8/12',
    lengths: { ridge: 106.67, hip: 0, valley: 60.75, rake: 151.33, eave: 136.33 },
    structures: 1,
  },
  {
    file: 'hover-complete-measurements-catonsville-md.pdf',
    vendor: 'hover',
    area: 1908,
    pitch: '6/12',
    lengths: { ridge: 66.17, hip: 0, valley: 0, rake: 126.75, eave: 84.25 },
    structures: 1,
  },
  {
    file: 'dxf/gaf-quickmeasure-3d-facets-moore-ok.dxf',
    vendor: 'gaf_quickmeasure',
    vendorNamed: false,
    facets: 20,
    structures: 1,
  },
];

const within = (got: number | null, want: number, share: number) =>
  got !== null && Math.abs(got - want) <= Math.max(want * share, want === 0 ? 0 : 0.01);

/** Per file, the fields checked and which were wrong. */
const results: { vendor: string; file: string; checked: number; wrong: string[] }[] = [];

async function fieldsWrong(e: Expected): Promise<{ wrong: string[]; checked: number }> {
  const path = join(REPORTS, e.file.includes('/') ? e.file : join('pdf', e.file));
  const outcome = summarize([await parseFile(e.file.split('/').pop()!, readFileSync(path), { alone: true })]);
  if (outcome.status === 'failed') return { wrong: [`failed: ${outcome.reason}`], checked: 1 };
  const s = outcome.summary;
  const wrong: string[] = [];
  let checked = 0;
  const check = (field: string, ok: boolean, got: unknown, want: unknown) => {
    checked++;
    if (!ok) wrong.push(`${field}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
  };
  if (e.vendorNamed !== false) check('vendor', s.sources[0]?.vendor === e.vendor, s.sources[0]?.vendor, e.vendor);
  if (e.area !== undefined) check('area', within(s.total_area_sqft, e.area, 0.01), s.total_area_sqft, e.area);
  if (e.pitch !== undefined) check('pitch', s.predominant_pitch === e.pitch, s.predominant_pitch, e.pitch);
  if (e.facets !== undefined) check('facets', s.facet_count === e.facets, s.facet_count, e.facets);
  for (const [kind, want] of Object.entries(e.lengths ?? {})) {
    const got = s.lengths_ft[kind as keyof NonNullable<typeof e.lengths>];
    check(kind, within(got, want, 0.02), got, want);
  }
  const count = s.structures?.length ?? 1;
  check('structures', count === e.structures, count, e.structures);
  check('status', outcome.status === 'draft', outcome.status, 'draft');
  return { wrong, checked };
}

describe('vendor reports on the workbench, field by field against SOURCES.md', () => {
  it.each(EXPECTED.map((e) => [e.file, e] as const))('%s', async (_, e) => {
    const { wrong, checked } = await fieldsWrong(e);
    results.push({ vendor: e.vendor, file: e.file, checked, wrong });
    expect(wrong).toEqual([]);
  });

  it('rejects the placeholder PDF that holds no measurements, cleanly', async () => {
    const file = 'negative-roofmanager-sample-placeholder.pdf';
    const outcome = summarize([await parseFile(file, readFileSync(join(REPORTS, 'pdf', file)), { alone: true })]);
    expect(outcome).toEqual({ status: 'failed', reason: expect.stringMatching(/No roof measurements/) });
  });

  afterAll(() => {
    const rows = ['| vendor | reports fully right | fields right |', '|---|---|---|'];
    for (const vendor of [...new Set(results.map((r) => r.vendor))]) {
      const of = results.filter((r) => r.vendor === vendor);
      const fields = of.reduce((n, r) => n + r.checked, 0);
      const right = fields - of.reduce((n, r) => n + r.wrong.length, 0);
      rows.push(`| ${vendor} | ${of.filter((r) => !r.wrong.length).length} / ${of.length} | ${right} / ${fields} |`);
    }
    for (const r of results) for (const w of r.wrong) rows.push(`  ${r.file}: ${w}`);
    console.log(`\nAccuracy on the workbench's vendor reports\n${rows.join('\n')}\n`);
  });
});
