import { z } from 'zod';
import { AttributionText, DateTime, HttpUrl, HttpUrlWithUtm, JsonRecordInput } from './common.ts';
import { Email, UsAddress, UsPhone } from './contact.ts';
import { BatchItemError, batchOf } from '../batch.ts';

const common = {
  external_event_id: z.string().min(1).max(200),
  session_id: z.string().min(1).max(500),
  page_url: HttpUrlWithUtm.nullable().optional(),
  referrer_url: HttpUrl.nullable().optional(),
  user_agent: z.string().max(512).nullable().optional(),
  occurred_at: DateTime.optional().describe('When it happened; defaults to the time it was received'),
};

export const PageViewEventWrite = z
  .object({
    ...common,
    device_type: z.enum(['mobile', 'desktop', 'tablet']).nullable().optional(),
    landing_id: z.string().max(150).nullable().optional(),
    landing_name: z.string().max(200).nullable().optional(),
    landing_slug: z.string().max(80).nullable().optional(),
  })
  .strict()
  .meta({ id: 'PageViewEventWrite' });

export const FormSubmissionEventWrite = z
  .object({
    ...common,
    submitted_at: DateTime.optional(),
    form_id: z.string().max(200).nullable().optional(),
    form_name: z.string().max(200).nullable().optional(),
    form_selector: z.string().max(500).nullable().optional(),
    contact_name: z.string().max(200).nullable().optional(),
    contact_email: Email.nullable().optional(),
    contact_phone: UsPhone.nullable().optional(),
    property_address: UsAddress.nullable().optional(),
    form_data: JsonRecordInput.optional(),
    attribution_params: z
      .record(z.string().max(100), AttributionText)
      .check((payload) => {
        if (Object.keys(payload.value).length > 50)
          payload.issues.push({ code: 'custom', input: payload.value, message: 'must have at most 50 keys' });
      })
      .optional()
      .describe('utm_source, utm_medium, utm_campaign, utm_content (or source, medium, campaign, content)'),
    consent_mode: z.enum(['implicit', 'required']).default('implicit'),
    consent_granted: z.boolean().optional(),
  })
  .strict()
  .meta({ id: 'FormSubmissionEventWrite' });

const EventRef = z.object({ id: z.string() }).strict();

export const EventTrackResponse = z
  .object({ event: EventRef, duplicate: z.boolean(), created: z.boolean() })
  .strict()
  .meta({ id: 'EventTrackResponse' });

export const FormSubmissionTrackResponse = z
  .object({
    event: EventRef,
    duplicate: z.boolean(),
    analytics_only: z.boolean(),
    recorded_analytics: z.boolean(),
    lead_id: z.string().nullable(),
    created: z.boolean(),
  })
  .strict()
  .meta({ id: 'FormSubmissionTrackResponse' });

/** Events one POST /events/batch records at most (and at most 1 MB of them). */
export const EVENT_BATCH_MAX = 500;

export const EventBatchItem = z.discriminatedUnion('type', [
  PageViewEventWrite.extend({ type: z.literal('page_view') }).meta({ id: 'PageViewBatchItem' }),
  FormSubmissionEventWrite.extend({ type: z.literal('form_submission') }).meta({ id: 'FormSubmissionBatchItem' }),
]);

export const EventBatchWrite = z
  .object({ events: batchOf(EventBatchItem, EVENT_BATCH_MAX, 'events') })
  .strict()
  .meta({ id: 'EventBatchWrite' });

export const EventBatchResult = z
  .object({
    index: z.number().int().min(0).describe("The item's position in the request"),
    status: z
      .number()
      .int()
      .describe("What the item's single endpoint would answer for it alone: 201, 200 (a duplicate), or its 4xx"),
    event: EventRef.nullable(),
    duplicate: z.boolean().nullable(),
    created: z.boolean().nullable(),
    lead_id: z
      .string()
      .nullable()
      .describe("A form submission's lead (as POST /events/form-submission answers it); null for page views"),
    error: BatchItemError.nullable(),
  })
  .strict()
  .meta({ id: 'EventBatchResult' });

export const EventBatchResponse = z
  .object({ results: z.array(EventBatchResult).describe('One per item, in request order') })
  .strict();
export type EventBatchResultItem = z.infer<typeof EventBatchResult>;
