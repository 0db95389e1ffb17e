// The benchmark scenarios and the file their figures live in (bench/RESULTS.md). Pure functions, so
// the filing rules are tested without running a benchmark.
import { cpus, loadavg, totalmem, availableParallelism } from 'node:os';

export interface Scenario {
  name: string;
  title: string;
  /** The script and its arguments, run as `node --import tsx …` from the repository's root. */
  command: string[];
  /** What the figures are held against. */
  target: string;
  /** Part of a plain `npm run bench`; the others run only when named. */
  byDefault: boolean;
  /** Its output is JSON lines, shown as a code block. */
  jsonLines?: boolean;
}

export const SCENARIOS: Scenario[] = [
  {
    name: 'api',
    title: 'GET /me against a bare Koa server, lead lists over 400,000 leads, a 10,000-lead export',
    command: ['bench/api.ts'],
    target:
      'GET /me at least half the bare server’s rate with p99 ≤ 25 ms; each lead list filter p99 ≤ 30 ms at 4 connections; the export ≤ 1,500 ms with RSS growth ≤ 50 MB.',
    byDefault: true,
  },
  {
    name: 'web-concurrency',
    title: '`web` with WEB_CONCURRENCY=2, and with a pool of twice the cores, against its defaults',
    command: ['bench/webConcurrency.ts'],
    target:
      'None fixed: it tells whether a second `web` copy per dyno pays on this machine, and what a pool sized to the cores PostgreSQL shares does.',
    byDefault: true,
  },
  {
    name: 'analytics',
    title: 'lead-sources reads over 1,000,000 leads, cold and warmed; page-view ingestion',
    command: ['bench/analytics.ts'],
    target:
      'The first 90-day read after the nightly warm-up < 2,000 ms; p99 ≤ 300 ms over 90 days, ≤ 1,000 ms over 2 years; page views ≥ 1,500 req/s with p99 ≤ 40 ms and no duplicates.',
    byDefault: true,
  },
  {
    name: 'reports',
    title: 'report imports: 20 MB XLSX and DXF parses, a 50 MB streamed upload, the API during a parse',
    command: ['bench/reports.ts'],
    target:
      'Each parse under 300 MB peak RSS; the upload’s RSS growth under half its body; GET /me p99 < 50 ms while a 50 MB CSV parses in the same process; a workbench PDF (CORPUS_DIR) of up to 12 pages parsed within 1 s.',
    byDefault: true,
    jsonLines: true,
  },
  {
    name: 'visualizer',
    title: 'local-provider generations of a 12-megapixel photo, four at once',
    command: ['bench/visualizer.ts'],
    target: 'p50 ≤ 2,000 ms; peak RSS < 400 MB.',
    byDefault: true,
  },
  {
    name: 'segmenter',
    title:
      'the roof segmenter through the service: a 12-megapixel photo embedded, roof selections, a generate painting one',
    command: ['bench/segmenter.ts'],
    target:
      'Embedding p50 ≤ 3,000 ms; a selection p50 ≤ 500 ms once embedded; generate p50 ≤ 3,000 ms after it; worker peak RSS ≤ 800 MB; no web event-loop stall over 50 ms from a selection.',
    byDefault: true,
  },
  {
    name: 'roof-finding',
    title: 'roof finding on real house photos against hand-drawn outlines: automatic, one tap, a box and taps',
    command: ['bench/roofFinding.ts'],
    target:
      'Automatic: spill ≤ 3 % on every photo, coverage ≥ 85 % on at least 12 of 16; a box and ≤ 3 corrective taps: coverage ≥ 95 % with spill ≤ 3 % on at least 14 of 16.',
    byDefault: true,
  },
  {
    name: 'render',
    title: 'the local renderer on a 12-megapixel photo: roof analysis and painting against a flat colour fill',
    command: ['bench/render.ts'],
    target: 'Painting well under a second of CPU; the analysis as a ratio to the flat fill.',
    byDefault: true,
  },
  {
    name: 'generate-concurrency',
    title: '200 concurrent generate calls over 50 visualizations',
    command: ['bench/generateConcurrency.ts'],
    target: 'Exactly one billable attempt per completed visualization; none stuck.',
    byDefault: true,
  },
  {
    name: 'webhooks',
    title: 'webhook deliveries per second; what recording events costs a lead write',
    command: ['bench/webhooks.ts'],
    target:
      'None fixed: (a) the delivery rate a worker sustains, (b) the upsert rate with a subscribed endpoint as a ratio to none.',
    byDefault: true,
  },
  {
    name: 'batches',
    title: 'the lead and event batches against their single endpoints; a 10,000-lead sync',
    command: ['bench/batches.ts'],
    target: 'The lead batch at about 10× the single upsert and ≥ 10,000 leads/s.',
    byDefault: true,
  },
  {
    name: 'leads',
    title: 'lead searches (4 connections) and single lead upserts (32 connections) over 400,000 leads',
    command: ['bench/leads.ts'],
    target:
      'Each search (name, email, phone digits, address; alone and with an equality filter) p99 ≤ 30 ms; single upserts ≥ 10% of the bare server’s rate measured in turns with them, p99 ≤ 50 ms, no errors.',
    byDefault: true,
  },
  {
    name: 'soak',
    title: 'one web and one worker under a steady mix over every endpoint group (SOAK_SECONDS, SOAK_RATE)',
    command: ['bench/soak.ts'],
    target: 'Every write answered 2xx is found afterwards; every generation finishes.',
    byDefault: false,
  },
];

