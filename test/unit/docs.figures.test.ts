import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Measured figures live in bench/RESULTS.md alone, written by `npm run bench`: a figure copied into
 * the README or a page of docs/ goes stale the next time the bench runs. Settings and limits
 * (`GENERATE_WAIT_MS` 25000, "within 2 s", "at most 10 MB") are rules, not measurements, and pass.
 */
const root = join(import.meta.dirname, '..', '..');

/** Each way a benchmark figure is written, with an example it must catch. */
const FIGURES: { name: string; pattern: RegExp; example: string }[] = [
  {
    name: 'a rate per second',
    pattern:
      /\d[\d,.]*\s*(?:k\s*)?(?:req|reqs|requests|leads|events|page views|views|deliveries|rows|imports|generations|items|writes|upserts)\s*(?:\/\s*s(?:ec)?|per second)\b/i,
    example: 'the batch reached 4,900–5,140 leads/s',
  },
  { name: 'a latency percentile', pattern: /\bp(?:50|90|95|99)\b[^.\n|]{0,24}?\d/i, example: 'p99 5 ms' },
  { name: 'a time before a percentile', pattern: /\d\s*ms\s+(?:at\s+)?p(?:50|90|95|99)\b/i, example: '48 ms p99' },
  { name: 'a ratio', pattern: /\d(?:\.\d+)?\s?×(?!\s?\d)/, example: '9.7× the single upsert' },
  {
    name: 'a share of a baseline',
    pattern: /%\s+of\s+(?:the\s+)?(?:bare|baseline|cap|single)/i,
    example: '51% of the bare baseline',
  },
  {
    name: 'CPU time',
    pattern: /\d\s*(?:ms|µs|us)\s+of\s+(?:the\s+)?(?:\w+'s\s+)?(?:API|PostgreSQL|Node|CPU|database)/i,
    example: '0.4 ms of API CPU',
  },
  { name: 'microseconds', pattern: /\d\s*µs\b/, example: 'about 100–160 µs of database time' },
  { name: 'memory measured', pattern: /\b(?:RSS|peak)\b[^.\n|]{0,30}?\d+\s*MB/i, example: 'peak RSS 376 MB' },
  {
    name: 'a results table',
    pattern: /\|\s*(?:req\/s|p50 ms|p99 ms|leads\/s)\s*\|/i,
    example: '| req/s | p50 ms | p99 ms | errors |',
  },
  { name: 'a load average', pattern: /load average\s*(?:of\s*)?\d/i, example: 'load average 3.9' },
  {
    name: 'a benchmark run date',
    pattern: /\b20\d\d-\d\d-\d\d\b[^.\n]{0,40}\b(?:run|bench|measured)/i,
    example: '2026-11-23, after the dispatcher change (bench run)',
  },
];

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? markdownFiles(join(dir, e.name)) : e.name.endsWith('.md') ? [join(dir, e.name)] : [],
  );
}

/** Every figure-like passage of a Markdown text, with its line number. */
function quotedFigures(text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    for (const f of FIGURES) {
      const m = f.pattern.exec(line);
      if (m) found.push(`line ${i + 1}: ${f.name}: "${m[0]}"`);
    }
  });
  return found;
}

describe('measured figures are written in bench/RESULTS.md only', () => {
  it('recognises each way a figure is written', () => {
    for (const f of FIGURES) expect(quotedFigures(f.example), f.name).not.toEqual([]);
  });

  it('lets rules and settings through', () => {
    const rules = [
      'a request fails within `connect_timeout` (2 s) with `Retry-After: 2`',
      '| `GENERATE_WAIT_MS` | 25000 | how long generate waits |',
      'a PNG stretched to 1536×1024, 1024×1536 or 1024×1024',
      'Originals must be https, at most 10 MB and 100 megapixels',
      'a 30 s deadline and a 512 MB heap',
      'Lookups are cached for 2 s per process',
    ];
    for (const rule of rules) expect(quotedFigures(rule), rule).toEqual([]);
  });

  it('finds none in README.md, CHANGELOG.md or docs/', () => {
    const files = [join(root, 'README.md'), join(root, 'CHANGELOG.md'), ...markdownFiles(join(root, 'docs'))];
    expect(files.length).toBeGreaterThan(3);
    const offending = files.flatMap((file) =>
      quotedFigures(readFileSync(file, 'utf8')).map((where) => `${relative(root, file)} ${where}`),
    );
    // Put the figure in bench/RESULTS.md (through `npm run bench`) and link it instead.
    expect(offending).toEqual([]);
  });
});
