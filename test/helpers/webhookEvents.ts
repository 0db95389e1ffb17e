// Shared by the webhook event test files: reading the events recorded about a resource.
import { expect } from 'vitest';
import type { Db } from '../../storage/db.ts';

export interface StoredEvent {
  id: string;
  workspace_id: string;
  type: string;
  data: { object: Record<string, unknown> } | null;
  subject: { kind: string; id: string };
}

/** Every event recorded about one resource (by its id), oldest first. */
export async function eventsAbout(sql: Db, subjectId: string): Promise<StoredEvent[]> {
  return sql<StoredEvent[]>`
    select id, workspace_id, type, webhook_event_data(e)::json as data, subject from webhook_events e
    where subject->>'id' = ${subjectId}
    order by created_at, id`;
}

/** How many events a workspace has, of any type and subject. */
export async function eventCount(sql: Db, workspaceId: string): Promise<number> {
  return (
    await sql<{ n: number }[]>`select count(*)::int as n from webhook_events where workspace_id = ${workspaceId}`
  )[0]!.n;
}

/** The resource's events, asserted to be exactly of the `expected` types (in any order), all in `workspaceId`. */
export async function onlyEvents(
  sql: Db,
  workspaceId: string,
  subjectId: string,
  expected: string[],
): Promise<StoredEvent[]> {
  const events = await eventsAbout(sql, subjectId);
  expect(events.map((e) => e.type).sort()).toEqual([...expected].sort());
  for (const e of events) expect(e).toMatchObject({ workspace_id: workspaceId, subject: { id: subjectId } });
  return events;
}

/**
 * Signed file URLs carry their expiry (counted from when they were signed) and its signature: two
 * signings of one file differ in those alone when made at different seconds.
 */
export function withoutSignatures<T>(value: T): T {
  return JSON.parse(JSON.stringify(value).replace(/([?&])(expires|sig)=[^&"]*/g, '$1$2=…'));
}
