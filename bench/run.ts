// `npm run bench [-- scenario …]`: runs the benchmark scenarios, each as its own process, and files
// their figures in bench/RESULTS.md, the one place a measured figure is written down. A run of some
// scenarios replaces their sections and keeps the others, each section saying when and on what
// machine it was measured. `npm run bench -- --list` names the scenarios.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { root } from './lib.ts';
import { SCENARIOS, machineLine, renderResults, parseSections, sectionOf, type Scenario } from './results.ts';

const RESULTS = join(root, 'bench', 'RESULTS.md');

const args = process.argv.slice(2);
if (args.includes('--list')) {
  for (const s of SCENARIOS) console.log(`${s.name.padEnd(22)} ${s.title}${s.byDefault ? '' : ' (only when named)'}`);
  process.exit(0);
}
const unknown = args.filter((a) => !SCENARIOS.some((s) => s.name === a));
if (unknown.length > 0) {
  console.error(`Unknown scenario ${unknown.join(', ')}; npm run bench -- --list names them.`);
  process.exit(2);
}
const chosen: Scenario[] =
  args.length > 0 ? SCENARIOS.filter((s) => args.includes(s.name)) : SCENARIOS.filter((s) => s.byDefault);

/** The sections on disk now: another run may have filed its scenarios since this one began. */
const sectionsOnDisk = () =>
  existsSync(RESULTS) ? parseSections(readFileSync(RESULTS, 'utf8')) : new Map<string, string>();
let failed = 0;
for (const scenario of chosen) {
  console.log(`\n== ${scenario.name}: ${scenario.title}\n`);
  const machine = machineLine();
  // The worker's allocator setting (package.json, Procfile) applies to the scenarios that measure worker memory.
  const run = spawnSync(process.execPath, ['--import', 'tsx', ...scenario.command], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '16777216' },
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });
  const output = (run.stdout ?? '').trim();
  console.log(output);
  if (run.status !== 0) failed++;
  const measured = `${machine}, ${loadavg()[0]!.toFixed(1)} at the end`;
  const sections = sectionsOnDisk();
  sections.set(scenario.name, sectionOf(scenario, measured, output, run.status));
  // Written after every scenario, so a run stopped half-way keeps what it measured.
  writeFileSync(RESULTS, renderResults(sections));
}
console.log(`\nbench/RESULTS.md: ${chosen.map((s) => s.name).join(', ')} written.`);
process.exit(failed > 0 ? 1 : 0);
