import type { Db } from './db.ts';
import { newId } from '../core/ids.ts';
import {
  lockVisualization,
  markVisualizationProcessing,
  type GenerationChoice,
  type VisualizationRow,
} from './visualizations.ts';

/** Serialises quota checks of one workspace until the transaction ends. */
async function lockWorkspaceQuota(tx: Db, workspaceId: string): Promise<void> {
  await tx`select pg_advisory_xact_lock(hashtextextended(${'visualization-quota:' + workspaceId}, 0))`;
}

/**
 * Reserves one billable attempt when the workspace's monthly quota (null = unlimited) still has
 * room in the current UTC month; reserved and succeeded attempts count, released ones do not.
 * Returns the attempt id, or undefined when the quota is exhausted. Call under lockWorkspaceQuota.
 */
async function reserveAttemptWithinQuota(
  tx: Db,
  input: { id: string; workspaceId: string; visualizationId: string },
): Promise<string | undefined> {
  const [row] = await tx<{ id: string }[]>`
    with month as (select date_trunc('month', now() at time zone 'utc')::date as period)
    insert into visualization_attempts (id, workspace_id, visualization_id, period_month, status)
    select ${input.id}, ${input.workspaceId}, ${input.visualizationId}, month.period, 'reserved'
    from month, workspaces w
    where w.id = ${input.workspaceId}
      and (w.visualization_quota_monthly is null or w.visualization_quota_monthly > (
        select count(*) from visualization_attempts a
        where a.workspace_id = ${input.workspaceId} and a.period_month = month.period and a.status <> 'released'))
    returning id`;
  return row?.id;
}

/** Settles the row's reserved attempt: succeeded stays billable, released gives it back. */
export async function settleAttempt(
  sql: Db,
  workspaceId: string,
  visualizationId: string,
  status: 'succeeded' | 'released',
): Promise<void> {
  await sql`
    update visualization_attempts set status = ${status}, updated_at = now()
    where workspace_id = ${workspaceId} and visualization_id = ${visualizationId} and status = 'reserved'`;
}

export interface QuotaUsage {
  /** Attempts the workspace may reserve per UTC month; null is unlimited. */
  limit: number | null;
  /** Reserved and succeeded attempts this month. */
  used: number;
  /** When the next month's quota starts (UTC). */
  resets_at: string;
}

/** The workspace's monthly visualization quota as a refusal reports it. */
export async function monthlyQuotaUsage(sql: Db, workspaceId: string): Promise<QuotaUsage> {
  const [row] = await sql<{ limit: number | null; used: number; resets_at: Date }[]>`
    with month as (select date_trunc('month', now() at time zone 'utc')::date as period)
    select w.visualization_quota_monthly as limit,
           (select count(*)::int from visualization_attempts a
            where a.workspace_id = w.id and a.period_month = month.period and a.status <> 'released') as used,
           ((month.period + interval '1 month')::timestamp at time zone 'utc') as resets_at
    from workspaces w, month where w.id = ${workspaceId}`;
  return { limit: row!.limit, used: row!.used, resets_at: row!.resets_at.toISOString() };
}

export interface AttemptCounts {
  reserved: number;
  succeeded: number;
  released: number;
}

export async function countAttempts(sql: Db, workspaceId: string): Promise<AttemptCounts> {
  const [row] = await sql<AttemptCounts[]>`
    select count(*) filter (where status = 'reserved')::int as reserved,
           count(*) filter (where status = 'succeeded')::int as succeeded,
           count(*) filter (where status = 'released')::int as released
    from visualization_attempts where workspace_id = ${workspaceId}`;
  return row!;
}

/** Whether the workspace is a test twin, whose generations are never billed nor counted against a quota. */
async function isTestWorkspace(tx: Db, workspaceId: string): Promise<boolean> {
  const [row] = await tx<{ mode: string }[]>`select mode from workspaces where id = ${workspaceId}`;
  return row?.mode === 'test';
}

/**
 * Reserves an attempt within the quota and moves the row to processing (with any new catalog
 * choice and outline); undefined when the quota is exhausted. A test twin's generation reserves
 * nothing: it runs the same pipeline with no attempt to settle. The caller holds the row's lock.
 */
export async function startAttempt(
  tx: Db,
  workspaceId: string,
  visualizationId: string,
  sel: GenerationChoice,
): Promise<VisualizationRow | undefined> {
  if (!(await isTestWorkspace(tx, workspaceId))) {
    await lockWorkspaceQuota(tx, workspaceId);
    if (!(await reserveAttemptWithinQuota(tx, { id: newId('vat'), workspaceId, visualizationId }))) return undefined;
  }
  return markVisualizationProcessing(tx, workspaceId, visualizationId, sel);
}

/** A failed row back to processing with a new attempt, for a job that support staff retry. */
export async function restartGeneration(
  tx: Db,
  workspaceId: string,
  visualizationId: string,
): Promise<'restarted' | 'not_failed' | 'quota_exhausted'> {
  const row = await lockVisualization(tx, workspaceId, visualizationId);
  if (row?.status !== 'failed') return 'not_failed';
  return (await startAttempt(tx, workspaceId, visualizationId, {})) ? 'restarted' : 'quota_exhausted';
}
