import type { Sql } from '../storage/db.ts';
import { listActiveStages } from '../storage/pipelineStages.ts';

/** Bulk leads (and a call or SMS for every tenth) straight in SQL: seeding through the API would take minutes. */
export async function seedLeads(sql: Sql, workspaceId: string, count: number) {
  const stages = await listActiveStages(sql, workspaceId);
  await sql`
    insert into leads (id, workspace_id, contact_name, contact_email, contact_phone, property_address, stage_id,
                       stage_timestamps, attribution, conversion_type, created_at, updated_at)
    select ${workspaceId} || '_lead_' || g, ${workspaceId}, 'Homeowner ' || g, 'owner' || g || '@example.com',
           (2120000000 + g)::text, g || ' Main St, Austin, TX 78701',
           (${stages.map((s) => s.id)}::text[])[1 + g % 6], jsonb_build_object('new', now()),
           jsonb_build_object('source', (array['google', 'facebook', 'bing', 'referral', 'direct'])[1 + g % 5],
                              'medium', (array['cpc', 'social', 'organic', 'email'])[1 + g % 4], 'campaign', 'campaign-' || (g % 200)),
           (array['public_quiz', 'onsite_form', 'partner_api', 'jobnimbus_import', 'sms_inbound', 'phone_call'])[1 + g % 6],
           now() - g * interval '1 minute', now() - g * interval '1 minute'
    from generate_series(1, ${count}) g`;
  await sql`
    insert into communications (id, workspace_id, lead_id, channel, direction, status, started_at)
    select ${workspaceId} || '_comm_' || g, ${workspaceId}, ${workspaceId} || '_lead_' || (g * 10),
           (array['call', 'sms'])[1 + g % 2], 'inbound', 'answered', now() - g * interval '1 minute'
    from generate_series(1, ${count / 10}) g`;
}

/**
 * The analytics data set: `leads` leads over two years before `start` + 730 days (20 sources ×
 * 10 campaigns, a quarter converted, some with funnel gaps), three events per lead, a call or SMS
 * for every second lead and weekly spend per source × campaign × kind.
 */
export async function seedAnalytics(
  sql: Sql,
  workspaceId: string,
  opts: { leads: number; start: Date; log: (s: string) => void },
) {
  const { leads, start, log } = opts;
  let t0 = performance.now();
  // 20 sources × 10 campaigns, created evenly over two years; a quarter converted, some with gaps.
  await sql`
    insert into leads (id, workspace_id, stage_id, attribution, conversion_type, contact_phone, created_at, converted_at,
                       sales_value, funnel_gap_summary, stage_timestamps)
    select 'lead_b' || g, ${workspaceId},
           (select id from pipeline_stages where workspace_id = ${workspaceId} and key = case when g % 4 = 0 then 'sold' else 'new' end),
           jsonb_build_object('source', 'source' || (g % 20), 'medium', 'cpc', 'campaign', 'campaign' || (g % 10)),
           'partner_api', lpad((2125500000 + g)::text, 10, '0'),
           ${start}::timestamptz + (g::float8 / ${leads}) * interval '730 days',
           case when g % 4 = 0 then ${start}::timestamptz + (g::float8 / ${leads}) * interval '730 days' + interval '9 days' end,
           case when g % 4 = 0 then 1000 + g % 9000 end,
           case when g % 4 = 0 then jsonb_build_object('has_gap', g % 8 = 0, 'skipped_stages', case when g % 8 = 0 then '["quoted"]'::jsonb else '[]'::jsonb end) end,
           '{}'::jsonb
    from generate_series(1, ${leads}) g`;
  log(`leads ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  t0 = performance.now();
  await sql`
    insert into events (id, workspace_id, external_event_id, type, session_id, payload, occurred_at, source, medium, campaign)
    select 'evt_b' || g, ${workspaceId}, 'seed-' || g, case when g % 10 = 0 then 'form_submission' else 'page_view' end,
           'sess-' || (g / 3), '{}'::jsonb, ${start}::timestamptz + (g::float8 / ${leads * 3}) * interval '730 days',
           'source' || (g % 20), 'cpc', 'campaign' || (g % 10)
    from generate_series(1, ${leads * 3}) g`;
  log(`events ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  t0 = performance.now();
  await sql`
    insert into communications (id, workspace_id, lead_id, channel, direction, status, started_at, duration_seconds, thread_id, approved)
    select 'comm_b' || g, ${workspaceId}, 'lead_b' || (g * 2), case when g % 3 = 0 then 'sms' else 'call' end,
           case when g % 2 = 0 then 'inbound' else 'outbound' end,
           case when g % 3 = 0 then 'received' when g % 5 = 0 then 'missed' else 'answered' end,
           ${start}::timestamptz + (g::float8 * 2 / ${leads}) * interval '730 days' + interval '1 hour',
           case when g % 3 <> 0 then 30 + g % 600 end, null, g % 50 <> 0
    from generate_series(1, ${leads / 2}) g`;
  // Weekly spend per source × campaign × kind over the two years.
  await sql`
    insert into spend_records (id, workspace_id, source, medium, campaign, kind, amount_cents, currency, starts_at, ends_at)
    select 'spend_b' || w || '_' || s || '_' || c || '_' || k, ${workspaceId}, 'source' || s, 'cpc', 'campaign' || c,
           case when k = 0 then 'automated' else 'other' end, 10000 + (w * 7 + s * 3 + c) % 50000, 'USD',
           ${start}::timestamptz + w * interval '7 days', ${start}::timestamptz + (w + 1) * interval '7 days'
    from generate_series(0, 104) w, generate_series(0, 19) s, generate_series(0, 9) c, generate_series(0, 1) k`;
  log(`communications and spend ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}
