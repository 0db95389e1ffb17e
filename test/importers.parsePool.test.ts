import { afterEach, describe, expect, it } from 'vitest';
import { PermanentError } from '../core/errors.ts';
import { PARSE_LIMITS, ParsePool } from '../tasks/report_import/sandbox.ts';
import { SUMMARY_CSV } from './fixtures/reports/build.ts';

const csv = (name = 'ok.csv') => [{ name, data: Buffer.from(SUMMARY_CSV) }];
/** A CSV whose parse outlasts a short deadline: 48 MB of the summary row. */
const large = () => {
  const row = `\r\n${SUMMARY_CSV.split('\r\n')[1]!}`;
  return [{ name: 'large.csv', data: Buffer.from(SUMMARY_CSV + row.repeat(Math.floor((48 << 20) / row.length))) }];
};

let pool: ParsePool | undefined;
afterEach(() => pool?.close());

describe('the warm parse pool', () => {
  it('parses import after import in the same warm thread, and retires it after its share of imports', async () => {
    pool = new ParsePool(PARSE_LIMITS, { threads: 1, maxJobs: 3, recycleHeapMb: 1024, keepWarm: true });
    await pool.warm();
    const [first] = pool.threadIds();
    for (let i = 0; i < 3; i++) {
      const { parsed, failure } = await pool.parse(csv());
      expect(failure).toBeUndefined();
      expect(parsed[0]).toMatchObject({ format: 'csv' });
    }
    // Served three: replaced by a fresh thread, the only one.
    expect(pool.threadIds()).toHaveLength(1);
    expect(pool.threadIds()[0]).not.toBe(first);
    const { parsed } = await pool.parse(csv());
    expect(parsed).toHaveLength(1);
  });

  it('retires a thread whose heap holds more than the bound after an import', async () => {
    pool = new ParsePool(PARSE_LIMITS, { threads: 1, maxJobs: 100, recycleHeapMb: 0, keepWarm: true });
    await pool.warm();
    const [first] = pool.threadIds();
    await pool.parse(csv());
    expect(pool.threadIds()).not.toContain(first);
  });

  it('keeps to its bound: imports beyond it wait their turn and all finish', async () => {
    pool = new ParsePool(PARSE_LIMITS, { threads: 2, maxJobs: 100, recycleHeapMb: 1024, keepWarm: true });
    const outcomes = await Promise.all(Array.from({ length: 6 }, (_, i) => pool!.parse(csv(`f${i}.csv`))));
    expect(outcomes.map((o) => o.failure)).toEqual(Array(6).fill(undefined));
    expect(outcomes.map((o) => o.parsed[0]?.file_name)).toEqual([
      'f0.csv',
      'f1.csv',
      'f2.csv',
      'f3.csv',
      'f4.csv',
      'f5.csv',
    ]);
    expect(pool.threadIds().length).toBeLessThanOrEqual(2);
  });

  it('ends a thread at the deadline, says so, and the next import gets a fresh thread', async () => {
    pool = new ParsePool(PARSE_LIMITS, { threads: 1, maxJobs: 100, recycleHeapMb: 1024, keepWarm: true });
    await pool.warm();
    const [first] = pool.threadIds();
    const { parsed, failure } = await pool.parse(large(), 300);
    expect(parsed).toEqual([]);
    expect(failure).toBeInstanceOf(PermanentError);
    expect(failure!.message).toBe('large.csv could not be read within 0.3 seconds');
    const next = await pool.parse(csv());
    expect(next.failure).toBeUndefined();
    expect(pool.threadIds()).not.toContain(first);
  });

  it('survives a thread that runs out of heap: the import fails for good, the next one works', async () => {
    pool = new ParsePool(
      { ...PARSE_LIMITS, maxOldGenerationSizeMb: 64 },
      { threads: 1, maxJobs: 100, recycleHeapMb: 1024, keepWarm: true },
    );
    const xml = `<REPORT>${'<FACET><AREA>1</AREA></FACET>'.repeat(800_000)}</REPORT>`;
    const { failure } = await pool.parse([{ name: 'heavy.xml', data: Buffer.from(xml) }]);
    expect(failure).toBeInstanceOf(PermanentError);
    expect(failure!.message).toMatch(/^heavy\.xml (needs more memory|could not be read: the reader stopped)/);
    const next = await pool.parse(csv());
    expect(next.failure).toBeUndefined();
  });
});
