import { z } from 'zod';
import { defineRoute } from '../route.ts';
import { workspaceId, type Ctx } from '../context.ts';
import { newestFirstPage } from '../http/pagination.ts';
import { EmptyBody } from '../schemas/common.ts';
import {
  WebhookEndpoint,
  WebhookDeliveryIdParams,
  WebhookDeliveryListQuery,
  WebhookEndpointCreate,
  WebhookEndpointDelivery,
  WebhookEndpointDeliveryPage,
  WebhookEndpointIdParams,
  WebhookEndpointRotate,
  WebhookEndpointListQuery,
  WebhookEndpointPage,
  WebhookEndpointPatch,
  WebhookEndpointWithSecret,
  WebhookEventDetail,
  WebhookEventIdParams,
  WebhookEventListQuery,
  WebhookEventPage,
} from '../schemas/webhooks.ts';
import * as examples from '../schemas/webhookExamples.ts';
import { conflict, fieldError, notFound } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { outboundUrlProblem, resolvedAddressProblem } from '../../core/outboundHttp.ts';
import { newWebhookSecret, sealSecret } from '../../core/webhookSecrets.ts';
import {
  DEFAULT_OVERLAP_SECONDS,
  MAX_WEBHOOK_ENDPOINTS,
  deleteWebhookEndpoint,
  findWebhookEndpoint,
  insertWebhookEndpoint,
  listWebhookEndpoints,
  rotateWebhookEndpointSecret,
  updateWebhookEndpoint,
  type WebhookEndpointRow,
} from '../../storage/webhookEndpoints.ts';
import {
  listEndpointDeliveries,
  resendDelivery,
  type EndpointDeliveryRow,
} from '../../storage/webhookEndpointDeliveries.ts';
import {
  findWebhookEvent,
  listWebhookEvents,
  recordEndpointTestEvent,
  type WebhookEventDetail as WebhookEventDetailRow,
  type WebhookEventRow,
} from '../../storage/webhookEvents.ts';

import { latestVersion } from '../../core/apiVersions.ts';

const TAG = 'Webhooks';
const SCOPES = ['webhooks.manage' as const];
const ENDPOINTS_CURSOR = 'webhook_endpoints.list';
const EVENTS_CURSOR = 'webhook_events.list';
const DELIVERIES_CURSOR = 'webhook_deliveries.list';

