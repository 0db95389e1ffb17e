import type { Db } from './db.ts';
import type { AttributionFields } from './leads.ts';

/** A session's first touch: the UTM parameters (and page) of its first page view. */
export async function findSessionAttribution(sql: Db, workspaceId: string, sessionId: string): Promise<AttributionFields | undefined> {
  const [row] = await sql<AttributionFields[]>`
    select utm_source as source, utm_medium as medium, utm_campaign as campaign, utm_content as content,
           landing_page_url as conversion_url
    from sessions where workspace_id = ${workspaceId} and id = ${sessionId}`;
  return row;
}
