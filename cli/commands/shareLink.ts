import type { Sql } from '../../storage/db.ts';
import { revokeShareLink } from '../../storage/shareLinks.ts';
import { CliError, requirePositional, type CliContext } from '../args.ts';

export const shareLinkCommands = {
  /** Public reads of a revoked link answer 410 from then on. */
  'share-link revoke': async (sql: Sql, ctx: CliContext) => {
    const link = await revokeShareLink(sql, requirePositional(ctx, 0, 'token'));
    if (!link) throw new CliError('share link not found');
    return { token: link.token, visualization_id: link.visualization_id, revoked_at: link.revoked_at };
  },
};
