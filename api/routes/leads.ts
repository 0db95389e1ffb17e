import { z } from 'zod';
import { defineRoute } from '../route.ts';
import { workspaceId, type Ctx } from '../context.ts';
import { notFound, type ItemOutcome } from '../../core/errors.ts';
import { phoneDigitsOf } from '../../core/phone.ts';
import { LEAD_EXPORT_COLUMNS } from '../../core/leadFields.ts';
import { CursorPagination, decodeCursor, malformedCursor, pageOf } from '../http/pagination.ts';
import {
  Conversion,
  ConversionWrite,
  Lead,
  LeadExportQuery,
  LeadIdParams,
  LeadIdLookupParams,
  LeadListQuery,
  LeadPatch,
  LeadRoof,
  LeadWrite,
  LeadBatchWrite,
  LeadBatchResponse,
  type LeadFilters,
  type LeadWriteInput,
} from '../schemas/leads.ts';
import { InvalidItem, itemError } from '../batch.ts';
import { LeadTombstone, refuseFiltersInSync, sendLeadChanges } from './leads/leadChanges.ts';
import { EmptyBody } from '../schemas/common.ts';
import { findLead, listLeads, softDeleteLead, type LeadFilter, type LeadWithDoc } from '../../storage/leads.ts';
import { EXPORT_CURSOR, sendLeadsCsv } from './leads/leadsExport.ts';
import {
  inactiveStage,
  patchLead,
  upsertLeadAnswered,
  upsertLeads,
  type UpsertResult,
} from '../../storage/leadWrites.ts';
import { convertLead, listConversions, toConversionResponse } from '../../storage/conversions.ts';
import { findLatestVisualizationForLead } from '../../storage/visualizations.ts';
import {
  EXAMPLE_ATTRIBUTION,
  EXAMPLE_CATALOG,
  EXAMPLE_CONVERSION,
  EXAMPLE_CURSORS,
  EXAMPLE_IDS,
  EXAMPLE_LEAD,
  EXAMPLE_NEW_LEAD,
  EXAMPLE_STAGES,
  EXAMPLE_VISUALIZATION,
} from '../examples.ts';

const TAG = 'Leads';
const LIST_CURSOR = 'leads.list';

function toFilter(q: Omit<LeadFilters, 'cursor' | 'limit'>): LeadFilter {
  return { ...q, searchDigits: q.search ? phoneDigitsOf(q.search) : null };
}

function position(ctx: Ctx, endpoint: string, cursor: string | undefined): [number, string] | undefined {
  if (!cursor) return undefined;
  const [pos, id] = decodeCursor(ctx.deps.cursorSecret, endpoint, cursor);
  if (typeof pos !== 'number' || typeof id !== 'string') throw malformedCursor();
  return [pos, id];
}

async function requireLead(ctx: Ctx, id: string): Promise<LeadWithDoc> {
  const lead = await findLead(ctx.state.db, workspaceId(ctx), id);
  if (!lead) throw notFound('Lead');
  return lead;
}

const leadId = { params: LeadIdParams };
const leadIdLookup = { params: LeadIdLookupParams };
const exampleLeadId = { lead_id: EXAMPLE_IDS.lead };

const EXAMPLE_CSV =
  `${LEAD_EXPORT_COLUMNS.join(',')}\n` +
  `${EXAMPLE_LEAD.id},crm-88412,acculynx,Dana Whitfield,dana.whitfield@example.com,5125550148,"1482 Oak Street, Austin, TX 78704",` +
  'quoted,Quoted,google,cpc,spring-roof-2026,free-estimate-ad,https://www.summitroofing.example/free-estimate,18450,,' +
  '2026-03-09T15:00:00.000Z,,Wants an estimate before the insurance adjuster visits on Friday.,2026-03-02T15:35:04.512Z,' +
  '2026-03-05T16:45:31.030Z\n';

/**
 * Lead JSON comes ready-made from the database (leads.document), so responses holding leads are
 * assembled as text around it rather than parsed and encoded again.
 */
