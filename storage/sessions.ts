import type { Db } from './db.ts';
import type { AttributionFields } from './leads.ts';

/** What a page view tells of its session; the earliest page view's becomes the session's first touch (ingest_page_views). */
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
export async function findSessionAttribution(
  sql: Db,
  workspaceId: string,
  sessionId: string,
): Promise<AttributionFields | undefined> {
  const [row] = await sql<AttributionFields[]>`
    select source, medium, campaign, content, landing_page_url as conversion_url
    from sessions where workspace_id = ${workspaceId} and id = ${sessionId}`;
  return row;
}
