// First statistics for tables written to before PostgreSQL ever analyzed them (storage/tableStatistics.ts,
// worker/firstStatistics.ts): a new database's first lead sync must not wait for autovacuum.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, waitUntil, type TestContext } from './helpers/harness.ts';
import { FIRST_ANALYZE_AFTER_ROWS, analyzeTablesWithoutStatistics } from '../storage/tableStatistics.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ RATE_LIMIT_PER_MINUTE: '10000' });
  // Autovacuum's own first analyze would make the worker's unobservable (its naptime is a minute,
  // this file's database is its own).
  await t.sql`alter table leads set (autovacuum_enabled = false)`;
});
afterAll(() => t.close());

const leadsStatistics = async () =>
  (
    await t.sql<{ last_analyze: Date | null; n_mod_since_analyze: number }[]>`
      select last_analyze, n_mod_since_analyze::int from pg_stat_user_tables where relname = 'leads'`
  )[0]!;

/** The index PostgreSQL plans a batch's external-id lookup with. */
async function externalLookupIndex(workspaceId: string): Promise<string> {
  const plan = await t.sql.unsafe<{ 'QUERY PLAN': string }[]>(
    `explain select k.id, m.id from unnest($2::text[]) k(id) cross join lateral (
       select l.id from leads l where l.workspace_id = $1 and l.external_source = 'crm' and l.external_id = k.id
         and l.deleted_at is null for update of l) m`,
    [workspaceId, ['stats-0-0', 'stats-9-9']],
  );
  return /using (\w+) on leads/.exec(plan.map((r) => r['QUERY PLAN']).join('\n'))?.[1] ?? 'none';
}

describe('first statistics', () => {
  it('a worker analyzes the leads table a first sync writes to, and its external-id lookups then use their index', async () => {
    const tenant = await t.tenant();
    for (let b = 0; b < Math.ceil((FIRST_ANALYZE_AFTER_ROWS + 100) / 100); b++) {
      const leads = Array.from({ length: 100 }, (_, k) => ({
        external_id: `stats-${b}-${k}`,
        external_source: 'crm',
        contact_name: `Synced ${b}-${k}`,
        contact_phone: `646555${String(b * 100 + k).padStart(4, '0')}`,
      }));
      const res = await t.request('POST', '/api/v1/leads/batch', {
        key: tenant.key,
        body: { leads },
        headers: { 'idempotency-key': `stats-${b}` },
      });
      expect(res.status).toBe(200);
    }
    // The counters reach pg_stat_user_tables within about a second of the writes.
    expect(
      await waitUntil(async () => (await leadsStatistics()).n_mod_since_analyze > FIRST_ANALYZE_AFTER_ROWS, 15_000),
    ).toBe(true);
    expect((await leadsStatistics()).last_analyze).toBeNull();

    const worker = await t.startWorker();
    expect(await waitUntil(async () => (await leadsStatistics()).last_analyze !== null, 15_000)).toBe(true);
    await worker.stop(); // the next test calls the function itself
    expect(await externalLookupIndex(tenant.workspaceId)).toBe('leads_external_idx');
  });

  // A backend publishes its table counts when it goes idle, at most once a second and later when the
  // shared statistics are contended (up to a minute on a loaded machine), so the writes here run on one
  // connection that asks for its next publication to be forced.
  it('leaves tables with fewer rows written, and a table already tried by this process', async () => {
    const writer = await t.sql.reserve();
    const publish = async () => {
      await writer`select pg_stat_force_next_flush()`;
      await writer`select 1`;
    };
    try {
      await writer`create table stats_probe (n int)`;
      await writer`insert into stats_probe select generate_series(1, ${FIRST_ANALYZE_AFTER_ROWS - 1})`;
      await writer`create table stats_tried (n int)`;
      await writer`insert into stats_tried select generate_series(1, ${FIRST_ANALYZE_AFTER_ROWS})`;
      await publish();
      const tried = new Set(['stats_tried']);
      expect(
        await waitUntil(async () => {
          const [row] = await t.sql`select n_mod_since_analyze from pg_stat_user_tables where relname = 'stats_tried'`;
          return Number(row?.n_mod_since_analyze) >= FIRST_ANALYZE_AFTER_ROWS;
        }, 15_000),
      ).toBe(true);
      const analyzed = await analyzeTablesWithoutStatistics(t.sql, tried);
      expect(analyzed).not.toContain('stats_probe');
      expect(analyzed).not.toContain('stats_tried');
      const never = await t.sql`
        select relname from pg_stat_user_tables
        where relname in ('stats_probe', 'stats_tried') and last_analyze is null and last_autoanalyze is null`;
      expect(never.map((r) => r.relname).sort()).toEqual(['stats_probe', 'stats_tried']);
      // Written past the threshold, the probe gets its first analyze, once.
      await writer`insert into stats_probe values (0)`;
      await publish();
      expect(
        await waitUntil(
          async () => (await analyzeTablesWithoutStatistics(t.sql, tried)).includes('stats_probe'),
          15_000,
        ),
      ).toBe(true);
      expect(await analyzeTablesWithoutStatistics(t.sql, tried)).not.toContain('stats_probe');
    } finally {
      writer.release();
    }
  });
});