/** The one shape of an endpoint in every answer and in its test event: never a secret. */
function toEndpointResponse(row: WebhookEndpointRow): z.input<typeof WebhookEndpoint> {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    description: row.description,
    enabled: row.enabled,
    disabled_reason: row.disabled_reason,
    disabled_at: row.disabled_at?.toISOString() ?? null,
    signature_scheme: row.signature_scheme,
    previous_secret_expires_at: row.previous_secret_expires_at?.toISOString() ?? null,
    api_version: row.api_version,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** An answer that shows the signing secret: the create and rotate answers, and nothing else. */
function withSecret(row: WebhookEndpointRow, secret: string) {
  return { webhook_endpoint: { ...toEndpointResponse(row), secret } };
}

function toEventResponse(row: WebhookEventRow) {
  return { id: row.id, type: row.type, created_at: row.created_at.toISOString(), data: row.data };
}

function toDeliveryResponse(row: EndpointDeliveryRow): z.input<typeof WebhookEndpointDelivery> {
  return {
    id: row.id,
    event_id: row.event_id,
    event_type: row.event_type,
    status: row.status,
    attempts_made: row.attempts_made,
    response_status: row.response_status,
    duration_ms: row.duration_ms,
    response_body: row.response_body,
    error: row.error,
    resent_from: row.resent_from,
    created_at: row.created_at.toISOString(),
    attempted_at: row.attempted_at?.toISOString() ?? null,
    delivered_at: row.delivered_at?.toISOString() ?? null,
    next_attempt_at: row.next_attempt_at?.toISOString() ?? null,
  };
}

function toEventDetailResponse(row: WebhookEventDetailRow) {
  return { ...toEventResponse(row), deliveries: row.deliveries };
}

/**
 * A URL the delivery task may call (https, no credentials, no literal private address), as the
 * WHATWG parser writes it: what is stored and shown is exactly what will be called.
 */
function callableUrl(ctx: Ctx, url: string): string {
  const parsed = new URL(url);
  const problem = outboundUrlProblem(parsed, ctx.deps.config.WEBHOOK_ALLOW_PRIVATE);
  if (problem) throw fieldError('body', 'url', problem);
  return parsed.href;
}

/** A URL whose host name resolves to a private or reserved address (localhost) is refused too. */
async function urlResolvesPublic(ctx: Ctx, body: { url?: string }): Promise<void> {
  if (body.url === undefined) return;
  const problem = await resolvedAddressProblem(new URL(body.url), ctx.deps.config.WEBHOOK_ALLOW_PRIVATE);
  if (problem) throw fieldError('body', 'url', problem);
}

const existing = (row: WebhookEndpointRow | undefined): WebhookEndpointRow => {
  if (!row) throw notFound('Webhook endpoint');
  return row;
};

const endpointEnvelope = z.object({ webhook_endpoint: WebhookEndpoint }).strict();
const secretEnvelope = z.object({ webhook_endpoint: WebhookEndpointWithSecret }).strict();
const eventDetailEnvelope = z.object({ webhook_event: WebhookEventDetail }).strict();
const deliveryEnvelope = z.object({ webhook_delivery: WebhookEndpointDelivery }).strict();
const byEndpointId = { params: WebhookEndpointIdParams };

export const webhookRoutes = [
  defineRoute({
    method: 'post',
    path: '/api/v1/webhook-endpoints',
    operationId: 'createWebhookEndpoint',
    summary:
      `Register a URL to receive signed webhook events (at most ${MAX_WEBHOOK_ENDPOINTS} per workspace); ` +
      'the answer shows its signing secret, once',
    tag: TAG,
    auth: 'key',
    scopes: SCOPES,
    idempotent: { mode: 'pipelined', sealAnswer: true },
    body: WebhookEndpointCreate,
    checkBody: urlResolvesPublic,
    responses: { 201: { description: 'Endpoint created, with its signing secret', schema: secretEnvelope } },
    errors: [400, 401, 403, 409, 429, 500],
    example: examples.createExample,
    handler: async (ctx, { body }) => {
      const secret = newWebhookSecret();
      const row = await insertWebhookEndpoint(ctx.state.db, workspaceId(ctx), {
        id: newId('whe'),
        url: callableUrl(ctx, body.url),
        events: body.events,
        description: body.description ?? null,
        secretSealed: sealSecret(ctx.deps.webhookSealingKey, secret),
        apiVersion: ctx.state.apiVersion ?? latestVersion(),
      });
      if (!row) {
        const limit = MAX_WEBHOOK_ENDPOINTS;
        throw conflict(`The workspace has ${limit} webhook endpoints, the most it may have; delete one first`, {
          limit,
        });
      }
      ctx.status = 201;
      ctx.body = withSecret(row, secret);
    },
  }),

  defineRoute({
    method: 'get',
    path: '/api/v1/webhook-endpoints',
    operationId: 'listWebhookEndpoints',
    summary: "The workspace's webhook endpoints, newest first",
    tag: TAG,
    auth: 'key',
    scopes: SCOPES,
    query: WebhookEndpointListQuery,
    responses: { 200: { description: 'A page of endpoints', schema: WebhookEndpointPage } },
    errors: [400, 401, 403, 429, 500],
    example: examples.listExample,
    handler: async (ctx, { query }) => {
      const ws = workspaceId(ctx);
      const page = await newestFirstPage(ctx.deps.cursorSecret, ENDPOINTS_CURSOR, query, (p) =>
        listWebhookEndpoints(ctx.state.db, ws, p),
      );
      ctx.body = { webhook_endpoints: page.items.map(toEndpointResponse), pagination: page.pagination };
    },
  }),

  defineRoute({
    method: 'get',
    path: '/api/v1/webhook-endpoints/:webhook_endpoint_id',
    operationId: 'getWebhookEndpoint',
    summary: 'One webhook endpoint, with why the platform disabled it if it did',
    tag: TAG,
    auth: 'key',
    scopes: SCOPES,
    ...byEndpointId,
    responses: { 200: { description: 'The endpoint', schema: endpointEnvelope } },
    errors: [400, 401, 403, 404, 429, 500],
    example: examples.getExample,
    handler: async (ctx, { params }) => {
      const row = existing(await findWebhookEndpoint(ctx.state.db, workspaceId(ctx), params.webhook_endpoint_id));
      ctx.body = { webhook_endpoint: toEndpointResponse(row) };
    },
  }),

  defineRoute({
    method: 'patch',
    path: '/api/v1/webhook-endpoints/:webhook_endpoint_id',
    operationId: 'updateWebhookEndpoint',
    summary:
      "Change an endpoint's URL, events or description, or disable and enable it " +
      '(enabling clears why the platform disabled it)',
    tag: TAG,
    auth: 'key',
    scopes: SCOPES,
    idempotent: { mode: 'pipelined' },
    ...byEndpointId,
    body: WebhookEndpointPatch,
    checkBody: urlResolvesPublic,
    responses: { 200: { description: 'The endpoint after the change', schema: endpointEnvelope } },
    errors: [400, 401, 403, 404, 409, 429, 500],
    example: examples.patchExample,
    handler: async (ctx, { params, body }) => {
      const changes = { ...body, url: body.url === undefined ? undefined : callableUrl(ctx, body.url) };
      const id = params.webhook_endpoint_id;
      const row = existing(await updateWebhookEndpoint(ctx.state.db, workspaceId(ctx), id, changes));
      ctx.body = { webhook_endpoint: toEndpointResponse(row) };
    },
  }),

  defineRoute({
    method: 'delete',
    path: '/api/v1/webhook-endpoints/:webhook_endpoint_id',
    operationId: 'deleteWebhookEndpoint',
    summary: 'Delete an endpoint, with its deliveries; deliveries not yet made are dropped',
    tag: TAG,
    auth: 'key',
    scopes: SCOPES,
    idempotent: { mode: 'pipelined' },
    ...byEndpointId,
    body: EmptyBody,
    responses: {
      200: {
        description: 'Deleted',
        schema: z.object({ deleted: z.literal(true), webhook_endpoint_id: z.string() }).strict(),
      },
    },
    errors: [400, 401, 403, 404, 409, 429, 500],
    example: examples.deleteExample,
    handler: async (ctx, { params }) => {
      const id = params.webhook_endpoint_id;
      if (!(await deleteWebhookEndpoint(ctx.state.db, workspaceId(ctx), id))) throw notFound('Webhook endpoint');
      ctx.body = { deleted: true, webhook_endpoint_id: id };
    },
  }),

  defineRoute({
    method: 'post',
    path: '/api/v1/webhook-endpoints/:webhook_endpoint_id/rotate-secret',
    operationId: 'rotateWebhookEndpointSecret',
    summary:
      'Replace the signing secret; the previous one keeps signing beside it for overlap_seconds (24 hours unless ' +
      'set, at most 7 days; a second rotation ends it at once), and a legacy endpoint may move to Standard Webhooks',
    tag: TAG,
    auth: 'key',
    scopes: SCOPES,
    idempotent: { mode: 'pipelined', sealAnswer: true },
    ...byEndpointId,
    body: WebhookEndpointRotate,
    responses: { 200: { description: 'The endpoint with its new signing secret', schema: secretEnvelope } },
    errors: [400, 401, 403, 404, 409, 429, 500],
    example: examples.rotateExample,
    handler: async (ctx, { params, body }) => {
      const ws = workspaceId(ctx);
      const id = params.webhook_endpoint_id;
      const endpoint = existing(await findWebhookEndpoint(ctx.state.db, ws, id, { keepUntilCommit: true }));
      const scheme = body.signature_scheme;
      const switching = scheme !== undefined && scheme !== endpoint.signature_scheme;
      if (switching && (body.overlap_seconds ?? 0) > 0) {
        throw fieldError(
          'body',
          'overlap_seconds',
          'a move to standard_webhooks ends the previous secret at once (its format is no longer sent); send 0 or leave it out',
        );
      }
      const overlapSeconds = switching ? 0 : (body.overlap_seconds ?? DEFAULT_OVERLAP_SECONDS);
      const secret = newWebhookSecret();
      const sealed = sealSecret(ctx.deps.webhookSealingKey, secret);
      const row = existing(await rotateWebhookEndpointSecret(ctx.state.db, ws, id, sealed, { overlapSeconds, scheme }));
      ctx.body = withSecret(row, secret);
    },
  }),

  defineRoute({
    method: 'post',
    path: '/api/v1/webhook-endpoints/:webhook_endpoint_id/test',
    operationId: 'testWebhookEndpoint',
    summary: 'Send a webhook_endpoint.test event, holding the endpoint, to it alone (409 while it is disabled)',
    tag: TAG,
    auth: 'key',
    scopes: SCOPES,
    idempotent: { mode: 'pipelined' },
    ...byEndpointId,
    body: EmptyBody,
    responses: { 202: { description: 'Test event recorded; its delivery is queued', schema: eventDetailEnvelope } },
    errors: [400, 401, 403, 404, 409, 429, 500],
    example: examples.testExample,
    handler: async (ctx, { params }) => {
      const ws = workspaceId(ctx);
      const id = params.webhook_endpoint_id;
      const endpoint = existing(await findWebhookEndpoint(ctx.state.db, ws, id, { keepUntilCommit: true }));
      if (!endpoint.enabled) {
        throw conflict('The endpoint is disabled; enable it (PATCH enabled: true) before sending it a test event', {
          disabled_reason: endpoint.disabled_reason,
        });
      }
      const eventId = await recordEndpointTestEvent(ctx.state.db, ws, endpoint.id, toEndpointResponse(endpoint));
      const event = await findWebhookEvent(ctx.state.db, ws, eventId);
      ctx.status = 202;
      ctx.body = { webhook_event: toEventDetailResponse(event!) };
    },
  }),

  defineRoute({
    method: 'get',
    path: '/api/v1/webhook-endpoints/:webhook_endpoint_id/deliveries',
    operationId: 'listWebhookEndpointDeliveries',
    summary:
      "An endpoint's deliveries of the last 30 days, newest first, each with its latest try: status code, " +
      'duration and the first 1 KB of the answer, or why no answer came',
    tag: TAG,
    auth: 'key',
    scopes: SCOPES,
    ...byEndpointId,
    query: WebhookDeliveryListQuery,
    responses: { 200: { description: 'A page of deliveries', schema: WebhookEndpointDeliveryPage } },
    errors: [400, 401, 403, 404, 429, 500],
    example: examples.listDeliveriesExample,
    handler: async (ctx, { params, query }) => {
      const ws = workspaceId(ctx);
      const endpoint = existing(await findWebhookEndpoint(ctx.state.db, ws, params.webhook_endpoint_id));
      const page = await newestFirstPage(ctx.deps.cursorSecret, DELIVERIES_CURSOR, query, (p) =>
        listEndpointDeliveries(ctx.state.db, ws, endpoint.id, p),
      );
      ctx.body = { webhook_deliveries: page.items.map(toDeliveryResponse), pagination: page.pagination };
    },
  }),

  defineRoute({
    method: 'post',
    path: '/api/v1/webhook-endpoints/:webhook_endpoint_id/deliveries/:webhook_delivery_id/resend',
    operationId: 'resendWebhookDelivery',
    summary:
      'Send a delivered (or failed) event to this endpoint again: a new delivery, queued now, with the same ' +
      'webhook-id (409 while the endpoint is disabled)',
    tag: TAG,
    auth: 'key',
    scopes: SCOPES,
    idempotent: { mode: 'pipelined' },
    params: WebhookDeliveryIdParams,
    body: EmptyBody,
    responses: { 202: { description: 'The new delivery, queued', schema: deliveryEnvelope } },
    errors: [400, 401, 403, 404, 409, 429, 500],
    example: examples.resendExample,
    handler: async (ctx, { params }) => {
      const ws = workspaceId(ctx);
      const endpointId = params.webhook_endpoint_id;
      const endpoint = existing(await findWebhookEndpoint(ctx.state.db, ws, endpointId, { keepUntilCommit: true }));
      if (!endpoint.enabled) {
        throw conflict('The endpoint is disabled; enable it (PATCH enabled: true) before re-sending a delivery', {
          disabled_reason: endpoint.disabled_reason,
        });
      }
      const made = await resendDelivery(ctx.state.db, ws, endpoint.id, params.webhook_delivery_id);
      if (!made) throw notFound('Webhook delivery');
      ctx.status = 202;
      ctx.body = { webhook_delivery: toDeliveryResponse(made) };
    },
  }),

  defineRoute({
    method: 'get',
    path: '/api/v1/webhook-events',
    operationId: 'listWebhookEvents',
    summary: "The workspace's webhook events of the last 30 days, newest first",
    tag: TAG,
    auth: 'key',
    scopes: SCOPES,
    query: WebhookEventListQuery,
    responses: { 200: { description: 'A page of events', schema: WebhookEventPage } },
    errors: [400, 401, 403, 429, 500],
    example: examples.listEventsExample,
    handler: async (ctx, { query }) => {
      const ws = workspaceId(ctx);
      const page = await newestFirstPage(ctx.deps.cursorSecret, EVENTS_CURSOR, query, (p) =>
        listWebhookEvents(ctx.state.db, ws, { ...p, type: query.type }),
      );
      ctx.body = { webhook_events: page.items.map(toEventResponse), pagination: page.pagination };
    },
  }),

  defineRoute({
    method: 'get',
    path: '/api/v1/webhook-events/:webhook_event_id',
    operationId: 'getWebhookEvent',
    summary: 'One webhook event of the last 30 days, with its deliveries and their latest attempts',
    tag: TAG,
    auth: 'key',
    scopes: SCOPES,
    params: WebhookEventIdParams,
    responses: { 200: { description: 'The event and its deliveries', schema: eventDetailEnvelope } },
    errors: [400, 401, 403, 404, 429, 500],
    example: examples.getEventExample,
    handler: async (ctx, { params }) => {
      const event = await findWebhookEvent(ctx.state.db, workspaceId(ctx), params.webhook_event_id);
      if (!event) throw notFound('Webhook event');
      ctx.body = { webhook_event: toEventDetailResponse(event) };
    },
  }),
];