function jsonWithLeads(ctx: Ctx, text: string) {
  ctx.type = 'application/json';
  ctx.body = text;
}

/**
 * One result of POST /leads/batch as JSON text: the lead's document is spliced in as stored, like
 * the single upsert's answer.
 */
function batchResult(index: number, outcome: ItemOutcome<UpsertResult>, requestId: string): string {
  if (!outcome.ok) {
    const { error } = outcome;
    return JSON.stringify({
      index,
      status: error.status,
      created: null,
      matched_by: null,
      lead: null,
      error: itemError(error, requestId),
    });
  }
  const { lead, created, matchedBy } = outcome.value;
  return `{"index":${index},"status":${created ? 201 : 200},"created":${created},"matched_by":${JSON.stringify(matchedBy)},"lead":${lead.doc},"error":null}`;
}

/** The batch example: a new lead, an update matched by phone, and an item the single upsert would refuse. */
const EXAMPLE_BATCH_ITEMS = [
  {
    external_id: 'crm-88412',
    external_source: 'acculynx',
    contact_name: 'Dana Whitfield',
    contact_phone: '(512) 555-0148',
  },
  { contact_phone: '(512) 555-0199', notes: 'Called back about the gutter estimate.' },
  { external_id: 'crm-88414', external_source: 'acculynx', status_stage_id: 'stage_retired_2025' },
];