const HEADER = `# Benchmark results

Written by \`npm run bench\` (\`bench/run.ts\`); do not edit by hand. \`npm run bench -- <scenario …>\`
runs some scenarios and replaces only their sections; \`npm run bench -- --list\` names them. Each
section says when and on what machine it was measured: rates taken on different machines or in
different runs do not compare, ratios to a baseline measured in the same run do.
`;

const OPEN = (name: string) => `<!-- bench:${name} -->`;
const CLOSE = (name: string) => `<!-- /bench:${name} -->`;

/** Date, cores, CPU, memory, Node version and the load at the start of a scenario. */
export function machineLine(now = new Date()): string {
  const model = cpus()[0]?.model.trim() ?? 'unknown CPU';
  const gib = Math.round(totalmem() / 1024 ** 3);
  const load = loadavg()[0]!.toFixed(1);
  return `${now.toISOString().slice(0, 16).replace('T', ' ')} UTC · ${availableParallelism()} cores, ${model}, ${gib} GiB · Node ${process.version} · load average ${load} at the start`;
}

/** One scenario's section: its title, target, machine line and the script's own report. */
export function sectionOf(scenario: Scenario, machine: string, output: string, exitCode: number | null): string {
  // The scripts print their tables under `##`/`###`; inside a scenario's section they sit one level lower.
  const body = scenario.jsonLines
    ? ['```', output, '```'].join('\n')
    : output.replace(/^(#{2,5}) /gm, (_m, hashes: string) => `${hashes}# `);
  const status =
    exitCode === 0 ? '' : `\n**The run ended with exit code ${exitCode}**: its figures may be incomplete.\n`;
  return [
    `## ${scenario.name}: ${scenario.title}`,
    '',
    `Measured ${machine}.`,
    '',
    `Target: ${scenario.target}`,
    status,
    body,
    '',
  ].join('\n');
}

/** The sections of an existing RESULTS.md by scenario name. */
export function parseSections(text: string): Map<string, string> {
  const sections = new Map<string, string>();
  for (const m of text.matchAll(/<!-- bench:([a-z0-9-]+) -->\n([\s\S]*?)<!-- \/bench:\1 -->/g)) {
    sections.set(m[1]!, m[2]!.trimEnd() + '\n');
  }
  return sections;
}

/** The whole file: the header, then each scenario's section in the scenarios' order. */
export function renderResults(sections: Map<string, string>): string {
  const known = SCENARIOS.map((s) => s.name);
  const names = [...known.filter((n) => sections.has(n)), ...[...sections.keys()].filter((n) => !known.includes(n))];
  const missing = known.filter((n) => !sections.has(n));
  const parts = [HEADER];
  if (missing.length > 0) parts.push(`Not measured yet: ${missing.join(', ')}.\n`);
  for (const name of names) parts.push(`${OPEN(name)}\n${sections.get(name)!.trimEnd()}\n${CLOSE(name)}\n`);
  return parts.join('\n');
}
