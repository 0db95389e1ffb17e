// `npx tsx bench/leadChanges.ts`: a page of the lead changes feed (GET /api/v1/leads?changed_since=)
// at the start, middle and end of a 200,000-lead workspace (beside 50,000 leads of another), as
// ratios to the plain list's first page measured in the same run, and a whole sync's pages.
import { benchDatabase } from './lib.ts';
import { seedLeads } from './seed.ts';
import { createWorkspace } from '../storage/workspaces.ts';
import { leadChangesAfter, START_OF_CHANGES, type ChangePosition } from '../storage/leadChanges.ts';
import { listLeads } from '../storage/leads.ts';

const LEADS = 200_000;
const PAGE = 100;
const RUNS = 200;

const db = await benchDatabase();
try {
  const { sql } = db;
  const ws = await createWorkspace(sql, 'Bench roofing');
  const other = await createWorkspace(sql, 'Another roofer');
  await seedLeads(sql, ws.id, LEADS);
  await seedLeads(sql, other.id, LEADS / 4);
  // The seed writes every lead in one transaction; an eighth written again later move to the end.
  await sql`update leads set notes = 'touched' where workspace_id = ${ws.id} and (hashtext(id) & 7) = 0`;
  await sql`vacuum analyze leads`;

  const median = async (run: () => Promise<unknown>) => {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      await run();
      times.push(performance.now() - t0);
    }
    return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
  };

  // A whole sync's walk, keeping each page's last position: what the middle and end pages start from.
  const positions: ChangePosition[] = [];
  let after = START_OF_CHANGES;
  const walkStart = performance.now();
  for (;;) {
    const { rows } = await leadChangesAfter(sql, ws.id, after, PAGE + 1);
    const page = rows.slice(0, PAGE);
    if (page.length) after = [page.at(-1)!.xid, page.at(-1)!.id];
    positions.push(after);
    if (rows.length <= PAGE) break;
  }
  const walkMs = performance.now() - walkStart;

  const baseline = await median(() => listLeads(sql, ws.id, {}, PAGE + 1));
  const at = (p: ChangePosition) => median(() => leadChangesAfter(sql, ws.id, p, PAGE + 1));
  const first = await at(START_OF_CHANGES);
  const middle = await at(positions[Math.floor(positions.length / 2)]!);
  const last = await at(positions[positions.length - 2]!);
  const ratio = (ms: number) => `${(ms / baseline).toFixed(2)}× the list's first page`;
  console.log(`| measure (${LEADS.toLocaleString('en')} leads, pages of ${PAGE}, median of ${RUNS}) | figure |`);
  console.log('|---|---|');
  console.log(`| list, first page (baseline) | ${baseline.toFixed(2)} ms |`);
  console.log(`| changes feed, first page | ${ratio(first)} |`);
  console.log(`| changes feed, middle page | ${ratio(middle)} |`);
  console.log(`| changes feed, last full page | ${ratio(last)} |`);
  console.log(
    `| whole sync, ${positions.length} pages | ${(walkMs / 1000).toFixed(1)} s (${(walkMs / positions.length / baseline).toFixed(2)}× the baseline per page) |`,
  );
} finally {
  await db.stop();
}
