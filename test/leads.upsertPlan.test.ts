// The single upsert's statement keeps its prepared plan. Planning it (CTEs over leads, which has 17
// indexes) costs more than running it, and while every call planned anew PostgreSQL's lock manager
// became the bottleneck under load: an upsert matching an existing lead ran at about half the rate
// of one creating a lead (bench/leads.ts measures both).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type Tenant } from './helpers/harness.ts';
import { createSql, type Sql } from '../storage/db.ts';
import { upsertLeadAnswered, type LeadInput } from '../storage/leadWrites.ts';

let t: TestContext;
let tenant: Tenant;
let own: Sql;
beforeAll(async () => {
  t = await createTestContext();
  tenant = await t.tenant();
  // The planner weighs plans by the table's statistics: leads as a workspace in service has them.
  const other = await t.tenant();
  await t.sql`
    insert into leads (id, workspace_id, contact_name, contact_phone, stage_id, created_at, updated_at)
    select ${other.workspaceId} || '_lead_' || g, ${other.workspaceId}, 'Homeowner ' || g, (2120000000 + g)::text,
           (select id from pipeline_stages where workspace_id = ${other.workspaceId} order by sort_order limit 1),
           now() - g * interval '1 minute', now() - g * interval '1 minute'
    from generate_series(1, 20000) g`;
  await t.sql`analyze leads`;
  // One connection: prepared statements and their plan counts belong to a session.
  own = createSql(t.databaseUrl, 1);
});
afterAll(async () => {
  await own?.end();
  await t.close();
});

let n = 0;
const upsert = (input: Partial<LeadInput>) =>
  upsertLeadAnswered(own, tenant.workspaceId, input as LeadInput, {
    conversionType: 'partner_api',
    answerKey: { apiKeyId: tenant.keyId, key: `plan-${++n}`, fingerprint: 'f', ttlHours: 24, maxKeptBytes: 100_000 },
    answerShape: (created) => ({ status: created ? 201 : 200, before: '{"lead":', after: '}' }),
  });

/** The plans PostgreSQL made for this session's prepared statements whose text holds every one of `parts`. */
async function plansOf(...parts: string[]) {
  const rows = await own<{ statement: string; generic_plans: number; custom_plans: number }[]>`
    select statement, generic_plans::int, custom_plans::int from pg_prepared_statements`;
  const mine = rows.filter((r) => parts.every((p) => r.statement.includes(p)));
  expect(mine).toHaveLength(1);
  return mine[0]!;
}

describe('the single upsert statement', () => {
  it('is planned once per connection, not on every call, when it updates a lead', async () => {
    const phone = '9175550142';
    const first = await upsert({ contact_name: 'Plan 0', contact_phone: phone });
    expect(first).toMatchObject({ verdict: 'open', created: true });
    for (let i = 1; i <= 10; i++) {
      const r = await upsert({ contact_name: `Plan ${i}`, contact_phone: phone });
      expect(r).toMatchObject({ verdict: 'open', created: false });
    }
    const update = await plansOf('lead_upsert_gate', 'update leads l set');
    // PostgreSQL makes five custom plans before it weighs the generic one; a statement whose generic
    // plan looks dearer is planned again on each of the ten calls.
    expect(update.custom_plans).toBeLessThanOrEqual(5);
    expect(update.generic_plans).toBeGreaterThanOrEqual(5);
    const [stored] = await t.sql`select contact_name from leads where workspace_id = ${tenant.workspaceId}`;
    expect(stored!.contact_name).toBe('Plan 10');
  });

  it('is planned once per connection when it creates leads', async () => {
    for (let i = 0; i < 10; i++) {
      const r = await upsert({ contact_name: `New ${i}`, contact_phone: `91755502${String(10 + i)}` });
      expect(r).toMatchObject({ verdict: 'open', created: true });
    }
    const insert = await plansOf('lead_upsert_gate', 'insert into leads');
    expect(insert.custom_plans).toBeLessThanOrEqual(5);
    expect(insert.generic_plans).toBeGreaterThanOrEqual(5);
  });
});
