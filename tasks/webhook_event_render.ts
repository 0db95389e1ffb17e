import type { TaskFactory } from './context.ts';
import { renderWebhookEvents } from '../storage/webhookEventRender.ts';

/**
 * Renders an event that SQL recorded with its subject only (a job that failed for good) and fans
 * it out to the subscribed endpoints, in one transaction; an event rendered already is left alone.
 */
const webhookEventRender: TaskFactory<'webhook_event_render'> = ({ sql, config, blobs }) => {
  const render = { publicBaseUrl: config.PUBLIC_BASE_URL, blobs };
  return async ({ event_id }) => {
    await sql.begin((tx) => renderWebhookEvents(tx, render, { eventId: event_id }));
  };
};
export default webhookEventRender;
