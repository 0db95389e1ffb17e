import { z } from 'zod';
import { DateTime, idParam } from './common.ts';
import { CursorPagination, paginationQuery } from '../http/pagination.ts';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT } from '../../core/webhookEventTypes.ts';
import { SIGNATURE_SCHEMES } from '../../core/webhookSecrets.ts';
import { MAX_OVERLAP_SECONDS, DEFAULT_OVERLAP_SECONDS } from '../../storage/webhookEndpoints.ts';
import { ApiVersionName } from './common.ts';

const WILDCARD = '*';
const SUBSCRIBABLE = [...WEBHOOK_EVENT_TYPES, WILDCARD] as const;

const SubscribedType = z.enum(SUBSCRIBABLE, {
  error: (issue) => `unknown event type ${JSON.stringify(issue.input)}; subscribe to types of the reference or to "*"`,
});

/** Distinct event types, or exactly ["*"] for every type (and those added later). */
export const EventSubscription = z
  .array(SubscribedType)
  .min(1)
  .max(WEBHOOK_EVENT_TYPES.length)
  .superRefine((events, ctx) => {
    if (events.length > 1 && events.includes(WILDCARD)) {
      ctx.addIssue({ code: 'custom', message: '"*" already subscribes to every type: send it alone' });
    }
    events.forEach((type, i) => {
      if (events.indexOf(type) !== i) ctx.addIssue({ code: 'custom', path: [i], message: `${type} is listed twice` });
    });
  })
  .describe('Event types to receive, distinct, or ["*"] for every type');

/** Checked further against the outbound URL rules (https, no credentials, no private address) by the route. */
const EndpointUrl = z
  .url({ error: 'must be an absolute https:// URL' })
  .max(2048, 'must be at most 2048 characters')
  .describe('https URL that receives the events (at most 2048 characters)');
const Description = z.string().max(500).nullable();

export const WebhookEndpointCreate = z
  .object({ url: EndpointUrl, events: EventSubscription, description: Description.optional() })
  .strict()
  .meta({ id: 'WebhookEndpointCreate' });

export const WebhookEndpointPatch = z
  .object({
    url: EndpointUrl,
    events: EventSubscription,
    description: Description,
    enabled: z.boolean(),
    api_version: ApiVersionName.describe("The dated API version the endpoint's events are rendered in"),
  })
  .partial()
  .strict()
  .refine(
    (patch) => Object.keys(patch).length > 0,
    'send at least one of url, events, description, enabled, api_version',
  )
  .meta({ id: 'WebhookEndpointPatch' });

export const WebhookEndpoint = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(z.string()),
    description: z.string().nullable(),
    enabled: z.boolean(),
    disabled_reason: z
      .string()
      .nullable()
      .describe('Why the platform disabled the endpoint after failing deliveries; null otherwise'),
    disabled_at: DateTime.nullable(),
    signature_scheme: z
      .enum(SIGNATURE_SCHEMES)
      .describe(
        'How deliveries are signed: `standard_webhooks` (webhook-signature `v1,<base64>`, the Standard Webhooks ' +
          'spec) for every new endpoint; `legacy` (webhook-signature `t=…,v1=<hex>`) is kept by endpoints registered ' +
          'before the service signed the standard way, until a rotation with `signature_scheme: "standard_webhooks"` moves them',
      ),
    previous_secret_expires_at: DateTime.nullable().describe(
      'After a rotation: until when deliveries are also signed with the previous secret',
    ),
    api_version: z
      .string()
      .describe(
        "The dated API version the endpoint's events are rendered in: the creating request's, until changed with PATCH",
      ),
    created_at: DateTime,
    updated_at: DateTime,
  })
  .strict()
  .meta({ id: 'WebhookEndpoint' });

export const WebhookEndpointWithSecret = WebhookEndpoint.extend({
  secret: z
    .string()
    .describe('The signing secret: shown in this answer only (a replay under the same Idempotency-Key repeats it)'),
}).meta({ id: 'WebhookEndpointWithSecret' });

export const WebhookEndpointIdParams = z.object({ webhook_endpoint_id: idParam(64) }).strict();

