import { revokeShareLink } from '../../storage/shareLinks.ts';
import { requirePositional, type Command, notFound } from '../args.ts';

export const shareLinkCommands = {
  'share-link revoke': {
    summary: 'public reads of the link answer 410 from then on',
    usage: 'TOKEN',
    run: async (sql, ctx) => {
      const token = requirePositional(ctx, 0, 'token');
      const link = await revokeShareLink(sql, token);
      if (!link) throw notFound('share link', token, 'the token is the part of the link after /share-links/');
      return { token: link.token, visualization_id: link.visualization_id, revoked_at: link.revoked_at };
    },
  },
} satisfies Record<string, Command>;
