import { z } from 'zod';
import { fieldError } from '../../../core/errors.ts';
import { DateTime } from '../../schemas/common.ts';
import { workspaceId, type Ctx } from '../../context.ts';
import { decodeCursor, encodeCursor } from '../../http/pagination.ts';
import {
  leadChangesAfter,
  positionBefore,
  START_OF_CHANGES,
  type ChangePosition,
  type LeadChangeRow,
} from '../../../storage/leadChanges.ts';

/** What a sync token is signed for: tokens of other lists (cursors) are refused. */
const SYNC_TOKEN = 'leads.changes';

/** `changed_since` that starts a full sync: every lead, then what changes after. */
export const FULL_SYNC = '0';

/** A deleted lead in the changes feed: enough to find and remove the partner's copy. */
export const LeadTombstone = z
  .object({
    id: z.string(),
    external_id: z.string().nullable(),
    external_source: z.string().nullable(),
    deleted: z.literal(true),
    deleted_at: DateTime,
  })
  .strict()
  .meta({ id: 'LeadTombstone' });

const malformedToken = (param: 'changed_since' | 'cursor') =>
  fieldError(
    'query',
    param,
    `Sync token is malformed, tampered with or from another list; send a sync_token this list answered, or ${FULL_SYNC} to sync everything again`,
  );

function positionOf(ctx: Ctx, param: 'changed_since' | 'cursor', token: string): ChangePosition {
  if (param === 'changed_since' && token === FULL_SYNC) return START_OF_CHANGES;
  let position: unknown[];
  try {
    position = decodeCursor(ctx.deps.cursorSecret, SYNC_TOKEN, token);
  } catch {
    throw malformedToken(param);
  }
  const [xid, id, ...rest] = position;
  if (typeof xid !== 'string' || !/^\d{1,20}$/.test(xid) || typeof id !== 'string' || rest.length) {
    throw malformedToken(param);
  }
  return [xid, id];
}

/** A sync sees every lead: a filter would hide the change that takes a lead out of it. */
export function refuseFiltersInSync(filters: Record<string, unknown>): void {
  const given = Object.keys(filters).filter((k) => filters[k] !== undefined);
  if (given.length) {
    throw fieldError(
      'query',
      given[0]!,
      `changed_since takes no filters (a sync sees every lead, deleted ones included); drop ${given.join(', ')}`,
    );
  }
}

function itemJson(row: LeadChangeRow): string {
  if (row.doc !== null) return row.doc;
  return JSON.stringify({
    id: row.id,
    external_id: row.external_id,
    external_source: row.external_source,
    deleted: true,
    deleted_at: row.deleted_at!.toISOString(),
  });
}

/**
 * GET /api/v1/leads?changed_since=: the leads changed after the token, deleted ones as
 * tombstones, in change order, with the sync_token to ask from next. A page that is not the last
 * (has_more) hands out its last lead's position, also as next_cursor; the last one hands out the
 * oldest transaction still running, so whatever commits later comes in a later sync.
 */
export async function sendLeadChanges(
  ctx: Ctx,
  query: { changed_since: string; cursor?: string; limit: number },
): Promise<void> {
  const since = positionOf(ctx, 'changed_since', query.changed_since);
  const after = query.cursor ? positionOf(ctx, 'cursor', query.cursor) : since;
  const { rows, below } = await leadChangesAfter(ctx.state.db, workspaceId(ctx), after, query.limit + 1);
  const has_more = rows.length > query.limit;
  const items = has_more ? rows.slice(0, query.limit) : rows;
  const last = items[items.length - 1];
  let next: ChangePosition = has_more ? [last!.xid, last!.id] : [below, ''];
  if (positionBefore(next, after)) next = after;
  const token = encodeCursor(ctx.deps.cursorSecret, SYNC_TOKEN, next);
  const pagination = { limit: query.limit, next_cursor: has_more ? token : null, has_more };
  ctx.type = 'application/json';
  ctx.body = `{"leads":[${items.map(itemJson).join(',')}],"pagination":${JSON.stringify(pagination)},"sync_token":${JSON.stringify(token)}}`;
}
