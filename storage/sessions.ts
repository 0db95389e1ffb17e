import type { Db } from './db.ts';
import type { AttributionFields } from './leads.ts';

export interface SessionTouch {
  source: string | null;
  medium: string | null;
  campaign: string | null;
  content: string | null;
  referrer_url: string | null;
  landing_page_url: string | null;
  landing_id: string | null;
  landing_name: string | null;
  landing_slug: string | null;
}

/** A session's first touch: the attribution (and landing page) of its earliest page view. */
export async function findSessionAttribution(sql: Db, workspaceId: string, sessionId: string): Promise<AttributionFields | undefined> {
  const [row] = await sql<AttributionFields[]>`
    select source, medium, campaign, content, landing_page_url as conversion_url
    from sessions where workspace_id = ${workspaceId} and id = ${sessionId}`;
  return row;
}

/**
 * Records a page view's touch on its session. The earliest page view wins, so a page view that
 * arrives late but happened first replaces the session's first touch.
 */
export async function recordSessionTouch(sql: Db, workspaceId: string, sessionId: string, seenAt: Date, touch: SessionTouch): Promise<void> {
  const row = { workspace_id: workspaceId, id: sessionId, first_seen_at: seenAt, ...touch };
  await sql`
    insert into sessions ${sql(row)}
    on conflict (workspace_id, id) do update set
      first_seen_at = excluded.first_seen_at, source = excluded.source, medium = excluded.medium,
      campaign = excluded.campaign, content = excluded.content, referrer_url = excluded.referrer_url,
      landing_page_url = excluded.landing_page_url, landing_id = excluded.landing_id,
      landing_name = excluded.landing_name, landing_slug = excluded.landing_slug
    where excluded.first_seen_at < sessions.first_seen_at`;
}
