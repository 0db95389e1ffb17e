import { z } from 'zod';
import { defineRoute } from '../route.ts';
import { Scope } from '../schemas/common.ts';
import { EXAMPLE_IDS } from '../examples.ts';
import { FIRST_VERSION } from '../../core/apiVersions.ts';

const MeResponse = z
  .object({
    api_key: z
      .object({
        id: z.string(),
        name: z.string(),
        masked_key: z.string(),
        scopes: z.array(Scope),
        mode: z
          .enum(['live', 'test'])
          .describe('`test`: the key reads and writes only the test data of its workspace (keys starting pk_test_)'),
        api_version: z
          .string()
          .describe(
            'The dated API version pinned on the key when it was created: requests without a Partner-Version header answer in it',
          ),
      })
      .strict()
      .meta({ id: 'ApiKeySelf' }),
    workspace: z
      .object({ id: z.string().describe('The same id for live and test keys of the workspace'), name: z.string() })
      .strict()
      .meta({ id: 'WorkspaceSelf' }),
  })
  .strict();

export const meRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/v1/me',
    operationId: 'getMe',
    summary: 'Describe the calling key and its workspace',
    tag: 'Foundation',
    auth: 'key',
    scopes: [],
    responses: { 200: { description: 'The key and its workspace', schema: MeResponse } },
    errors: [401, 403, 429, 500],
    example: {
      response: {
        status: 200,
        body: {
          api_key: {
            id: EXAMPLE_IDS.apiKey,
            name: 'CRM sync (production)',
            masked_key: `pk_${EXAMPLE_IDS.apiKey.slice(4, 8)}…x7Qa`,
            scopes: ['leads.read', 'leads.write', 'analytics.manage', 'webhooks.manage'],
            mode: 'live',
            api_version: FIRST_VERSION,
          },
          workspace: { id: EXAMPLE_IDS.workspace, name: 'Summit Roofing Co.' },
        },
      },
    },
    handler: async (ctx) => {
      const { apiKey, workspace } = ctx.state;
      ctx.body = {
        api_key: {
          id: apiKey!.id,
          name: apiKey!.name,
          masked_key: apiKey!.masked_key,
          scopes: apiKey!.scopes,
          mode: apiKey!.mode,
          api_version: apiKey!.api_version,
        },
        workspace: { id: workspace!.public_id, name: workspace!.name },
      };
    },
  }),
];
