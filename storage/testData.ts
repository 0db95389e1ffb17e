import type { Sql } from './db.ts';
import type { BlobStore } from './blobs.ts';

/** Rows removed per kind, and the stored files. */
export type TestDataRemoved = Record<string, number>;

/** Thrown to roll back a wipe that was only counted. */
class CountedOnly extends Error {
  constructor(readonly removed: TestDataRemoved) {
    super('counted only');
  }
}

/**
 * Removes a test twin's data: leads with their events, conversions and communications, sessions,
 * spend, reports with their files and exports, visualizations with their share links, webhook
 * events with their deliveries, the analytics cache, the test keys' idempotency answers, the
 * twin's queued jobs, and every stored file under the twin's id. Kept: the twin itself, its keys,
 * webhook endpoints, pipeline stages and visualizer catalog, so partners' test setups keep
 * working. Without `confirm` nothing is removed and the same counts say what would be.
 * Jobs a worker is running are left to finish.
 */
export async function wipeTestData(
  sql: Sql,
  blobs: BlobStore,
  twinId: string,
  confirm: boolean,
): Promise<TestDataRemoved> {
  const removed: TestDataRemoved = {};
  const del = async (kind: string, statement: PromiseLike<{ count: number }>) => {
    removed[kind] = (await statement).count;
  };
  try {
    await sql.begin(async (tx) => {
      const [twin] = await tx`select id from workspaces where id = ${twinId} and mode = 'test' for update`;
      if (!twin) throw new Error(`${twinId} is not a test workspace`);
      // Children before their parents; deliveries and their attempts go with their events.
      await del('webhook_events', tx`delete from webhook_events where workspace_id = ${twinId}`);
      await del('share_links', tx`delete from share_links where workspace_id = ${twinId}`);
      await tx`delete from visualization_attempts where workspace_id = ${twinId}`;
      await del('visualizations', tx`delete from visualizations where workspace_id = ${twinId}`);
      await del('report_exports', tx`delete from report_exports where workspace_id = ${twinId}`);
      await del('report_files', tx`delete from report_files where workspace_id = ${twinId}`);
      await tx`delete from report_revisions where workspace_id = ${twinId}`;
      await del('reports', tx`delete from reports where workspace_id = ${twinId}`);
      await del('communications', tx`delete from communications where workspace_id = ${twinId}`);
      await del('conversions', tx`delete from conversions where workspace_id = ${twinId}`);
      await del('events', tx`delete from events where workspace_id = ${twinId}`);
      await del('sessions', tx`delete from sessions where workspace_id = ${twinId}`);
      await del('leads', tx`delete from leads where workspace_id = ${twinId}`);
      await del('spend_records', tx`delete from spend_records where workspace_id = ${twinId}`);
      // After the deletes above, whose triggers note the days they change.
      await tx`delete from analytics_days where workspace_id = ${twinId}`;
      await tx`delete from analytics_changes where workspace_id = ${twinId}`;
      await del(
        'idempotency_records',
        tx`delete from idempotency_records where api_key_id in (select id from api_keys where workspace_id = ${twinId})
         `,
      );
      // graphile-worker's complete_jobs removes only jobs no worker holds.
      await del(
        'queued_jobs',
        tx`select graphile_worker.complete_jobs(array(
          select id from graphile_worker._private_jobs where payload->>'workspace_id' = ${twinId}))`,
      );
      const files = await blobs.list(`${twinId}/`);
      removed.stored_files = files.length;
      if (!confirm) throw new CountedOnly(removed);
    });
  } catch (err) {
    if (err instanceof CountedOnly) return err.removed;
    throw err;
  }
  // Files go once their rows are gone: a file without a row is never served.
  for (const key of await blobs.list(`${twinId}/`)) await blobs.delete(key);
  return removed;
}
