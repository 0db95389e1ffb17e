import type { TestContext, Tenant } from './harness.ts';
import { cliContext } from './cliContext.ts';
import { upsertLead, patchLead, type LeadInput } from '../../storage/leadWrites.ts';
import { insertCommunications, type CommunicationInput } from '../../storage/communications.ts';
import { spendCommands } from '../../cli/commands/spend.ts';

/** Runs `admin spend import` in-process against the test database. */
export async function importSpend(t: TestContext, workspaceId: string, file: string) {
  return spendCommands['spend import'].run(t.sql, cliContext([file], { workspace: workspaceId }));
}

/**
 * A lead made by the production upsert, then placed in time: created_at (and converted_at, when
 * it converts) are set afterwards because nothing in production lets a caller choose them.
 */
export async function leadAt(
  t: TestContext,
  tenant: Tenant,
  createdAt: string,
  input: LeadInput,
  path: { stages?: string[]; convertedAfterSeconds?: number; deleted?: boolean } = {},
): Promise<string> {
  const { lead } = await upsertLead(t.sql, tenant.workspaceId, input, { conversionType: 'partner_api' });
  const stages = await t.sql<
    { id: string; key: string }[]
  >`select id, key from pipeline_stages where workspace_id = ${tenant.workspaceId}`;
  for (const key of path.stages ?? []) {
    await patchLead(t.sql, tenant.workspaceId, lead.id, { status_stage_id: stages.find((s) => s.key === key)!.id });
  }
  await t.sql`
    update leads set created_at = ${createdAt},
      converted_at = case when converted_at is null then null
                          else ${createdAt}::timestamptz + ${path.convertedAfterSeconds ?? 0} * interval '1 second' end,
      deleted_at = ${path.deleted ? new Date() : null}
    where id = ${lead.id}`;
  return lead.id;
}

export async function comms(
  t: TestContext,
  tenant: Tenant,
  leadId: string,
  items: Omit<CommunicationInput, 'lead_id'>[],
) {
  await insertCommunications(
    t.sql,
    tenant.workspaceId,
    items.map((c) => ({ ...c, lead_id: leadId })),
  );
}
