/** Every event a webhook endpoint can subscribe to, in the order the reference lists them. */
export const WEBHOOK_EVENT_TYPES = [
  'report.import.completed',
  'report.import.failed',
  'report.export.completed',
  'report.export.failed',
  'visualization.completed',
  'visualization.failed',
  'lead.created',
  'lead.updated',
  'lead.stage_changed',
  'lead.converted',
  'lead.deleted',
  'conversion.created',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Sent to one endpoint on request (POST .../test); never fanned out, never subscribable. */
export const WEBHOOK_TEST_EVENT = 'webhook_endpoint.test';
