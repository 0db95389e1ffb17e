import type { BlobStore } from './blobs.ts';
import type { Db } from './db.ts';
import { findActiveReport, findExport, toExportResponse, toReportResponse } from './reports.ts';
import { findVisualization, toVisualizationResponse } from './visualizations.ts';
import type { EventSubject } from './webhookEvents.ts';

/** What building a resource in the API's shape needs beside the database. */
export interface RenderDeps {
  publicBaseUrl: string;
  blobs: BlobStore;
}

/** Kinds of subject whose events SQL records without an object (job_failed_for_good, migration 15). */
export type RenderedLaterKind = 'report' | 'report_export' | 'visualization';

/** Which events to render: one by id, or those of a workspace's subjects of one kind. */
export type EventsToRender = { eventId: string } | { workspaceId: string; kind: RenderedLaterKind; ids: string[] };

interface Unrendered {
  id: string;
  workspace_id: string;
  subject: EventSubject | null;
}

/**
 * The event's subject as the API shows it now; undefined once the API no longer shows it. Events
 * of other subjects are recorded with their object: one without is a bug, and fails the job.
 */
async function renderSubject(tx: Db, deps: RenderDeps, event: Unrendered): Promise<unknown> {
  const { workspace_id: workspaceId, subject } = event;
  switch (subject?.kind) {
    case 'report': {
      const report = await findActiveReport(tx, workspaceId, subject.id);
      return report && toReportResponse(report);
    }
    case 'report_export': {
      const artifact = await findExport(tx, workspaceId, subject.id);
      return artifact && toExportResponse(artifact, deps.publicBaseUrl);
    }
    case 'visualization': {
      const row = await findVisualization(tx, workspaceId, subject.id);
      return row && toVisualizationResponse(deps.blobs, row);
    }
    default:
      throw new Error(`webhook event ${event.id} has no subject to render (${JSON.stringify(subject)})`);
  }
}

/**
 * Renders events recorded without their object, in the caller's transaction: data becomes
 * {object} with the subject as the API shows it, and the event fans out to its endpoints. The
 * events are locked first and only those still unrendered are taken, so rendering an event twice
 * (the task run again, or a job's retry meeting its task) does nothing the second time. An event
 * whose subject the API no longer shows (an archived report) has nothing to send and is dropped.
 */
export async function renderWebhookEvents(tx: Db, deps: RenderDeps, which: EventsToRender): Promise<void> {
  const events = await tx<Unrendered[]>`
    select id, workspace_id, subject from webhook_events
    -- webhook_event_data(e) is null, as webhook_events_to_render_idx states it.
    where data is null and data_text is null and ${
      'eventId' in which
        ? tx`id = ${which.eventId}`
        : tx`workspace_id = ${which.workspaceId} and subject->>'kind' = ${which.kind}
          and subject->>'id' = any(${which.ids})`
    }
    order by created_at, id
    for update`;
  for (const event of events) {
    const object = await renderSubject(tx, deps, event);
    if (object === undefined) {
      await tx`delete from webhook_events where id = ${event.id}`;
      continue;
    }
    await tx`
      with rendered as (
        update webhook_events set data_text = ${JSON.stringify({ object })} where id = ${event.id} returning id)
      select webhook_fan_out(rendered.id) from rendered`;
  }
}
