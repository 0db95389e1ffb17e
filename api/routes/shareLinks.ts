import { z } from 'zod';
import { defineRoute } from '../route.ts';
import { workspaceId } from '../context.ts';
import { countHit } from '../middleware/rateLimit.ts';
import { idParam } from '../schemas/common.ts';
import { PublicShareLink, ShareLink, ShareLinkCreate } from '../schemas/visualizations.ts';
import { ApiError, conflict, notFound } from '../../core/errors.ts';
import { randomToken } from '../../core/ids.ts';
import { findShareLinkByToken, insertShareLink } from '../../storage/shareLinks.ts';
import { findVisualization } from '../../storage/visualizations.ts';
import { toVisualizationResponse } from './visualizations.ts';

const notCompleted = (status: string) =>
  conflict('Only a completed visualization can be shared', { status });

export const shareLinkRoutes = [
  defineRoute({
    method: 'post',
    path: '/api/v1/share-links',
    operationId: 'createShareLink',
    summary: 'Create a public link to a completed visualization',
    tag: 'Visualizer',
    auth: 'key',
    scopes: ['sales_visualizer.use'],
    idempotent: { mode: 'transaction' },
    body: ShareLinkCreate,
    responses: { 201: { description: 'Share link created', schema: z.object({ share_link: ShareLink }).strict() } },
    errors: [400, 401, 403, 404, 409, 429, 500],
    handler: async (ctx, { body }) => {
      const ws = workspaceId(ctx);
      const row = await findVisualization(ctx.state.db, ws, body.visualization_id);
      if (!row) throw notFound('Visualization');
      if (row.status !== 'completed') throw notCompleted(row.status);
      const link = await insertShareLink(ctx.state.db, {
        token: randomToken(32),
        workspaceId: ws,
        visualizationId: row.id,
        expiresInDays: body.expires_in_days,
      });
      ctx.status = 201;
      ctx.body = {
        share_link: {
          token: link.token,
          url: `${ctx.deps.config.PUBLIC_BASE_URL}/api/v1/share-links/${link.token}`,
          visualization_id: link.visualization_id,
          expires_at: link.expires_at,
          created_at: link.created_at,
        },
      };
    },
  }),

  defineRoute({
    method: 'get',
    path: '/api/v1/share-links/:token',
    operationId: 'getShareLink',
    summary: 'Public details of a shared visualization (no key)',
    tag: 'Visualizer',
    auth: 'none',
    scopes: [],
    params: z.object({ token: idParam(128, 10) }),
    responses: { 200: { description: 'The shared visualization: catalog choice and image URLs only', schema: z.object({ share_link: PublicShareLink }).strict() } },
    errors: [400, 404, 409, 410, 429, 500],
    handler: async (ctx, { params }) => {
      const { sql, config, blobs } = ctx.deps;
      await countHit(ctx, `share:${ctx.ip}`, config.SHARE_LINK_LIMIT_PER_MINUTE);
      const link = await findShareLinkByToken(sql, params.token);
      if (!link) throw notFound('Share link');
      if (link.revoked_at) throw new ApiError(410, 'CONFLICT', 'Share link was revoked');
      if (link.expires_at.getTime() <= Date.now()) throw new ApiError(410, 'CONFLICT', 'Share link has expired');
      const row = await findVisualization(sql, link.workspace_id, link.visualization_id);
      if (!row) throw notFound('Share link');
      if (row.status !== 'completed') throw notCompleted(row.status);
      const v = await toVisualizationResponse(blobs, row);
      ctx.body = {
        share_link: {
          token: link.token,
          expires_at: link.expires_at,
          visualization: {
            id: v.id,
            status: v.status,
            material: v.material,
            color: v.color,
            shape: v.shape,
            original_image_url: v.original_image_url,
            generated_image_url: v.generated_image_url,
            completed_at: v.completed_at,
          },
        },
      };
    },
  }),
];
