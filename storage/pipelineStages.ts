import type { Db } from './db.ts';
import { newId } from '../core/ids.ts';
import { ExpiringMap } from '../core/expiringMap.ts';

export interface PipelineStage {
  id: string;
  key: string;
  label: string;
  sort_order: number;
  is_conversion_stage: boolean;
}

export const DEFAULT_STAGES: Omit<PipelineStage, 'id'>[] = [
  { key: 'new', label: 'New', sort_order: 1, is_conversion_stage: false },
  { key: 'contacted', label: 'Contacted', sort_order: 2, is_conversion_stage: false },
  { key: 'appointment_set', label: 'Appointment set', sort_order: 3, is_conversion_stage: false },
  { key: 'quoted', label: 'Quoted', sort_order: 4, is_conversion_stage: false },
  { key: 'sold', label: 'Sold', sort_order: 5, is_conversion_stage: true },
  { key: 'lost', label: 'Lost', sort_order: 6, is_conversion_stage: false },
];

export async function insertDefaultStages(sql: Db, workspaceId: string): Promise<void> {
  const rows = DEFAULT_STAGES.map((s) => ({ ...s, id: newId('stage'), workspace_id: workspaceId }));
  await sql`insert into pipeline_stages ${sql(rows, 'id', 'workspace_id', 'key', 'label', 'sort_order', 'is_conversion_stage')}`;
}

export async function listActiveStages(sql: Db, workspaceId: string): Promise<PipelineStage[]> {
  return sql<PipelineStage[]>`
    select id, key, label, sort_order, is_conversion_stage from pipeline_stages
    where workspace_id = ${workspaceId} and active
    order by sort_order, id`;
}

const stageCache = new ExpiringMap<PipelineStage[]>(5_000);

/**
 * listActiveStages for lead writes, kept per process for 5 s (the bound DESIGN sets for key
 * revocation): stages are written once, with their workspace, so every upsert reading them again
 * costs a statement for nothing. A stage switched off by hand is refused within those 5 s. Only
 * answers are kept: a read fails with the transaction it ran in, which is the caller's alone.
 */
export async function activeStagesForWrites(sql: Db, workspaceId: string): Promise<PipelineStage[]> {
  const hit = stageCache.get(workspaceId);
  if (hit) return hit;
  const stages = await listActiveStages(sql, workspaceId);
  stageCache.set(workspaceId, stages);
  return stages;
}
