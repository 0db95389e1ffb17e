import { z } from 'zod';
import { DateTime } from './common.ts';
import { Conversion, Lead } from './leads.ts';
import { Report, ReportExportArtifact } from './reports.ts';
import { Visualization } from './visualizations.ts';
import { WebhookEndpoint } from './webhooks.ts';
import { getExample as endpointExample } from './webhookExamples.ts';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT, type WebhookEventType } from '../../core/webhookEventTypes.ts';
import {
  EXAMPLE_CONVERSION,
  EXAMPLE_EXPORT,
  EXAMPLE_IDS,
  EXAMPLE_LEAD,
  EXAMPLE_NEW_LEAD,
  EXAMPLE_REPORT,
  EXAMPLE_STAGES,
  EXAMPLE_VISUALIZATION,
} from '../examples.ts';

export type WebhookPayloadType = WebhookEventType | typeof WEBHOOK_TEST_EVENT;

/** `lead.stage_changed` → `LeadStageChangedEvent` */
const schemaName = (type: string) =>
  `${type
    .split(/[._]/)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('')}Event`;

/** The body of every delivery: the event, and the resource as the API answers it. */
function payload(type: WebhookPayloadType, object: z.ZodType) {
  return z
    .object({
      id: z.string().describe('The event id (evt_…): the same on every retry, so receivers deduplicate on it'),
      type: z.literal(type),
      created_at: DateTime.describe('When the change happened'),
      data: z.object({ object }).strict(),
    })
    .strict()
    .meta({ id: schemaName(type) });
}

interface WebhookPayload {
  summary: string;
  description: string;
  schema: z.ZodType;
  object: unknown;
}

const sold = EXAMPLE_STAGES.find((s) => s.is_conversion_stage)!;
const soldLead = {
  ...EXAMPLE_LEAD,
  status: sold.key,
  status_stage_id: sold.id,
  status_label: sold.label,
  status_sort_order: sold.sort_order,
  is_conversion_stage: true,
  stage_timestamps: { ...EXAMPLE_LEAD.stage_timestamps, sold: '2026-03-12T19:04:22.671Z' },
  sales_value: 18450,
  converted_at: '2026-03-12T19:04:22.671Z',
  updated_at: '2026-03-12T19:04:22.671Z',
};

/** Every event a delivery can carry, with its payload schema and the object of its example. */
export const WEBHOOK_PAYLOADS: Record<WebhookPayloadType, WebhookPayload> = {
  'report.import.completed': {
    summary: 'A report import finished',
    description:
      'The files were parsed: the report is out of `importing` (draft, or needs_review when measurements are missing).',
    schema: payload('report.import.completed', Report),
    object: EXAMPLE_REPORT,
  },
  'report.import.failed': {
    summary: 'A report import failed',
    description: 'The files could not be read as a report; `summary.failure_reason` says why. The report is `failed`.',
    schema: payload('report.import.failed', Report),
    object: {
      ...EXAMPLE_REPORT,
      status: 'failed',
      current_revision_id: null,
      baseline_revision_id: null,
      current_revision_number: null,
      project_address: null,
      location_label: null,
      location_lat: null,
      location_long: null,
      summary: {
        failure_reason: 'The PDF is encrypted; export it again without a password',
        sources: [{ file_name: '1482-oak-street-premium-report.pdf', format: 'pdf', vendor: 'unknown', product: null }],
      },
    },
  },
  'report.export.completed': {
    summary: 'An export artifact is ready',
    description: 'The artifact was rendered; its `download_url` redirects to the file.',
    schema: payload('report.export.completed', ReportExportArtifact),
    object: EXAMPLE_EXPORT,
  },
  'report.export.failed': {
    summary: 'An export artifact failed',
    description: 'The artifact could not be rendered; `error` says why. Request a new export.',
    schema: payload('report.export.failed', ReportExportArtifact),
    object: {
      ...EXAMPLE_EXPORT,
      size_bytes: null,
      checksum: null,
      status: 'failed',
      error: 'The revision has no roof facets to draw',
    },
  },
  'visualization.completed': {
    summary: 'A visualization was generated',
    description:
      'Generation finished; the signed image URLs are valid for an hour, so read the visualization again for fresh ones.',
    schema: payload('visualization.completed', Visualization),
    object: EXAMPLE_VISUALIZATION,
  },
  'visualization.failed': {
    summary: 'A visualization failed',
    description: 'Generation failed for good (the attempt is not billed twice); `processing_error` says why.',
    schema: payload('visualization.failed', Visualization),
    object: {
      ...EXAMPLE_VISUALIZATION,
      status: 'failed',
      generated_image_url: null,
      processing_error: 'The photo shows no roof the model could find',
      completed_at: null,
    },
  },
  'lead.created': {
    summary: 'A lead was created',
    description: 'By POST /leads, a form submission with contact details, or the platform itself.',
    schema: payload('lead.created', Lead),
    object: EXAMPLE_NEW_LEAD,
  },
  'lead.updated': {
    summary: "A lead's fields changed",
    description:
      'Every write that changes a lead (a stage move also sends lead.stage_changed); the payload is the lead after it.',
    schema: payload('lead.updated', Lead),
    object: EXAMPLE_LEAD,
  },
  'lead.stage_changed': {
    summary: 'A lead moved to another pipeline stage',
    description: '`status_stage_id` and `stage_timestamps` show the new stage.',
    schema: payload('lead.stage_changed', Lead),
    object: EXAMPLE_LEAD,
  },
  'lead.converted': {
    summary: 'A lead reached a conversion stage',
    description: '`converted_at` is set and `is_conversion_stage` is true.',
    schema: payload('lead.converted', Lead),
    object: soldLead,
  },
  'lead.deleted': {
    summary: 'A lead was deleted',
    description:
      'The lead was soft-deleted; the payload is the lead as it was last seen, and the API now answers 404 for it.',
    schema: payload('lead.deleted', Lead),
    object: EXAMPLE_LEAD,
  },
  'conversion.created': {
    summary: 'A conversion was recorded',
    description: 'The conversion as GET /leads/{lead_id}/conversions answers it.',
    schema: payload('conversion.created', Conversion),
    object: EXAMPLE_CONVERSION,
  },
  [WEBHOOK_TEST_EVENT]: {
    summary: 'A test event',
    description:
      'Sent to one endpoint when its test is requested (POST /webhook-endpoints/{id}/test), carrying that endpoint; never sent otherwise and not subscribable.',
    schema: payload(WEBHOOK_TEST_EVENT, WebhookEndpoint),
    object: endpointExample.response.body.webhook_endpoint,
  },
};

export const WEBHOOK_PAYLOAD_TYPES: WebhookPayloadType[] = [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT];

/** A delivery's body as the example shows it. */
export function examplePayload(type: WebhookPayloadType) {
  return {
    id: EXAMPLE_IDS.webhookEvent,
    type,
    created_at: '2026-03-12T19:04:22.671Z',
    data: { object: WEBHOOK_PAYLOADS[type].object },
  };
}
