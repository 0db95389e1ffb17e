import { z } from 'zod';
import { defineRoute } from '../route.ts';
import { workspaceId } from '../context.ts';
import { listActiveStages } from '../../storage/pipelineStages.ts';
import { EXAMPLE_STAGES } from '../examples.ts';

export const PipelineStage = z
  .object({
    id: z.string(),
    key: z.string(),
    label: z.string(),
    sort_order: z.number().int(),
    is_conversion_stage: z.boolean(),
  })
  .strict()
  .meta({ id: 'PipelineStage' });

export const pipelineRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/v1/pipeline/stages',
    operationId: 'listPipelineStages',
    summary: 'Active lead pipeline stages of the workspace, in order',
    tag: 'Pipeline',
    auth: 'key',
    scopes: ['leads.read'],
    responses: {
      200: { description: 'Stages in sort order', schema: z.object({ stages: z.array(PipelineStage) }).strict() },
    },
    errors: [401, 403, 429, 500],
    example: { response: { status: 200, body: { stages: EXAMPLE_STAGES } } },
    handler: async (ctx) => {
      ctx.body = { stages: await listActiveStages(ctx.state.db, workspaceId(ctx)) };
    },
  }),
];
