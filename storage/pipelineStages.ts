import type { Db } from './db.ts';
import { newId } from '../core/ids.ts';

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