export const WebhookEndpointRotate = z
  .object({
    overlap_seconds: z
      .number()
      .int()
      .min(0)
      .max(MAX_OVERLAP_SECONDS)
      .optional()
      .describe(
        `How long the previous secret keeps signing beside the new one, 0..${MAX_OVERLAP_SECONDS} seconds ` +
          `(default ${DEFAULT_OVERLAP_SECONDS}: 24 hours); 0 ends it at once`,
      ),
    signature_scheme: z
      .literal('standard_webhooks')
      .optional()
      .describe(
        'Moves a `legacy` endpoint to Standard Webhooks signatures from this rotation on; the previous secret ' +
          'then stops signing at once (its format is no longer sent), so `overlap_seconds` must be left out or 0',
      ),
  })
  .strict()
  .meta({ id: 'WebhookEndpointRotate' });

export const WebhookEndpointListQuery = z.object(paginationQuery).strict();

export const WebhookEndpointPage = z
  .object({ webhook_endpoints: z.array(WebhookEndpoint), pagination: CursorPagination })
  .strict();

export const WebhookEvent = z
  .object({
    id: z.string(),
    type: z.string(),
    created_at: DateTime,
    data: z
      .object({ object: z.record(z.string(), z.unknown()) })
      .strict()
      .describe('The resource, as the API answers with it'),
  })
  .strict()
  .meta({ id: 'WebhookEvent' });

export const WebhookDeliveryAttempt = z
  .object({
    attempted_at: DateTime,
    response_status: z.number().int().nullable().describe("The receiver's HTTP status; null when none came back"),
    error: z.string().nullable(),
    duration_ms: z.number().int(),
  })
  .strict()
  .meta({ id: 'WebhookDeliveryAttempt' });

export const WebhookDelivery = z
  .object({
    id: z.string(),
    endpoint_id: z.string(),
    status: z.enum(['pending', 'succeeded', 'failed']),
    attempt_count: z.number().int(),
    next_attempt_at: DateTime.nullable(),
    attempts: z.array(WebhookDeliveryAttempt).describe('The latest attempts, newest first (at most 20)'),
  })
  .strict()
  .meta({ id: 'WebhookDelivery' });

export const WebhookEventDetail = WebhookEvent.extend({ deliveries: z.array(WebhookDelivery) }).meta({
  id: 'WebhookEventDetail',
});

export const WebhookEventIdParams = z.object({ webhook_event_id: idParam(64) }).strict();

export const WebhookEventListQuery = z
  .object({
    type: z
      .enum([...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT])
      .optional()
      .describe('Only events of this type'),
    ...paginationQuery,
  })
  .strict();

export const WebhookEventPage = z
  .object({ webhook_events: z.array(WebhookEvent), pagination: CursorPagination })
  .strict();

export const WebhookDeliveryIdParams = z
  .object({ webhook_endpoint_id: idParam(64), webhook_delivery_id: idParam(64) })
  .strict();

export const WebhookDeliveryListQuery = z.object(paginationQuery).strict();

/** One delivery of an event to one endpoint as its deliveries list shows it, with its latest try. */
export const WebhookEndpointDelivery = z
  .object({
    id: z.string(),
    event_id: z.string(),
    event_type: z.string(),
    status: z.enum(['pending', 'succeeded', 'failed']),
    attempts_made: z.number().int().describe('Tries made so far (0 while the first is due)'),
    response_status: z
      .number()
      .int()
      .nullable()
      .describe("The latest try's HTTP status from the receiver; null when none came back or none was made"),
    duration_ms: z.number().int().nullable().describe("The latest try's duration, from connecting to the answer"),
    response_body: z
      .string()
      .nullable()
      .describe("The first 1 KB of the latest try's answer, as UTF-8 text; null when it was empty or none came"),
    error: z
      .string()
      .nullable()
      .describe('Why the latest try failed (HTTP 500, connection refused, timed out after 10 s…); null on success'),
    resent_from: z.string().nullable().describe('The delivery this one re-sends, when a partner asked for it'),
    created_at: DateTime,
    attempted_at: DateTime.nullable().describe('When the latest try was made'),
    delivered_at: DateTime.nullable().describe('When the receiver acknowledged it with a 2xx; null until then'),
    next_attempt_at: DateTime.nullable().describe('When the next try is due, while it is pending'),
  })
  .strict()
  .meta({ id: 'WebhookEndpointDelivery' });

export const WebhookEndpointDeliveryPage = z
  .object({ webhook_deliveries: z.array(WebhookEndpointDelivery), pagination: CursorPagination })
  .strict();
