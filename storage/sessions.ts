import type postgres from 'postgres';
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
 * The statement that records a page view's touch on its session, for the page view's own insert
 * to run (storage/events.ts): a data-modifying CTE, done only when `when` holds. The earliest page
 * view wins, so a page view that arrives late but happened first replaces the session's first touch
 * (the conflict clause settles two first page views inserting the same session at once).
 */
export function sessionTouchStatement(sql: Db, workspaceId: string, sessionId: string, seenAt: Date, touch: SessionTouch, when: postgres.Fragment) {
  return sql`
    insert into sessions (workspace_id, id, first_seen_at, source, medium, campaign, content, referrer_url,
                          landing_page_url, landing_id, landing_name, landing_slug)
    select ${workspaceId}, ${sessionId}, ${seenAt}::timestamptz, ${touch.source}, ${touch.medium}, ${touch.campaign},
           ${touch.content}, ${touch.referrer_url}, ${touch.landing_page_url}, ${touch.landing_id}, ${touch.landing_name},
           ${touch.landing_slug}
    where ${when}
      -- A session whose first touch is already as early is left alone: on conflict it would be
      -- locked (a dirtied page and WAL) only for the update's WHERE to refuse it.
      and not exists (select 1 from sessions s where s.workspace_id = ${workspaceId} and s.id = ${sessionId} and s.first_seen_at <= ${seenAt}::timestamptz)
    on conflict (workspace_id, id) do update set
      first_seen_at = excluded.first_seen_at, source = excluded.source, medium = excluded.medium,
      campaign = excluded.campaign, content = excluded.content, referrer_url = excluded.referrer_url,
      landing_page_url = excluded.landing_page_url, landing_id = excluded.landing_id,
      landing_name = excluded.landing_name, landing_slug = excluded.landing_slug
    where excluded.first_seen_at < sessions.first_seen_at`;
}
