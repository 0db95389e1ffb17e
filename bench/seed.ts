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