export const leadRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/v1/leads',
    operationId: 'listLeads',
    summary: 'List active leads, newest first',
    tag: TAG,
    auth: 'key',
    scopes: ['leads.read'],
    query: LeadListQuery,
    responses: {
      200: {
        description:
          'A page of leads; with changed_since, the leads changed since the token (deleted ones as LeadTombstone) and the sync_token to send next',
        schema: z.union([
          z
            .object({ leads: z.array(Lead), pagination: CursorPagination })
            .strict()
            .meta({ id: 'LeadPage' }),
          z
            .object({
              leads: z.array(z.union([Lead, LeadTombstone])),
              pagination: CursorPagination,
              sync_token: z.string().describe('Send as changed_since on the next sync (or page, while has_more)'),
            })
            .strict()
            .meta({ id: 'LeadChangesPage' }),
        ]),
      },
    },
    errors: [400, 401, 403, 429, 500],
    example: {
      query: { source: 'google', campaign: 'spring-roof-2026', limit: 1 },
      response: {
        status: 200,
        body: { leads: [EXAMPLE_LEAD], pagination: { limit: 1, next_cursor: EXAMPLE_CURSORS.leads, has_more: true } },
      },
    },
    handler: async (ctx, { query }) => {
      const { cursor, limit, changed_since, ...filters } = query;
      if (changed_since !== undefined) {
        refuseFiltersInSync(filters);
        return sendLeadChanges(ctx, { changed_since, cursor, limit });
      }
      const rows = await listLeads(
        ctx.state.db,
        workspaceId(ctx),
        toFilter(filters),
        limit,
        position(ctx, LIST_CURSOR, cursor),
      );
      const page = pageOf(rows, limit, {
        secret: ctx.deps.cursorSecret,
        endpoint: LIST_CURSOR,
        position: (r) => [r.pos, r.id],
      });
      jsonWithLeads(
        ctx,
        `{"leads":[${page.items.map((r) => r.doc).join(',')}],"pagination":${JSON.stringify(page.pagination)}}`,
      );
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/leads',
    operationId: 'upsertLead',
    summary: 'Create a lead, or update the one matched by external id + source, else by phone',
    tag: TAG,
    auth: 'key',
    scopes: ['leads.write'],
    idempotent: { mode: 'statement' },
    body: LeadWrite,
    responses: {
      200: {
        description: 'Matched lead updated',
        schema: z.object({ lead: Lead, created: z.literal(false) }).strict(),
      },
      201: { description: 'Lead created', schema: z.object({ lead: Lead, created: z.literal(true) }).strict() },
    },
    errors: [400, 401, 403, 409, 429, 500],
    example: {
      body: {
        external_id: 'crm-88412',
        external_source: 'acculynx',
        session_id: EXAMPLE_IDS.session,
        contact_name: 'Dana Whitfield',
        contact_email: 'dana.whitfield@example.com',
        contact_phone: '(512) 555-0148',
        property_address: '1482 Oak Street, Austin, TX 78704',
        form_data: EXAMPLE_LEAD.form_data,
        custom_fields: EXAMPLE_NEW_LEAD.custom_fields,
        selected_material_id: EXAMPLE_CATALOG.materials[0]!.id,
        selected_color_id: EXAMPLE_CATALOG.colors[1]!.id,
        selected_shape_id: EXAMPLE_CATALOG.shapes[1]!.id,
        attribution: EXAMPLE_ATTRIBUTION,
      },
      response: { status: 201, body: { lead: EXAMPLE_NEW_LEAD, created: true } },
    },
    handler: async (ctx, { body }) => {
      const idempotency = ctx.state.idempotency!;
      const { apiKeyId, key, fingerprint, ttlHours, maxKeptBytes } = idempotency;
      const result = await upsertLeadAnswered(ctx.deps.sql, workspaceId(ctx), body, {
        conversionType: 'partner_api',
        answerKey: { apiKeyId, key, fingerprint, ttlHours, maxKeptBytes },
        // The answer is made and kept by the statement that writes the lead, from its document.
        answerShape: (created) => ({
          status: created ? 201 : 200,
          before: '{"lead":',
          after: `,"created":${created}}`,
        }),
      });
      if (result.verdict !== 'open') return void (await idempotency.turnedAway(result.verdict));
      ctx.status = result.status;
      jsonWithLeads(ctx, result.body);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/leads/batch',
    operationId: 'upsertLeadBatch',
    summary: 'Upsert 1 to 100 leads in one request, each as POST /api/v1/leads would, with a result per item',
    tag: TAG,
    auth: 'key',
    scopes: ['leads.write'],
    idempotent: { mode: 'pipelined' },
    body: LeadBatchWrite,
    responses: {
      200: {
        description:
          'One result per item, in request order; each item was applied or refused on its own (a refused one changed nothing)',
        schema: LeadBatchResponse,
      },
    },
    errors: [400, 401, 403, 409, 429, 500],
    example: {
      body: { leads: EXAMPLE_BATCH_ITEMS },
      response: {
        status: 200,
        body: {
          results: [
            { index: 0, status: 201, created: true, matched_by: null, lead: EXAMPLE_NEW_LEAD, error: null },
            {
              index: 1,
              status: 200,
              created: false,
              matched_by: 'phone',
              lead: {
                ...EXAMPLE_LEAD,
                id: EXAMPLE_IDS.secondLead,
                external_id: null,
                external_source: null,
                contact_phone: '5125550199',
                notes: EXAMPLE_BATCH_ITEMS[1]!.notes,
              },
              error: null,
            },
            {
              index: 2,
              status: 400,
              created: null,
              matched_by: null,
              lead: null,
              error: itemError(inactiveStage(EXAMPLE_STAGES), EXAMPLE_IDS.request),
            },
          ],
        },
      },
    },
    handler: async (ctx, { body }) => {
      const valid = body.leads.filter((item): item is LeadWriteInput => !(item instanceof InvalidItem));
      const written = (
        await upsertLeads(ctx.state.db, workspaceId(ctx), valid, { conversionType: 'partner_api' })
      ).values();
      const results = body.leads.map((item, index) =>
        batchResult(
          index,
          item instanceof InvalidItem ? { ok: false, error: item.error } : written.next().value!,
          ctx.state.requestId,
        ),
      );
      jsonWithLeads(ctx, `{"results":[${results.join(',')}]}`);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/leads/export',
    operationId: 'exportLeads',
    summary: 'Export matching leads as CSV, at most 10,000 per response',
    tag: TAG,
    auth: 'key',
    scopes: ['leads.export'],
    expensive: true,
    query: LeadExportQuery,
    responses: {
      200: {
        description: 'CSV of leads, formula-safe',
        contentType: 'text/csv',
        headers: {
          'Content-Disposition': 'attachment; filename="leads-YYYY-MM-DD.csv"',
          'X-Export-Truncated': 'true when more leads match than this response holds',
          'X-Export-Next-Cursor': 'present when truncated: pass back as cursor to continue',
        },
      },
    },
    errors: [400, 401, 403, 429, 500],
    example: {
      query: { source: 'google', from: '2026-03-01T00:00:00Z', limit: 1 },
      response: {
        status: 200,
        body: EXAMPLE_CSV,
        headers: {
          'Content-Disposition': 'attachment; filename="leads-2026-03-05.csv"',
          'X-Export-Truncated': 'true',
          'X-Export-Next-Cursor': EXAMPLE_CURSORS.leadsExport,
        },
      },
    },
    handler: async (ctx, { query }) => {
      const { cursor, limit, ...filters } = query;
      await sendLeadsCsv(ctx, toFilter(filters), limit, position(ctx, EXPORT_CURSOR, cursor));
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/leads/:lead_id',
    operationId: 'getLead',
    summary: 'One active lead',
    tag: TAG,
    auth: 'key',
    scopes: ['leads.read'],
    ...leadIdLookup,
    responses: { 200: { description: 'The lead', schema: z.object({ lead: Lead }).strict() } },
    errors: [401, 403, 404, 429, 500],
    example: { params: exampleLeadId, response: { status: 200, body: { lead: EXAMPLE_LEAD } } },
    handler: async (ctx, { params }) => {
      const lead = await requireLead(ctx, params.lead_id);
      jsonWithLeads(ctx, `{"lead":${lead.doc}}`);
    },
  }),
  defineRoute({
    method: 'patch',
    path: '/api/v1/leads/:lead_id',
    operationId: 'patchLead',
    summary: "Update a lead's fields or move it to another pipeline stage",
    tag: TAG,
    auth: 'key',
    scopes: ['leads.write'],
    idempotent: { mode: 'pipelined' },
    ...leadId,
    body: LeadPatch,
    responses: {
      200: {
        description: 'The lead after the update',
        schema: z.object({ lead: Lead, updated: z.boolean() }).strict(),
      },
    },
    errors: [400, 401, 403, 404, 409, 429, 500],
    example: {
      params: exampleLeadId,
      body: {
        status_stage_id: EXAMPLE_STAGES[3]!.id,
        quote_value: 18450,
        notes: EXAMPLE_LEAD.notes,
        follow_up_date: EXAMPLE_LEAD.follow_up_date,
        custom_fields: { hail_zone: 'A2' },
      },
      response: { status: 200, body: { lead: EXAMPLE_LEAD, updated: true } },
    },
    handler: async (ctx, { params, body }) => {
      const result = await patchLead(ctx.state.db, workspaceId(ctx), params.lead_id, body);
      if (!result) throw notFound('Lead');
      jsonWithLeads(ctx, `{"lead":${result.lead.doc},"updated":${result.updated}}`);
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/api/v1/leads/:lead_id',
    operationId: 'deleteLead',
    summary: 'Soft-delete a lead',
    tag: TAG,
    auth: 'key',
    scopes: ['leads.write'],
    idempotent: { mode: 'pipelined' },
    ...leadId,
    body: EmptyBody,
    responses: {
      200: { description: 'Deleted', schema: z.object({ deleted: z.literal(true), lead_id: z.string() }).strict() },
    },
    errors: [400, 401, 403, 404, 409, 429, 500],
    example: {
      params: exampleLeadId,
      body: {},
      response: { status: 200, body: { deleted: true, lead_id: EXAMPLE_IDS.lead } },
    },
    handler: async (ctx, { params }) => {
      if (!(await softDeleteLead(ctx.state.db, workspaceId(ctx), params.lead_id))) throw notFound('Lead');
      ctx.body = { deleted: true, lead_id: params.lead_id };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/leads/:lead_id/conversions',
    operationId: 'listLeadConversions',
    summary: "A lead's conversions in order",
    tag: TAG,
    auth: 'key',
    scopes: ['leads.read'],
    ...leadIdLookup,
    responses: {
      200: {
        description: 'Conversions by conversion_number',
        schema: z.object({ conversions: z.array(Conversion) }).strict(),
      },
    },
    errors: [401, 403, 404, 429, 500],
    example: { params: exampleLeadId, response: { status: 200, body: { conversions: [EXAMPLE_CONVERSION] } } },
    handler: async (ctx, { params }) => {
      await requireLead(ctx, params.lead_id);
      const rows = await listConversions(ctx.state.db, workspaceId(ctx), params.lead_id);
      ctx.body = { conversions: rows.map(toConversionResponse) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/leads/:lead_id/conversions',
    operationId: 'createLeadConversion',
    summary: 'Record a conversion once per external_event_id; dispatches no automations, emits conversion.created',
    tag: TAG,
    auth: 'key',
    scopes: ['leads.write'],
    idempotent: { mode: 'pipelined', replayStatus: 200 },
    ...leadId,
    body: ConversionWrite,
    responses: {
      200: {
        description: 'Existing conversion (replay or same external_event_id)',
        schema: z.object({ conversion: Conversion, created: z.literal(false) }).strict(),
      },
      201: {
        description: 'Conversion created',
        schema: z.object({ conversion: Conversion, created: z.literal(true) }).strict(),
      },
    },
    errors: [400, 401, 403, 404, 409, 429, 500],
    example: {
      params: exampleLeadId,
      body: {
        external_event_id: EXAMPLE_CONVERSION.external_event_id,
        session_id: EXAMPLE_IDS.session,
        visualization_id: EXAMPLE_IDS.visualization,
        conversion_url: EXAMPLE_ATTRIBUTION.conversion_url,
        occurred_at: '2026-03-12T13:02:00-06:00',
      },
      response: { status: 201, body: { conversion: EXAMPLE_CONVERSION, created: true } },
    },
    handler: async (ctx, { params, body }) => {
      const result = await convertLead(ctx.state.db, workspaceId(ctx), params.lead_id, body);
      if (!result) throw notFound('Lead');
      ctx.status = result.created ? 201 : 200;
      ctx.body = { conversion: toConversionResponse(result.conversion), created: result.created };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/leads/:lead_id/roof',
    operationId: 'getLeadRoof',
    summary: "The roof of the lead's latest visualization",
    tag: TAG,
    auth: 'key',
    scopes: ['leads.read'],
    ...leadIdLookup,
    responses: {
      200: {
        description: 'LeadRoof (all nulls before any visualization)',
        schema: z.object({ roof: LeadRoof }).strict(),
      },
    },
    errors: [401, 403, 404, 429, 500],
    example: {
      params: exampleLeadId,
      response: {
        status: 200,
        body: {
          roof: {
            lead_id: EXAMPLE_IDS.lead,
            visualization_id: EXAMPLE_VISUALIZATION.id,
            material: EXAMPLE_VISUALIZATION.material,
            color: EXAMPLE_VISUALIZATION.color,
            shape: EXAMPLE_VISUALIZATION.shape,
            images: {
              original_image_url: EXAMPLE_VISUALIZATION.original_image_url,
              generated_image_url: EXAMPLE_VISUALIZATION.generated_image_url,
            },
            processing_status: EXAMPLE_VISUALIZATION.status,
            processing_error: null,
          },
        },
      },
    },
    handler: async (ctx, { params }) => {
      const lead = await requireLead(ctx, params.lead_id);
      const v = await findLatestVisualizationForLead(ctx.state.db, workspaceId(ctx), lead.id, ctx.deps.blobs);
      ctx.body = {
        roof: {
          lead_id: lead.id,
          visualization_id: v?.id ?? null,
          material: v?.material ?? null,
          color: v?.color ?? null,
          shape: v?.shape ?? null,
          images: {
            original_image_url: v?.original_image_url ?? null,
            generated_image_url: v?.generated_image_url ?? null,
          },
          processing_status: v?.status ?? null,
          processing_error: v?.processing_error ?? null,
        },
      };
    },
  }),
];
