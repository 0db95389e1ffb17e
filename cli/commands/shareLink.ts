import { revokeShareLink } from '../../storage/shareLinks.ts';
import { CliError, requirePositional, type Command } from '../args.ts';

export const shareLinkCommands = {
  'share-link revoke': {
    summary: 'public reads of the link answer 410 from then on',
    usage: 'TOKEN',
    run: async (sql, ctx) => {
      const link = await revokeShareLink(sql, requirePositional(ctx, 0, 'token'));
      if (!link) throw new CliError('share link not found');
      return { token: link.token, visualization_id: link.visualization_id, revoked_at: link.revoked_at };
    },
  },
} satisfies Record<string, Command>;
