import { hash } from 'node:crypto';
import { z } from 'zod';
import { defineRoute } from '../route.ts';
import { workspaceId } from '../context.ts';
import { decodeCursor, pageOf, paginationQuery } from '../http/pagination.ts';
import { idParam } from '../schemas/common.ts';
import {
  VisualizationCreate,
  VisualizationEnvelope,
  VisualizationGenerate,
  VisualizationPage,
  VisualizerCatalog,
  RoofSelectionEnvelope,
  RoofSelectionRequest,
} from '../schemas/visualizations.ts';
import { fieldError, notFound, validation } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { outboundUrlProblem, resolvedAddressProblem } from '../../core/outboundHttp.ts';
import type { Ctx } from '../context.ts';
import type { Db } from '../../storage/db.ts';
import { blobKey } from '../../storage/blobs.ts';
import { findUnknownCatalogIds, listCatalog, type CatalogSelection } from '../../storage/catalog.ts';
import { startGeneration, waitUntilSettled } from '../../storage/visualizationGeneration.ts';
import { enqueueJob } from '../../storage/jobs.ts';
import { selectRoof } from './visualizations/roofSelection.ts';
import {
  activeLeadExists,
  findVisualization,
  insertVisualization,
  listSessionVisualizations,
  toRoofSelectionResponse,
  toVisualizationResponse,
} from '../../storage/visualizations.ts';
import {
  EXAMPLE_CATALOG,
  EXAMPLE_CURSORS,
  EXAMPLE_IDS,
  EXAMPLE_PHOTO_URL,
  EXAMPLE_ROOF_OUTLINE,
  EXAMPLE_VISUALIZATION,
  PENDING_VISUALIZATION,
  EXAMPLE_ROOF_SELECTION,
  EXAMPLE_ROOF_SELECTION_REQUEST,
} from '../examples.ts';

const TAG = 'Visualizer';
const SCOPES = ['sales_visualizer.use' as const];
const exampleVisualizationId = { visualization_id: EXAMPLE_IDS.visualization };

/** Catalog ids must name entries of the caller's catalog; the endpoints list no 404 for them. */
async function requireKnownSelection(db: Db, ws: string, sel: CatalogSelection) {
  const unknown = await findUnknownCatalogIds(db, ws, sel);
  if (unknown.length) {
    throw validation(`Unknown catalog id in ${unknown.join(', ')}`, {
      issues: unknown.map((path) => ({
        location: 'body',
        path,
        message: 'Not in the workspace catalog; GET /api/v1/visualizer/catalog lists the ids it accepts',
      })),
    });
  }
}

/**
 * An image URL the generation task may download: https, and no address (nor name resolving to
 * one) the download guard refuses, so a refused URL is a 400 now rather than a failed row later.
 */
async function downloadableImage(ctx: Ctx, body: { original_image_url: { kind: string; url?: string } }) {
  const image = body.original_image_url;
  if (image.kind !== 'url') return;
  const allowPrivate = ctx.deps.config.IMAGE_FETCH_ALLOW_PRIVATE;
  const url = new URL(image.url!);
  if (url.protocol !== 'https:' && !allowPrivate)
    throw fieldError('body', 'original_image_url', 'must be an https:// URL or a data:image/<type>;base64, URL');
  const problem = outboundUrlProblem(url, allowPrivate) ?? (await resolvedAddressProblem(url, allowPrivate));
  if (problem) throw fieldError('body', 'original_image_url', problem);
}

