import { setTimeout as sleep } from 'node:timers/promises';
import { conflict, notFound } from '../core/errors.ts';
import type { Sql } from './db.ts';
import type { BlobStore } from './blobs.ts';
import { findDefaultColorId } from './catalog.ts';
import { deferNextAttempt, enqueueJob, findKeyedJob } from './jobs.ts';
import { JOB_POLICIES } from './jobPolicies.ts';
import { monthlyQuotaUsage, settleAttempt, startAttempt } from './visualizationAttempts.ts';
import {
  completeVisualization,
  failVisualization,
  findVisualization,
  lockVisualization,
  recordRetryReason,
  type GenerationChoice,
  type VisualizationRow,
} from './visualizations.ts';

/**
 * A visualization's generation, as the API, the task and the admin CLI move it: reserve an
 * attempt and enqueue (start), wait for the worker (waitUntilSettled), settle the row with its
 * attempt (complete or fail), note why an attempt failed while the queue retries it
 * (attemptFailed). A retried job reopens a failed row with restartGeneration
 * (storage/visualizationAttempts.ts), as its policy says (storage/jobPolicies.ts).
 */

/** The generation job's key, as its policy (storage/jobPolicies.ts) names it. */
const jobKey = (ws: string, id: string) =>
  JOB_POLICIES.visualization_generate.jobKey!({ workspace_id: ws, visualization_id: id });

/** A model's Retry-After is honoured up to this: a row should not sit in processing for hours. */
const MAX_RETRY_AFTER_MS = 10 * 60_000;

/**
 * Reserves a billable attempt, moves the row to processing and enqueues the task, all in one
 * transaction: either the partner is billed and the job exists, or neither. The row lock makes
 * concurrent generates of one row wait here and then see `processing`.
 */
export async function startGeneration(sql: Sql, ws: string, id: string, choice: GenerationChoice) {
  return sql.begin(async (tx) => {
    const row = await lockVisualization(tx, ws, id);
    if (!row) throw notFound('Visualization');
    if (row.status === 'processing') throw conflict('Visualization is already being generated', { status: row.status });
    if (row.status === 'completed') {
      throw conflict('Visualization is already completed; create a new visualization for another look', {
        status: row.status,
      });
    }
    const colorId = choice.colorId ?? (row.color ? undefined : await findDefaultColorId(tx, ws));
    const started = await startAttempt(tx, ws, id, { ...choice, colorId });
    if (!started) {
      const usage = await monthlyQuotaUsage(tx, ws);
      throw conflict(`Monthly visualization quota is exhausted; it resets at ${usage.resets_at}`, {
        reason: 'quota_exhausted',
        ...usage,
      });
    }
    await enqueueJob(tx, 'visualization_generate', { workspace_id: ws, visualization_id: id });
    return started;
  }) as Promise<VisualizationRow>;
}

/**
 * Polls until the worker settles the row or the wait runs out; the row is then still
 * processing. An attempt that failed (the model down or rate-limited) leaves the row processing
 * while the queue retries it; when that retry is due after the wait would end, the row is
 * answered at once, processing, rather than after a wait that cannot change it.
 */
export async function waitUntilSettled(
  sql: Sql,
  ws: string,
  row: VisualizationRow,
  waitMs: number,
): Promise<VisualizationRow> {
  const deadline = Date.now() + waitMs;
  let current = row;
  for (let delay = 50; current.status === 'processing' && Date.now() < deadline; delay = Math.min(delay * 2, 500)) {
    await sleep(Math.min(delay, Math.max(0, deadline - Date.now())));
    current = (await findVisualization(sql, ws, row.id)) ?? current;
    if (current.status !== 'processing') break;
    const job = await findKeyedJob(sql, jobKey(ws, row.id));
    if (job && !job.locked && job.attempts > 0 && job.run_at.getTime() > deadline) break;
  }
  return current;
}

export type GenerationOutcome =
  | { ok: true; originalKey: string; originalType: string; generatedKey: string; generatedType: string }
  | { ok: false; error: string };

/** Completes or fails a processing row and settles its attempt with it, so billing and the row never disagree. */
export async function settleGeneration(sql: Sql, blobs: BlobStore, row: VisualizationRow, outcome: GenerationOutcome) {
  const { workspace_id: ws, id } = row;
  await sql.begin(async (tx) => {
    if (outcome.ok) {
      if (await completeVisualization(tx, blobs, ws, id, outcome)) await settleAttempt(tx, ws, id, 'succeeded');
    } else if (await failVisualization(tx, blobs, ws, id, outcome.error)) {
      await settleAttempt(tx, ws, id, 'released');
    }
  });
}

/**
 * An attempt failed for a reason the queue's retry may cure: keeps the partner's plain reason
 * for the row (its processing_error if the last attempt fails too, migration 17) and makes the
 * retry wait for the model's Retry-After. The caller then throws, failing the attempt.
 */
export async function attemptFailed(
  sql: Sql,
  row: VisualizationRow,
  jobId: string,
  failure: { reason: string; retryAfterMs?: number },
) {
  await sql.begin(async (tx) => {
    await recordRetryReason(tx, row.workspace_id, row.id, failure.reason);
    if (failure.retryAfterMs) await deferNextAttempt(tx, jobId, Math.min(failure.retryAfterMs, MAX_RETRY_AFTER_MS));
  });
}
