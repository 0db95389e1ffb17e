import { z } from 'zod';
import { defineRoute } from '../route.ts';
import { workspaceId, type Ctx } from '../context.ts';
import { countHit } from '../middleware/rateLimit.ts';
import { sendStoredFile } from '../http/fileResponse.ts';
import { negotiateSharePage, prefersPage, sendSharePage } from './shareLinks/sharePage.ts';
import { idParam } from '../schemas/common.ts';
import { PublicShareLink, ShareLink, ShareLinkCreate } from '../schemas/visualizations.ts';
import { ERRORS, conflict, notFound } from '../../core/errors.ts';
import { randomToken } from '../../core/ids.ts';
import { findShareLinkByToken, insertShareLink } from '../../storage/shareLinks.ts';
import { findVisualization, type VisualizationRow } from '../../storage/visualizations.ts';
import { EXAMPLE_BASE_URL, EXAMPLE_IDS, EXAMPLE_VISUALIZATION } from '../examples.ts';

const notCompleted = (status: string) => conflict('Only a completed visualization can be shared', { status });

const TOKEN_LENGTH = { min: 10, max: 128 };

const EXAMPLE_SHARE = {
  token: EXAMPLE_IDS.shareToken,
  expires_at: '2026-03-17T15:58:12.404Z',
  created_at: '2026-03-03T15:58:12.404Z',
};
const sharedUrl = (rest = '') => `${EXAMPLE_BASE_URL}/api/v1/share-links/${EXAMPLE_IDS.shareToken}${rest}`;

/**
 * What every public read of a link checks, in this order: the per-address limit, the link (its
 * workspace active), revocation, expiry, and a visualization still completed.
 */
async function openSharedVisualization(ctx: Ctx, token: string): Promise<{ expires_at: Date; row: VisualizationRow }> {
  const { sql, config } = ctx.deps;
  await countHit(ctx, `share:${ctx.ip}`, config.SHARE_LINK_LIMIT_PER_MINUTE, 'share_links');
  const link = await findShareLinkByToken(sql, token);
  if (!link) throw notFound('Share link');
  if (link.revoked_at) throw ERRORS.shareLinkRevoked();
  if (link.expires_at.getTime() <= Date.now()) throw ERRORS.shareLinkExpired();
  const row = await findVisualization(sql, link.workspace_id, link.visualization_id);
  if (!row) throw notFound('Share link');
  if (row.status !== 'completed') throw notCompleted(row.status);
  return { expires_at: link.expires_at, row };
}

const SHARED_IMAGES = {
  original: (row: VisualizationRow) => ({ key: row.original_image_key, type: row.original_image_type }),
  generated: (row: VisualizationRow) => ({ key: row.generated_image_key, type: row.generated_image_type }),
};
type SharedImage = keyof typeof SHARED_IMAGES;

/**
 * A shared image's public URL names only the token: signed storage URLs carry the object key,
 * and with it the workspace id, to anyone the link is passed on to.
 */
function sharedImageUrl(ctx: Ctx, token: string, row: VisualizationRow, image: SharedImage): string | null {
  if (!SHARED_IMAGES[image](row).key) return null;
  return `${ctx.deps.config.PUBLIC_BASE_URL}/api/v1/share-links/${encodeURIComponent(token)}/images/${image}`;
}

/**
 * GET /api/v1/share-links/{token}/images/{original|generated}: the bytes of a shared image,
 * under the same checks as the link itself. Not an operation of the contract (like /files), so
 * it is mounted beside the router and anything it cannot find is 404.
 */
export async function serveSharedImage(ctx: Ctx) {
  const { token, image } = ctx.params as { token: string; image: string };
  if (token.length < TOKEN_LENGTH.min || token.length > TOKEN_LENGTH.max || !Object.hasOwn(SHARED_IMAGES, image)) {
    throw notFound('Shared image');
  }
  const { row } = await openSharedVisualization(ctx, token);
  const stored = SHARED_IMAGES[image as SharedImage](row);
  if (!stored.key) throw notFound('Shared image');
  let stream;
  try {
    stream = await ctx.deps.blobs.get(stored.key);
  } catch {
    throw notFound('Shared image');
  }
  sendStoredFile(ctx, stream, { contentType: stored.type ?? 'application/octet-stream', fileName: image });
}

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
    example: {
      body: { visualization_id: EXAMPLE_IDS.visualization, expires_in_days: 14 },
      response: {
        status: 201,
        body: {
          share_link: {
            token: EXAMPLE_SHARE.token,
            url: sharedUrl(),
            visualization_id: EXAMPLE_IDS.visualization,
            expires_at: EXAMPLE_SHARE.expires_at,
            created_at: EXAMPLE_SHARE.created_at,
          },
        },
      },
    },
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
    params: z.object({ token: idParam(TOKEN_LENGTH.max, TOKEN_LENGTH.min) }),
    responses: {
      200: {
        description:
          'The shared visualization: catalog choice and image URLs only. A client preferring text/html ' +
          '(a browser) gets it as a page, and its errors as pages with the same statuses.',
        schema: z.object({ share_link: PublicShareLink }).strict(),
        headers: { Vary: 'Accept: the same URL answers JSON, or HTML to a browser' },
      },
    },
    errors: [400, 404, 409, 410, 429, 500],
    example: {
      params: { token: EXAMPLE_IDS.shareToken },
      response: {
        status: 200,
        body: {
          share_link: {
            token: EXAMPLE_SHARE.token,
            expires_at: EXAMPLE_SHARE.expires_at,
            visualization: {
              id: EXAMPLE_VISUALIZATION.id,
              status: EXAMPLE_VISUALIZATION.status,
              material: EXAMPLE_VISUALIZATION.material,
              color: EXAMPLE_VISUALIZATION.color,
              shape: EXAMPLE_VISUALIZATION.shape,
              original_image_url: sharedUrl('/images/original'),
              generated_image_url: sharedUrl('/images/generated'),
              completed_at: EXAMPLE_VISUALIZATION.completed_at,
            },
          },
        },
      },
    },
    negotiate: negotiateSharePage,
    handler: async (ctx, { params }) => {
      const { expires_at, row } = await openSharedVisualization(ctx, params.token);
      const before = sharedImageUrl(ctx, params.token, row, 'original');
      const after = sharedImageUrl(ctx, params.token, row, 'generated');
      if (prefersPage(ctx)) {
        const { material, color, shape } = row;
        return sendSharePage(ctx, {
          expiresAt: expires_at,
          material,
          color,
          shape,
          beforeUrl: before,
          afterUrl: after,
        });
      }
      ctx.body = {
        share_link: {
          token: params.token,
          expires_at,
          visualization: {
            id: row.id,
            status: row.status,
            material: row.material,
            color: row.color,
            shape: row.shape,
            original_image_url: before,
            generated_image_url: after,
            completed_at: row.completed_at,
          },
        },
      };
    },
  }),
];