export const visualizationRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/v1/visualizer/catalog',
    operationId: 'getVisualizerCatalog',
    summary: "The workspace's visualizer catalog: materials, colors and shapes, in display order (extension)",
    tag: TAG,
    auth: 'key',
    scopes: SCOPES,
    responses: { 200: { description: 'The ids visualizations and generation accept', schema: VisualizerCatalog } },
    errors: [401, 403, 429, 500],
    example: { response: { status: 200, body: EXAMPLE_CATALOG } },
    handler: async (ctx) => {
      ctx.body = await listCatalog(ctx.state.db, workspaceId(ctx));
    },
  }),

  defineRoute({
    method: 'post',
    path: '/api/v1/visualizations',
    operationId: 'createVisualization',
    summary: 'Create a pending visualization from a house photo and a catalog choice',
    tag: TAG,
    auth: 'key',
    scopes: SCOPES,
    idempotent: { mode: 'transaction' },
    body: VisualizationCreate,
    checkBody: downloadableImage,
    // a 10 MB image as a base64 data URL is about 13.4 MB of JSON
    maxBodyBytes: 15 * 1024 * 1024,
    responses: { 201: { description: 'Pending row created', schema: VisualizationEnvelope } },
    errors: [400, 401, 403, 409, 429, 500],
    example: {
      body: {
        session_id: EXAMPLE_IDS.session,
        lead_id: EXAMPLE_IDS.lead,
        original_image_url: EXAMPLE_PHOTO_URL,
        material_id: EXAMPLE_CATALOG.materials[0]!.id,
        roof_outline: EXAMPLE_ROOF_OUTLINE,
      },
      response: { status: 201, body: { visualization: PENDING_VISUALIZATION } },
    },
    handler: async (ctx, { body }) => {
      const ws = workspaceId(ctx);
      const { blobs } = ctx.deps;
      const db = ctx.state.db;
      await requireKnownSelection(db, ws, body);
      if (body.lead_id && !(await activeLeadExists(db, ws, body.lead_id))) {
        throw fieldError('body', 'lead_id', 'No active lead with this id in the workspace');
      }
      const image = body.original_image_url;
      const id = newId('vis');
      // Uploads are stored now so responses can hand out a short URL instead of echoing megabytes.
      const originalKey = image.kind === 'upload' ? blobKey(ws, 'visualizations', id, 'original') : null;
      if (image.kind === 'upload') await blobs.put(originalKey!, image.bytes, image.contentType);
      const row = await insertVisualization(db, {
        id,
        workspaceId: ws,
        sessionId: body.session_id,
        leadId: body.lead_id ?? null,
        materialId: body.material_id ?? null,
        colorId: body.color_id ?? null,
        shapeId: body.shape_id ?? null,
        originalImageUrl: image.kind === 'url' ? image.url : null,
        originalImageKey: originalKey,
        originalImageType: image.kind === 'upload' ? image.contentType : null,
        roofOutline: body.roof_outline ?? null,
      });
      // Without an outline the roof is pointed at or found, and both prompt the photo's embedding:
      // it is computed now, so the partner's first tap answers at once. With one it waits for a
      // first roof selection, if any ever comes.
      if (!body.roof_outline) await enqueueJob(db, 'visualization_embed', { workspace_id: ws, visualization_id: id });
      ctx.status = 201;
      ctx.body = { visualization: await toVisualizationResponse(blobs, row) };
    },
  }),

  defineRoute({
    method: 'get',
    path: '/api/v1/visualizations/:visualization_id',
    operationId: 'getVisualization',
    summary: 'One visualization of the workspace, in any state',
    tag: TAG,
    auth: 'key',
    scopes: SCOPES,
    // No 400 is listed for this endpoint: an id beyond 1..200 simply finds nothing (404).
    params: z.object({ visualization_id: z.string() }),
    responses: { 200: { description: 'The visualization', schema: VisualizationEnvelope } },
    errors: [401, 403, 404, 429, 500],
    example: {
      params: exampleVisualizationId,
      response: { status: 200, body: { visualization: EXAMPLE_VISUALIZATION } },
    },
    handler: async (ctx, { params }) => {
      const id = params.visualization_id;
      const row = id.length <= 200 ? await findVisualization(ctx.state.db, workspaceId(ctx), id) : undefined;
      if (!row) throw notFound('Visualization');
      ctx.body = { visualization: await toVisualizationResponse(ctx.deps.blobs, row) };
    },
  }),

  defineRoute({
    method: 'post',
    path: '/api/v1/visualizations/:visualization_id/generate',
    operationId: 'generateVisualization',
    summary: 'Reserve one billable attempt and render the visualization',
    tag: TAG,
    auth: 'key',
    scopes: SCOPES,
    idempotent: { mode: 'claimed', replayStatus: 200 },
    expensive: true,
    params: z.object({ visualization_id: idParam(200) }),
    body: VisualizationGenerate,
    responses: {
      200: {
        description:
          'The row once the worker settled it (completed or failed), or still processing when GENERATE_WAIT_MS ran out or the image model is ' +
          'unavailable and the attempt is retried later (poll GET /visualizations/{id}); or the replayed response',
        schema: VisualizationEnvelope,
        headers: { 'Idempotency-Replayed': 'true on a replayed response' },
      },
    },
    errors: [400, 401, 403, 404, 409, 429, 500],
    example: {
      params: exampleVisualizationId,
      body: { color_id: EXAMPLE_CATALOG.colors[1]!.id, shape_id: EXAMPLE_CATALOG.shapes[1]!.id },
      response: { status: 200, body: { visualization: EXAMPLE_VISUALIZATION } },
    },
    handler: async (ctx, { params, body }) => {
      const ws = workspaceId(ctx);
      const { sql, config, blobs } = ctx.deps;
      await requireKnownSelection(sql, ws, body);
      const started = await startGeneration(sql, ws, params.visualization_id, {
        materialId: body.material_id,
        colorId: body.color_id,
        shapeId: body.shape_id,
        roofOutline: body.roof_outline,
      });
      const row = await waitUntilSettled(sql, ws, started, config.GENERATE_WAIT_MS);
      ctx.body = { visualization: await toVisualizationResponse(blobs, row) };
    },
  }),

  defineRoute({
    method: 'post',
    path: '/api/v1/visualizations/:visualization_id/roof-selection',
    operationId: 'selectRoof',
    summary: 'Point at the roof with taps and/or a box; the next generate paints what is selected (extension)',
    tag: TAG,
    auth: 'key',
    scopes: SCOPES,
    idempotent: { mode: 'claimed' },
    expensive: true,
    params: z.object({ visualization_id: idParam(200) }),
    body: RoofSelectionRequest,
    responses: {
      200: {
        description:
          'The roof found where the partner pointed, kept on the visualization for the next generate; or the replayed response',
        schema: RoofSelectionEnvelope,
        headers: { 'Idempotency-Replayed': 'true on a replayed response' },
      },
    },
    errors: [400, 401, 403, 404, 409, 429, 500],
    example: {
      params: exampleVisualizationId,
      body: EXAMPLE_ROOF_SELECTION_REQUEST,
      response: { status: 200, body: { roof_selection: EXAMPLE_ROOF_SELECTION } },
    },
    handler: async (ctx, { params, body }) => {
      const { sql, blobs, segmenter } = ctx.deps;
      const selection = await selectRoof({ sql, blobs, segmenter }, workspaceId(ctx), params.visualization_id, body);
      ctx.body = { roof_selection: await toRoofSelectionResponse(blobs, selection) };
    },
  }),

  defineRoute({
    method: 'get',
    path: '/api/v1/sessions/:session_id/visualizations',
    operationId: 'listSessionVisualizations',
    summary: "A session's visualizations in any state, newest first",
    tag: TAG,
    auth: 'key',
    scopes: SCOPES,
    params: z.object({ session_id: idParam(500) }),
    query: z.object(paginationQuery).strict(),
    responses: { 200: { description: 'One page of rows', schema: VisualizationPage } },
    errors: [400, 401, 403, 429, 500],
    example: {
      params: { session_id: EXAMPLE_IDS.session },
      query: { limit: 1 },
      response: {
        status: 200,
        body: {
          visualizations: [EXAMPLE_VISUALIZATION],
          pagination: { limit: 1, next_cursor: EXAMPLE_CURSORS.sessionVisualizations, has_more: true },
        },
      },
    },
    handler: async (ctx, { params, query }) => {
      // The cursor names its list by a digest of the session id: a session id of up to 500
      // characters, written out, made cursors longer than the 500 the list accepts back.
      const endpoint = `sessions/${hash('sha256', params.session_id, 'base64url').slice(0, 22)}/visualizations`;
      const secret = ctx.deps.cursorSecret;
      const after = query.cursor ? (decodeCursor(secret, endpoint, query.cursor) as [number, string]) : undefined;
      const rows = await listSessionVisualizations(ctx.state.db, workspaceId(ctx), params.session_id, {
        after,
        limit: query.limit + 1,
      });
      const page = pageOf(rows, query.limit, { secret, endpoint, position: (r) => [r.created_us, r.id] });
      ctx.body = {
        visualizations: await Promise.all(page.items.map((r) => toVisualizationResponse(ctx.deps.blobs, r))),
        pagination: page.pagination,
      };
    },
  }),
];
