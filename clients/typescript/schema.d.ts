/**
 * The Partner API's paths, components and webhooks as TypeScript types, generated from its OpenAPI
 * document by openapi-typescript. Do not edit: run `npm run client:generate`.
 */

export interface paths {
  '/api/v1/me': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Describe the calling key and its workspace
     * @description Scope: any valid key.
     */
    get: operations['getMe'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/leads': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List active leads, newest first
     * @description Scope: `leads.read`.
     */
    get: operations['listLeads'];
    put?: never;
    /**
     * Create a lead, or update the one matched by external id + source, else by phone
     * @description Scope: `leads.write`. Idempotency-Key: send a unique value of 1 to 160 characters (e.g. a UUID) per operation; a retry with the same key and request replays the answer.
     */
    post: operations['upsertLead'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/leads/batch': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Upsert 1 to 100 leads in one request, each as POST /api/v1/leads would, with a result per item
     * @description Scope: `leads.write`. Idempotency-Key: send a unique value of 1 to 160 characters (e.g. a UUID) per operation; a retry with the same key and request replays the answer.
     */
    post: operations['upsertLeadBatch'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/leads/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Export matching leads as CSV, at most 10,000 per response
     * @description Scope: `leads.export`.
     */
    get: operations['exportLeads'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/leads/{lead_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One active lead
     * @description Scope: `leads.read`.
     */
    get: operations['getLead'];
    put?: never;
    post?: never;
    /**
     * Soft-delete a lead
     * @description Scope: `leads.write`. Idempotency-Key: send a unique value of 1 to 160 characters (e.g. a UUID) per operation; a retry with the same key and request replays the answer.
     */
    delete: operations['deleteLead'];
    options?: never;
    head?: never;
    /**
     * Update a lead's fields or move it to another pipeline stage
     * @description Scope: `leads.write`. Idempotency-Key: send a unique value of 1 to 160 characters (e.g. a UUID) per operation; a retry with the same key and request replays the answer.
     */
    patch: operations['patchLead'];
    trace?: never;
  };
  '/api/v1/leads/{lead_id}/conversions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A lead's conversions in order
     * @description Scope: `leads.read`.
     */
    get: operations['listLeadConversions'];
    put?: never;
    /**
     * Record a conversion once per external_event_id; dispatches no automations, emits conversion.created
     * @description Scope: `leads.write`. Idempotency-Key: send a unique value of 1 to 160 characters (e.g. a UUID) per operation; a retry with the same key and request replays the answer.
     */
    post: operations['createLeadConversion'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/leads/{lead_id}/roof': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The roof of the lead's latest visualization
     * @description Scope: `leads.read`.
     */
    get: operations['getLeadRoof'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/lead-sources': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Metrics per first-touch lead source
     * @description Scope: `analytics.read`.
     */
    get: operations['listLeadSources'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/lead-sources/{source_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One lead source's metrics and its campaigns
     * @description Scope: `analytics.read`.
     */
    get: operations['getLeadSource'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/campaigns': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Metrics per first-touch campaign
     * @description Scope: `analytics.read`.
     */
    get: operations['listCampaigns'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/campaigns/{campaign}/metrics': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One campaign's metrics and its sources
     * @description Scope: `analytics.read`.
     */
    get: operations['getCampaignMetrics'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/events/page-view': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Record a page view; a session's earliest page view is its first touch
     * @description Scope: `analytics.manage`. Idempotency-Key: send a unique value of 1 to 160 characters (e.g. a UUID) per operation; a retry with the same key and request replays the answer.
     */
    post: operations['trackPageView'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/events/form-submission': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Record a form submission; upserts a lead when an email or phone is present and consent allows
     * @description Scope: `analytics.manage`. Idempotency-Key: send a unique value of 1 to 160 characters (e.g. a UUID) per operation; a retry with the same key and request replays the answer.
     */
    post: operations['trackFormSubmission'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/events/batch': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Record 1 to 500 page views and form submissions (at most 1 MB) in one request, with a result per item
     * @description Scope: `analytics.manage`. Idempotency-Key: send a unique value of 1 to 160 characters (e.g. a UUID) per operation; a retry with the same key and request replays the answer.
     */
    post: operations['trackEventBatch'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/pipeline/stages': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Active lead pipeline stages of the workspace, in order
     * @description Scope: `leads.read`.
     */
    get: operations['listPipelineStages'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/reports': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Active reports of the workspace, newest first
     * @description Scope: `reports.read`.
     */
    get: operations['listReports'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/reports/import': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Import a measurement report (one PDF, or a Hover JSON / XML / CSV / XLSX / DXF package)
     * @description Scope: `reports.write`. Idempotency-Key: send a unique value of 1 to 160 characters (e.g. a UUID) per operation; a retry with the same key and request replays the answer.
     */
    post: operations['importReport'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/reports/exports/{export_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One export artifact, with its download endpoint
     * @description Scope: `reports.read`.
     */
    get: operations['getReportExport'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/reports/exports/{export_id}/download': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Redirect to a signed URL of the export file, valid for 5 minutes
     * @description Scope: `reports.read`.
     */
    get: operations['downloadReportExport'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/reports/{report_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One active report with its export artifacts
     * @description Scope: `reports.read`.
     */
    get: operations['getReport'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/reports/{report_id}/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Create export artifacts of a report revision
     * @description Scope: `reports.write`. Idempotency-Key: send a unique value of 1 to 160 characters (e.g. a UUID) per operation; a retry with the same key and request replays the answer.
     */
    post: operations['exportReport'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/visualizer/catalog': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The workspace's visualizer catalog: materials, colors and shapes, in display order (extension)
     * @description Scope: `sales_visualizer.use`.
     */
    get: operations['getVisualizerCatalog'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/visualizations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Create a pending visualization from a house photo and a catalog choice
     * @description Scope: `sales_visualizer.use`. Idempotency-Key: send a unique value of 1 to 160 characters (e.g. a UUID) per operation; a retry with the same key and request replays the answer.
     */
    post: operations['createVisualization'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/visualizations/{visualization_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One visualization of the workspace, in any state
     * @description Scope: `sales_visualizer.use`.
     */
    get: operations['getVisualization'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/visualizations/{visualization_id}/generate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Reserve one billable attempt and render the visualization
     * @description Scope: `sales_visualizer.use`. Idempotency-Key: send a unique value of 1 to 160 characters (e.g. a UUID) per operation; a retry with the same key and request replays the answer.
     */
    post: operations['generateVisualization'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/visualizations/{visualization_id}/roof-selection': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Point at the roof with taps and/or a box; the next generate paints what is selected (extension)
     * @description Scope: `sales_visualizer.use`. Idempotency-Key: send a unique value of 1 to 160 characters (e.g. a UUID) per operation; a retry with the same key and request replays the answer.
     */
    post: operations['selectRoof'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/sessions/{session_id}/visualizations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A session's visualizations in any state, newest first
     * @description Scope: `sales_visualizer.use`.
     */
    get: operations['listSessionVisualizations'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/share-links': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Create a public link to a completed visualization
     * @description Scope: `sales_visualizer.use`. Idempotency-Key: send a unique value of 1 to 160 characters (e.g. a UUID) per operation; a retry with the same key and request replays the answer.
     */
    post: operations['createShareLink'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/share-links/{token}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Public details of a shared visualization (no key)
     * @description Public: no API key.
     */
    get: operations['getShareLink'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/webhook-endpoints': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The workspace's webhook endpoints, newest first
     * @description Scope: `webhooks.manage`.
     */
    get: operations['listWebhookEndpoints'];
    put?: never;
    /**
     * Register a URL to receive signed webhook events (at most 16 per workspace); the answer shows its signing secret, once
     * @description Scope: `webhooks.manage`. Idempotency-Key: send a unique value of 1 to 160 characters (e.g. a UUID) per operation; a retry with the same key and request replays the answer.
     */
    post: operations['createWebhookEndpoint'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/webhook-endpoints/{webhook_endpoint_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One webhook endpoint, with why the platform disabled it if it did
     * @description Scope: `webhooks.manage`.
     */
    get: operations['getWebhookEndpoint'];
    put?: never;
    post?: never;
    /**
     * Delete an endpoint, with its deliveries; deliveries not yet made are dropped
     * @description Scope: `webhooks.manage`. Idempotency-Key: send a unique value of 1 to 160 characters (e.g. a UUID) per operation; a retry with the same key and request replays the answer.
     */
    delete: operations['deleteWebhookEndpoint'];
    options?: never;
    head?: never;
    /**
     * Change an endpoint's URL, events or description, or disable and enable it (enabling clears why the platform disabled it)
     * @description Scope: `webhooks.manage`. Idempotency-Key: send a unique value of 1 to 160 characters (e.g. a UUID) per operation; a retry with the same key and request replays the answer.
     */
    patch: operations['updateWebhookEndpoint'];
    trace?: never;
  };
  '/api/v1/webhook-endpoints/{webhook_endpoint_id}/rotate-secret': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Replace the signing secret; the previous one keeps signing beside it for overlap_seconds (24 hours unless set, at most 7 days; a second rotation ends it at once), and a legacy endpoint may move to Standard Webhooks
     * @description Scope: `webhooks.manage`. Idempotency-Key: send a unique value of 1 to 160 characters (e.g. a UUID) per operation; a retry with the same key and request replays the answer.
     */
    post: operations['rotateWebhookEndpointSecret'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/webhook-endpoints/{webhook_endpoint_id}/test': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a webhook_endpoint.test event, holding the endpoint, to it alone (409 while it is disabled)
     * @description Scope: `webhooks.manage`. Idempotency-Key: send a unique value of 1 to 160 characters (e.g. a UUID) per operation; a retry with the same key and request replays the answer.
     */
    post: operations['testWebhookEndpoint'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/webhook-endpoints/{webhook_endpoint_id}/deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * An endpoint's deliveries of the last 30 days, newest first, each with its latest try: status code, duration and the first 1 KB of the answer, or why no answer came
     * @description Scope: `webhooks.manage`.
     */
    get: operations['listWebhookEndpointDeliveries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/webhook-endpoints/{webhook_endpoint_id}/deliveries/{webhook_delivery_id}/resend': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a delivered (or failed) event to this endpoint again: a new delivery, queued now, with the same webhook-id (409 while the endpoint is disabled)
     * @description Scope: `webhooks.manage`. Idempotency-Key: send a unique value of 1 to 160 characters (e.g. a UUID) per operation; a retry with the same key and request replays the answer.
     */
    post: operations['resendWebhookDelivery'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/webhook-events': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The workspace's webhook events of the last 30 days, newest first
     * @description Scope: `webhooks.manage`.
     */
    get: operations['listWebhookEvents'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/webhook-events/{webhook_event_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One webhook event of the last 30 days, with its deliveries and their latest attempts
     * @description Scope: `webhooks.manage`.
     */
    get: operations['getWebhookEvent'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface webhooks {
  'report.import.completed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A report import finished
     * @description The files were parsed: the report is out of `importing` (draft, or needs_review when measurements are missing).
     *
     *     Delivered to endpoints subscribed to `report.import.completed`. Any 2xx acknowledges it; anything else is retried.
     */
    post: operations['webhook:report.import.completed'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'report.import.failed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A report import failed
     * @description The files could not be read as a report; `summary.failure_reason` says why. The report is `failed`.
     *
     *     Delivered to endpoints subscribed to `report.import.failed`. Any 2xx acknowledges it; anything else is retried.
     */
    post: operations['webhook:report.import.failed'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'report.export.completed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * An export artifact is ready
     * @description The artifact was rendered; its `download_url` redirects to the file.
     *
     *     Delivered to endpoints subscribed to `report.export.completed`. Any 2xx acknowledges it; anything else is retried.
     */
    post: operations['webhook:report.export.completed'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'report.export.failed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * An export artifact failed
     * @description The artifact could not be rendered; `error` says why. Request a new export.
     *
     *     Delivered to endpoints subscribed to `report.export.failed`. Any 2xx acknowledges it; anything else is retried.
     */
    post: operations['webhook:report.export.failed'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'visualization.completed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A visualization was generated
     * @description Generation finished; the signed image URLs are valid for an hour, so read the visualization again for fresh ones.
     *
     *     Delivered to endpoints subscribed to `visualization.completed`. Any 2xx acknowledges it; anything else is retried.
     */
    post: operations['webhook:visualization.completed'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'visualization.failed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A visualization failed
     * @description Generation failed for good (the attempt is not billed twice); `processing_error` says why.
     *
     *     Delivered to endpoints subscribed to `visualization.failed`. Any 2xx acknowledges it; anything else is retried.
     */
    post: operations['webhook:visualization.failed'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'lead.created': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A lead was created
     * @description By POST /leads, a form submission with contact details, or the platform itself.
     *
     *     Delivered to endpoints subscribed to `lead.created`. Any 2xx acknowledges it; anything else is retried.
     */
    post: operations['webhook:lead.created'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'lead.updated': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A lead's fields changed
     * @description Every write that changes a lead (a stage move also sends lead.stage_changed); the payload is the lead after it.
     *
     *     Delivered to endpoints subscribed to `lead.updated`. Any 2xx acknowledges it; anything else is retried.
     */
    post: operations['webhook:lead.updated'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'lead.stage_changed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A lead moved to another pipeline stage
     * @description `status_stage_id` and `stage_timestamps` show the new stage.
     *
     *     Delivered to endpoints subscribed to `lead.stage_changed`. Any 2xx acknowledges it; anything else is retried.
     */
    post: operations['webhook:lead.stage_changed'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'lead.converted': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A lead reached a conversion stage
     * @description `converted_at` is set and `is_conversion_stage` is true.
     *
     *     Delivered to endpoints subscribed to `lead.converted`. Any 2xx acknowledges it; anything else is retried.
     */
    post: operations['webhook:lead.converted'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'lead.deleted': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A lead was deleted
     * @description The lead was soft-deleted; the payload is the lead as it was last seen, and the API now answers 404 for it.
     *
     *     Delivered to endpoints subscribed to `lead.deleted`. Any 2xx acknowledges it; anything else is retried.
     */
    post: operations['webhook:lead.deleted'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'conversion.created': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A conversion was recorded
     * @description The conversion as GET /leads/{lead_id}/conversions answers it.
     *
     *     Delivered to endpoints subscribed to `conversion.created`. Any 2xx acknowledges it; anything else is retried.
     */
    post: operations['webhook:conversion.created'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'webhook_endpoint.test': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A test event
     * @description Sent to one endpoint when its test is requested (POST /webhook-endpoints/{id}/test), carrying that endpoint; never sent otherwise and not subscribable.
     *
     *     Any 2xx acknowledges it; anything else is retried.
     */
    post: operations['webhook:webhook_endpoint.test'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface components {
  schemas: {
    ErrorResponse: {
      error: {
        /** @enum {string} */
        code:
          | 'UNAUTHORIZED'
          | 'FORBIDDEN'
          | 'RATE_LIMITED'
          | 'VALIDATION_ERROR'
          | 'NOT_FOUND'
          | 'CONFLICT'
          | 'INTERNAL_ERROR';
        message: string;
        request_id: string;
        details?: {
          [key: string]: unknown;
        };
      };
    };
    ApiKeySelf: {
      id: string;
      name: string;
      masked_key: string;
      scopes: components['schemas']['Scope'][];
      /**
       * @description `test`: the key reads and writes only the test data of its workspace (keys starting pk_test_)
       * @enum {string}
       */
      mode: 'live' | 'test';
      /** @description The dated API version pinned on the key when it was created: requests without a Partner-Version header answer in it */
      api_version: string;
    };
    /** @enum {string} */
    Scope:
      | 'leads.read'
      | 'leads.write'
      | 'leads.export'
      | 'analytics.read'
      | 'analytics.manage'
      | 'communications.dni.assign'
      | 'sales_visualizer.use'
      | 'reports.read'
      | 'reports.write'
      | 'reports.export_pdf'
      | 'reports.export_technical'
      | 'reports.approve'
      | 'reports.assistant.use'
      | 'webhooks.manage';
    WorkspaceSelf: {
      /** @description The same id for live and test keys of the workspace */
      id: string;
      name: string;
    };
    LeadPage: {
      leads: components['schemas']['Lead'][];
      pagination: {
        limit: number;
        next_cursor: string | null;
        has_more: boolean;
      };
    };
    Lead: {
      id: string;
      external_id: string | null;
      external_source: string | null;
      contact_name: string | null;
      contact_email: string | null;
      contact_phone: string | null;
      property_address: string | null;
      status: string;
      status_stage_id: string | null;
      status_label: string | null;
      status_sort_order: number | null;
      is_conversion_stage: boolean;
      stage_timestamps: {
        [key: string]: string | null;
      } | null;
      funnel_gap_summary: {
        has_gap: boolean;
        skipped_stages: string[];
      } | null;
      attribution: components['schemas']['Attribution'];
      communication_summary: components['schemas']['LeadCommunicationSummary'];
      form_data: components['schemas']['JsonRecord'];
      custom_fields: components['schemas']['JsonRecord'];
      selected_material_id: string | null;
      selected_color_id: string | null;
      selected_shape_id: string | null;
      notes: string | null;
      quote_value: number | null;
      sales_value: number | null;
      follow_up_date: string | null;
      converted_at: string | null;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
    };
    Attribution: {
      source: string | null;
      medium: string | null;
      campaign: string | null;
      content: string | null;
      conversion_url: string | null;
    };
    LeadCommunicationSummary: {
      last_call_at: string | null;
      last_sms_at: string | null;
      call_count: number;
      answered_call_count: number;
      missed_call_count: number;
      sms_inbound_count: number;
      sms_outbound_count: number;
      last_tracking_number: components['schemas']['TrackingNumberSummary'] | null;
      last_communication_source: string | null;
      last_communication_campaign: string | null;
    };
    TrackingNumberSummary: {
      label: string | null;
      phone_last4: string | null;
      national_format: string | null;
    };
    /** @description Values are scalars or arrays of scalars */
    JsonRecord: {
      [key: string]: (string | number | boolean | null) | (string | number | boolean | null)[];
    };
    LeadChangesPage: {
      leads: (components['schemas']['Lead'] | components['schemas']['LeadTombstone'])[];
      pagination: {
        limit: number;
        next_cursor: string | null;
        has_more: boolean;
      };
      /** @description Send as changed_since on the next sync (or page, while has_more) */
      sync_token: string;
    };
    LeadTombstone: {
      id: string;
      external_id: string | null;
      external_source: string | null;
      /** @constant */
      deleted: true;
      /** Format: date-time */
      deleted_at: string;
    };
    LeadWrite: {
      /** @description The lead's id in your system; with external_source, it alone decides which lead an upsert updates */
      external_id?: string | null;
      /** @description Names your system (e.g. "my-crm"), so ids of two systems never collide */
      external_source?: string | null;
      /** @description The visitor's session id sent with page views; fills attribution from its first page view */
      session_id?: string | null;
      /** @description The contact's full name */
      contact_name?: string | null;
      /** @description The contact's email address */
      contact_email?: string | null;
      /** @description US phone number in any common form ("+1 512 555 0143", "(512) 555-0143"); answered as its 10 digits. Without external_id and external_source, the phone decides which lead an upsert updates */
      contact_phone?: string | null;
      /** @description The address of the property to roof: a US address (a clearly foreign one is refused) */
      property_address?: string | null;
      /** @description What the contact entered in a form; merged key by key into the stored record */
      form_data?: components['schemas']['JsonRecordInput'];
      /** @description Your own fields for this lead; merged key by key into the stored record */
      custom_fields?: components['schemas']['JsonRecordInput'];
      /** @description A material id from GET /api/v1/visualizer/catalog */
      selected_material_id?: string | null;
      /** @description A color id from GET /api/v1/visualizer/catalog */
      selected_color_id?: string | null;
      /** @description A roof shape id from GET /api/v1/visualizer/catalog */
      selected_shape_id?: string | null;
      /** @description An active stage id from GET /api/v1/pipeline/stages */
      status_stage_id?: string;
      /** @description First-touch marketing attribution: only fields still null on the lead are filled */
      attribution?: components['schemas']['AttributionInput'];
      /** @description Per-field corrections applied over the first touch; null removes an override */
      marketing_attribution_overrides?: components['schemas']['AttributionOverridesInput'];
      /** @description Free-text notes */
      notes?: string | null;
      /** @description The quoted price, 0 to 10,000,000 in the workspace currency */
      quote_value?: number | null;
      /** @description The sold price, 0 to 10,000,000 in the workspace currency */
      sales_value?: number | null;
      /** @description When to follow up, as a date-time like 2026-11-24T15:00:00Z */
      follow_up_date?: string | null;
    };
    /** @description Values are scalars or arrays of scalars; at most 100 keys of at most 100 characters, strings of at most 2000 characters, arrays of at most 100 items, 65536 bytes as JSON. Merged into a lead's record, the result must stay within the same bounds. */
    JsonRecordInput: components['schemas']['JsonRecord'];
    AttributionInput: {
      source?: string | null;
      medium?: string | null;
      campaign?: string | null;
      content?: string | null;
      conversion_url?: string | null;
    };
    AttributionOverridesInput: {
      source?: string | null;
      medium?: string | null;
      campaign?: string | null;
      content?: string | null;
    };
    LeadBatchResult: {
      /** @description The item's position in the request */
      index: number;
      /** @description What POST /api/v1/leads would answer for this item alone: 201, 200, or its 4xx */
      status: number;
      /** @description Null when the item failed */
      created: boolean | null;
      /** @description The rule that matched an existing lead; null when one was created or the item failed */
      matched_by: ('external_id' | 'phone') | null;
      lead: components['schemas']['Lead'] | null;
      error: components['schemas']['BatchItemError'] | null;
    };
    /** @description The item's error, as the ErrorResponse envelope's `error` would carry it from the single endpoint */
    BatchItemError: {
      /** @enum {string} */
      code:
        | 'UNAUTHORIZED'
        | 'FORBIDDEN'
        | 'RATE_LIMITED'
        | 'VALIDATION_ERROR'
        | 'NOT_FOUND'
        | 'CONFLICT'
        | 'INTERNAL_ERROR';
      message: string;
      request_id: string;
      details?: {
        [key: string]: unknown;
      };
    };
    LeadBatchWrite: {
      leads: components['schemas']['LeadWrite'][];
    };
    LeadPatch: {
      /** @description The contact's full name */
      contact_name?: string | null;
      /** @description The contact's email address */
      contact_email?: string | null;
      /** @description US phone number in any common form ("+1 512 555 0143", "(512) 555-0143"); answered as its 10 digits. Without external_id and external_source, the phone decides which lead an upsert updates */
      contact_phone?: string | null;
      /** @description The address of the property to roof: a US address (a clearly foreign one is refused) */
      property_address?: string | null;
      /** @description What the contact entered in a form; merged key by key into the stored record */
      form_data?: components['schemas']['JsonRecordInput'];
      /** @description Your own fields for this lead; merged key by key into the stored record */
      custom_fields?: components['schemas']['JsonRecordInput'];
      /** @description A material id from GET /api/v1/visualizer/catalog */
      selected_material_id?: string | null;
      /** @description A color id from GET /api/v1/visualizer/catalog */
      selected_color_id?: string | null;
      /** @description A roof shape id from GET /api/v1/visualizer/catalog */
      selected_shape_id?: string | null;
      /** @description An active stage id from GET /api/v1/pipeline/stages */
      status_stage_id?: string;
      /** @description First-touch marketing attribution: only fields still null on the lead are filled */
      attribution?: components['schemas']['AttributionInput'];
      /** @description Per-field corrections applied over the first touch; null removes an override */
      marketing_attribution_overrides?: components['schemas']['AttributionOverridesInput'];
      /** @description Free-text notes */
      notes?: string | null;
      /** @description The quoted price, 0 to 10,000,000 in the workspace currency */
      quote_value?: number | null;
      /** @description The sold price, 0 to 10,000,000 in the workspace currency */
      sales_value?: number | null;
      /** @description When to follow up, as a date-time like 2026-11-24T15:00:00Z */
      follow_up_date?: string | null;
    };
    Conversion: {
      id: string;
      lead_id: string;
      external_event_id: string | null;
      conversion_number: number;
      session_id: string;
      attribution: components['schemas']['Attribution'];
      /** Format: date-time */
      created_at: string;
      visualization_id?: string | null;
      contact_name?: string | null;
      contact_email?: string | null;
      contact_phone?: string | null;
      property_address?: string | null;
    };
    ConversionWrite: {
      external_event_id: string;
      session_id?: string | null;
      visualization_id?: string | null;
      conversion_url?: string | null;
      contact_name?: string | null;
      contact_email?: string | null;
      contact_phone?: string | null;
      property_address?: string | null;
      /** Format: date-time */
      occurred_at?: string;
    };
    LeadRoof: {
      lead_id: string;
      visualization_id: string | null;
      material: {
        id: string;
        name: string;
      } | null;
      color: {
        id: string;
        name: string;
        hex_code: string | null;
      } | null;
      shape: {
        id: string;
        name: string;
        roof_type: string | null;
      } | null;
      images: {
        original_image_url: string | null;
        generated_image_url: string | null;
      };
      processing_status?: string | null;
      processing_error?: string | null;
    };
    AttributionRow: {
      id: string;
      key: string;
      label: string;
      source: string | null;
      medium: string | null;
      campaign: string | null;
      metrics: components['schemas']['AttributionMetrics'];
    };
    AttributionMetrics: {
      lead_count: number;
      conversion_count: number;
      conversion_rate: number;
      avg_lead_to_sold_seconds: number | null;
      funnel_gap_count: number;
      funnel_gap_rate: number;
      form_count: number;
      call_count: number;
      answered_call_count: number;
      missed_call_count: number;
      call_duration_seconds_total: number;
      avg_call_duration_seconds: number | null;
      sms_inbound_count: number;
      sms_outbound_count: number;
      sms_inbound_thread_count: number;
      sms_responded_thread_count: number;
      sms_response_rate: number;
      automated_spend_cents: number | null;
      other_costs_cents: number | null;
      total_spend_cents: number | null;
      prorated_spend_cents: number | null;
      cpl_cents: number | null;
      cpa_cents: number | null;
      revenue_cents: number | null;
      roas: number | null;
      currency: string | null;
      stage_counts: {
        [key: string]: number;
      };
      funnel_gap_stage_counts?: {
        [key: string]: number;
      };
      stages: {
        key: string;
        label: string;
        sort_order: number;
        is_conversion_stage: boolean;
        count: number;
      }[];
      trend: {
        /** @constant */
        interval: 'day';
        points: {
          date: string;
          lead_count: number;
          conversion_count: number;
          prorated_spend_cents: number;
        }[];
      };
      /** @description The daily series `trend` does not hold; leads, conversions and spend per day are in `trend.points` */
      trends: {
        /** @constant */
        interval: 'day';
        form_count: {
          date: string;
          value: number;
        }[];
        call_count: {
          date: string;
          value: number;
        }[];
      };
    };
    AttributionRange: {
      /** Format: date-time */
      from: string;
      /** Format: date-time */
      to: string;
      timezone: string;
    };
    EventTrackResponse: {
      event: {
        id: string;
      };
      duplicate: boolean;
      created: boolean;
    };
    PageViewEventWrite: {
      external_event_id: string;
      session_id: string;
      page_url?: string | null;
      referrer_url?: string | null;
      user_agent?: string | null;
      /**
       * Format: date-time
       * @description When it happened; defaults to the time it was received
       */
      occurred_at?: string;
      device_type?: ('mobile' | 'desktop' | 'tablet') | null;
      landing_id?: string | null;
      landing_name?: string | null;
      landing_slug?: string | null;
    };
    FormSubmissionTrackResponse: {
      event: {
        id: string;
      };
      duplicate: boolean;
      analytics_only: boolean;
      recorded_analytics: boolean;
      lead_id: string | null;
      created: boolean;
    };
    FormSubmissionEventWrite: {
      external_event_id: string;
      session_id: string;
      page_url?: string | null;
      referrer_url?: string | null;
      user_agent?: string | null;
      /**
       * Format: date-time
       * @description When it happened; defaults to the time it was received
       */
      occurred_at?: string;
      /** Format: date-time */
      submitted_at?: string;
      form_id?: string | null;
      form_name?: string | null;
      form_selector?: string | null;
      contact_name?: string | null;
      contact_email?: string | null;
      contact_phone?: string | null;
      property_address?: string | null;
      form_data?: components['schemas']['JsonRecordInput'];
      /** @description utm_source, utm_medium, utm_campaign, utm_content (or source, medium, campaign, content) */
      attribution_params?: {
        [key: string]: string;
      };
      /**
       * @default implicit
       * @enum {string}
       */
      consent_mode?: 'implicit' | 'required';
      consent_granted?: boolean;
    };
    EventBatchResult: {
      /** @description The item's position in the request */
      index: number;
      /** @description What the item's single endpoint would answer for it alone: 201, 200 (a duplicate), or its 4xx */
      status: number;
      event: {
        id: string;
      } | null;
      duplicate: boolean | null;
      created: boolean | null;
      /** @description A form submission's lead (as POST /events/form-submission answers it); null for page views */
      lead_id: string | null;
      error: components['schemas']['BatchItemError'] | null;
    };
    EventBatchWrite: {
      events: (components['schemas']['PageViewBatchItem'] | components['schemas']['FormSubmissionBatchItem'])[];
    };
    PageViewBatchItem: {
      external_event_id: string;
      session_id: string;
      page_url?: string | null;
      referrer_url?: string | null;
      user_agent?: string | null;
      /**
       * Format: date-time
       * @description When it happened; defaults to the time it was received
       */
      occurred_at?: string;
      device_type?: ('mobile' | 'desktop' | 'tablet') | null;
      landing_id?: string | null;
      landing_name?: string | null;
      landing_slug?: string | null;
      /** @constant */
      type: 'page_view';
    };
    FormSubmissionBatchItem: {
      external_event_id: string;
      session_id: string;
      page_url?: string | null;
      referrer_url?: string | null;
      user_agent?: string | null;
      /**
       * Format: date-time
       * @description When it happened; defaults to the time it was received
       */
      occurred_at?: string;
      /** Format: date-time */
      submitted_at?: string;
      form_id?: string | null;
      form_name?: string | null;
      form_selector?: string | null;
      contact_name?: string | null;
      contact_email?: string | null;
      contact_phone?: string | null;
      property_address?: string | null;
      form_data?: components['schemas']['JsonRecordInput'];
      /** @description utm_source, utm_medium, utm_campaign, utm_content (or source, medium, campaign, content) */
      attribution_params?: {
        [key: string]: string;
      };
      /**
       * @default implicit
       * @enum {string}
       */
      consent_mode?: 'implicit' | 'required';
      consent_granted?: boolean;
      /** @constant */
      type: 'form_submission';
    };
    PipelineStage: {
      id: string;
      key: string;
      label: string;
      sort_order: number;
      is_conversion_stage: boolean;
    };
    Report: {
      id: string;
      project_name: string;
      external_report_id: string | null;
      status: components['schemas']['ReportStatus'];
      current_revision_id: string | null;
      baseline_revision_id: string | null;
      approved_revision_id: string | null;
      source_formats: components['schemas']['ReportArtifactFormat'][];
      summary: components['schemas']['ReportSummary'];
      current_revision_number: number | null;
      project_address: string | null;
      location_label: string | null;
      location_lat: number | null;
      location_long: number | null;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
    };
    /** @enum {string} */
    ReportStatus:
      'importing' | 'needs_review' | 'draft' | 'ready_for_review' | 'approved' | 'exporting' | 'failed' | 'archived';
    /** @enum {string} */
    ReportArtifactFormat:
      | 'xml'
      | 'csv'
      | 'xlsx'
      | 'dxf'
      | 'pdf'
      | 'json'
      | 'zip'
      | 'manifest'
      | 'tif'
      | 'png'
      | 'jpg'
      | 'jpeg'
      | 'webp'
      | 'gif';
    /** @description The normalized measurement summary: the property totals, and per structure when there are several */
    ReportSummary: {
      /** @description The property address as the source prints it; also the report's project_address */
      address?: string | null;
      /** @description Roof area in square feet (sloped, not plan), all facets together */
      total_area_sqft?: number | null;
      /** @description The area in roofing squares of 100 sq ft */
      total_squares?: number | null;
      /** @description "5/12": as printed, else the pitch with the most area (rise in inches per 12 inches of run) */
      predominant_pitch?: string | null;
      /** @description Number of roof facets (planes) */
      facet_count?: number | null;
      /** @description Each facet, when the source lists them; empty otherwise */
      facets?: {
        /** @description As the source names the facet ("RF-1", "F3") */
        id: string;
        /** @description The facet's sloped area in square feet */
        area_sqft: number;
        /** @description "6/12"; null when the source gives none */
        pitch: string | null;
      }[];
      /** @description Roof area per pitch; empty when the source gives no breakdown */
      areas_per_pitch?: {
        /** @description "6/12" */
        pitch: string;
        /** @description Roof area at that pitch in square feet */
        area_sqft: number;
      }[];
      lengths_ft?: components['schemas']['ReportLengths'];
      /** @description The source's waste table, else one computed from the area */
      waste_table?: {
        /** @description Waste added, in percent (0 is the measured area) */
        waste_percent: number;
        /** @description Area with that waste, in square feet */
        area_sqft: number;
        /** @description Squares to order: as printed (25⅓ is 25.33), else rounded up to a third */
        squares: number;
      }[];
      /** @description Present only when the source has more than one structure (house, garage, barn…): each one's own figures. The top-level figures are then the property's totals: as printed, else the structures' sum */
      structures?: components['schemas']['ReportStructureSummary'][];
      /** @description Key measurements the sources did not provide; empty for a draft */
      missing?: string[];
      /** @description What needs checking: figures that disagree, parts of a drawing left out, a layout read by labels alone */
      warnings?: string[];
      /** @description Each file the figures were read from, with its vendor and product */
      sources?: components['schemas']['ReportSource'][];
      /** @description Why the import failed (status `failed`) */
      failure_reason?: string;
    };
    /** @description Line lengths in decimal feet (feet and inches as printed are converted: 92ft 2in is 92.17); null when the source does not state one */
    ReportLengths: {
      /** @description Ridges: level lines where two facets meet at the top */
      ridge: number | null;
      /** @description Hips: sloped lines where two facets meet over an outside corner */
      hip: number | null;
      /** @description Valleys: sloped lines where two facets meet in an inside corner */
      valley: number | null;
      /** @description Rakes: sloped outer edges (gable ends) */
      rake: number | null;
      /** @description Eaves: level outer edges at the bottom of a facet (gutter line) */
      eave: number | null;
      /** @description Step flashing: where a facet runs up along a wall */
      step_flashing: number | null;
      /** @description Flashing (apron or wall flashing): where a facet meets a wall across its slope */
      flashing: number | null;
      /** @description Drip edge: eaves and rakes together, as printed (or their sum) */
      drip_edge: number | null;
      /** @description Parapet walls */
      parapet: number | null;
      /** @description Ridges and hips together, as some vendors print them (HOVER, EagleView front page); the sum of ridge and hip when both are known */
      ridge_hip: number | null;
    };
    ReportStructureSummary: {
      /** @description As the source prints it: "Structure 1", "Garage" */
      name: string;
      /** @description The structure's number as printed; null when it has none */
      number: number | null;
      /** @description Roof area in square feet (sloped, not plan), all facets together */
      total_area_sqft: number | null;
      /** @description The area in roofing squares of 100 sq ft */
      total_squares: number | null;
      /** @description "5/12": as printed, else the pitch with the most area (rise in inches per 12 inches of run) */
      predominant_pitch: string | null;
      /** @description Number of roof facets (planes) */
      facet_count: number | null;
      /** @description Each facet, when the source lists them; empty otherwise */
      facets: {
        /** @description As the source names the facet ("RF-1", "F3") */
        id: string;
        /** @description The facet's sloped area in square feet */
        area_sqft: number;
        /** @description "6/12"; null when the source gives none */
        pitch: string | null;
      }[];
      /** @description Roof area per pitch; empty when the source gives no breakdown */
      areas_per_pitch: {
        /** @description "6/12" */
        pitch: string;
        /** @description Roof area at that pitch in square feet */
        area_sqft: number;
      }[];
      lengths_ft: components['schemas']['ReportLengths'];
      /** @description The source's waste table, else one computed from the area */
      waste_table: {
        /** @description Waste added, in percent (0 is the measured area) */
        waste_percent: number;
        /** @description Area with that waste, in square feet */
        area_sqft: number;
        /** @description Squares to order: as printed (25⅓ is 25.33), else rounded up to a third */
        squares: number;
      }[];
    };
    ReportSource: {
      /** @description The uploaded file (or zip entry) the figures were read from */
      file_name: string;
      /** @description What the file is, as precisely as its reader could tell: pdf, json, hover_xml, csv, … */
      format: string;
      /**
       * @description Who made the file; `unknown` when no reader recognised it (an import from one is `needs_review`)
       * @enum {string}
       */
      vendor: 'eagleview' | 'roofr' | 'hover' | 'gaf_quickmeasure' | 'roofsnap' | 'pictometry' | 'unknown';
      /** @description The product or layout recognised: "EagleView Premium", "EagleView Premium Roof & Walls", "Roofr report", "Hover measurements JSON", …; null when the figures were read by their labels alone */
      product: string | null;
    };
    ReportExportArtifact: {
      export_id: string;
      report_id: string;
      revision_id: string | null;
      format: components['schemas']['ReportExportFormat'];
      file_name: string;
      mime_type: string;
      /** @description Null until ready */
      size_bytes: number | null;
      /** @description sha256:<hex> once ready */
      checksum: string | null;
      /** @enum {string} */
      status: 'pending' | 'ready' | 'failed';
      error: string | null;
      /**
       * Format: uri
       * @description The API endpoint that redirects to a short-lived signed URL
       */
      download_url: string;
      /** Format: date-time */
      created_at: string;
      completed_at: string | null;
    };
    /** @enum {string} */
    ReportExportFormat: 'pdf' | 'xml' | 'csv' | 'xlsx' | 'dxf' | 'json' | 'zip';
    VisualizerCatalog: {
      materials: components['schemas']['CatalogMaterial'][];
      colors: components['schemas']['CatalogColor'][];
      shapes: components['schemas']['CatalogShape'][];
    };
    CatalogMaterial: {
      id: string;
      name: string;
    };
    CatalogColor: {
      id: string;
      name: string;
      hex_code: string | null;
    };
    CatalogShape: {
      id: string;
      name: string;
      roof_type: string | null;
    };
    Visualization: {
      id: string;
      session_id: string;
      lead_id: string | null;
      status: components['schemas']['VisualizationStatus'];
      material: components['schemas']['CatalogMaterial'] | null;
      color: components['schemas']['CatalogColor'] | null;
      shape: components['schemas']['CatalogShape'] | null;
      /** @description Signed URL of the stored original (1 hour), or the URL as sent until it is downloaded */
      original_image_url: string | null;
      /** @description Signed URL (1 hour) once completed */
      generated_image_url: string | null;
      /** @description The roof outline sent, or null: then the latest roof selection is painted, or without one the roof is found in the photo */
      roof_outline: components['schemas']['RoofOutline'] | null;
      /** @description The latest roof selection (POST /visualizations/{id}/roof-selection), or null; an outline sent later replaces it */
      roof_selection: components['schemas']['RoofSelection'] | null;
      processing_error: string | null;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
      completed_at: string | null;
    };
    /** @enum {string} */
    VisualizationStatus: 'pending' | 'processing' | 'failed' | 'completed';
    /** @description The roof, as 1..20 polygons of 3..200 [x, y] points, x and y in 0..1 of the photo's width and height (as displayed, EXIF orientation applied; [0, 0] is the top left). A pixel is roof when it lies inside any polygon. When present it is the mask every image model works in and the only region the photo changes in; without it the latest roof selection is painted, or without one the roof is found in the photo (extension). */
    RoofOutline: [number, number][][];
    /** @description The roof the segmenter found where the partner pointed; the next generate without roof_outline paints it */
    RoofSelection: {
      /** @description The selected roof's outer edges, in roof_outline's form (holes such as chimneys are in the mask) */
      outline: components['schemas']['RoofOutline'];
      /** @description Signed URL (1 hour) of the mask: a greyscale PNG, white on the roof, at up to 1024 pixels on its longest side */
      mask_url: string;
      /** @description Share of the photo the selection covers, 0..1 */
      area_share: number;
      /** @description The taps this selection was made from */
      points: components['schemas']['RoofTap'][];
      /** @description The box this selection was made from, or null */
      box: components['schemas']['RoofBox'] | null;
      /** Format: date-time */
      created_at: string;
    };
    RoofTap: {
      /** @description 0..1 of the photo's width, from the left */
      x: number;
      /** @description 0..1 of the photo's height, from the top */
      y: number;
      /**
       * @description `roof`: this point is roof; `not_roof`: it is not (a wall, sky, a tree)
       * @enum {string}
       */
      label: 'roof' | 'not_roof';
    };
    /** @description A box around the roof: [x1, y1, x2, y2], its top-left then bottom-right corner, each in 0..1 of the photo */
    RoofBox: [number, number, number, number];
    VisualizationCreate: {
      session_id: string;
      lead_id?: string | null;
      /** @description The house photo: an https:// URL the service downloads, or a data:image/...;base64, URL (≤ 10 MB decoded); JPEG, PNG, WebP or AVIF only */
      original_image_url: string;
      material_id?: string | null;
      color_id?: string | null;
      shape_id?: string | null;
      roof_outline?: components['schemas']['RoofOutline'] | null;
    };
    /** @description Optional new catalog choice and roof outline applied before generating */
    VisualizationGenerate: {
      material_id?: string;
      color_id?: string;
      shape_id?: string;
      /** @description Replaces the roof outline before generating (null: no outline, so the latest roof selection is painted, or without one the roof is found in the photo); omitted: kept */
      roof_outline?: components['schemas']['RoofOutline'] | null;
    };
    /** @description Where the roof is, as a person would point at it: taps and/or a box, in fractions 0..1 of the photo as displayed (EXIF orientation applied) */
    RoofSelectionRequest: {
      /** @description 1..20 taps on the photo, on the roof or off it, in the order tapped (the latest last): each tap refines the answer to the ones before it */
      points?: components['schemas']['RoofTap'][];
      box?: components['schemas']['RoofBox'];
    };
    ShareLink: {
      token: string;
      /** @description Public URL of GET /api/v1/share-links/{token} */
      url: string;
      visualization_id: string;
      /** Format: date-time */
      expires_at: string;
      /** Format: date-time */
      created_at: string;
    };
    ShareLinkCreate: {
      visualization_id: string;
      /** @default 30 */
      expires_in_days?: number;
    };
    PublicShareLink: {
      token: string;
      /** Format: date-time */
      expires_at: string;
      visualization: components['schemas']['SharedVisualization'];
    };
    SharedVisualization: {
      id: string;
      status: components['schemas']['VisualizationStatus'];
      material: components['schemas']['CatalogMaterial'] | null;
      color: components['schemas']['CatalogColor'] | null;
      shape: components['schemas']['CatalogShape'] | null;
      original_image_url: string | null;
      generated_image_url: string | null;
      completed_at: string | null;
    };
    WebhookEndpointWithSecret: {
      id: string;
      url: string;
      events: string[];
      description: string | null;
      enabled: boolean;
      /** @description Why the platform disabled the endpoint after failing deliveries; null otherwise */
      disabled_reason: string | null;
      disabled_at: string | null;
      /**
       * @description How deliveries are signed: `standard_webhooks` (webhook-signature `v1,<base64>`, the Standard Webhooks spec) for every new endpoint; `legacy` (webhook-signature `t=…,v1=<hex>`) is kept by endpoints registered before the service signed the standard way, until a rotation with `signature_scheme: "standard_webhooks"` moves them
       * @enum {string}
       */
      signature_scheme: 'standard_webhooks' | 'legacy';
      /** @description After a rotation: until when deliveries are also signed with the previous secret */
      previous_secret_expires_at: string | null;
      /** @description The dated API version the endpoint's events are rendered in: the creating request's, until changed with PATCH */
      api_version: string;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
      /** @description The signing secret: shown in this answer only (a replay under the same Idempotency-Key repeats it) */
      secret: string;
    };
    WebhookEndpointCreate: {
      /**
       * Format: uri
       * @description https URL that receives the events (at most 2048 characters)
       */
      url: string;
      /** @description Event types to receive, distinct, or ["*"] for every type */
      events: (
        | 'report.import.completed'
        | 'report.import.failed'
        | 'report.export.completed'
        | 'report.export.failed'
        | 'visualization.completed'
        | 'visualization.failed'
        | 'lead.created'
        | 'lead.updated'
        | 'lead.stage_changed'
        | 'lead.converted'
        | 'lead.deleted'
        | 'conversion.created'
        | '*'
      )[];
      description?: string | null;
    };
    WebhookEndpoint: {
      id: string;
      url: string;
      events: string[];
      description: string | null;
      enabled: boolean;
      /** @description Why the platform disabled the endpoint after failing deliveries; null otherwise */
      disabled_reason: string | null;
      disabled_at: string | null;
      /**
       * @description How deliveries are signed: `standard_webhooks` (webhook-signature `v1,<base64>`, the Standard Webhooks spec) for every new endpoint; `legacy` (webhook-signature `t=…,v1=<hex>`) is kept by endpoints registered before the service signed the standard way, until a rotation with `signature_scheme: "standard_webhooks"` moves them
       * @enum {string}
       */
      signature_scheme: 'standard_webhooks' | 'legacy';
      /** @description After a rotation: until when deliveries are also signed with the previous secret */
      previous_secret_expires_at: string | null;
      /** @description The dated API version the endpoint's events are rendered in: the creating request's, until changed with PATCH */
      api_version: string;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
    };
    WebhookEndpointPatch: {
      /**
       * Format: uri
       * @description https URL that receives the events (at most 2048 characters)
       */
      url?: string;
      /** @description Event types to receive, distinct, or ["*"] for every type */
      events?: (
        | 'report.import.completed'
        | 'report.import.failed'
        | 'report.export.completed'
        | 'report.export.failed'
        | 'visualization.completed'
        | 'visualization.failed'
        | 'lead.created'
        | 'lead.updated'
        | 'lead.stage_changed'
        | 'lead.converted'
        | 'lead.deleted'
        | 'conversion.created'
        | '*'
      )[];
      description?: string | null;
      enabled?: boolean;
      /** @description The dated API version the endpoint's events are rendered in */
      api_version?: string;
    };
    WebhookEndpointRotate: {
      /** @description How long the previous secret keeps signing beside the new one, 0..604800 seconds (default 86400: 24 hours); 0 ends it at once */
      overlap_seconds?: number;
      /**
       * @description Moves a `legacy` endpoint to Standard Webhooks signatures from this rotation on; the previous secret then stops signing at once (its format is no longer sent), so `overlap_seconds` must be left out or 0
       * @constant
       */
      signature_scheme?: 'standard_webhooks';
    };
    WebhookEventDetail: {
      id: string;
      type: string;
      /** Format: date-time */
      created_at: string;
      /** @description The resource, as the API answers with it */
      data: {
        object: {
          [key: string]: unknown;
        };
      };
      deliveries: components['schemas']['WebhookDelivery'][];
    };
    WebhookDelivery: {
      id: string;
      endpoint_id: string;
      /** @enum {string} */
      status: 'pending' | 'succeeded' | 'failed';
      attempt_count: number;
      next_attempt_at: string | null;
      /** @description The latest attempts, newest first (at most 20) */
      attempts: components['schemas']['WebhookDeliveryAttempt'][];
    };
    WebhookDeliveryAttempt: {
      /** Format: date-time */
      attempted_at: string;
      /** @description The receiver's HTTP status; null when none came back */
      response_status: number | null;
      error: string | null;
      duration_ms: number;
    };
    WebhookEndpointDelivery: {
      id: string;
      event_id: string;
      event_type: string;
      /** @enum {string} */
      status: 'pending' | 'succeeded' | 'failed';
      /** @description Tries made so far (0 while the first is due) */
      attempts_made: number;
      /** @description The latest try's HTTP status from the receiver; null when none came back or none was made */
      response_status: number | null;
      /** @description The latest try's duration, from connecting to the answer */
      duration_ms: number | null;
      /** @description The first 1 KB of the latest try's answer, as UTF-8 text; null when it was empty or none came */
      response_body: string | null;
      /** @description Why the latest try failed (HTTP 500, connection refused, timed out after 10 s…); null on success */
      error: string | null;
      /** @description The delivery this one re-sends, when a partner asked for it */
      resent_from: string | null;
      /** Format: date-time */
      created_at: string;
      /** @description When the latest try was made */
      attempted_at: string | null;
      /** @description When the receiver acknowledged it with a 2xx; null until then */
      delivered_at: string | null;
      /** @description When the next try is due, while it is pending */
      next_attempt_at: string | null;
    };
    WebhookEvent: {
      id: string;
      type: string;
      /** Format: date-time */
      created_at: string;
      /** @description The resource, as the API answers with it */
      data: {
        object: {
          [key: string]: unknown;
        };
      };
    };
    ReportImportCompletedEvent: {
      /** @description The event id (evt_…): the same on every retry, so receivers deduplicate on it */
      id: string;
      /** @constant */
      type: 'report.import.completed';
      /**
       * Format: date-time
       * @description When the change happened
       */
      created_at: string;
      data: {
        object: components['schemas']['Report'];
      };
    };
    ReportImportFailedEvent: {
      /** @description The event id (evt_…): the same on every retry, so receivers deduplicate on it */
      id: string;
      /** @constant */
      type: 'report.import.failed';
      /**
       * Format: date-time
       * @description When the change happened
       */
      created_at: string;
      data: {
        object: components['schemas']['Report'];
      };
    };
    ReportExportCompletedEvent: {
      /** @description The event id (evt_…): the same on every retry, so receivers deduplicate on it */
      id: string;
      /** @constant */
      type: 'report.export.completed';
      /**
       * Format: date-time
       * @description When the change happened
       */
      created_at: string;
      data: {
        object: components['schemas']['ReportExportArtifact'];
      };
    };
    ReportExportFailedEvent: {
      /** @description The event id (evt_…): the same on every retry, so receivers deduplicate on it */
      id: string;
      /** @constant */
      type: 'report.export.failed';
      /**
       * Format: date-time
       * @description When the change happened
       */
      created_at: string;
      data: {
        object: components['schemas']['ReportExportArtifact'];
      };
    };
    VisualizationCompletedEvent: {
      /** @description The event id (evt_…): the same on every retry, so receivers deduplicate on it */
      id: string;
      /** @constant */
      type: 'visualization.completed';
      /**
       * Format: date-time
       * @description When the change happened
       */
      created_at: string;
      data: {
        object: components['schemas']['Visualization'];
      };
    };
    VisualizationFailedEvent: {
      /** @description The event id (evt_…): the same on every retry, so receivers deduplicate on it */
      id: string;
      /** @constant */
      type: 'visualization.failed';
      /**
       * Format: date-time
       * @description When the change happened
       */
      created_at: string;
      data: {
        object: components['schemas']['Visualization'];
      };
    };
    LeadCreatedEvent: {
      /** @description The event id (evt_…): the same on every retry, so receivers deduplicate on it */
      id: string;
      /** @constant */
      type: 'lead.created';
      /**
       * Format: date-time
       * @description When the change happened
       */
      created_at: string;
      data: {
        object: components['schemas']['Lead'];
      };
    };
    LeadUpdatedEvent: {
      /** @description The event id (evt_…): the same on every retry, so receivers deduplicate on it */
      id: string;
      /** @constant */
      type: 'lead.updated';
      /**
       * Format: date-time
       * @description When the change happened
       */
      created_at: string;
      data: {
        object: components['schemas']['Lead'];
      };
    };
    LeadStageChangedEvent: {
      /** @description The event id (evt_…): the same on every retry, so receivers deduplicate on it */
      id: string;
      /** @constant */
      type: 'lead.stage_changed';
      /**
       * Format: date-time
       * @description When the change happened
       */
      created_at: string;
      data: {
        object: components['schemas']['Lead'];
      };
    };
    LeadConvertedEvent: {
      /** @description The event id (evt_…): the same on every retry, so receivers deduplicate on it */
      id: string;
      /** @constant */
      type: 'lead.converted';
      /**
       * Format: date-time
       * @description When the change happened
       */
      created_at: string;
      data: {
        object: components['schemas']['Lead'];
      };
    };
    LeadDeletedEvent: {
      /** @description The event id (evt_…): the same on every retry, so receivers deduplicate on it */
      id: string;
      /** @constant */
      type: 'lead.deleted';
      /**
       * Format: date-time
       * @description When the change happened
       */
      created_at: string;
      data: {
        object: components['schemas']['Lead'];
      };
    };
    ConversionCreatedEvent: {
      /** @description The event id (evt_…): the same on every retry, so receivers deduplicate on it */
      id: string;
      /** @constant */
      type: 'conversion.created';
      /**
       * Format: date-time
       * @description When the change happened
       */
      created_at: string;
      data: {
        object: components['schemas']['Conversion'];
      };
    };
    WebhookEndpointTestEvent: {
      /** @description The event id (evt_…): the same on every retry, so receivers deduplicate on it */
      id: string;
      /** @constant */
      type: 'webhook_endpoint.test';
      /**
       * Format: date-time
       * @description When the change happened
       */
      created_at: string;
      data: {
        object: components['schemas']['WebhookEndpoint'];
      };
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  getMe: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The dated API version to answer in (known: 2026-11-27); without it, the version pinned on the key when it was created. An unknown or malformed one is a 400 listing the known ones. See "API versions" above.
         * @example 2026-11-27
         */
        'Partner-Version'?: string;
        /**
         * @description ETags of answers you hold (or `*`): when one matches, the answer is 304 with no body, not charged against the rate limit. See "Conditional requests" above.
         * @example "k3Jq8Xw2bV0s9Lr4Tn6yPa"
         */
        'If-None-Match'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The key and its workspace */
      200: {
        headers: {
          /**
           * @description The dated API version the answer is rendered in
           * @example 2026-11-27
           */
          'Partner-Version'?: string;
          /**
           * @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds)
           * @example @1798761600
           */
          Deprecation?: string;
          /**
           * @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594)
           * @example Mon, 01 Mar 2027 00:00:00 GMT
           */
          Sunset?: string;
          /**
           * @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"`
           * @example <https://api.example.com/docs#section/API-versions>; rel="deprecation"; type="text/html"
           */
          Link?: string;
          /**
           * @description Requests allowed per minute for this key and endpoint
           * @example 60
           */
          'X-RateLimit-Limit'?: string;
          /**
           * @description Requests left in the current minute
           * @example 59
           */
          'X-RateLimit-Remaining'?: string;
          /**
           * @description When the current minute ends (ISO 8601)
           * @example 2026-11-27T14:03:00.000Z
           */
          'X-RateLimit-Reset'?: string;
          /**
           * @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds
           * @example "default";q=60;w=60
           */
          'RateLimit-Policy'?: string;
          /**
           * @description What is left of the quota: r requests for the next t seconds
           * @example "default";r=59;t=42
           */
          RateLimit?: string;
          /**
           * @description A strong tag of the body: send it back in If-None-Match
           * @example "k3Jq8Xw2bV0s9Lr4Tn6yPa"
           */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "api_key": {
           *         "id": "key_j531brsd53ybrt2kqpp2",
           *         "name": "CRM sync (production)",
           *         "masked_key": "pk_j531…x7Qa",
           *         "scopes": [
           *           "leads.read",
           *           "leads.write",
           *           "analytics.manage",
           *           "webhooks.manage"
           *         ],
           *         "mode": "live",
           *         "api_version": "2026-11-27"
           *       },
           *       "workspace": {
           *         "id": "ws_bkmdykgvp1v3re2bwdyc",
           *         "name": "Summit Roofing Co."
           *       }
           *     }
           */
          'application/json': {
            api_key: components['schemas']['ApiKeySelf'];
            workspace: components['schemas']['WorkspaceSelf'];
          };
        };
      };
      /** @description Not Modified: If-None-Match names the current ETag; no body, and not charged against the rate limit */
      304: {
        headers: {
          /** @description The dated API version the answer is rendered in */
          'Partner-Version'?: string;
          /** @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds) */
          Deprecation?: string;
          /** @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594) */
          Sunset?: string;
          /** @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"` */
          Link?: string;
          /** @description Requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description When the current minute ends (ISO 8601) */
          'X-RateLimit-Reset'?: string;
          /** @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds */
          'RateLimit-Policy'?: string;
          /** @description What is left of the quota: r requests for the next t seconds */
          RateLimit?: string;
          /** @description A strong tag of the body: send it back in If-None-Match */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Missing, malformed, revoked, deleted or unknown key */
      401: {
        headers: {
          /** @description The authentication scheme the API takes: a Bearer API key */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Key lacks the scope or workspace inactive */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Rate limit exceeded */
      429: {
        headers: {
          /** @description Seconds to wait before sending the request again */
          'Retry-After'?: string;
          /** @description Past the per-minute limit: requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Past the per-minute limit: requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description Past the per-minute limit: when the current minute ends (iso 8601) */
          'X-RateLimit-Reset'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Internal error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  listLeads: {
    parameters: {
      query?: {
        /** @example google */
        source?: string;
        medium?: string;
        /** @example spring-roof-2026 */
        campaign?: string;
        conversion_type?:
          'public_quiz' | 'onsite_form' | 'partner_api' | 'jobnimbus_import' | 'sms_inbound' | 'phone_call';
        /** @description Leads with at least one approved call or SMS */
        communication_channel?: 'call' | 'sms';
        /** @description Inclusive lower bound on updated_at */
        from?: string;
        /** @description Inclusive upper bound on updated_at */
        to?: string;
        status_stage_id?: string;
        /** @description Matches name, email, phone digits and address */
        search?: string;
        /** @description Opaque cursor from a previous response */
        cursor?: string;
        /**
         * @description Page size, 1..100
         * @example 1
         */
        limit?: number;
        /** @description A sync_token from an earlier answer, or 0 for a full sync: the leads changed since, deleted ones as tombstones, in change order, with the sync_token to send next time. Takes no filters. */
        changed_since?: string;
      };
      header?: {
        /**
         * @description The dated API version to answer in (known: 2026-11-27); without it, the version pinned on the key when it was created. An unknown or malformed one is a 400 listing the known ones. See "API versions" above.
         * @example 2026-11-27
         */
        'Partner-Version'?: string;
        /**
         * @description ETags of answers you hold (or `*`): when one matches, the answer is 304 with no body, not charged against the rate limit. See "Conditional requests" above.
         * @example "k3Jq8Xw2bV0s9Lr4Tn6yPa"
         */
        'If-None-Match'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of leads; with changed_since, the leads changed since the token (deleted ones as LeadTombstone) and the sync_token to send next */
      200: {
        headers: {
          /**
           * @description The dated API version the answer is rendered in
           * @example 2026-11-27
           */
          'Partner-Version'?: string;
          /**
           * @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds)
           * @example @1798761600
           */
          Deprecation?: string;
          /**
           * @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594)
           * @example Mon, 01 Mar 2027 00:00:00 GMT
           */
          Sunset?: string;
          /**
           * @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"`
           * @example <https://api.example.com/docs#section/API-versions>; rel="deprecation"; type="text/html"
           */
          Link?: string;
          /**
           * @description Requests allowed per minute for this key and endpoint
           * @example 60
           */
          'X-RateLimit-Limit'?: string;
          /**
           * @description Requests left in the current minute
           * @example 59
           */
          'X-RateLimit-Remaining'?: string;
          /**
           * @description When the current minute ends (ISO 8601)
           * @example 2026-11-27T14:03:00.000Z
           */
          'X-RateLimit-Reset'?: string;
          /**
           * @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds
           * @example "default";q=60;w=60
           */
          'RateLimit-Policy'?: string;
          /**
           * @description What is left of the quota: r requests for the next t seconds
           * @example "default";r=59;t=42
           */
          RateLimit?: string;
          /**
           * @description A strong tag of the body: send it back in If-None-Match
           * @example "k3Jq8Xw2bV0s9Lr4Tn6yPa"
           */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "leads": [
           *         {
           *           "id": "lead_r1hp9th24a2vy6tsddbk",
           *           "external_id": "crm-88412",
           *           "external_source": "acculynx",
           *           "contact_name": "Dana Whitfield",
           *           "contact_email": "dana.whitfield@example.com",
           *           "contact_phone": "5125550148",
           *           "property_address": "1482 Oak Street, Austin, TX 78704",
           *           "status": "quoted",
           *           "status_stage_id": "stage_nm63s0te0p9syvs9jn16",
           *           "status_label": "Quoted",
           *           "status_sort_order": 4,
           *           "is_conversion_stage": false,
           *           "stage_timestamps": {
           *             "new": "2026-03-02T15:35:04.512Z",
           *             "contacted": "2026-03-02T18:02:40.117Z",
           *             "appointment_set": "2026-03-03T14:20:09.884Z",
           *             "quoted": "2026-03-05T16:45:31.030Z"
           *           },
           *           "funnel_gap_summary": {
           *             "has_gap": false,
           *             "skipped_stages": []
           *           },
           *           "attribution": {
           *             "source": "google",
           *             "medium": "cpc",
           *             "campaign": "spring-roof-2026",
           *             "content": "free-estimate-ad",
           *             "conversion_url": "https://www.summitroofing.example/free-estimate"
           *           },
           *           "communication_summary": {
           *             "last_call_at": "2026-03-02T18:02:40.117Z",
           *             "last_sms_at": "2026-03-04T21:10:55.000Z",
           *             "call_count": 2,
           *             "answered_call_count": 1,
           *             "missed_call_count": 1,
           *             "sms_inbound_count": 1,
           *             "sms_outbound_count": 2,
           *             "last_tracking_number": {
           *               "label": "Google Ads – spring",
           *               "phone_last4": "0190",
           *               "national_format": "(512) 555-0190"
           *             },
           *             "last_communication_source": "google",
           *             "last_communication_campaign": "spring-roof-2026"
           *           },
           *           "form_data": {
           *             "roof_age_years": 18,
           *             "insurance_claim": true,
           *             "preferred_contact": "sms"
           *           },
           *           "custom_fields": {
           *             "crm_owner": "Luis Ortega",
           *             "hail_zone": "A2"
           *           },
           *           "selected_material_id": "mat_eygenz1vhap0thrsyw31",
           *           "selected_color_id": "col_r9be5smnfj41fgv8fw2a",
           *           "selected_shape_id": "shp_haxkfph6f0grzzzhzmzv",
           *           "notes": "Wants an estimate before the insurance adjuster visits on Friday.",
           *           "quote_value": 18450,
           *           "sales_value": null,
           *           "follow_up_date": "2026-03-09T15:00:00.000Z",
           *           "converted_at": null,
           *           "created_at": "2026-03-02T15:35:04.512Z",
           *           "updated_at": "2026-03-05T16:45:31.030Z"
           *         }
           *       ],
           *       "pagination": {
           *         "limit": 1,
           *         "next_cursor": "WyJsZWFkcy5saXN0IixbMTc3MjQ2ODEwNDUxMjAwMCwibGVhZF9yMWhwOXRoMjRhMnZ5NnRzZGRiayJdXQ.yGekTE61a02U658LjD_VgA",
           *         "has_more": true
           *       }
           *     }
           */
          'application/json': components['schemas']['LeadPage'] | components['schemas']['LeadChangesPage'];
        };
      };
      /** @description Not Modified: If-None-Match names the current ETag; no body, and not charged against the rate limit */
      304: {
        headers: {
          /** @description The dated API version the answer is rendered in */
          'Partner-Version'?: string;
          /** @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds) */
          Deprecation?: string;
          /** @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594) */
          Sunset?: string;
          /** @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"` */
          Link?: string;
          /** @description Requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description When the current minute ends (ISO 8601) */
          'X-RateLimit-Reset'?: string;
          /** @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds */
          'RateLimit-Policy'?: string;
          /** @description What is left of the quota: r requests for the next t seconds */
          RateLimit?: string;
          /** @description A strong tag of the body: send it back in If-None-Match */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid payload, query or header */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing, malformed, revoked, deleted or unknown key */
      401: {
        headers: {
          /** @description The authentication scheme the API takes: a Bearer API key */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Key lacks the scope or workspace inactive */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Rate limit exceeded */
      429: {
        headers: {
          /** @description Seconds to wait before sending the request again */
          'Retry-After'?: string;
          /** @description Past the per-minute limit: requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Past the per-minute limit: requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description Past the per-minute limit: when the current minute ends (iso 8601) */
          'X-RateLimit-Reset'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Internal error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  upsertLead: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Required: send a unique value of 1 to 160 characters (e.g. a UUID) per operation. See Idempotency above.
         * @example 3f1c9a62-5d0e-4b7a-9e51-0c2d8f4a7b13
         */
        'Idempotency-Key': string;
        /**
         * @description The dated API version to answer in (known: 2026-11-27); without it, the version pinned on the key when it was created. An unknown or malformed one is a 400 listing the known ones. See "API versions" above.
         * @example 2026-11-27
         */
        'Partner-Version'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "external_id": "crm-88412",
         *       "external_source": "acculynx",
         *       "session_id": "sess_7f3c2a91e4",
         *       "contact_name": "Dana Whitfield",
         *       "contact_email": "dana.whitfield@example.com",
         *       "contact_phone": "(512) 555-0148",
         *       "property_address": "1482 Oak Street, Austin, TX 78704",
         *       "form_data": {
         *         "roof_age_years": 18,
         *         "insurance_claim": true,
         *         "preferred_contact": "sms"
         *       },
         *       "custom_fields": {
         *         "crm_owner": "Luis Ortega"
         *       },
         *       "selected_material_id": "mat_eygenz1vhap0thrsyw31",
         *       "selected_color_id": "col_r9be5smnfj41fgv8fw2a",
         *       "selected_shape_id": "shp_haxkfph6f0grzzzhzmzv",
         *       "attribution": {
         *         "source": "google",
         *         "medium": "cpc",
         *         "campaign": "spring-roof-2026",
         *         "content": "free-estimate-ad",
         *         "conversion_url": "https://www.summitroofing.example/free-estimate"
         *       }
         *     }
         */
        'application/json': components['schemas']['LeadWrite'];
      };
    };
    responses: {
      /** @description Matched lead updated */
      200: {
        headers: {
          /** @description The dated API version the answer is rendered in */
          'Partner-Version'?: string;
          /** @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds) */
          Deprecation?: string;
          /** @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594) */
          Sunset?: string;
          /** @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"` */
          Link?: string;
          /** @description Requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description When the current minute ends (ISO 8601) */
          'X-RateLimit-Reset'?: string;
          /** @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds */
          'RateLimit-Policy'?: string;
          /** @description What is left of the quota: r requests for the next t seconds */
          RateLimit?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            lead: components['schemas']['Lead'];
            /** @constant */
            created: false;
          };
        };
      };
      /** @description Lead created */
      201: {
        headers: {
          /**
           * @description The dated API version the answer is rendered in
           * @example 2026-11-27
           */
          'Partner-Version'?: string;
          /**
           * @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds)
           * @example @1798761600
           */
          Deprecation?: string;
          /**
           * @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594)
           * @example Mon, 01 Mar 2027 00:00:00 GMT
           */
          Sunset?: string;
          /**
           * @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"`
           * @example <https://api.example.com/docs#section/API-versions>; rel="deprecation"; type="text/html"
           */
          Link?: string;
          /**
           * @description Requests allowed per minute for this key and endpoint
           * @example 60
           */
          'X-RateLimit-Limit'?: string;
          /**
           * @description Requests left in the current minute
           * @example 59
           */
          'X-RateLimit-Remaining'?: string;
          /**
           * @description When the current minute ends (ISO 8601)
           * @example 2026-11-27T14:03:00.000Z
           */
          'X-RateLimit-Reset'?: string;
          /**
           * @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds
           * @example "default";q=60;w=60
           */
          'RateLimit-Policy'?: string;
          /**
           * @description What is left of the quota: r requests for the next t seconds
           * @example "default";r=59;t=42
           */
          RateLimit?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "lead": {
           *         "id": "lead_r1hp9th24a2vy6tsddbk",
           *         "external_id": "crm-88412",
           *         "external_source": "acculynx",
           *         "contact_name": "Dana Whitfield",
           *         "contact_email": "dana.whitfield@example.com",
           *         "contact_phone": "5125550148",
           *         "property_address": "1482 Oak Street, Austin, TX 78704",
           *         "status": "new",
           *         "status_stage_id": "stage_eqqw8x64dd3bdxaeg8ds",
           *         "status_label": "New",
           *         "status_sort_order": 1,
           *         "is_conversion_stage": false,
           *         "stage_timestamps": {
           *           "new": "2026-03-02T15:35:04.512Z"
           *         },
           *         "funnel_gap_summary": {
           *           "has_gap": false,
           *           "skipped_stages": []
           *         },
           *         "attribution": {
           *           "source": "google",
           *           "medium": "cpc",
           *           "campaign": "spring-roof-2026",
           *           "content": "free-estimate-ad",
           *           "conversion_url": "https://www.summitroofing.example/free-estimate"
           *         },
           *         "communication_summary": {
           *           "last_call_at": null,
           *           "last_sms_at": null,
           *           "call_count": 0,
           *           "answered_call_count": 0,
           *           "missed_call_count": 0,
           *           "sms_inbound_count": 0,
           *           "sms_outbound_count": 0,
           *           "last_tracking_number": null,
           *           "last_communication_source": null,
           *           "last_communication_campaign": null
           *         },
           *         "form_data": {
           *           "roof_age_years": 18,
           *           "insurance_claim": true,
           *           "preferred_contact": "sms"
           *         },
           *         "custom_fields": {
           *           "crm_owner": "Luis Ortega"
           *         },
           *         "selected_material_id": "mat_eygenz1vhap0thrsyw31",
           *         "selected_color_id": "col_r9be5smnfj41fgv8fw2a",
           *         "selected_shape_id": "shp_haxkfph6f0grzzzhzmzv",
           *         "notes": null,
           *         "quote_value": null,
           *         "sales_value": null,
           *         "follow_up_date": null,
           *         "converted_at": null,
           *         "created_at": "2026-03-02T15:35:04.512Z",
           *         "updated_at": "2026-03-02T15:35:04.512Z"
           *       },
           *       "created": true
           *     }
           */
          'application/json': {
            lead: components['schemas']['Lead'];
            /** @constant */
            created: true;
          };
        };
      };
      /** @description Invalid payload, query or header */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing, malformed, revoked, deleted or unknown key */
      401: {
        headers: {
          /** @description The authentication scheme the API takes: a Bearer API key */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Key lacks the scope or workspace inactive */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Conflict with idempotency or resource state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Rate limit exceeded */
      429: {
        headers: {
          /** @description Seconds to wait before sending the request again */
          'Retry-After'?: string;
          /** @description Past the per-minute limit: requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Past the per-minute limit: requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description Past the per-minute limit: when the current minute ends (iso 8601) */
          'X-RateLimit-Reset'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Internal error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  upsertLeadBatch: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Required: send a unique value of 1 to 160 characters (e.g. a UUID) per operation. See Idempotency above.
         * @example 3f1c9a62-5d0e-4b7a-9e51-0c2d8f4a7b13
         */
        'Idempotency-Key': string;
        /**
         * @description The dated API version to answer in (known: 2026-11-27); without it, the version pinned on the key when it was created. An unknown or malformed one is a 400 listing the known ones. See "API versions" above.
         * @example 2026-11-27
         */
        'Partner-Version'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "leads": [
         *         {
         *           "external_id": "crm-88412",
         *           "external_source": "acculynx",
         *           "contact_name": "Dana Whitfield",
         *           "contact_phone": "(512) 555-0148"
         *         },
         *         {
         *           "contact_phone": "(512) 555-0199",
         *           "notes": "Called back about the gutter estimate."
         *         },
         *         {
         *           "external_id": "crm-88414",
         *           "external_source": "acculynx",
         *           "status_stage_id": "stage_retired_2025"
         *         }
         *       ]
         *     }
         */
        'application/json': components['schemas']['LeadBatchWrite'];
      };
    };
    responses: {
      /** @description One result per item, in request order; each item was applied or refused on its own (a refused one changed nothing) */
      200: {
        headers: {
          /**
           * @description The dated API version the answer is rendered in
           * @example 2026-11-27
           */
          'Partner-Version'?: string;
          /**
           * @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds)
           * @example @1798761600
           */
          Deprecation?: string;
          /**
           * @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594)
           * @example Mon, 01 Mar 2027 00:00:00 GMT
           */
          Sunset?: string;
          /**
           * @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"`
           * @example <https://api.example.com/docs#section/API-versions>; rel="deprecation"; type="text/html"
           */
          Link?: string;
          /**
           * @description Requests allowed per minute for this key and endpoint
           * @example 60
           */
          'X-RateLimit-Limit'?: string;
          /**
           * @description Requests left in the current minute
           * @example 59
           */
          'X-RateLimit-Remaining'?: string;
          /**
           * @description When the current minute ends (ISO 8601)
           * @example 2026-11-27T14:03:00.000Z
           */
          'X-RateLimit-Reset'?: string;
          /**
           * @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds
           * @example "default";q=60;w=60
           */
          'RateLimit-Policy'?: string;
          /**
           * @description What is left of the quota: r requests for the next t seconds
           * @example "default";r=59;t=42
           */
          RateLimit?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "results": [
           *         {
           *           "index": 0,
           *           "status": 201,
           *           "created": true,
           *           "matched_by": null,
           *           "lead": {
           *             "id": "lead_r1hp9th24a2vy6tsddbk",
           *             "external_id": "crm-88412",
           *             "external_source": "acculynx",
           *             "contact_name": "Dana Whitfield",
           *             "contact_email": "dana.whitfield@example.com",
           *             "contact_phone": "5125550148",
           *             "property_address": "1482 Oak Street, Austin, TX 78704",
           *             "status": "new",
           *             "status_stage_id": "stage_eqqw8x64dd3bdxaeg8ds",
           *             "status_label": "New",
           *             "status_sort_order": 1,
           *             "is_conversion_stage": false,
           *             "stage_timestamps": {
           *               "new": "2026-03-02T15:35:04.512Z"
           *             },
           *             "funnel_gap_summary": {
           *               "has_gap": false,
           *               "skipped_stages": []
           *             },
           *             "attribution": {
           *               "source": "google",
           *               "medium": "cpc",
           *               "campaign": "spring-roof-2026",
           *               "content": "free-estimate-ad",
           *               "conversion_url": "https://www.summitroofing.example/free-estimate"
           *             },
           *             "communication_summary": {
           *               "last_call_at": null,
           *               "last_sms_at": null,
           *               "call_count": 0,
           *               "answered_call_count": 0,
           *               "missed_call_count": 0,
           *               "sms_inbound_count": 0,
           *               "sms_outbound_count": 0,
           *               "last_tracking_number": null,
           *               "last_communication_source": null,
           *               "last_communication_campaign": null
           *             },
           *             "form_data": {
           *               "roof_age_years": 18,
           *               "insurance_claim": true,
           *               "preferred_contact": "sms"
           *             },
           *             "custom_fields": {
           *               "crm_owner": "Luis Ortega"
           *             },
           *             "selected_material_id": "mat_eygenz1vhap0thrsyw31",
           *             "selected_color_id": "col_r9be5smnfj41fgv8fw2a",
           *             "selected_shape_id": "shp_haxkfph6f0grzzzhzmzv",
           *             "notes": null,
           *             "quote_value": null,
           *             "sales_value": null,
           *             "follow_up_date": null,
           *             "converted_at": null,
           *             "created_at": "2026-03-02T15:35:04.512Z",
           *             "updated_at": "2026-03-02T15:35:04.512Z"
           *           },
           *           "error": null
           *         },
           *         {
           *           "index": 1,
           *           "status": 200,
           *           "created": false,
           *           "matched_by": "phone",
           *           "lead": {
           *             "id": "lead_8w2ndq5k7cx0f3vjm4hp",
           *             "external_id": null,
           *             "external_source": null,
           *             "contact_name": "Dana Whitfield",
           *             "contact_email": "dana.whitfield@example.com",
           *             "contact_phone": "5125550199",
           *             "property_address": "1482 Oak Street, Austin, TX 78704",
           *             "status": "quoted",
           *             "status_stage_id": "stage_nm63s0te0p9syvs9jn16",
           *             "status_label": "Quoted",
           *             "status_sort_order": 4,
           *             "is_conversion_stage": false,
           *             "stage_timestamps": {
           *               "new": "2026-03-02T15:35:04.512Z",
           *               "contacted": "2026-03-02T18:02:40.117Z",
           *               "appointment_set": "2026-03-03T14:20:09.884Z",
           *               "quoted": "2026-03-05T16:45:31.030Z"
           *             },
           *             "funnel_gap_summary": {
           *               "has_gap": false,
           *               "skipped_stages": []
           *             },
           *             "attribution": {
           *               "source": "google",
           *               "medium": "cpc",
           *               "campaign": "spring-roof-2026",
           *               "content": "free-estimate-ad",
           *               "conversion_url": "https://www.summitroofing.example/free-estimate"
           *             },
           *             "communication_summary": {
           *               "last_call_at": "2026-03-02T18:02:40.117Z",
           *               "last_sms_at": "2026-03-04T21:10:55.000Z",
           *               "call_count": 2,
           *               "answered_call_count": 1,
           *               "missed_call_count": 1,
           *               "sms_inbound_count": 1,
           *               "sms_outbound_count": 2,
           *               "last_tracking_number": {
           *                 "label": "Google Ads – spring",
           *                 "phone_last4": "0190",
           *                 "national_format": "(512) 555-0190"
           *               },
           *               "last_communication_source": "google",
           *               "last_communication_campaign": "spring-roof-2026"
           *             },
           *             "form_data": {
           *               "roof_age_years": 18,
           *               "insurance_claim": true,
           *               "preferred_contact": "sms"
           *             },
           *             "custom_fields": {
           *               "crm_owner": "Luis Ortega",
           *               "hail_zone": "A2"
           *             },
           *             "selected_material_id": "mat_eygenz1vhap0thrsyw31",
           *             "selected_color_id": "col_r9be5smnfj41fgv8fw2a",
           *             "selected_shape_id": "shp_haxkfph6f0grzzzhzmzv",
           *             "notes": "Called back about the gutter estimate.",
           *             "quote_value": 18450,
           *             "sales_value": null,
           *             "follow_up_date": "2026-03-09T15:00:00.000Z",
           *             "converted_at": null,
           *             "created_at": "2026-03-02T15:35:04.512Z",
           *             "updated_at": "2026-03-05T16:45:31.030Z"
           *           },
           *           "error": null
           *         },
           *         {
           *           "index": 2,
           *           "status": 400,
           *           "created": null,
           *           "matched_by": null,
           *           "lead": null,
           *           "error": {
           *             "code": "VALIDATION_ERROR",
           *             "message": "Invalid body field status_stage_id: is not an active pipeline stage of this workspace; send one of stage_eqqw8x64dd3bdxaeg8ds (new), stage_y6hf5bpgzpq2sh7rdz58 (contacted), stage_tn97t8eb4zxwhkj4fcj0 (appointment_set), stage_nm63s0te0p9syvs9jn16 (quoted), stage_8tz0xhzzncgfvdpc9qdq (sold), stage_78b9qqmpnrtfv5fzeadc (lost) (GET /api/v1/pipeline/stages lists them)",
           *             "request_id": "req_5kq2m8x0v3d7hw1c9tza",
           *             "details": {
           *               "issues": [
           *                 {
           *                   "location": "body",
           *                   "path": "status_stage_id",
           *                   "message": "is not an active pipeline stage of this workspace; send one of stage_eqqw8x64dd3bdxaeg8ds (new), stage_y6hf5bpgzpq2sh7rdz58 (contacted), stage_tn97t8eb4zxwhkj4fcj0 (appointment_set), stage_nm63s0te0p9syvs9jn16 (quoted), stage_8tz0xhzzncgfvdpc9qdq (sold), stage_78b9qqmpnrtfv5fzeadc (lost) (GET /api/v1/pipeline/stages lists them)"
           *                 }
           *               ]
           *             }
           *           }
           *         }
           *       ]
           *     }
           */
          'application/json': {
            /** @description One per item, in request order */
            results: components['schemas']['LeadBatchResult'][];
          };
        };
      };
      /** @description Invalid payload, query or header */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing, malformed, revoked, deleted or unknown key */
      401: {
        headers: {
          /** @description The authentication scheme the API takes: a Bearer API key */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Key lacks the scope or workspace inactive */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Conflict with idempotency or resource state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Rate limit exceeded */
      429: {
        headers: {
          /** @description Seconds to wait before sending the request again */
          'Retry-After'?: string;
          /** @description Past the per-minute limit: requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Past the per-minute limit: requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description Past the per-minute limit: when the current minute ends (iso 8601) */
          'X-RateLimit-Reset'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Internal error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  exportLeads: {
    parameters: {
      query?: {
        /** @example google */
        source?: string;
        medium?: string;
        campaign?: string;
        conversion_type?:
          'public_quiz' | 'onsite_form' | 'partner_api' | 'jobnimbus_import' | 'sms_inbound' | 'phone_call';
        /** @description Leads with at least one approved call or SMS */
        communication_channel?: 'call' | 'sms';
        /**
         * @description Inclusive lower bound on updated_at
         * @example 2026-03-01T00:00:00Z
         */
        from?: string;
        /** @description Inclusive upper bound on updated_at */
        to?: string;
        status_stage_id?: string;
        /** @description Matches name, email, phone digits and address */
        search?: string;
        /** @description Opaque cursor from a previous response */
        cursor?: string;
        /**
         * @description Leads per response, 1..10000
         * @example 1
         */
        limit?: number;
      };
      header?: {
        /**
         * @description The dated API version to answer in (known: 2026-11-27); without it, the version pinned on the key when it was created. An unknown or malformed one is a 400 listing the known ones. See "API versions" above.
         * @example 2026-11-27
         */
        'Partner-Version'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description CSV of leads, formula-safe */
      200: {
        headers: {
          /**
           * @description attachment; filename="leads-YYYY-MM-DD.csv"
           * @example attachment; filename="leads-2026-03-05.csv"
           */
          'Content-Disposition'?: string;
          /**
           * @description true when more leads match than this response holds
           * @example true
           */
          'X-Export-Truncated'?: string;
          /**
           * @description present when truncated: pass back as cursor to continue
           * @example WyJsZWFkcy5leHBvcnQiLFsxNzcyNDY4MTA0NTEyMDAwLCJsZWFkX3IxaHA5dGgyNGEydnk2dHNkZGJrIl1d.xr7_NgmInUUnrDEZLWPidQ
           */
          'X-Export-Next-Cursor'?: string;
          /**
           * @description The dated API version the answer is rendered in
           * @example 2026-11-27
           */
          'Partner-Version'?: string;
          /**
           * @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds)
           * @example @1798761600
           */
          Deprecation?: string;
          /**
           * @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594)
           * @example Mon, 01 Mar 2027 00:00:00 GMT
           */
          Sunset?: string;
          /**
           * @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"`
           * @example <https://api.example.com/docs#section/API-versions>; rel="deprecation"; type="text/html"
           */
          Link?: string;
          /**
           * @description Requests allowed per minute for this key and endpoint
           * @example 60
           */
          'X-RateLimit-Limit'?: string;
          /**
           * @description Requests left in the current minute
           * @example 59
           */
          'X-RateLimit-Remaining'?: string;
          /**
           * @description When the current minute ends (ISO 8601)
           * @example 2026-11-27T14:03:00.000Z
           */
          'X-RateLimit-Reset'?: string;
          /**
           * @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds
           * @example "default";q=60;w=60
           */
          'RateLimit-Policy'?: string;
          /**
           * @description What is left of the quota: r requests for the next t seconds
           * @example "default";r=59;t=42
           */
          RateLimit?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example id,external_id,external_source,contact_name,contact_email,contact_phone,property_address,status,status_label,source,medium,campaign,content,conversion_url,quote_value,sales_value,follow_up_date,converted_at,notes,created_at,updated_at
           *     lead_r1hp9th24a2vy6tsddbk,crm-88412,acculynx,Dana Whitfield,dana.whitfield@example.com,5125550148,"1482 Oak Street, Austin, TX 78704",quoted,Quoted,google,cpc,spring-roof-2026,free-estimate-ad,https://www.summitroofing.example/free-estimate,18450,,2026-03-09T15:00:00.000Z,,Wants an estimate before the insurance adjuster visits on Friday.,2026-03-02T15:35:04.512Z,2026-03-05T16:45:31.030Z
           */
          'text/csv': string;
        };
      };
      /** @description Invalid payload, query or header */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing, malformed, revoked, deleted or unknown key */
      401: {
        headers: {
          /** @description The authentication scheme the API takes: a Bearer API key */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Key lacks the scope or workspace inactive */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Rate limit exceeded */
      429: {
        headers: {
          /** @description Seconds to wait before sending the request again */
          'Retry-After'?: string;
          /** @description Past the per-minute limit: requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Past the per-minute limit: requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description Past the per-minute limit: when the current minute ends (iso 8601) */
          'X-RateLimit-Reset'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Internal error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  getLead: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The dated API version to answer in (known: 2026-11-27); without it, the version pinned on the key when it was created. An unknown or malformed one is a 400 listing the known ones. See "API versions" above.
         * @example 2026-11-27
         */
        'Partner-Version'?: string;
        /**
         * @description ETags of answers you hold (or `*`): when one matches, the answer is 304 with no body, not charged against the rate limit. See "Conditional requests" above.
         * @example "k3Jq8Xw2bV0s9Lr4Tn6yPa"
         */
        'If-None-Match'?: string;
      };
      path: {
        /** @example lead_r1hp9th24a2vy6tsddbk */
        lead_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The lead */
      200: {
        headers: {
          /**
           * @description The dated API version the answer is rendered in
           * @example 2026-11-27
           */
          'Partner-Version'?: string;
          /**
           * @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds)
           * @example @1798761600
           */
          Deprecation?: string;
          /**
           * @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594)
           * @example Mon, 01 Mar 2027 00:00:00 GMT
           */
          Sunset?: string;
          /**
           * @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"`
           * @example <https://api.example.com/docs#section/API-versions>; rel="deprecation"; type="text/html"
           */
          Link?: string;
          /**
           * @description Requests allowed per minute for this key and endpoint
           * @example 60
           */
          'X-RateLimit-Limit'?: string;
          /**
           * @description Requests left in the current minute
           * @example 59
           */
          'X-RateLimit-Remaining'?: string;
          /**
           * @description When the current minute ends (ISO 8601)
           * @example 2026-11-27T14:03:00.000Z
           */
          'X-RateLimit-Reset'?: string;
          /**
           * @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds
           * @example "default";q=60;w=60
           */
          'RateLimit-Policy'?: string;
          /**
           * @description What is left of the quota: r requests for the next t seconds
           * @example "default";r=59;t=42
           */
          RateLimit?: string;
          /**
           * @description A strong tag of the body: send it back in If-None-Match
           * @example "k3Jq8Xw2bV0s9Lr4Tn6yPa"
           */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "lead": {
           *         "id": "lead_r1hp9th24a2vy6tsddbk",
           *         "external_id": "crm-88412",
           *         "external_source": "acculynx",
           *         "contact_name": "Dana Whitfield",
           *         "contact_email": "dana.whitfield@example.com",
           *         "contact_phone": "5125550148",
           *         "property_address": "1482 Oak Street, Austin, TX 78704",
           *         "status": "quoted",
           *         "status_stage_id": "stage_nm63s0te0p9syvs9jn16",
           *         "status_label": "Quoted",
           *         "status_sort_order": 4,
           *         "is_conversion_stage": false,
           *         "stage_timestamps": {
           *           "new": "2026-03-02T15:35:04.512Z",
           *           "contacted": "2026-03-02T18:02:40.117Z",
           *           "appointment_set": "2026-03-03T14:20:09.884Z",
           *           "quoted": "2026-03-05T16:45:31.030Z"
           *         },
           *         "funnel_gap_summary": {
           *           "has_gap": false,
           *           "skipped_stages": []
           *         },
           *         "attribution": {
           *           "source": "google",
           *           "medium": "cpc",
           *           "campaign": "spring-roof-2026",
           *           "content": "free-estimate-ad",
           *           "conversion_url": "https://www.summitroofing.example/free-estimate"
           *         },
           *         "communication_summary": {
           *           "last_call_at": "2026-03-02T18:02:40.117Z",
           *           "last_sms_at": "2026-03-04T21:10:55.000Z",
           *           "call_count": 2,
           *           "answered_call_count": 1,
           *           "missed_call_count": 1,
           *           "sms_inbound_count": 1,
           *           "sms_outbound_count": 2,
           *           "last_tracking_number": {
           *             "label": "Google Ads – spring",
           *             "phone_last4": "0190",
           *             "national_format": "(512) 555-0190"
           *           },
           *           "last_communication_source": "google",
           *           "last_communication_campaign": "spring-roof-2026"
           *         },
           *         "form_data": {
           *           "roof_age_years": 18,
           *           "insurance_claim": true,
           *           "preferred_contact": "sms"
           *         },
           *         "custom_fields": {
           *           "crm_owner": "Luis Ortega",
           *           "hail_zone": "A2"
           *         },
           *         "selected_material_id": "mat_eygenz1vhap0thrsyw31",
           *         "selected_color_id": "col_r9be5smnfj41fgv8fw2a",
           *         "selected_shape_id": "shp_haxkfph6f0grzzzhzmzv",
           *         "notes": "Wants an estimate before the insurance adjuster visits on Friday.",
           *         "quote_value": 18450,
           *         "sales_value": null,
           *         "follow_up_date": "2026-03-09T15:00:00.000Z",
           *         "converted_at": null,
           *         "created_at": "2026-03-02T15:35:04.512Z",
           *         "updated_at": "2026-03-05T16:45:31.030Z"
           *       }
           *     }
           */
          'application/json': {
            lead: components['schemas']['Lead'];
          };
        };
      };
      /** @description Not Modified: If-None-Match names the current ETag; no body, and not charged against the rate limit */
      304: {
        headers: {
          /** @description The dated API version the answer is rendered in */
          'Partner-Version'?: string;
          /** @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds) */
          Deprecation?: string;
          /** @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594) */
          Sunset?: string;
          /** @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"` */
          Link?: string;
          /** @description Requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description When the current minute ends (ISO 8601) */
          'X-RateLimit-Reset'?: string;
          /** @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds */
          'RateLimit-Policy'?: string;
          /** @description What is left of the quota: r requests for the next t seconds */
          RateLimit?: string;
          /** @description A strong tag of the body: send it back in If-None-Match */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Missing, malformed, revoked, deleted or unknown key */
      401: {
        headers: {
          /** @description The authentication scheme the API takes: a Bearer API key */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Key lacks the scope or workspace inactive */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Resource absent in the key-bound workspace */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Rate limit exceeded */
      429: {
        headers: {
          /** @description Seconds to wait before sending the request again */
          'Retry-After'?: string;
          /** @description Past the per-minute limit: requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Past the per-minute limit: requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description Past the per-minute limit: when the current minute ends (iso 8601) */
          'X-RateLimit-Reset'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Internal error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  deleteLead: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Required: send a unique value of 1 to 160 characters (e.g. a UUID) per operation. See Idempotency above.
         * @example 3f1c9a62-5d0e-4b7a-9e51-0c2d8f4a7b13
         */
        'Idempotency-Key': string;
        /**
         * @description The dated API version to answer in (known: 2026-11-27); without it, the version pinned on the key when it was created. An unknown or malformed one is a 400 listing the known ones. See "API versions" above.
         * @example 2026-11-27
         */
        'Partner-Version'?: string;
      };
      path: {
        /** @example lead_r1hp9th24a2vy6tsddbk */
        lead_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /** @example {} */
        'application/json': Record<string, never>;
      };
    };
    responses: {
      /** @description Deleted */
      200: {
        headers: {
          /**
           * @description The dated API version the answer is rendered in
           * @example 2026-11-27
           */
          'Partner-Version'?: string;
          /**
           * @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds)
           * @example @1798761600
           */
          Deprecation?: string;
          /**
           * @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594)
           * @example Mon, 01 Mar 2027 00:00:00 GMT
           */
          Sunset?: string;
          /**
           * @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"`
           * @example <https://api.example.com/docs#section/API-versions>; rel="deprecation"; type="text/html"
           */
          Link?: string;
          /**
           * @description Requests allowed per minute for this key and endpoint
           * @example 60
           */
          'X-RateLimit-Limit'?: string;
          /**
           * @description Requests left in the current minute
           * @example 59
           */
          'X-RateLimit-Remaining'?: string;
          /**
           * @description When the current minute ends (ISO 8601)
           * @example 2026-11-27T14:03:00.000Z
           */
          'X-RateLimit-Reset'?: string;
          /**
           * @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds
           * @example "default";q=60;w=60
           */
          'RateLimit-Policy'?: string;
          /**
           * @description What is left of the quota: r requests for the next t seconds
           * @example "default";r=59;t=42
           */
          RateLimit?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "deleted": true,
           *       "lead_id": "lead_r1hp9th24a2vy6tsddbk"
           *     }
           */
          'application/json': {
            /** @constant */
            deleted: true;
            lead_id: string;
          };
        };
      };
      /** @description Invalid payload, query or header */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing, malformed, revoked, deleted or unknown key */
      401: {
        headers: {
          /** @description The authentication scheme the API takes: a Bearer API key */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Key lacks the scope or workspace inactive */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Resource absent in the key-bound workspace */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Conflict with idempotency or resource state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Rate limit exceeded */
      429: {
        headers: {
          /** @description Seconds to wait before sending the request again */
          'Retry-After'?: string;
          /** @description Past the per-minute limit: requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Past the per-minute limit: requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description Past the per-minute limit: when the current minute ends (iso 8601) */
          'X-RateLimit-Reset'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Internal error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  patchLead: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Required: send a unique value of 1 to 160 characters (e.g. a UUID) per operation. See Idempotency above.
         * @example 3f1c9a62-5d0e-4b7a-9e51-0c2d8f4a7b13
         */
        'Idempotency-Key': string;
        /**
         * @description The dated API version to answer in (known: 2026-11-27); without it, the version pinned on the key when it was created. An unknown or malformed one is a 400 listing the known ones. See "API versions" above.
         * @example 2026-11-27
         */
        'Partner-Version'?: string;
      };
      path: {
        /** @example lead_r1hp9th24a2vy6tsddbk */
        lead_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "status_stage_id": "stage_nm63s0te0p9syvs9jn16",
         *       "quote_value": 18450,
         *       "notes": "Wants an estimate before the insurance adjuster visits on Friday.",
         *       "follow_up_date": "2026-03-09T15:00:00.000Z",
         *       "custom_fields": {
         *         "hail_zone": "A2"
         *       }
         *     }
         */
        'application/json': components['schemas']['LeadPatch'];
      };
    };
    responses: {
      /** @description The lead after the update */
      200: {
        headers: {
          /**
           * @description The dated API version the answer is rendered in
           * @example 2026-11-27
           */
          'Partner-Version'?: string;
          /**
           * @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds)
           * @example @1798761600
           */
          Deprecation?: string;
          /**
           * @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594)
           * @example Mon, 01 Mar 2027 00:00:00 GMT
           */
          Sunset?: string;
          /**
           * @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"`
           * @example <https://api.example.com/docs#section/API-versions>; rel="deprecation"; type="text/html"
           */
          Link?: string;
          /**
           * @description Requests allowed per minute for this key and endpoint
           * @example 60
           */
          'X-RateLimit-Limit'?: string;
          /**
           * @description Requests left in the current minute
           * @example 59
           */
          'X-RateLimit-Remaining'?: string;
          /**
           * @description When the current minute ends (ISO 8601)
           * @example 2026-11-27T14:03:00.000Z
           */
          'X-RateLimit-Reset'?: string;
          /**
           * @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds
           * @example "default";q=60;w=60
           */
          'RateLimit-Policy'?: string;
          /**
           * @description What is left of the quota: r requests for the next t seconds
           * @example "default";r=59;t=42
           */
          RateLimit?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "lead": {
           *         "id": "lead_r1hp9th24a2vy6tsddbk",
           *         "external_id": "crm-88412",
           *         "external_source": "acculynx",
           *         "contact_name": "Dana Whitfield",
           *         "contact_email": "dana.whitfield@example.com",
           *         "contact_phone": "5125550148",
           *         "property_address": "1482 Oak Street, Austin, TX 78704",
           *         "status": "quoted",
           *         "status_stage_id": "stage_nm63s0te0p9syvs9jn16",
           *         "status_label": "Quoted",
           *         "status_sort_order": 4,
           *         "is_conversion_stage": false,
           *         "stage_timestamps": {
           *           "new": "2026-03-02T15:35:04.512Z",
           *           "contacted": "2026-03-02T18:02:40.117Z",
           *           "appointment_set": "2026-03-03T14:20:09.884Z",
           *           "quoted": "2026-03-05T16:45:31.030Z"
           *         },
           *         "funnel_gap_summary": {
           *           "has_gap": false,
           *           "skipped_stages": []
           *         },
           *         "attribution": {
           *           "source": "google",
           *           "medium": "cpc",
           *           "campaign": "spring-roof-2026",
           *           "content": "free-estimate-ad",
           *           "conversion_url": "https://www.summitroofing.example/free-estimate"
           *         },
           *         "communication_summary": {
           *           "last_call_at": "2026-03-02T18:02:40.117Z",
           *           "last_sms_at": "2026-03-04T21:10:55.000Z",
           *           "call_count": 2,
           *           "answered_call_count": 1,
           *           "missed_call_count": 1,
           *           "sms_inbound_count": 1,
           *           "sms_outbound_count": 2,
           *           "last_tracking_number": {
           *             "label": "Google Ads – spring",
           *             "phone_last4": "0190",
           *             "national_format": "(512) 555-0190"
           *           },
           *           "last_communication_source": "google",
           *           "last_communication_campaign": "spring-roof-2026"
           *         },
           *         "form_data": {
           *           "roof_age_years": 18,
           *           "insurance_claim": true,
           *           "preferred_contact": "sms"
           *         },
           *         "custom_fields": {
           *           "crm_owner": "Luis Ortega",
           *           "hail_zone": "A2"
           *         },
           *         "selected_material_id": "mat_eygenz1vhap0thrsyw31",
           *         "selected_color_id": "col_r9be5smnfj41fgv8fw2a",
           *         "selected_shape_id": "shp_haxkfph6f0grzzzhzmzv",
           *         "notes": "Wants an estimate before the insurance adjuster visits on Friday.",
           *         "quote_value": 18450,
           *         "sales_value": null,
           *         "follow_up_date": "2026-03-09T15:00:00.000Z",
           *         "converted_at": null,
           *         "created_at": "2026-03-02T15:35:04.512Z",
           *         "updated_at": "2026-03-05T16:45:31.030Z"
           *       },
           *       "updated": true
           *     }
           */
          'application/json': {
            lead: components['schemas']['Lead'];
            updated: boolean;
          };
        };
      };
      /** @description Invalid payload, query or header */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing, malformed, revoked, deleted or unknown key */
      401: {
        headers: {
          /** @description The authentication scheme the API takes: a Bearer API key */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Key lacks the scope or workspace inactive */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Resource absent in the key-bound workspace */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Conflict with idempotency or resource state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Rate limit exceeded */
      429: {
        headers: {
          /** @description Seconds to wait before sending the request again */
          'Retry-After'?: string;
          /** @description Past the per-minute limit: requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Past the per-minute limit: requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description Past the per-minute limit: when the current minute ends (iso 8601) */
          'X-RateLimit-Reset'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Internal error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  listLeadConversions: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The dated API version to answer in (known: 2026-11-27); without it, the version pinned on the key when it was created. An unknown or malformed one is a 400 listing the known ones. See "API versions" above.
         * @example 2026-11-27
         */
        'Partner-Version'?: string;
        /**
         * @description ETags of answers you hold (or `*`): when one matches, the answer is 304 with no body, not charged against the rate limit. See "Conditional requests" above.
         * @example "k3Jq8Xw2bV0s9Lr4Tn6yPa"
         */
        'If-None-Match'?: string;
      };
      path: {
        /** @example lead_r1hp9th24a2vy6tsddbk */
        lead_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Conversions by conversion_number */
      200: {
        headers: {
          /**
           * @description The dated API version the answer is rendered in
           * @example 2026-11-27
           */
          'Partner-Version'?: string;
          /**
           * @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds)
           * @example @1798761600
           */
          Deprecation?: string;
          /**
           * @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594)
           * @example Mon, 01 Mar 2027 00:00:00 GMT
           */
          Sunset?: string;
          /**
           * @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"`
           * @example <https://api.example.com/docs#section/API-versions>; rel="deprecation"; type="text/html"
           */
          Link?: string;
          /**
           * @description Requests allowed per minute for this key and endpoint
           * @example 60
           */
          'X-RateLimit-Limit'?: string;
          /**
           * @description Requests left in the current minute
           * @example 59
           */
          'X-RateLimit-Remaining'?: string;
          /**
           * @description When the current minute ends (ISO 8601)
           * @example 2026-11-27T14:03:00.000Z
           */
          'X-RateLimit-Reset'?: string;
          /**
           * @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds
           * @example "default";q=60;w=60
           */
          'RateLimit-Policy'?: string;
          /**
           * @description What is left of the quota: r requests for the next t seconds
           * @example "default";r=59;t=42
           */
          RateLimit?: string;
          /**
           * @description A strong tag of the body: send it back in If-None-Match
           * @example "k3Jq8Xw2bV0s9Lr4Tn6yPa"
           */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "conversions": [
           *         {
           *           "id": "conv_3r71c4pad943wfafte8w",
           *           "lead_id": "lead_r1hp9th24a2vy6tsddbk",
           *           "external_event_id": "crm-88412-contract-signed",
           *           "conversion_number": 1,
           *           "session_id": "sess_7f3c2a91e4",
           *           "attribution": {
           *             "source": "google",
           *             "medium": "cpc",
           *             "campaign": "spring-roof-2026",
           *             "content": "free-estimate-ad",
           *             "conversion_url": "https://www.summitroofing.example/free-estimate"
           *           },
           *           "created_at": "2026-03-12T19:04:22.671Z",
           *           "visualization_id": "vis_jcx9jhtdp4sth5vbzzr3",
           *           "contact_name": "Dana Whitfield",
           *           "contact_email": "dana.whitfield@example.com",
           *           "contact_phone": "5125550148",
           *           "property_address": "1482 Oak Street, Austin, TX 78704"
           *         }
           *       ]
           *     }
           */
          'application/json': {
            conversions: components['schemas']['Conversion'][];
          };
        };
      };
      /** @description Not Modified: If-None-Match names the current ETag; no body, and not charged against the rate limit */
      304: {
        headers: {
          /** @description The dated API version the answer is rendered in */
          'Partner-Version'?: string;
          /** @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds) */
          Deprecation?: string;
          /** @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594) */
          Sunset?: string;
          /** @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"` */
          Link?: string;
          /** @description Requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description When the current minute ends (ISO 8601) */
          'X-RateLimit-Reset'?: string;
          /** @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds */
          'RateLimit-Policy'?: string;
          /** @description What is left of the quota: r requests for the next t seconds */
          RateLimit?: string;
          /** @description A strong tag of the body: send it back in If-None-Match */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Missing, malformed, revoked, deleted or unknown key */
      401: {
        headers: {
          /** @description The authentication scheme the API takes: a Bearer API key */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Key lacks the scope or workspace inactive */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Resource absent in the key-bound workspace */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Rate limit exceeded */
      429: {
        headers: {
          /** @description Seconds to wait before sending the request again */
          'Retry-After'?: string;
          /** @description Past the per-minute limit: requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Past the per-minute limit: requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description Past the per-minute limit: when the current minute ends (iso 8601) */
          'X-RateLimit-Reset'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Internal error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  createLeadConversion: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Required: send a unique value of 1 to 160 characters (e.g. a UUID) per operation. See Idempotency above.
         * @example 3f1c9a62-5d0e-4b7a-9e51-0c2d8f4a7b13
         */
        'Idempotency-Key': string;
        /**
         * @description The dated API version to answer in (known: 2026-11-27); without it, the version pinned on the key when it was created. An unknown or malformed one is a 400 listing the known ones. See "API versions" above.
         * @example 2026-11-27
         */
        'Partner-Version'?: string;
      };
      path: {
        /** @example lead_r1hp9th24a2vy6tsddbk */
        lead_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "external_event_id": "crm-88412-contract-signed",
         *       "session_id": "sess_7f3c2a91e4",
         *       "visualization_id": "vis_jcx9jhtdp4sth5vbzzr3",
         *       "conversion_url": "https://www.summitroofing.example/free-estimate",
         *       "occurred_at": "2026-03-12T13:02:00-06:00"
         *     }
         */
        'application/json': components['schemas']['ConversionWrite'];
      };
    };
    responses: {
      /** @description Existing conversion (replay or same external_event_id) */
      200: {
        headers: {
          /** @description The dated API version the answer is rendered in */
          'Partner-Version'?: string;
          /** @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds) */
          Deprecation?: string;
          /** @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594) */
          Sunset?: string;
          /** @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"` */
          Link?: string;
          /** @description Requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description When the current minute ends (ISO 8601) */
          'X-RateLimit-Reset'?: string;
          /** @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds */
          'RateLimit-Policy'?: string;
          /** @description What is left of the quota: r requests for the next t seconds */
          RateLimit?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            conversion: components['schemas']['Conversion'];
            /** @constant */
            created: false;
          };
        };
      };
      /** @description Conversion created */
      201: {
        headers: {
          /**
           * @description The dated API version the answer is rendered in
           * @example 2026-11-27
           */
          'Partner-Version'?: string;
          /**
           * @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds)
           * @example @1798761600
           */
          Deprecation?: string;
          /**
           * @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594)
           * @example Mon, 01 Mar 2027 00:00:00 GMT
           */
          Sunset?: string;
          /**
           * @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"`
           * @example <https://api.example.com/docs#section/API-versions>; rel="deprecation"; type="text/html"
           */
          Link?: string;
          /**
           * @description Requests allowed per minute for this key and endpoint
           * @example 60
           */
          'X-RateLimit-Limit'?: string;
          /**
           * @description Requests left in the current minute
           * @example 59
           */
          'X-RateLimit-Remaining'?: string;
          /**
           * @description When the current minute ends (ISO 8601)
           * @example 2026-11-27T14:03:00.000Z
           */
          'X-RateLimit-Reset'?: string;
          /**
           * @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds
           * @example "default";q=60;w=60
           */
          'RateLimit-Policy'?: string;
          /**
           * @description What is left of the quota: r requests for the next t seconds
           * @example "default";r=59;t=42
           */
          RateLimit?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "conversion": {
           *         "id": "conv_3r71c4pad943wfafte8w",
           *         "lead_id": "lead_r1hp9th24a2vy6tsddbk",
           *         "external_event_id": "crm-88412-contract-signed",
           *         "conversion_number": 1,
           *         "session_id": "sess_7f3c2a91e4",
           *         "attribution": {
           *           "source": "google",
           *           "medium": "cpc",
           *           "campaign": "spring-roof-2026",
           *           "content": "free-estimate-ad",
           *           "conversion_url": "https://www.summitroofing.example/free-estimate"
           *         },
           *         "created_at": "2026-03-12T19:04:22.671Z",
           *         "visualization_id": "vis_jcx9jhtdp4sth5vbzzr3",
           *         "contact_name": "Dana Whitfield",
           *         "contact_email": "dana.whitfield@example.com",
           *         "contact_phone": "5125550148",
           *         "property_address": "1482 Oak Street, Austin, TX 78704"
           *       },
           *       "created": true
           *     }
           */
          'application/json': {
            conversion: components['schemas']['Conversion'];
            /** @constant */
            created: true;
          };
        };
      };
      /** @description Invalid payload, query or header */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing, malformed, revoked, deleted or unknown key */
      401: {
        headers: {
          /** @description The authentication scheme the API takes: a Bearer API key */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Key lacks the scope or workspace inactive */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Resource absent in the key-bound workspace */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Conflict with idempotency or resource state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Rate limit exceeded */
      429: {
        headers: {
          /** @description Seconds to wait before sending the request again */
          'Retry-After'?: string;
          /** @description Past the per-minute limit: requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Past the per-minute limit: requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description Past the per-minute limit: when the current minute ends (iso 8601) */
          'X-RateLimit-Reset'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Internal error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  getLeadRoof: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The dated API version to answer in (known: 2026-11-27); without it, the version pinned on the key when it was created. An unknown or malformed one is a 400 listing the known ones. See "API versions" above.
         * @example 2026-11-27
         */
        'Partner-Version'?: string;
        /**
         * @description ETags of answers you hold (or `*`): when one matches, the answer is 304 with no body, not charged against the rate limit. See "Conditional requests" above.
         * @example "k3Jq8Xw2bV0s9Lr4Tn6yPa"
         */
        'If-None-Match'?: string;
      };
      path: {
        /** @example lead_r1hp9th24a2vy6tsddbk */
        lead_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description LeadRoof (all nulls before any visualization) */
      200: {
        headers: {
          /**
           * @description The dated API version the answer is rendered in
           * @example 2026-11-27
           */
          'Partner-Version'?: string;
          /**
           * @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds)
           * @example @1798761600
           */
          Deprecation?: string;
          /**
           * @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594)
           * @example Mon, 01 Mar 2027 00:00:00 GMT
           */
          Sunset?: string;
          /**
           * @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"`
           * @example <https://api.example.com/docs#section/API-versions>; rel="deprecation"; type="text/html"
           */
          Link?: string;
          /**
           * @description Requests allowed per minute for this key and endpoint
           * @example 60
           */
          'X-RateLimit-Limit'?: string;
          /**
           * @description Requests left in the current minute
           * @example 59
           */
          'X-RateLimit-Remaining'?: string;
          /**
           * @description When the current minute ends (ISO 8601)
           * @example 2026-11-27T14:03:00.000Z
           */
          'X-RateLimit-Reset'?: string;
          /**
           * @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds
           * @example "default";q=60;w=60
           */
          'RateLimit-Policy'?: string;
          /**
           * @description What is left of the quota: r requests for the next t seconds
           * @example "default";r=59;t=42
           */
          RateLimit?: string;
          /**
           * @description A strong tag of the body: send it back in If-None-Match
           * @example "k3Jq8Xw2bV0s9Lr4Tn6yPa"
           */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "roof": {
           *         "lead_id": "lead_r1hp9th24a2vy6tsddbk",
           *         "visualization_id": "vis_jcx9jhtdp4sth5vbzzr3",
           *         "material": {
           *           "id": "mat_eygenz1vhap0thrsyw31",
           *           "name": "Architectural asphalt shingles"
           *         },
           *         "color": {
           *           "id": "col_r9be5smnfj41fgv8fw2a",
           *           "name": "Barkwood Brown",
           *           "hex_code": "#5a4632"
           *         },
           *         "shape": {
           *           "id": "shp_haxkfph6f0grzzzhzmzv",
           *           "name": "Hip",
           *           "roof_type": "hip"
           *         },
           *         "images": {
           *           "original_image_url": "https://partners.example.com/files/ws_bkmdykgvp1v3re2bwdyc/visualizations/vis_jcx9jhtdp4sth5vbzzr3/original?expires=1772560412&sig=lJWRR9kv87MT9NDQmio_t9Lt8600XQTnomnU0ElIMJw&type=image%2Fjpeg",
           *           "generated_image_url": "https://partners.example.com/files/ws_bkmdykgvp1v3re2bwdyc/visualizations/vis_jcx9jhtdp4sth5vbzzr3/generated?expires=1772560412&sig=lJWRR9kv87MT9NDQmio_t9Lt8600XQTnomnU0ElIMJw&type=image%2Fjpeg"
           *         },
           *         "processing_status": "completed",
           *         "processing_error": null
           *       }
           *     }
           */
          'application/json': {
            roof: components['schemas']['LeadRoof'];
          };
        };
      };
      /** @description Not Modified: If-None-Match names the current ETag; no body, and not charged against the rate limit */
      304: {
        headers: {
          /** @description The dated API version the answer is rendered in */
          'Partner-Version'?: string;
          /** @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds) */
          Deprecation?: string;
          /** @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594) */
          Sunset?: string;
          /** @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"` */
          Link?: string;
          /** @description Requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description When the current minute ends (ISO 8601) */
          'X-RateLimit-Reset'?: string;
          /** @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds */
          'RateLimit-Policy'?: string;
          /** @description What is left of the quota: r requests for the next t seconds */
          RateLimit?: string;
          /** @description A strong tag of the body: send it back in If-None-Match */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Missing, malformed, revoked, deleted or unknown key */
      401: {
        headers: {
          /** @description The authentication scheme the API takes: a Bearer API key */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Key lacks the scope or workspace inactive */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Resource absent in the key-bound workspace */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Rate limit exceeded */
      429: {
        headers: {
          /** @description Seconds to wait before sending the request again */
          'Retry-After'?: string;
          /** @description Past the per-minute limit: requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Past the per-minute limit: requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description Past the per-minute limit: when the current minute ends (iso 8601) */
          'X-RateLimit-Reset'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Internal error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  listLeadSources: {
    parameters: {
      query?: {
        /**
         * @description Inclusive lower bound; default 30 days before `to`
         * @example 2026-03-02T00:00:00-06:00
         */
        from?: string;
        /**
         * @description Exclusive upper bound; default now
         * @example 2026-03-05T00:00:00-06:00
         */
        to?: string;
        /**
         * @description IANA name: day boundaries of trends and spend proration
         * @example America/Chicago
         */
        timezone?: string;
      };
      header?: {
        /**
         * @description The dated API version to answer in (known: 2026-11-27); without it, the version pinned on the key when it was created. An unknown or malformed one is a 400 listing the known ones. See "API versions" above.
         * @example 2026-11-27
         */
        'Partner-Version'?: string;
        /**
         * @description ETags of answers you hold (or `*`): when one matches, the answer is 304 with no body, not charged against the rate limit. See "Conditional requests" above.
         * @example "k3Jq8Xw2bV0s9Lr4Tn6yPa"
         */
        'If-None-Match'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Source rows, their summary and the range */
      200: {
        headers: {
          /**
           * @description The dated API version the answer is rendered in
           * @example 2026-11-27
           */
          'Partner-Version'?: string;
          /**
           * @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds)
           * @example @1798761600
           */
          Deprecation?: string;
          /**
           * @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594)
           * @example Mon, 01 Mar 2027 00:00:00 GMT
           */
          Sunset?: string;
          /**
           * @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"`
           * @example <https://api.example.com/docs#section/API-versions>; rel="deprecation"; type="text/html"
           */
          Link?: string;
          /**
           * @description Requests allowed per minute for this key and endpoint
           * @example 60
           */
          'X-RateLimit-Limit'?: string;
          /**
           * @description Requests left in the current minute
           * @example 59
           */
          'X-RateLimit-Remaining'?: string;
          /**
           * @description When the current minute ends (ISO 8601)
           * @example 2026-11-27T14:03:00.000Z
           */
          'X-RateLimit-Reset'?: string;
          /**
           * @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds
           * @example "default";q=60;w=60
           */
          'RateLimit-Policy'?: string;
          /**
           * @description What is left of the quota: r requests for the next t seconds
           * @example "default";r=59;t=42
           */
          RateLimit?: string;
          /**
           * @description A strong tag of the body: send it back in If-None-Match
           * @example "k3Jq8Xw2bV0s9Lr4Tn6yPa"
           */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "lead_sources": [
           *         {
           *           "id": "source:google",
           *           "key": "google",
           *           "label": "google",
           *           "source": "google",
           *           "medium": "cpc",
           *           "campaign": null,
           *           "metrics": {
           *             "lead_count": 15,
           *             "conversion_count": 2,
           *             "conversion_rate": 0.13333333333333333,
           *             "avg_lead_to_sold_seconds": 193200,
           *             "funnel_gap_count": 1,
           *             "funnel_gap_rate": 0.06666666666666667,
           *             "form_count": 11,
           *             "call_count": 4,
           *             "answered_call_count": 3,
           *             "missed_call_count": 1,
           *             "call_duration_seconds_total": 642,
           *             "avg_call_duration_seconds": 214,
           *             "sms_inbound_count": 3,
           *             "sms_outbound_count": 5,
           *             "sms_inbound_thread_count": 2,
           *             "sms_responded_thread_count": 2,
           *             "sms_response_rate": 1,
           *             "automated_spend_cents": 63225,
           *             "other_costs_cents": 5000,
           *             "total_spend_cents": 68225,
           *             "prorated_spend_cents": 68225,
           *             "cpl_cents": 4548,
           *             "cpa_cents": 34113,
           *             "revenue_cents": 3612000,
           *             "roas": 52.94246976914621,
           *             "currency": "USD",
           *             "stage_counts": {
           *               "new": 10,
           *               "contacted": 1,
           *               "appointment_set": 1,
           *               "quoted": 1,
           *               "sold": 2,
           *               "lost": 0
           *             },
           *             "funnel_gap_stage_counts": {
           *               "appointment_set": 1
           *             },
           *             "stages": [
           *               {
           *                 "key": "new",
           *                 "label": "New",
           *                 "sort_order": 1,
           *                 "is_conversion_stage": false,
           *                 "count": 10
           *               },
           *               {
           *                 "key": "contacted",
           *                 "label": "Contacted",
           *                 "sort_order": 2,
           *                 "is_conversion_stage": false,
           *                 "count": 1
           *               },
           *               {
           *                 "key": "appointment_set",
           *                 "label": "Appointment set",
           *                 "sort_order": 3,
           *                 "is_conversion_stage": false,
           *                 "count": 1
           *               },
           *               {
           *                 "key": "quoted",
           *                 "label": "Quoted",
           *                 "sort_order": 4,
           *                 "is_conversion_stage": false,
           *                 "count": 1
           *               },
           *               {
           *                 "key": "sold",
           *                 "label": "Sold",
           *                 "sort_order": 5,
           *                 "is_conversion_stage": true,
           *                 "count": 2
           *               },
           *               {
           *                 "key": "lost",
           *                 "label": "Lost",
           *                 "sort_order": 6,
           *                 "is_conversion_stage": false,
           *                 "count": 0
           *               }
           *             ],
           *             "trend": {
           *               "interval": "day",
           *               "points": [
           *                 {
           *                   "date": "2026-03-02",
           *                   "lead_count": 4,
           *                   "conversion_count": 0,
           *                   "prorated_spend_cents": 21450
           *                 },
           *                 {
           *                   "date": "2026-03-03",
           *                   "lead_count": 6,
           *                   "conversion_count": 1,
           *                   "prorated_spend_cents": 23800
           *                 },
           *                 {
           *                   "date": "2026-03-04",
           *                   "lead_count": 5,
           *                   "conversion_count": 1,
           *                   "prorated_spend_cents": 22975
           *                 }
           *               ]
           *             },
           *             "trends": {
           *               "interval": "day",
           *               "form_count": [
           *                 {
           *                   "date": "2026-03-02",
           *                   "value": 3
           *                 },
           *                 {
           *                   "date": "2026-03-03",
           *                   "value": 4
           *                 },
           *                 {
           *                   "date": "2026-03-04",
           *                   "value": 4
           *                 }
           *               ],
           *               "call_count": [
           *                 {
           *                   "date": "2026-03-02",
           *                   "value": 1
           *                 },
           *                 {
           *                   "date": "2026-03-03",
           *                   "value": 2
           *                 },
           *                 {
           *                   "date": "2026-03-04",
           *                   "value": 1
           *                 }
           *               ]
           *             }
           *           }
           *         },
           *         {
           *           "id": "source:facebook",
           *           "key": "facebook",
           *           "label": "facebook",
           *           "source": "facebook",
           *           "medium": "paid_social",
           *           "campaign": null,
           *           "metrics": {
           *             "lead_count": 6,
           *             "conversion_count": 1,
           *             "conversion_rate": 0.16666666666666666,
           *             "avg_lead_to_sold_seconds": 193200,
           *             "funnel_gap_count": 0,
           *             "funnel_gap_rate": 0,
           *             "form_count": 6,
           *             "call_count": 1,
           *             "answered_call_count": 1,
           *             "missed_call_count": 0,
           *             "call_duration_seconds_total": 214,
           *             "avg_call_duration_seconds": 214,
           *             "sms_inbound_count": 3,
           *             "sms_outbound_count": 5,
           *             "sms_inbound_thread_count": 2,
           *             "sms_responded_thread_count": 2,
           *             "sms_response_rate": 1,
           *             "automated_spend_cents": 25025,
           *             "other_costs_cents": 5000,
           *             "total_spend_cents": 30025,
           *             "prorated_spend_cents": 30025,
           *             "cpl_cents": 5004,
           *             "cpa_cents": 30025,
           *             "revenue_cents": 1595000,
           *             "roas": 53.12239800166528,
           *             "currency": "USD",
           *             "stage_counts": {
           *               "new": 2,
           *               "contacted": 1,
           *               "appointment_set": 1,
           *               "quoted": 1,
           *               "sold": 1,
           *               "lost": 0
           *             },
           *             "funnel_gap_stage_counts": {
           *               "appointment_set": 0
           *             },
           *             "stages": [
           *               {
           *                 "key": "new",
           *                 "label": "New",
           *                 "sort_order": 1,
           *                 "is_conversion_stage": false,
           *                 "count": 2
           *               },
           *               {
           *                 "key": "contacted",
           *                 "label": "Contacted",
           *                 "sort_order": 2,
           *                 "is_conversion_stage": false,
           *                 "count": 1
           *               },
           *               {
           *                 "key": "appointment_set",
           *                 "label": "Appointment set",
           *                 "sort_order": 3,
           *                 "is_conversion_stage": false,
           *                 "count": 1
           *               },
           *               {
           *                 "key": "quoted",
           *                 "label": "Quoted",
           *                 "sort_order": 4,
           *                 "is_conversion_stage": false,
           *                 "count": 1
           *               },
           *               {
           *                 "key": "sold",
           *                 "label": "Sold",
           *                 "sort_order": 5,
           *                 "is_conversion_stage": true,
           *                 "count": 1
           *               },
           *               {
           *                 "key": "lost",
           *                 "label": "Lost",
           *                 "sort_order": 6,
           *                 "is_conversion_stage": false,
           *                 "count": 0
           *               }
           *             ],
           *             "trend": {
           *               "interval": "day",
           *               "points": [
           *                 {
           *                   "date": "2026-03-02",
           *                   "lead_count": 2,
           *                   "conversion_count": 0,
           *                   "prorated_spend_cents": 9800
           *                 },
           *                 {
           *                   "date": "2026-03-03",
           *                   "lead_count": 1,
           *                   "conversion_count": 0,
           *                   "prorated_spend_cents": 10250
           *                 },
           *                 {
           *                   "date": "2026-03-04",
           *                   "lead_count": 3,
           *                   "conversion_count": 1,
           *                   "prorated_spend_cents": 9975
           *                 }
           *               ]
           *             },
           *             "trends": {
           *               "interval": "day",
           *               "form_count": [
           *                 {
           *                   "date": "2026-03-02",
           *                   "value": 2
           *                 },
           *                 {
           *                   "date": "2026-03-03",
           *                   "value": 1
           *                 },
           *                 {
           *                   "date": "2026-03-04",
           *                   "value": 3
           *                 }
           *               ],
           *               "call_count": [
           *                 {
           *                   "date": "2026-03-02",
           *                   "value": 0
           *                 },
           *                 {
           *                   "date": "2026-03-03",
           *                   "value": 1
           *                 },
           *                 {
           *                   "date": "2026-03-04",
           *                   "value": 0
           *                 }
           *               ]
           *             }
           *           }
           *         }
           *       ],
           *       "summary": {
           *         "lead_count": 21,
           *         "conversion_count": 3,
           *         "conversion_rate": 0.14285714285714285,
           *         "avg_lead_to_sold_seconds": 193200,
           *         "funnel_gap_count": 2,
           *         "funnel_gap_rate": 0.09523809523809523,
           *         "form_count": 17,
           *         "call_count": 5,
           *         "answered_call_count": 4,
           *         "missed_call_count": 1,
           *         "call_duration_seconds_total": 856,
           *         "avg_call_duration_seconds": 214,
           *         "sms_inbound_count": 3,
           *         "sms_outbound_count": 5,
           *         "sms_inbound_thread_count": 2,
           *         "sms_responded_thread_count": 2,
           *         "sms_response_rate": 1,
           *         "automated_spend_cents": 93250,
           *         "other_costs_cents": 5000,
           *         "total_spend_cents": 98250,
           *         "prorated_spend_cents": 98250,
           *         "cpl_cents": 4679,
           *         "cpa_cents": 32750,
           *         "revenue_cents": 5207000,
           *         "roas": 52.99745547073791,
           *         "currency": "USD",
           *         "stage_counts": {
           *           "new": 15,
           *           "contacted": 1,
           *           "appointment_set": 1,
           *           "quoted": 1,
           *           "sold": 3,
           *           "lost": 0
           *         },
           *         "funnel_gap_stage_counts": {
           *           "appointment_set": 2
           *         },
           *         "stages": [
           *           {
           *             "key": "new",
           *             "label": "New",
           *             "sort_order": 1,
           *             "is_conversion_stage": false,
           *             "count": 15
           *           },
           *           {
           *             "key": "contacted",
           *             "label": "Contacted",
           *             "sort_order": 2,
           *             "is_conversion_stage": false,
           *             "count": 1
           *           },
           *           {
           *             "key": "appointment_set",
           *             "label": "Appointment set",
           *             "sort_order": 3,
           *             "is_conversion_stage": false,
           *             "count": 1
           *           },
           *           {
           *             "key": "quoted",
           *             "label": "Quoted",
           *             "sort_order": 4,
           *             "is_conversion_stage": false,
           *             "count": 1
           *           },
           *           {
           *             "key": "sold",
           *             "label": "Sold",
           *             "sort_order": 5,
           *             "is_conversion_stage": true,
           *             "count": 3
           *           },
           *           {
           *             "key": "lost",
           *             "label": "Lost",
           *             "sort_order": 6,
           *             "is_conversion_stage": false,
           *             "count": 0
           *           }
           *         ],
           *         "trend": {
           *           "interval": "day",
           *           "points": [
           *             {
           *               "date": "2026-03-02",
           *               "lead_count": 6,
           *               "conversion_count": 0,
           *               "prorated_spend_cents": 31250
           *             },
           *             {
           *               "date": "2026-03-03",
           *               "lead_count": 7,
           *               "conversion_count": 1,
           *               "prorated_spend_cents": 34050
           *             },
           *             {
           *               "date": "2026-03-04",
           *               "lead_count": 8,
           *               "conversion_count": 2,
           *               "prorated_spend_cents": 32950
           *             }
           *           ]
           *         },
           *         "trends": {
           *           "interval": "day",
           *           "form_count": [
           *             {
           *               "date": "2026-03-02",
           *               "value": 5
           *             },
           *             {
           *               "date": "2026-03-03",
           *               "value": 5
           *             },
           *             {
           *               "date": "2026-03-04",
           *               "value": 7
           *             }
           *           ],
           *           "call_count": [
           *             {
           *               "date": "2026-03-02",
           *               "value": 1
           *             },
           *             {
           *               "date": "2026-03-03",
           *               "value": 3
           *             },
           *             {
           *               "date": "2026-03-04",
           *               "value": 1
           *             }
           *           ]
           *         }
           *       },
           *       "range": {
           *         "from": "2026-03-02T06:00:00.000Z",
           *         "to": "2026-03-05T06:00:00.000Z",
           *         "timezone": "America/Chicago"
           *       }
           *     }
           */
          'application/json': {
            lead_sources: components['schemas']['AttributionRow'][];
            summary: components['schemas']['AttributionMetrics'];
            range: components['schemas']['AttributionRange'];
          };
        };
      };
      /** @description Not Modified: If-None-Match names the current ETag; no body, and not charged against the rate limit */
      304: {
        headers: {
          /** @description The dated API version the answer is rendered in */
          'Partner-Version'?: string;
          /** @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds) */
          Deprecation?: string;
          /** @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594) */
          Sunset?: string;
          /** @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"` */
          Link?: string;
          /** @description Requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description When the current minute ends (ISO 8601) */
          'X-RateLimit-Reset'?: string;
          /** @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds */
          'RateLimit-Policy'?: string;
          /** @description What is left of the quota: r requests for the next t seconds */
          RateLimit?: string;
          /** @description A strong tag of the body: send it back in If-None-Match */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid payload, query or header */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing, malformed, revoked, deleted or unknown key */
      401: {
        headers: {
          /** @description The authentication scheme the API takes: a Bearer API key */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Key lacks the scope or workspace inactive */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Rate limit exceeded */
      429: {
        headers: {
          /** @description Seconds to wait before sending the request again */
          'Retry-After'?: string;
          /** @description Past the per-minute limit: requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Past the per-minute limit: requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description Past the per-minute limit: when the current minute ends (iso 8601) */
          'X-RateLimit-Reset'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Internal error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  getLeadSource: {
    parameters: {
      query?: {
        /**
         * @description Inclusive lower bound; default 30 days before `to`
         * @example 2026-03-02T00:00:00-06:00
         */
        from?: string;
        /**
         * @description Exclusive upper bound; default now
         * @example 2026-03-05T00:00:00-06:00
         */
        to?: string;
        /**
         * @description IANA name: day boundaries of trends and spend proration
         * @example America/Chicago
         */
        timezone?: string;
      };
      header?: {
        /**
         * @description The dated API version to answer in (known: 2026-11-27); without it, the version pinned on the key when it was created. An unknown or malformed one is a 400 listing the known ones. See "API versions" above.
         * @example 2026-11-27
         */
        'Partner-Version'?: string;
        /**
         * @description ETags of answers you hold (or `*`): when one matches, the answer is 304 with no body, not charged against the rate limit. See "Conditional requests" above.
         * @example "k3Jq8Xw2bV0s9Lr4Tn6yPa"
         */
        'If-None-Match'?: string;
      };
      path: {
        /**
         * @description URL-safe `key` of a row, or its `id` (`source:<key>`)
         * @example google
         */
        source_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The source row, its campaign rows, their summary and the range */
      200: {
        headers: {
          /**
           * @description The dated API version the answer is rendered in
           * @example 2026-11-27
           */
          'Partner-Version'?: string;
          /**
           * @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds)
           * @example @1798761600
           */
          Deprecation?: string;
          /**
           * @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594)
           * @example Mon, 01 Mar 2027 00:00:00 GMT
           */
          Sunset?: string;
          /**
           * @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"`
           * @example <https://api.example.com/docs#section/API-versions>; rel="deprecation"; type="text/html"
           */
          Link?: string;
          /**
           * @description Requests allowed per minute for this key and endpoint
           * @example 60
           */
          'X-RateLimit-Limit'?: string;
          /**
           * @description Requests left in the current minute
           * @example 59
           */
          'X-RateLimit-Remaining'?: string;
          /**
           * @description When the current minute ends (ISO 8601)
           * @example 2026-11-27T14:03:00.000Z
           */
          'X-RateLimit-Reset'?: string;
          /**
           * @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds
           * @example "default";q=60;w=60
           */
          'RateLimit-Policy'?: string;
          /**
           * @description What is left of the quota: r requests for the next t seconds
           * @example "default";r=59;t=42
           */
          RateLimit?: string;
          /**
           * @description A strong tag of the body: send it back in If-None-Match
           * @example "k3Jq8Xw2bV0s9Lr4Tn6yPa"
           */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "lead_source": {
           *         "id": "source:google",
           *         "key": "google",
           *         "label": "google",
           *         "source": "google",
           *         "medium": "cpc",
           *         "campaign": null,
           *         "metrics": {
           *           "lead_count": 15,
           *           "conversion_count": 2,
           *           "conversion_rate": 0.13333333333333333,
           *           "avg_lead_to_sold_seconds": 193200,
           *           "funnel_gap_count": 1,
           *           "funnel_gap_rate": 0.06666666666666667,
           *           "form_count": 11,
           *           "call_count": 4,
           *           "answered_call_count": 3,
           *           "missed_call_count": 1,
           *           "call_duration_seconds_total": 642,
           *           "avg_call_duration_seconds": 214,
           *           "sms_inbound_count": 3,
           *           "sms_outbound_count": 5,
           *           "sms_inbound_thread_count": 2,
           *           "sms_responded_thread_count": 2,
           *           "sms_response_rate": 1,
           *           "automated_spend_cents": 63225,
           *           "other_costs_cents": 5000,
           *           "total_spend_cents": 68225,
           *           "prorated_spend_cents": 68225,
           *           "cpl_cents": 4548,
           *           "cpa_cents": 34113,
           *           "revenue_cents": 3612000,
           *           "roas": 52.94246976914621,
           *           "currency": "USD",
           *           "stage_counts": {
           *             "new": 10,
           *             "contacted": 1,
           *             "appointment_set": 1,
           *             "quoted": 1,
           *             "sold": 2,
           *             "lost": 0
           *           },
           *           "funnel_gap_stage_counts": {
           *             "appointment_set": 1
           *           },
           *           "stages": [
           *             {
           *               "key": "new",
           *               "label": "New",
           *               "sort_order": 1,
           *               "is_conversion_stage": false,
           *               "count": 10
           *             },
           *             {
           *               "key": "contacted",
           *               "label": "Contacted",
           *               "sort_order": 2,
           *               "is_conversion_stage": false,
           *               "count": 1
           *             },
           *             {
           *               "key": "appointment_set",
           *               "label": "Appointment set",
           *               "sort_order": 3,
           *               "is_conversion_stage": false,
           *               "count": 1
           *             },
           *             {
           *               "key": "quoted",
           *               "label": "Quoted",
           *               "sort_order": 4,
           *               "is_conversion_stage": false,
           *               "count": 1
           *             },
           *             {
           *               "key": "sold",
           *               "label": "Sold",
           *               "sort_order": 5,
           *               "is_conversion_stage": true,
           *               "count": 2
           *             },
           *             {
           *               "key": "lost",
           *               "label": "Lost",
           *               "sort_order": 6,
           *               "is_conversion_stage": false,
           *               "count": 0
           *             }
           *           ],
           *           "trend": {
           *             "interval": "day",
           *             "points": [
           *               {
           *                 "date": "2026-03-02",
           *                 "lead_count": 4,
           *                 "conversion_count": 0,
           *                 "prorated_spend_cents": 21450
           *               },
           *               {
           *                 "date": "2026-03-03",
           *                 "lead_count": 6,
           *                 "conversion_count": 1,
           *                 "prorated_spend_cents": 23800
           *               },
           *               {
           *                 "date": "2026-03-04",
           *                 "lead_count": 5,
           *                 "conversion_count": 1,
           *                 "prorated_spend_cents": 22975
           *               }
           *             ]
           *           },
           *           "trends": {
           *             "interval": "day",
           *             "form_count": [
           *               {
           *                 "date": "2026-03-02",
           *                 "value": 3
           *               },
           *               {
           *                 "date": "2026-03-03",
           *                 "value": 4
           *               },
           *               {
           *                 "date": "2026-03-04",
           *                 "value": 4
           *               }
           *             ],
           *             "call_count": [
           *               {
           *                 "date": "2026-03-02",
           *                 "value": 1
           *               },
           *               {
           *                 "date": "2026-03-03",
           *                 "value": 2
           *               },
           *               {
           *                 "date": "2026-03-04",
           *                 "value": 1
           *               }
           *             ]
           *           }
           *         }
           *       },
           *       "campaigns": [
           *         {
           *           "id": "source:google/campaign:spring-roof-2026",
           *           "key": "spring-roof-2026",
           *           "label": "spring-roof-2026",
           *           "source": "google",
           *           "medium": "cpc",
           *           "campaign": "spring-roof-2026",
           *           "metrics": {
           *             "lead_count": 15,
           *             "conversion_count": 2,
           *             "conversion_rate": 0.13333333333333333,
           *             "avg_lead_to_sold_seconds": 193200,
           *             "funnel_gap_count": 1,
           *             "funnel_gap_rate": 0.06666666666666667,
           *             "form_count": 11,
           *             "call_count": 4,
           *             "answered_call_count": 3,
           *             "missed_call_count": 1,
           *             "call_duration_seconds_total": 642,
           *             "avg_call_duration_seconds": 214,
           *             "sms_inbound_count": 3,
           *             "sms_outbound_count": 5,
           *             "sms_inbound_thread_count": 2,
           *             "sms_responded_thread_count": 2,
           *             "sms_response_rate": 1,
           *             "automated_spend_cents": 63225,
           *             "other_costs_cents": 5000,
           *             "total_spend_cents": 68225,
           *             "prorated_spend_cents": 68225,
           *             "cpl_cents": 4548,
           *             "cpa_cents": 34113,
           *             "revenue_cents": 3612000,
           *             "roas": 52.94246976914621,
           *             "currency": "USD",
           *             "stage_counts": {
           *               "new": 10,
           *               "contacted": 1,
           *               "appointment_set": 1,
           *               "quoted": 1,
           *               "sold": 2,
           *               "lost": 0
           *             },
           *             "funnel_gap_stage_counts": {
           *               "appointment_set": 1
           *             },
           *             "stages": [
           *               {
           *                 "key": "new",
           *                 "label": "New",
           *                 "sort_order": 1,
           *                 "is_conversion_stage": false,
           *                 "count": 10
           *               },
           *               {
           *                 "key": "contacted",
           *                 "label": "Contacted",
           *                 "sort_order": 2,
           *                 "is_conversion_stage": false,
           *                 "count": 1
           *               },
           *               {
           *                 "key": "appointment_set",
           *                 "label": "Appointment set",
           *                 "sort_order": 3,
           *                 "is_conversion_stage": false,
           *                 "count": 1
           *               },
           *               {
           *                 "key": "quoted",
           *                 "label": "Quoted",
           *                 "sort_order": 4,
           *                 "is_conversion_stage": false,
           *                 "count": 1
           *               },
           *               {
           *                 "key": "sold",
           *                 "label": "Sold",
           *                 "sort_order": 5,
           *                 "is_conversion_stage": true,
           *                 "count": 2
           *               },
           *               {
           *                 "key": "lost",
           *                 "label": "Lost",
           *                 "sort_order": 6,
           *                 "is_conversion_stage": false,
           *                 "count": 0
           *               }
           *             ],
           *             "trend": {
           *               "interval": "day",
           *               "points": [
           *                 {
           *                   "date": "2026-03-02",
           *                   "lead_count": 4,
           *                   "conversion_count": 0,
           *                   "prorated_spend_cents": 21450
           *                 },
           *                 {
           *                   "date": "2026-03-03",
           *                   "lead_count": 6,
           *                   "conversion_count": 1,
           *                   "prorated_spend_cents": 23800
           *                 },
           *                 {
           *                   "date": "2026-03-04",
           *                   "lead_count": 5,
           *                   "conversion_count": 1,
           *                   "prorated_spend_cents": 22975
           *                 }
           *               ]
           *             },
           *             "trends": {
           *               "interval": "day",
           *               "form_count": [
           *                 {
           *                   "date": "2026-03-02",
           *                   "value": 3
           *                 },
           *                 {
           *                   "date": "2026-03-03",
           *                   "value": 4
           *                 },
           *                 {
           *                   "date": "2026-03-04",
           *                   "value": 4
           *                 }
           *               ],
           *               "call_count": [
           *                 {
           *                   "date": "2026-03-02",
           *                   "value": 1
           *                 },
           *                 {
           *                   "date": "2026-03-03",
           *                   "value": 2
           *                 },
           *                 {
           *                   "date": "2026-03-04",
           *                   "value": 1
           *                 }
           *               ]
           *             }
           *           }
           *         }
           *       ],
           *       "summary": {
           *         "lead_count": 15,
           *         "conversion_count": 2,
           *         "conversion_rate": 0.13333333333333333,
           *         "avg_lead_to_sold_seconds": 193200,
           *         "funnel_gap_count": 1,
           *         "funnel_gap_rate": 0.06666666666666667,
           *         "form_count": 11,
           *         "call_count": 4,
           *         "answered_call_count": 3,
           *         "missed_call_count": 1,
           *         "call_duration_seconds_total": 642,
           *         "avg_call_duration_seconds": 214,
           *         "sms_inbound_count": 3,
           *         "sms_outbound_count": 5,
           *         "sms_inbound_thread_count": 2,
           *         "sms_responded_thread_count": 2,
           *         "sms_response_rate": 1,
           *         "automated_spend_cents": 63225,
           *         "other_costs_cents": 5000,
           *         "total_spend_cents": 68225,
           *         "prorated_spend_cents": 68225,
           *         "cpl_cents": 4548,
           *         "cpa_cents": 34113,
           *         "revenue_cents": 3612000,
           *         "roas": 52.94246976914621,
           *         "currency": "USD",
           *         "stage_counts": {
           *           "new": 10,
           *           "contacted": 1,
           *           "appointment_set": 1,
           *           "quoted": 1,
           *           "sold": 2,
           *           "lost": 0
           *         },
           *         "funnel_gap_stage_counts": {
           *           "appointment_set": 1
           *         },
           *         "stages": [
           *           {
           *             "key": "new",
           *             "label": "New",
           *             "sort_order": 1,
           *             "is_conversion_stage": false,
           *             "count": 10
           *           },
           *           {
           *             "key": "contacted",
           *             "label": "Contacted",
           *             "sort_order": 2,
           *             "is_conversion_stage": false,
           *             "count": 1
           *           },
           *           {
           *             "key": "appointment_set",
           *             "label": "Appointment set",
           *             "sort_order": 3,
           *             "is_conversion_stage": false,
           *             "count": 1
           *           },
           *           {
           *             "key": "quoted",
           *             "label": "Quoted",
           *             "sort_order": 4,
           *             "is_conversion_stage": false,
           *             "count": 1
           *           },
           *           {
           *             "key": "sold",
           *             "label": "Sold",
           *             "sort_order": 5,
           *             "is_conversion_stage": true,
           *             "count": 2
           *           },
           *           {
           *             "key": "lost",
           *             "label": "Lost",
           *             "sort_order": 6,
           *             "is_conversion_stage": false,
           *             "count": 0
           *           }
           *         ],
           *         "trend": {
           *           "interval": "day",
           *           "points": [
           *             {
           *               "date": "2026-03-02",
           *               "lead_count": 4,
           *               "conversion_count": 0,
           *               "prorated_spend_cents": 21450
           *             },
           *             {
           *               "date": "2026-03-03",
           *               "lead_count": 6,
           *               "conversion_count": 1,
           *               "prorated_spend_cents": 23800
           *             },
           *             {
           *               "date": "2026-03-04",
           *               "lead_count": 5,
           *               "conversion_count": 1,
           *               "prorated_spend_cents": 22975
           *             }
           *           ]
           *         },
           *         "trends": {
           *           "interval": "day",
           *           "form_count": [
           *             {
           *               "date": "2026-03-02",
           *               "value": 3
           *             },
           *             {
           *               "date": "2026-03-03",
           *               "value": 4
           *             },
           *             {
           *               "date": "2026-03-04",
           *               "value": 4
           *             }
           *           ],
           *           "call_count": [
           *             {
           *               "date": "2026-03-02",
           *               "value": 1
           *             },
           *             {
           *               "date": "2026-03-03",
           *               "value": 2
           *             },
           *             {
           *               "date": "2026-03-04",
           *               "value": 1
           *             }
           *           ]
           *         }
           *       },
           *       "range": {
           *         "from": "2026-03-02T06:00:00.000Z",
           *         "to": "2026-03-05T06:00:00.000Z",
           *         "timezone": "America/Chicago"
           *       }
           *     }
           */
          'application/json': {
            lead_source: components['schemas']['AttributionRow'];
            campaigns: components['schemas']['AttributionRow'][];
            summary: components['schemas']['AttributionMetrics'];
            range: components['schemas']['AttributionRange'];
          };
        };
      };
      /** @description Not Modified: If-None-Match names the current ETag; no body, and not charged against the rate limit */
      304: {
        headers: {
          /** @description The dated API version the answer is rendered in */
          'Partner-Version'?: string;
          /** @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds) */
          Deprecation?: string;
          /** @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594) */
          Sunset?: string;
          /** @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"` */
          Link?: string;
          /** @description Requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description When the current minute ends (ISO 8601) */
          'X-RateLimit-Reset'?: string;
          /** @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds */
          'RateLimit-Policy'?: string;
          /** @description What is left of the quota: r requests for the next t seconds */
          RateLimit?: string;
          /** @description A strong tag of the body: send it back in If-None-Match */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid payload, query or header */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing, malformed, revoked, deleted or unknown key */
      401: {
        headers: {
          /** @description The authentication scheme the API takes: a Bearer API key */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Key lacks the scope or workspace inactive */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Resource absent in the key-bound workspace */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Rate limit exceeded */
      429: {
        headers: {
          /** @description Seconds to wait before sending the request again */
          'Retry-After'?: string;
          /** @description Past the per-minute limit: requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Past the per-minute limit: requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description Past the per-minute limit: when the current minute ends (iso 8601) */
          'X-RateLimit-Reset'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Internal error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  listCampaigns: {
    parameters: {
      query?: {
        /**
         * @description Inclusive lower bound; default 30 days before `to`
         * @example 2026-03-02T00:00:00-06:00
         */
        from?: string;
        /**
         * @description Exclusive upper bound; default now
         * @example 2026-03-05T00:00:00-06:00
         */
        to?: string;
        /**
         * @description IANA name: day boundaries of trends and spend proration
         * @example America/Chicago
         */
        timezone?: string;
      };
      header?: {
        /**
         * @description The dated API version to answer in (known: 2026-11-27); without it, the version pinned on the key when it was created. An unknown or malformed one is a 400 listing the known ones. See "API versions" above.
         * @example 2026-11-27
         */
        'Partner-Version'?: string;
        /**
         * @description ETags of answers you hold (or `*`): when one matches, the answer is 304 with no body, not charged against the rate limit. See "Conditional requests" above.
         * @example "k3Jq8Xw2bV0s9Lr4Tn6yPa"
         */
        'If-None-Match'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Campaign rows, their summary and the range */
      200: {
        headers: {
          /**
           * @description The dated API version the answer is rendered in
           * @example 2026-11-27
           */
          'Partner-Version'?: string;
          /**
           * @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds)
           * @example @1798761600
           */
          Deprecation?: string;
          /**
           * @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594)
           * @example Mon, 01 Mar 2027 00:00:00 GMT
           */
          Sunset?: string;
          /**
           * @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"`
           * @example <https://api.example.com/docs#section/API-versions>; rel="deprecation"; type="text/html"
           */
          Link?: string;
          /**
           * @description Requests allowed per minute for this key and endpoint
           * @example 60
           */
          'X-RateLimit-Limit'?: string;
          /**
           * @description Requests left in the current minute
           * @example 59
           */
          'X-RateLimit-Remaining'?: string;
          /**
           * @description When the current minute ends (ISO 8601)
           * @example 2026-11-27T14:03:00.000Z
           */
          'X-RateLimit-Reset'?: string;
          /**
           * @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds
           * @example "default";q=60;w=60
           */
          'RateLimit-Policy'?: string;
          /**
           * @description What is left of the quota: r requests for the next t seconds
           * @example "default";r=59;t=42
           */
          RateLimit?: string;
          /**
           * @description A strong tag of the body: send it back in If-None-Match
           * @example "k3Jq8Xw2bV0s9Lr4Tn6yPa"
           */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "campaigns": [
           *         {
           *           "id": "campaign:spring-roof-2026",
           *           "key": "spring-roof-2026",
           *           "label": "spring-roof-2026",
           *           "source": null,
           *           "medium": "cpc",
           *           "campaign": "spring-roof-2026",
           *           "metrics": {
           *             "lead_count": 15,
           *             "conversion_count": 2,
           *             "conversion_rate": 0.13333333333333333,
           *             "avg_lead_to_sold_seconds": 193200,
           *             "funnel_gap_count": 1,
           *             "funnel_gap_rate": 0.06666666666666667,
           *             "form_count": 11,
           *             "call_count": 4,
           *             "answered_call_count": 3,
           *             "missed_call_count": 1,
           *             "call_duration_seconds_total": 642,
           *             "avg_call_duration_seconds": 214,
           *             "sms_inbound_count": 3,
           *             "sms_outbound_count": 5,
           *             "sms_inbound_thread_count": 2,
           *             "sms_responded_thread_count": 2,
           *             "sms_response_rate": 1,
           *             "automated_spend_cents": 63225,
           *             "other_costs_cents": 5000,
           *             "total_spend_cents": 68225,
           *             "prorated_spend_cents": 68225,
           *             "cpl_cents": 4548,
           *             "cpa_cents": 34113,
           *             "revenue_cents": 3612000,
           *             "roas": 52.94246976914621,
           *             "currency": "USD",
           *             "stage_counts": {
           *               "new": 10,
           *               "contacted": 1,
           *               "appointment_set": 1,
           *               "quoted": 1,
           *               "sold": 2,
           *               "lost": 0
           *             },
           *             "funnel_gap_stage_counts": {
           *               "appointment_set": 1
           *             },
           *             "stages": [
           *               {
           *                 "key": "new",
           *                 "label": "New",
           *                 "sort_order": 1,
           *                 "is_conversion_stage": false,
           *                 "count": 10
           *               },
           *               {
           *                 "key": "contacted",
           *                 "label": "Contacted",
           *                 "sort_order": 2,
           *                 "is_conversion_stage": false,
           *                 "count": 1
           *               },
           *               {
           *                 "key": "appointment_set",
           *                 "label": "Appointment set",
           *                 "sort_order": 3,
           *                 "is_conversion_stage": false,
           *                 "count": 1
           *               },
           *               {
           *                 "key": "quoted",
           *                 "label": "Quoted",
           *                 "sort_order": 4,
           *                 "is_conversion_stage": false,
           *                 "count": 1
           *               },
           *               {
           *                 "key": "sold",
           *                 "label": "Sold",
           *                 "sort_order": 5,
           *                 "is_conversion_stage": true,
           *                 "count": 2
           *               },
           *               {
           *                 "key": "lost",
           *                 "label": "Lost",
           *                 "sort_order": 6,
           *                 "is_conversion_stage": false,
           *                 "count": 0
           *               }
           *             ],
           *             "trend": {
           *               "interval": "day",
           *               "points": [
           *                 {
           *                   "date": "2026-03-02",
           *                   "lead_count": 4,
           *                   "conversion_count": 0,
           *                   "prorated_spend_cents": 21450
           *                 },
           *                 {
           *                   "date": "2026-03-03",
           *                   "lead_count": 6,
           *                   "conversion_count": 1,
           *                   "prorated_spend_cents": 23800
           *                 },
           *                 {
           *                   "date": "2026-03-04",
           *                   "lead_count": 5,
           *                   "conversion_count": 1,
           *                   "prorated_spend_cents": 22975
           *                 }
           *               ]
           *             },
           *             "trends": {
           *               "interval": "day",
           *               "form_count": [
           *                 {
           *                   "date": "2026-03-02",
           *                   "value": 3
           *                 },
           *                 {
           *                   "date": "2026-03-03",
           *                   "value": 4
           *                 },
           *                 {
           *                   "date": "2026-03-04",
           *                   "value": 4
           *                 }
           *               ],
           *               "call_count": [
           *                 {
           *                   "date": "2026-03-02",
           *                   "value": 1
           *                 },
           *                 {
           *                   "date": "2026-03-03",
           *                   "value": 2
           *                 },
           *                 {
           *                   "date": "2026-03-04",
           *                   "value": 1
           *                 }
           *               ]
           *             }
           *           }
           *         },
           *         {
           *           "id": "campaign:Storm~20Season~20Retargeting",
           *           "key": "Storm~20Season~20Retargeting",
           *           "label": "Storm Season Retargeting",
           *           "source": null,
           *           "medium": "paid_social",
           *           "campaign": "Storm Season Retargeting",
           *           "metrics": {
           *             "lead_count": 6,
           *             "conversion_count": 1,
           *             "conversion_rate": 0.16666666666666666,
           *             "avg_lead_to_sold_seconds": 193200,
           *             "funnel_gap_count": 0,
           *             "funnel_gap_rate": 0,
           *             "form_count": 6,
           *             "call_count": 1,
           *             "answered_call_count": 1,
           *             "missed_call_count": 0,
           *             "call_duration_seconds_total": 214,
           *             "avg_call_duration_seconds": 214,
           *             "sms_inbound_count": 3,
           *             "sms_outbound_count": 5,
           *             "sms_inbound_thread_count": 2,
           *             "sms_responded_thread_count": 2,
           *             "sms_response_rate": 1,
           *             "automated_spend_cents": 25025,
           *             "other_costs_cents": 5000,
           *             "total_spend_cents": 30025,
           *             "prorated_spend_cents": 30025,
           *             "cpl_cents": 5004,
           *             "cpa_cents": 30025,
           *             "revenue_cents": 1595000,
           *             "roas": 53.12239800166528,
           *             "currency": "USD",
           *             "stage_counts": {
           *               "new": 2,
           *               "contacted": 1,
           *               "appointment_set": 1,
           *               "quoted": 1,
           *               "sold": 1,
           *               "lost": 0
           *             },
           *             "funnel_gap_stage_counts": {
           *               "appointment_set": 0
           *             },
           *             "stages": [
           *               {
           *                 "key": "new",
           *                 "label": "New",
           *                 "sort_order": 1,
           *                 "is_conversion_stage": false,
           *                 "count": 2
           *               },
           *               {
           *                 "key": "contacted",
           *                 "label": "Contacted",
           *                 "sort_order": 2,
           *                 "is_conversion_stage": false,
           *                 "count": 1
           *               },
           *               {
           *                 "key": "appointment_set",
           *                 "label": "Appointment set",
           *                 "sort_order": 3,
           *                 "is_conversion_stage": false,
           *                 "count": 1
           *               },
           *               {
           *                 "key": "quoted",
           *                 "label": "Quoted",
           *                 "sort_order": 4,
           *                 "is_conversion_stage": false,
           *                 "count": 1
           *               },
           *               {
           *                 "key": "sold",
           *                 "label": "Sold",
           *                 "sort_order": 5,
           *                 "is_conversion_stage": true,
           *                 "count": 1
           *               },
           *               {
           *                 "key": "lost",
           *                 "label": "Lost",
           *                 "sort_order": 6,
           *                 "is_conversion_stage": false,
           *                 "count": 0
           *               }
           *             ],
           *             "trend": {
           *               "interval": "day",
           *               "points": [
           *                 {
           *                   "date": "2026-03-02",
           *                   "lead_count": 2,
           *                   "conversion_count": 0,
           *                   "prorated_spend_cents": 9800
           *                 },
           *                 {
           *                   "date": "2026-03-03",
           *                   "lead_count": 1,
           *                   "conversion_count": 0,
           *                   "prorated_spend_cents": 10250
           *                 },
           *                 {
           *                   "date": "2026-03-04",
           *                   "lead_count": 3,
           *                   "conversion_count": 1,
           *                   "prorated_spend_cents": 9975
           *                 }
           *               ]
           *             },
           *             "trends": {
           *               "interval": "day",
           *               "form_count": [
           *                 {
           *                   "date": "2026-03-02",
           *                   "value": 2
           *                 },
           *                 {
           *                   "date": "2026-03-03",
           *                   "value": 1
           *                 },
           *                 {
           *                   "date": "2026-03-04",
           *                   "value": 3
           *                 }
           *               ],
           *               "call_count": [
           *                 {
           *                   "date": "2026-03-02",
           *                   "value": 0
           *                 },
           *                 {
           *                   "date": "2026-03-03",
           *                   "value": 1
           *                 },
           *                 {
           *                   "date": "2026-03-04",
           *                   "value": 0
           *                 }
           *               ]
           *             }
           *           }
           *         }
           *       ],
           *       "summary": {
           *         "lead_count": 21,
           *         "conversion_count": 3,
           *         "conversion_rate": 0.14285714285714285,
           *         "avg_lead_to_sold_seconds": 193200,
           *         "funnel_gap_count": 2,
           *         "funnel_gap_rate": 0.09523809523809523,
           *         "form_count": 17,
           *         "call_count": 5,
           *         "answered_call_count": 4,
           *         "missed_call_count": 1,
           *         "call_duration_seconds_total": 856,
           *         "avg_call_duration_seconds": 214,
           *         "sms_inbound_count": 3,
           *         "sms_outbound_count": 5,
           *         "sms_inbound_thread_count": 2,
           *         "sms_responded_thread_count": 2,
           *         "sms_response_rate": 1,
           *         "automated_spend_cents": 93250,
           *         "other_costs_cents": 5000,
           *         "total_spend_cents": 98250,
           *         "prorated_spend_cents": 98250,
           *         "cpl_cents": 4679,
           *         "cpa_cents": 32750,
           *         "revenue_cents": 5207000,
           *         "roas": 52.99745547073791,
           *         "currency": "USD",
           *         "stage_counts": {
           *           "new": 15,
           *           "contacted": 1,
           *           "appointment_set": 1,
           *           "quoted": 1,
           *           "sold": 3,
           *           "lost": 0
           *         },
           *         "funnel_gap_stage_counts": {
           *           "appointment_set": 2
           *         },
           *         "stages": [
           *           {
           *             "key": "new",
           *             "label": "New",
           *             "sort_order": 1,
           *             "is_conversion_stage": false,
           *             "count": 15
           *           },
           *           {
           *             "key": "contacted",
           *             "label": "Contacted",
           *             "sort_order": 2,
           *             "is_conversion_stage": false,
           *             "count": 1
           *           },
           *           {
           *             "key": "appointment_set",
           *             "label": "Appointment set",
           *             "sort_order": 3,
           *             "is_conversion_stage": false,
           *             "count": 1
           *           },
           *           {
           *             "key": "quoted",
           *             "label": "Quoted",
           *             "sort_order": 4,
           *             "is_conversion_stage": false,
           *             "count": 1
           *           },
           *           {
           *             "key": "sold",
           *             "label": "Sold",
           *             "sort_order": 5,
           *             "is_conversion_stage": true,
           *             "count": 3
           *           },
           *           {
           *             "key": "lost",
           *             "label": "Lost",
           *             "sort_order": 6,
           *             "is_conversion_stage": false,
           *             "count": 0
           *           }
           *         ],
           *         "trend": {
           *           "interval": "day",
           *           "points": [
           *             {
           *               "date": "2026-03-02",
           *               "lead_count": 6,
           *               "conversion_count": 0,
           *               "prorated_spend_cents": 31250
           *             },
           *             {
           *               "date": "2026-03-03",
           *               "lead_count": 7,
           *               "conversion_count": 1,
           *               "prorated_spend_cents": 34050
           *             },
           *             {
           *               "date": "2026-03-04",
           *               "lead_count": 8,
           *               "conversion_count": 2,
           *               "prorated_spend_cents": 32950
           *             }
           *           ]
           *         },
           *         "trends": {
           *           "interval": "day",
           *           "form_count": [
           *             {
           *               "date": "2026-03-02",
           *               "value": 5
           *             },
           *             {
           *               "date": "2026-03-03",
           *               "value": 5
           *             },
           *             {
           *               "date": "2026-03-04",
           *               "value": 7
           *             }
           *           ],
           *           "call_count": [
           *             {
           *               "date": "2026-03-02",
           *               "value": 1
           *             },
           *             {
           *               "date": "2026-03-03",
           *               "value": 3
           *             },
           *             {
           *               "date": "2026-03-04",
           *               "value": 1
           *             }
           *           ]
           *         }
           *       },
           *       "range": {
           *         "from": "2026-03-02T06:00:00.000Z",
           *         "to": "2026-03-05T06:00:00.000Z",
           *         "timezone": "America/Chicago"
           *       }
           *     }
           */
          'application/json': {
            campaigns: components['schemas']['AttributionRow'][];
            summary: components['schemas']['AttributionMetrics'];
            range: components['schemas']['AttributionRange'];
          };
        };
      };
      /** @description Not Modified: If-None-Match names the current ETag; no body, and not charged against the rate limit */
      304: {
        headers: {
          /** @description The dated API version the answer is rendered in */
          'Partner-Version'?: string;
          /** @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds) */
          Deprecation?: string;
          /** @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594) */
          Sunset?: string;
          /** @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"` */
          Link?: string;
          /** @description Requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description When the current minute ends (ISO 8601) */
          'X-RateLimit-Reset'?: string;
          /** @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds */
          'RateLimit-Policy'?: string;
          /** @description What is left of the quota: r requests for the next t seconds */
          RateLimit?: string;
          /** @description A strong tag of the body: send it back in If-None-Match */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid payload, query or header */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing, malformed, revoked, deleted or unknown key */
      401: {
        headers: {
          /** @description The authentication scheme the API takes: a Bearer API key */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Key lacks the scope or workspace inactive */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Rate limit exceeded */
      429: {
        headers: {
          /** @description Seconds to wait before sending the request again */
          'Retry-After'?: string;
          /** @description Past the per-minute limit: requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Past the per-minute limit: requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description Past the per-minute limit: when the current minute ends (iso 8601) */
          'X-RateLimit-Reset'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Internal error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  getCampaignMetrics: {
    parameters: {
      query?: {
        /**
         * @description Inclusive lower bound; default 30 days before `to`
         * @example 2026-03-02T00:00:00-06:00
         */
        from?: string;
        /**
         * @description Exclusive upper bound; default now
         * @example 2026-03-05T00:00:00-06:00
         */
        to?: string;
        /**
         * @description IANA name: day boundaries of trends and spend proration
         * @example America/Chicago
         */
        timezone?: string;
      };
      header?: {
        /**
         * @description The dated API version to answer in (known: 2026-11-27); without it, the version pinned on the key when it was created. An unknown or malformed one is a 400 listing the known ones. See "API versions" above.
         * @example 2026-11-27
         */
        'Partner-Version'?: string;
        /**
         * @description ETags of answers you hold (or `*`): when one matches, the answer is 304 with no body, not charged against the rate limit. See "Conditional requests" above.
         * @example "k3Jq8Xw2bV0s9Lr4Tn6yPa"
         */
        'If-None-Match'?: string;
      };
      path: {
        /**
         * @description URL-safe `key` of a row, or its `id` (`campaign:<key>`)
         * @example Storm~20Season~20Retargeting
         */
        campaign: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The campaign row, its source rows, their summary and the range */
      200: {
        headers: {
          /**
           * @description The dated API version the answer is rendered in
           * @example 2026-11-27
           */
          'Partner-Version'?: string;
          /**
           * @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds)
           * @example @1798761600
           */
          Deprecation?: string;
          /**
           * @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594)
           * @example Mon, 01 Mar 2027 00:00:00 GMT
           */
          Sunset?: string;
          /**
           * @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"`
           * @example <https://api.example.com/docs#section/API-versions>; rel="deprecation"; type="text/html"
           */
          Link?: string;
          /**
           * @description Requests allowed per minute for this key and endpoint
           * @example 60
           */
          'X-RateLimit-Limit'?: string;
          /**
           * @description Requests left in the current minute
           * @example 59
           */
          'X-RateLimit-Remaining'?: string;
          /**
           * @description When the current minute ends (ISO 8601)
           * @example 2026-11-27T14:03:00.000Z
           */
          'X-RateLimit-Reset'?: string;
          /**
           * @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds
           * @example "default";q=60;w=60
           */
          'RateLimit-Policy'?: string;
          /**
           * @description What is left of the quota: r requests for the next t seconds
           * @example "default";r=59;t=42
           */
          RateLimit?: string;
          /**
           * @description A strong tag of the body: send it back in If-None-Match
           * @example "k3Jq8Xw2bV0s9Lr4Tn6yPa"
           */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "campaign": {
           *         "id": "campaign:Storm~20Season~20Retargeting",
           *         "key": "Storm~20Season~20Retargeting",
           *         "label": "Storm Season Retargeting",
           *         "source": null,
           *         "medium": "paid_social",
           *         "campaign": "Storm Season Retargeting",
           *         "metrics": {
           *           "lead_count": 6,
           *           "conversion_count": 1,
           *           "conversion_rate": 0.16666666666666666,
           *           "avg_lead_to_sold_seconds": 193200,
           *           "funnel_gap_count": 0,
           *           "funnel_gap_rate": 0,
           *           "form_count": 6,
           *           "call_count": 1,
           *           "answered_call_count": 1,
           *           "missed_call_count": 0,
           *           "call_duration_seconds_total": 214,
           *           "avg_call_duration_seconds": 214,
           *           "sms_inbound_count": 3,
           *           "sms_outbound_count": 5,
           *           "sms_inbound_thread_count": 2,
           *           "sms_responded_thread_count": 2,
           *           "sms_response_rate": 1,
           *           "automated_spend_cents": 25025,
           *           "other_costs_cents": 5000,
           *           "total_spend_cents": 30025,
           *           "prorated_spend_cents": 30025,
           *           "cpl_cents": 5004,
           *           "cpa_cents": 30025,
           *           "revenue_cents": 1595000,
           *           "roas": 53.12239800166528,
           *           "currency": "USD",
           *           "stage_counts": {
           *             "new": 2,
           *             "contacted": 1,
           *             "appointment_set": 1,
           *             "quoted": 1,
           *             "sold": 1,
           *             "lost": 0
           *           },
           *           "funnel_gap_stage_counts": {
           *             "appointment_set": 0
           *           },
           *           "stages": [
           *             {
           *               "key": "new",
           *               "label": "New",
           *               "sort_order": 1,
           *               "is_conversion_stage": false,
           *               "count": 2
           *             },
           *             {
           *               "key": "contacted",
           *               "label": "Contacted",
           *               "sort_order": 2,
           *               "is_conversion_stage": false,
           *               "count": 1
           *             },
           *             {
           *               "key": "appointment_set",
           *               "label": "Appointment set",
           *               "sort_order": 3,
           *               "is_conversion_stage": false,
           *               "count": 1
           *             },
           *             {
           *               "key": "quoted",
           *               "label": "Quoted",
           *               "sort_order": 4,
           *               "is_conversion_stage": false,
           *               "count": 1
           *             },
           *             {
           *               "key": "sold",
           *               "label": "Sold",
           *               "sort_order": 5,
           *               "is_conversion_stage": true,
           *               "count": 1
           *             },
           *             {
           *               "key": "lost",
           *               "label": "Lost",
           *               "sort_order": 6,
           *               "is_conversion_stage": false,
           *               "count": 0
           *             }
           *           ],
           *           "trend": {
           *             "interval": "day",
           *             "points": [
           *               {
           *                 "date": "2026-03-02",
           *                 "lead_count": 2,
           *                 "conversion_count": 0,
           *                 "prorated_spend_cents": 9800
           *               },
           *               {
           *                 "date": "2026-03-03",
           *                 "lead_count": 1,
           *                 "conversion_count": 0,
           *                 "prorated_spend_cents": 10250
           *               },
           *               {
           *                 "date": "2026-03-04",
           *                 "lead_count": 3,
           *                 "conversion_count": 1,
           *                 "prorated_spend_cents": 9975
           *               }
           *             ]
           *           },
           *           "trends": {
           *             "interval": "day",
           *             "form_count": [
           *               {
           *                 "date": "2026-03-02",
           *                 "value": 2
           *               },
           *               {
           *                 "date": "2026-03-03",
           *                 "value": 1
           *               },
           *               {
           *                 "date": "2026-03-04",
           *                 "value": 3
           *               }
           *             ],
           *             "call_count": [
           *               {
           *                 "date": "2026-03-02",
           *                 "value": 0
           *               },
           *               {
           *                 "date": "2026-03-03",
           *                 "value": 1
           *               },
           *               {
           *                 "date": "2026-03-04",
           *                 "value": 0
           *               }
           *             ]
           *           }
           *         }
           *       },
           *       "sources": [
           *         {
           *           "id": "source:facebook/campaign:Storm~20Season~20Retargeting",
           *           "key": "facebook",
           *           "label": "facebook",
           *           "source": "facebook",
           *           "medium": "paid_social",
           *           "campaign": "Storm Season Retargeting",
           *           "metrics": {
           *             "lead_count": 6,
           *             "conversion_count": 1,
           *             "conversion_rate": 0.16666666666666666,
           *             "avg_lead_to_sold_seconds": 193200,
           *             "funnel_gap_count": 0,
           *             "funnel_gap_rate": 0,
           *             "form_count": 6,
           *             "call_count": 1,
           *             "answered_call_count": 1,
           *             "missed_call_count": 0,
           *             "call_duration_seconds_total": 214,
           *             "avg_call_duration_seconds": 214,
           *             "sms_inbound_count": 3,
           *             "sms_outbound_count": 5,
           *             "sms_inbound_thread_count": 2,
           *             "sms_responded_thread_count": 2,
           *             "sms_response_rate": 1,
           *             "automated_spend_cents": 25025,
           *             "other_costs_cents": 5000,
           *             "total_spend_cents": 30025,
           *             "prorated_spend_cents": 30025,
           *             "cpl_cents": 5004,
           *             "cpa_cents": 30025,
           *             "revenue_cents": 1595000,
           *             "roas": 53.12239800166528,
           *             "currency": "USD",
           *             "stage_counts": {
           *               "new": 2,
           *               "contacted": 1,
           *               "appointment_set": 1,
           *               "quoted": 1,
           *               "sold": 1,
           *               "lost": 0
           *             },
           *             "funnel_gap_stage_counts": {
           *               "appointment_set": 0
           *             },
           *             "stages": [
           *               {
           *                 "key": "new",
           *                 "label": "New",
           *                 "sort_order": 1,
           *                 "is_conversion_stage": false,
           *                 "count": 2
           *               },
           *               {
           *                 "key": "contacted",
           *                 "label": "Contacted",
           *                 "sort_order": 2,
           *                 "is_conversion_stage": false,
           *                 "count": 1
           *               },
           *               {
           *                 "key": "appointment_set",
           *                 "label": "Appointment set",
           *                 "sort_order": 3,
           *                 "is_conversion_stage": false,
           *                 "count": 1
           *               },
           *               {
           *                 "key": "quoted",
           *                 "label": "Quoted",
           *                 "sort_order": 4,
           *                 "is_conversion_stage": false,
           *                 "count": 1
           *               },
           *               {
           *                 "key": "sold",
           *                 "label": "Sold",
           *                 "sort_order": 5,
           *                 "is_conversion_stage": true,
           *                 "count": 1
           *               },
           *               {
           *                 "key": "lost",
           *                 "label": "Lost",
           *                 "sort_order": 6,
           *                 "is_conversion_stage": false,
           *                 "count": 0
           *               }
           *             ],
           *             "trend": {
           *               "interval": "day",
           *               "points": [
           *                 {
           *                   "date": "2026-03-02",
           *                   "lead_count": 2,
           *                   "conversion_count": 0,
           *                   "prorated_spend_cents": 9800
           *                 },
           *                 {
           *                   "date": "2026-03-03",
           *                   "lead_count": 1,
           *                   "conversion_count": 0,
           *                   "prorated_spend_cents": 10250
           *                 },
           *                 {
           *                   "date": "2026-03-04",
           *                   "lead_count": 3,
           *                   "conversion_count": 1,
           *                   "prorated_spend_cents": 9975
           *                 }
           *               ]
           *             },
           *             "trends": {
           *               "interval": "day",
           *               "form_count": [
           *                 {
           *                   "date": "2026-03-02",
           *                   "value": 2
           *                 },
           *                 {
           *                   "date": "2026-03-03",
           *                   "value": 1
           *                 },
           *                 {
           *                   "date": "2026-03-04",
           *                   "value": 3
           *                 }
           *               ],
           *               "call_count": [
           *                 {
           *                   "date": "2026-03-02",
           *                   "value": 0
           *                 },
           *                 {
           *                   "date": "2026-03-03",
           *                   "value": 1
           *                 },
           *                 {
           *                   "date": "2026-03-04",
           *                   "value": 0
           *                 }
           *               ]
           *             }
           *           }
           *         }
           *       ],
           *       "summary": {
           *         "lead_count": 6,
           *         "conversion_count": 1,
           *         "conversion_rate": 0.16666666666666666,
           *         "avg_lead_to_sold_seconds": 193200,
           *         "funnel_gap_count": 0,
           *         "funnel_gap_rate": 0,
           *         "form_count": 6,
           *         "call_count": 1,
           *         "answered_call_count": 1,
           *         "missed_call_count": 0,
           *         "call_duration_seconds_total": 214,
           *         "avg_call_duration_seconds": 214,
           *         "sms_inbound_count": 3,
           *         "sms_outbound_count": 5,
           *         "sms_inbound_thread_count": 2,
           *         "sms_responded_thread_count": 2,
           *         "sms_response_rate": 1,
           *         "automated_spend_cents": 25025,
           *         "other_costs_cents": 5000,
           *         "total_spend_cents": 30025,
           *         "prorated_spend_cents": 30025,
           *         "cpl_cents": 5004,
           *         "cpa_cents": 30025,
           *         "revenue_cents": 1595000,
           *         "roas": 53.12239800166528,
           *         "currency": "USD",
           *         "stage_counts": {
           *           "new": 2,
           *           "contacted": 1,
           *           "appointment_set": 1,
           *           "quoted": 1,
           *           "sold": 1,
           *           "lost": 0
           *         },
           *         "funnel_gap_stage_counts": {
           *           "appointment_set": 0
           *         },
           *         "stages": [
           *           {
           *             "key": "new",
           *             "label": "New",
           *             "sort_order": 1,
           *             "is_conversion_stage": false,
           *             "count": 2
           *           },
           *           {
           *             "key": "contacted",
           *             "label": "Contacted",
           *             "sort_order": 2,
           *             "is_conversion_stage": false,
           *             "count": 1
           *           },
           *           {
           *             "key": "appointment_set",
           *             "label": "Appointment set",
           *             "sort_order": 3,
           *             "is_conversion_stage": false,
           *             "count": 1
           *           },
           *           {
           *             "key": "quoted",
           *             "label": "Quoted",
           *             "sort_order": 4,
           *             "is_conversion_stage": false,
           *             "count": 1
           *           },
           *           {
           *             "key": "sold",
           *             "label": "Sold",
           *             "sort_order": 5,
           *             "is_conversion_stage": true,
           *             "count": 1
           *           },
           *           {
           *             "key": "lost",
           *             "label": "Lost",
           *             "sort_order": 6,
           *             "is_conversion_stage": false,
           *             "count": 0
           *           }
           *         ],
           *         "trend": {
           *           "interval": "day",
           *           "points": [
           *             {
           *               "date": "2026-03-02",
           *               "lead_count": 2,
           *               "conversion_count": 0,
           *               "prorated_spend_cents": 9800
           *             },
           *             {
           *               "date": "2026-03-03",
           *               "lead_count": 1,
           *               "conversion_count": 0,
           *               "prorated_spend_cents": 10250
           *             },
           *             {
           *               "date": "2026-03-04",
           *               "lead_count": 3,
           *               "conversion_count": 1,
           *               "prorated_spend_cents": 9975
           *             }
           *           ]
           *         },
           *         "trends": {
           *           "interval": "day",
           *           "form_count": [
           *             {
           *               "date": "2026-03-02",
           *               "value": 2
           *             },
           *             {
           *               "date": "2026-03-03",
           *               "value": 1
           *             },
           *             {
           *               "date": "2026-03-04",
           *               "value": 3
           *             }
           *           ],
           *           "call_count": [
           *             {
           *               "date": "2026-03-02",
           *               "value": 0
           *             },
           *             {
           *               "date": "2026-03-03",
           *               "value": 1
           *             },
           *             {
           *               "date": "2026-03-04",
           *               "value": 0
           *             }
           *           ]
           *         }
           *       },
           *       "range": {
           *         "from": "2026-03-02T06:00:00.000Z",
           *         "to": "2026-03-05T06:00:00.000Z",
           *         "timezone": "America/Chicago"
           *       }
           *     }
           */
          'application/json': {
            campaign: components['schemas']['AttributionRow'];
            sources: components['schemas']['AttributionRow'][];
            summary: components['schemas']['AttributionMetrics'];
            range: components['schemas']['AttributionRange'];
          };
        };
      };
      /** @description Not Modified: If-None-Match names the current ETag; no body, and not charged against the rate limit */
      304: {
        headers: {
          /** @description The dated API version the answer is rendered in */
          'Partner-Version'?: string;
          /** @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds) */
          Deprecation?: string;
          /** @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594) */
          Sunset?: string;
          /** @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"` */
          Link?: string;
          /** @description Requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description When the current minute ends (ISO 8601) */
          'X-RateLimit-Reset'?: string;
          /** @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds */
          'RateLimit-Policy'?: string;
          /** @description What is left of the quota: r requests for the next t seconds */
          RateLimit?: string;
          /** @description A strong tag of the body: send it back in If-None-Match */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid payload, query or header */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing, malformed, revoked, deleted or unknown key */
      401: {
        headers: {
          /** @description The authentication scheme the API takes: a Bearer API key */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Key lacks the scope or workspace inactive */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Resource absent in the key-bound workspace */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Rate limit exceeded */
      429: {
        headers: {
          /** @description Seconds to wait before sending the request again */
          'Retry-After'?: string;
          /** @description Past the per-minute limit: requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Past the per-minute limit: requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description Past the per-minute limit: when the current minute ends (iso 8601) */
          'X-RateLimit-Reset'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Internal error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  trackPageView: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Required: send a unique value of 1 to 160 characters (e.g. a UUID) per operation. See Idempotency above.
         * @example 3f1c9a62-5d0e-4b7a-9e51-0c2d8f4a7b13
         */
        'Idempotency-Key': string;
        /**
         * @description The dated API version to answer in (known: 2026-11-27); without it, the version pinned on the key when it was created. An unknown or malformed one is a 400 listing the known ones. See "API versions" above.
         * @example 2026-11-27
         */
        'Partner-Version'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "external_event_id": "pv-0c8e4d1a-7b3f",
         *       "session_id": "sess_7f3c2a91e4",
         *       "page_url": "https://www.summitroofing.example/free-estimate?utm_source=google&utm_medium=cpc&utm_campaign=spring-roof-2026&utm_content=free-estimate-ad",
         *       "referrer_url": "https://www.google.com/",
         *       "user_agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 19_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/19.3 Mobile/15E148 Safari/604.1",
         *       "occurred_at": "2026-03-02T09:31:12-06:00",
         *       "device_type": "mobile",
         *       "landing_id": "lp_spring_estimate",
         *       "landing_name": "Free roof estimate – spring",
         *       "landing_slug": "free-estimate"
         *     }
         */
        'application/json': components['schemas']['PageViewEventWrite'];
      };
    };
    responses: {
      /** @description Duplicate external_event_id, or a replay */
      200: {
        headers: {
          /** @description The dated API version the answer is rendered in */
          'Partner-Version'?: string;
          /** @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds) */
          Deprecation?: string;
          /** @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594) */
          Sunset?: string;
          /** @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"` */
          Link?: string;
          /** @description Requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description When the current minute ends (ISO 8601) */
          'X-RateLimit-Reset'?: string;
          /** @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds */
          'RateLimit-Policy'?: string;
          /** @description What is left of the quota: r requests for the next t seconds */
          RateLimit?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['EventTrackResponse'];
        };
      };
      /** @description Recorded */
      201: {
        headers: {
          /**
           * @description The dated API version the answer is rendered in
           * @example 2026-11-27
           */
          'Partner-Version'?: string;
          /**
           * @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds)
           * @example @1798761600
           */
          Deprecation?: string;
          /**
           * @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594)
           * @example Mon, 01 Mar 2027 00:00:00 GMT
           */
          Sunset?: string;
          /**
           * @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"`
           * @example <https://api.example.com/docs#section/API-versions>; rel="deprecation"; type="text/html"
           */
          Link?: string;
          /**
           * @description Requests allowed per minute for this key and endpoint
           * @example 60
           */
          'X-RateLimit-Limit'?: string;
          /**
           * @description Requests left in the current minute
           * @example 59
           */
          'X-RateLimit-Remaining'?: string;
          /**
           * @description When the current minute ends (ISO 8601)
           * @example 2026-11-27T14:03:00.000Z
           */
          'X-RateLimit-Reset'?: string;
          /**
           * @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds
           * @example "default";q=60;w=60
           */
          'RateLimit-Policy'?: string;
          /**
           * @description What is left of the quota: r requests for the next t seconds
           * @example "default";r=59;t=42
           */
          RateLimit?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "event": {
           *         "id": "evt_64yx6wbcq7jgzd6519ww"
           *       },
           *       "duplicate": false,
           *       "created": true
           *     }
           */
          'application/json': components['schemas']['EventTrackResponse'];
        };
      };
      /** @description Invalid payload, query or header */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing, malformed, revoked, deleted or unknown key */
      401: {
        headers: {
          /** @description The authentication scheme the API takes: a Bearer API key */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Key lacks the scope or workspace inactive */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Conflict with idempotency or resource state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Rate limit exceeded */
      429: {
        headers: {
          /** @description Seconds to wait before sending the request again */
          'Retry-After'?: string;
          /** @description Past the per-minute limit: requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Past the per-minute limit: requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description Past the per-minute limit: when the current minute ends (iso 8601) */
          'X-RateLimit-Reset'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Internal error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  trackFormSubmission: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Required: send a unique value of 1 to 160 characters (e.g. a UUID) per operation. See Idempotency above.
         * @example 3f1c9a62-5d0e-4b7a-9e51-0c2d8f4a7b13
         */
        'Idempotency-Key': string;
        /**
         * @description The dated API version to answer in (known: 2026-11-27); without it, the version pinned on the key when it was created. An unknown or malformed one is a 400 listing the known ones. See "API versions" above.
         * @example 2026-11-27
         */
        'Partner-Version'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "external_event_id": "form-0c8e4d1a-7b40",
         *       "session_id": "sess_7f3c2a91e4",
         *       "page_url": "https://www.summitroofing.example/free-estimate?utm_source=google&utm_medium=cpc&utm_campaign=spring-roof-2026&utm_content=free-estimate-ad",
         *       "user_agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 19_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/19.3 Mobile/15E148 Safari/604.1",
         *       "submitted_at": "2026-03-02T09:35:04-06:00",
         *       "form_id": "estimate-request",
         *       "form_name": "Free estimate request",
         *       "contact_name": "Dana Whitfield",
         *       "contact_email": "dana.whitfield@example.com",
         *       "contact_phone": "(512) 555-0148",
         *       "property_address": "1482 Oak Street, Austin, TX 78704",
         *       "form_data": {
         *         "roof_age_years": 18,
         *         "insurance_claim": true,
         *         "preferred_contact": "sms"
         *       },
         *       "attribution_params": {
         *         "utm_source": "google",
         *         "utm_medium": "cpc",
         *         "utm_campaign": "spring-roof-2026"
         *       },
         *       "consent_mode": "required",
         *       "consent_granted": true
         *     }
         */
        'application/json': components['schemas']['FormSubmissionEventWrite'];
      };
    };
    responses: {
      /** @description Duplicate external_event_id, or a replay */
      200: {
        headers: {
          /** @description The dated API version the answer is rendered in */
          'Partner-Version'?: string;
          /** @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds) */
          Deprecation?: string;
          /** @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594) */
          Sunset?: string;
          /** @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"` */
          Link?: string;
          /** @description Requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description When the current minute ends (ISO 8601) */
          'X-RateLimit-Reset'?: string;
          /** @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds */
          'RateLimit-Policy'?: string;
          /** @description What is left of the quota: r requests for the next t seconds */
          RateLimit?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FormSubmissionTrackResponse'];
        };
      };
      /** @description Recorded */
      201: {
        headers: {
          /**
           * @description The dated API version the answer is rendered in
           * @example 2026-11-27
           */
          'Partner-Version'?: string;
          /**
           * @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds)
           * @example @1798761600
           */
          Deprecation?: string;
          /**
           * @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594)
           * @example Mon, 01 Mar 2027 00:00:00 GMT
           */
          Sunset?: string;
          /**
           * @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"`
           * @example <https://api.example.com/docs#section/API-versions>; rel="deprecation"; type="text/html"
           */
          Link?: string;
          /**
           * @description Requests allowed per minute for this key and endpoint
           * @example 60
           */
          'X-RateLimit-Limit'?: string;
          /**
           * @description Requests left in the current minute
           * @example 59
           */
          'X-RateLimit-Remaining'?: string;
          /**
           * @description When the current minute ends (ISO 8601)
           * @example 2026-11-27T14:03:00.000Z
           */
          'X-RateLimit-Reset'?: string;
          /**
           * @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds
           * @example "default";q=60;w=60
           */
          'RateLimit-Policy'?: string;
          /**
           * @description What is left of the quota: r requests for the next t seconds
           * @example "default";r=59;t=42
           */
          RateLimit?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "event": {
           *         "id": "evt_nwdb3patgxypjmm16ewb"
           *       },
           *       "duplicate": false,
           *       "analytics_only": false,
           *       "recorded_analytics": true,
           *       "lead_id": "lead_r1hp9th24a2vy6tsddbk",
           *       "created": true
           *     }
           */
          'application/json': components['schemas']['FormSubmissionTrackResponse'];
        };
      };
      /** @description Invalid payload, query or header */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing, malformed, revoked, deleted or unknown key */
      401: {
        headers: {
          /** @description The authentication scheme the API takes: a Bearer API key */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Key lacks the scope or workspace inactive */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Conflict with idempotency or resource state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Rate limit exceeded */
      429: {
        headers: {
          /** @description Seconds to wait before sending the request again */
          'Retry-After'?: string;
          /** @description Past the per-minute limit: requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Past the per-minute limit: requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description Past the per-minute limit: when the current minute ends (iso 8601) */
          'X-RateLimit-Reset'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Internal error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  trackEventBatch: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Required: send a unique value of 1 to 160 characters (e.g. a UUID) per operation. See Idempotency above.
         * @example 3f1c9a62-5d0e-4b7a-9e51-0c2d8f4a7b13
         */
        'Idempotency-Key': string;
        /**
         * @description The dated API version to answer in (known: 2026-11-27); without it, the version pinned on the key when it was created. An unknown or malformed one is a 400 listing the known ones. See "API versions" above.
         * @example 2026-11-27
         */
        'Partner-Version'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "events": [
         *         {
         *           "type": "page_view",
         *           "external_event_id": "pv-0c8e4d1a-7b3f",
         *           "session_id": "sess_7f3c2a91e4",
         *           "page_url": "https://www.summitroofing.example/free-estimate?utm_source=google&utm_medium=cpc&utm_campaign=spring-roof-2026&utm_content=free-estimate-ad",
         *           "referrer_url": "https://www.google.com/",
         *           "occurred_at": "2026-03-02T09:31:12-06:00"
         *         },
         *         {
         *           "type": "form_submission",
         *           "external_event_id": "form-0c8e4d1a-7b40",
         *           "session_id": "sess_7f3c2a91e4",
         *           "page_url": "https://www.summitroofing.example/free-estimate?utm_source=google&utm_medium=cpc&utm_campaign=spring-roof-2026&utm_content=free-estimate-ad",
         *           "submitted_at": "2026-03-02T09:35:04-06:00",
         *           "form_id": "estimate-request",
         *           "contact_name": "Dana Whitfield",
         *           "contact_phone": "(512) 555-0148"
         *         },
         *         {
         *           "type": "page_view",
         *           "external_event_id": "pv-0c8e4d1a-7b3f",
         *           "session_id": "sess_7f3c2a91e4",
         *           "page_url": "https://www.summitroofing.example/free-estimate?utm_source=google&utm_medium=cpc&utm_campaign=spring-roof-2026&utm_content=free-estimate-ad"
         *         }
         *       ]
         *     }
         */
        'application/json': components['schemas']['EventBatchWrite'];
      };
    };
    responses: {
      /** @description One result per item, in request order, each as the item's single endpoint would answer it; a refused item recorded nothing */
      200: {
        headers: {
          /**
           * @description The dated API version the answer is rendered in
           * @example 2026-11-27
           */
          'Partner-Version'?: string;
          /**
           * @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds)
           * @example @1798761600
           */
          Deprecation?: string;
          /**
           * @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594)
           * @example Mon, 01 Mar 2027 00:00:00 GMT
           */
          Sunset?: string;
          /**
           * @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"`
           * @example <https://api.example.com/docs#section/API-versions>; rel="deprecation"; type="text/html"
           */
          Link?: string;
          /**
           * @description Requests allowed per minute for this key and endpoint
           * @example 60
           */
          'X-RateLimit-Limit'?: string;
          /**
           * @description Requests left in the current minute
           * @example 59
           */
          'X-RateLimit-Remaining'?: string;
          /**
           * @description When the current minute ends (ISO 8601)
           * @example 2026-11-27T14:03:00.000Z
           */
          'X-RateLimit-Reset'?: string;
          /**
           * @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds
           * @example "default";q=60;w=60
           */
          'RateLimit-Policy'?: string;
          /**
           * @description What is left of the quota: r requests for the next t seconds
           * @example "default";r=59;t=42
           */
          RateLimit?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "results": [
           *         {
           *           "index": 0,
           *           "status": 201,
           *           "event": {
           *             "id": "evt_64yx6wbcq7jgzd6519ww"
           *           },
           *           "duplicate": false,
           *           "created": true,
           *           "lead_id": null,
           *           "error": null
           *         },
           *         {
           *           "index": 1,
           *           "status": 201,
           *           "event": {
           *             "id": "evt_nwdb3patgxypjmm16ewb"
           *           },
           *           "duplicate": false,
           *           "created": true,
           *           "lead_id": "lead_r1hp9th24a2vy6tsddbk",
           *           "error": null
           *         },
           *         {
           *           "index": 2,
           *           "status": 200,
           *           "event": {
           *             "id": "evt_64yx6wbcq7jgzd6519ww"
           *           },
           *           "duplicate": true,
           *           "created": false,
           *           "lead_id": null,
           *           "error": null
           *         }
           *       ]
           *     }
           */
          'application/json': {
            /** @description One per item, in request order */
            results: components['schemas']['EventBatchResult'][];
          };
        };
      };
      /** @description Invalid payload, query or header */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing, malformed, revoked, deleted or unknown key */
      401: {
        headers: {
          /** @description The authentication scheme the API takes: a Bearer API key */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Key lacks the scope or workspace inactive */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Conflict with idempotency or resource state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Rate limit exceeded */
      429: {
        headers: {
          /** @description Seconds to wait before sending the request again */
          'Retry-After'?: string;
          /** @description Past the per-minute limit: requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Past the per-minute limit: requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description Past the per-minute limit: when the current minute ends (iso 8601) */
          'X-RateLimit-Reset'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Internal error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  listPipelineStages: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The dated API version to answer in (known: 2026-11-27); without it, the version pinned on the key when it was created. An unknown or malformed one is a 400 listing the known ones. See "API versions" above.
         * @example 2026-11-27
         */
        'Partner-Version'?: string;
        /**
         * @description ETags of answers you hold (or `*`): when one matches, the answer is 304 with no body, not charged against the rate limit. See "Conditional requests" above.
         * @example "k3Jq8Xw2bV0s9Lr4Tn6yPa"
         */
        'If-None-Match'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Stages in sort order */
      200: {
        headers: {
          /**
           * @description The dated API version the answer is rendered in
           * @example 2026-11-27
           */
          'Partner-Version'?: string;
          /**
           * @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds)
           * @example @1798761600
           */
          Deprecation?: string;
          /**
           * @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594)
           * @example Mon, 01 Mar 2027 00:00:00 GMT
           */
          Sunset?: string;
          /**
           * @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"`
           * @example <https://api.example.com/docs#section/API-versions>; rel="deprecation"; type="text/html"
           */
          Link?: string;
          /**
           * @description Requests allowed per minute for this key and endpoint
           * @example 60
           */
          'X-RateLimit-Limit'?: string;
          /**
           * @description Requests left in the current minute
           * @example 59
           */
          'X-RateLimit-Remaining'?: string;
          /**
           * @description When the current minute ends (ISO 8601)
           * @example 2026-11-27T14:03:00.000Z
           */
          'X-RateLimit-Reset'?: string;
          /**
           * @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds
           * @example "default";q=60;w=60
           */
          'RateLimit-Policy'?: string;
          /**
           * @description What is left of the quota: r requests for the next t seconds
           * @example "default";r=59;t=42
           */
          RateLimit?: string;
          /**
           * @description A strong tag of the body: send it back in If-None-Match
           * @example "k3Jq8Xw2bV0s9Lr4Tn6yPa"
           */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "stages": [
           *         {
           *           "id": "stage_eqqw8x64dd3bdxaeg8ds",
           *           "key": "new",
           *           "label": "New",
           *           "sort_order": 1,
           *           "is_conversion_stage": false
           *         },
           *         {
           *           "id": "stage_y6hf5bpgzpq2sh7rdz58",
           *           "key": "contacted",
           *           "label": "Contacted",
           *           "sort_order": 2,
           *           "is_conversion_stage": false
           *         },
           *         {
           *           "id": "stage_tn97t8eb4zxwhkj4fcj0",
           *           "key": "appointment_set",
           *           "label": "Appointment set",
           *           "sort_order": 3,
           *           "is_conversion_stage": false
           *         },
           *         {
           *           "id": "stage_nm63s0te0p9syvs9jn16",
           *           "key": "quoted",
           *           "label": "Quoted",
           *           "sort_order": 4,
           *           "is_conversion_stage": false
           *         },
           *         {
           *           "id": "stage_8tz0xhzzncgfvdpc9qdq",
           *           "key": "sold",
           *           "label": "Sold",
           *           "sort_order": 5,
           *           "is_conversion_stage": true
           *         },
           *         {
           *           "id": "stage_78b9qqmpnrtfv5fzeadc",
           *           "key": "lost",
           *           "label": "Lost",
           *           "sort_order": 6,
           *           "is_conversion_stage": false
           *         }
           *       ]
           *     }
           */
          'application/json': {
            stages: components['schemas']['PipelineStage'][];
          };
        };
      };
      /** @description Not Modified: If-None-Match names the current ETag; no body, and not charged against the rate limit */
      304: {
        headers: {
          /** @description The dated API version the answer is rendered in */
          'Partner-Version'?: string;
          /** @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds) */
          Deprecation?: string;
          /** @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594) */
          Sunset?: string;
          /** @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"` */
          Link?: string;
          /** @description Requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description When the current minute ends (ISO 8601) */
          'X-RateLimit-Reset'?: string;
          /** @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds */
          'RateLimit-Policy'?: string;
          /** @description What is left of the quota: r requests for the next t seconds */
          RateLimit?: string;
          /** @description A strong tag of the body: send it back in If-None-Match */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Missing, malformed, revoked, deleted or unknown key */
      401: {
        headers: {
          /** @description The authentication scheme the API takes: a Bearer API key */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Key lacks the scope or workspace inactive */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Rate limit exceeded */
      429: {
        headers: {
          /** @description Seconds to wait before sending the request again */
          'Retry-After'?: string;
          /** @description Past the per-minute limit: requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Past the per-minute limit: requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description Past the per-minute limit: when the current minute ends (iso 8601) */
          'X-RateLimit-Reset'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Internal error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  listReports: {
    parameters: {
      query?: {
        /** @description Inclusive lower bound on updated_at */
        from?: string;
        /** @description Inclusive upper bound on updated_at */
        to?: string;
        /** @example draft */
        status?: 'draft' | 'needs_review' | 'approved' | 'failed';
        /**
         * @description Matches project name, address and external report id
         * @example Oak Street
         */
        search?: string;
        /** @description Opaque cursor from a previous response */
        cursor?: string;
        /**
         * @description Page size, 1..100
         * @example 1
         */
        limit?: number;
      };
      header?: {
        /**
         * @description The dated API version to answer in (known: 2026-11-27); without it, the version pinned on the key when it was created. An unknown or malformed one is a 400 listing the known ones. See "API versions" above.
         * @example 2026-11-27
         */
        'Partner-Version'?: string;
        /**
         * @description ETags of answers you hold (or `*`): when one matches, the answer is 304 with no body, not charged against the rate limit. See "Conditional requests" above.
         * @example "k3Jq8Xw2bV0s9Lr4Tn6yPa"
         */
        'If-None-Match'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of active reports */
      200: {
        headers: {
          /**
           * @description The dated API version the answer is rendered in
           * @example 2026-11-27
           */
          'Partner-Version'?: string;
          /**
           * @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds)
           * @example @1798761600
           */
          Deprecation?: string;
          /**
           * @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594)
           * @example Mon, 01 Mar 2027 00:00:00 GMT
           */
          Sunset?: string;
          /**
           * @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"`
           * @example <https://api.example.com/docs#section/API-versions>; rel="deprecation"; type="text/html"
           */
          Link?: string;
          /**
           * @description Requests allowed per minute for this key and endpoint
           * @example 60
           */
          'X-RateLimit-Limit'?: string;
          /**
           * @description Requests left in the current minute
           * @example 59
           */
          'X-RateLimit-Remaining'?: string;
          /**
           * @description When the current minute ends (ISO 8601)
           * @example 2026-11-27T14:03:00.000Z
           */
          'X-RateLimit-Reset'?: string;
          /**
           * @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds
           * @example "default";q=60;w=60
           */
          'RateLimit-Policy'?: string;
          /**
           * @description What is left of the quota: r requests for the next t seconds
           * @example "default";r=59;t=42
           */
          RateLimit?: string;
          /**
           * @description A strong tag of the body: send it back in If-None-Match
           * @example "k3Jq8Xw2bV0s9Lr4Tn6yPa"
           */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "reports": [
           *         {
           *           "id": "rpt_g0pkprn9szm1p798v4zt",
           *           "project_name": "EV-48213907",
           *           "external_report_id": "EV-48213907",
           *           "status": "draft",
           *           "current_revision_id": "rrev_rtxp9dqw0a21erbs5v4p",
           *           "baseline_revision_id": "rrev_rtxp9dqw0a21erbs5v4p",
           *           "approved_revision_id": null,
           *           "source_formats": [
           *             "pdf"
           *           ],
           *           "summary": {
           *             "address": "1482 Oak Street, Austin, TX 78704",
           *             "total_area_sqft": 2634,
           *             "total_squares": 26.34,
           *             "facet_count": 9,
           *             "predominant_pitch": "7/12",
           *             "lengths_ft": {
           *               "ridge": 48,
           *               "hip": 62,
           *               "valley": 21,
           *               "rake": 38,
           *               "eave": 141,
           *               "step_flashing": 12,
           *               "flashing": 6,
           *               "drip_edge": 179,
           *               "parapet": 0,
           *               "ridge_hip": 110
           *             },
           *             "waste_table": [
           *               {
           *                 "waste_percent": 0,
           *                 "area_sqft": 2634,
           *                 "squares": 26.34
           *               },
           *               {
           *                 "waste_percent": 10,
           *                 "area_sqft": 2897,
           *                 "squares": 28.97
           *               }
           *             ],
           *             "sources": [
           *               {
           *                 "format": "pdf",
           *                 "file_name": "1482-oak-street-premium-report.pdf",
           *                 "vendor": "eagleview",
           *                 "product": "EagleView Premium"
           *               }
           *             ],
           *             "warnings": []
           *           },
           *           "current_revision_number": 1,
           *           "project_address": "1482 Oak Street, Austin, TX 78704",
           *           "location_label": "Austin, TX 78704",
           *           "location_lat": 30.2468,
           *           "location_long": -97.7702,
           *           "created_at": "2026-03-03T09:12:45.301Z",
           *           "updated_at": "2026-03-03T09:12:49.877Z"
           *         }
           *       ],
           *       "pagination": {
           *         "limit": 1,
           *         "next_cursor": "WyJHRVQgL2FwaS92MS9yZXBvcnRzIixbIjIwMjYtMDMtMDJUMTU6NDA6MTEuMjA4WiIsInJwdF9nMHBrcHJuOXN6bTFwNzk4djR6dCJdXQ.QIaMYGvIO6brxJuB3vyIVg",
           *         "has_more": true
           *       }
           *     }
           */
          'application/json': {
            reports: components['schemas']['Report'][];
            pagination: {
              limit: number;
              next_cursor: string | null;
              has_more: boolean;
            };
          };
        };
      };
      /** @description Not Modified: If-None-Match names the current ETag; no body, and not charged against the rate limit */
      304: {
        headers: {
          /** @description The dated API version the answer is rendered in */
          'Partner-Version'?: string;
          /** @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds) */
          Deprecation?: string;
          /** @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594) */
          Sunset?: string;
          /** @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"` */
          Link?: string;
          /** @description Requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description When the current minute ends (ISO 8601) */
          'X-RateLimit-Reset'?: string;
          /** @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds */
          'RateLimit-Policy'?: string;
          /** @description What is left of the quota: r requests for the next t seconds */
          RateLimit?: string;
          /** @description A strong tag of the body: send it back in If-None-Match */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid payload, query or header */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing, malformed, revoked, deleted or unknown key */
      401: {
        headers: {
          /** @description The authentication scheme the API takes: a Bearer API key */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Key lacks the scope or workspace inactive */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Rate limit exceeded */
      429: {
        headers: {
          /** @description Seconds to wait before sending the request again */
          'Retry-After'?: string;
          /** @description Past the per-minute limit: requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Past the per-minute limit: requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description Past the per-minute limit: when the current minute ends (iso 8601) */
          'X-RateLimit-Reset'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Internal error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  importReport: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Required: send a unique value of 1 to 160 characters (e.g. a UUID) per operation. See Idempotency above.
         * @example 3f1c9a62-5d0e-4b7a-9e51-0c2d8f4a7b13
         */
        'Idempotency-Key': string;
        /**
         * @description The dated API version to answer in (known: 2026-11-27); without it, the version pinned on the key when it was created. An unknown or malformed one is a 400 listing the known ones. See "API versions" above.
         * @example 2026-11-27
         */
        'Partner-Version'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "files": [
         *         "roof-measurements.csv"
         *       ],
         *       "external_report_id": "EV-48213907"
         *     }
         */
        'multipart/form-data': {
          /** @description One standalone PDF, or the files of a package: Hover measurements JSON, XML, CSV, XLSX, DXF (or a .zip of them) */
          files: Blob[];
          external_report_id?: string;
        };
      };
    };
    responses: {
      /** @description Report created (importing); parsing continues in the background */
      201: {
        headers: {
          /**
           * @description The dated API version the answer is rendered in
           * @example 2026-11-27
           */
          'Partner-Version'?: string;
          /**
           * @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds)
           * @example @1798761600
           */
          Deprecation?: string;
          /**
           * @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594)
           * @example Mon, 01 Mar 2027 00:00:00 GMT
           */
          Sunset?: string;
          /**
           * @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"`
           * @example <https://api.example.com/docs#section/API-versions>; rel="deprecation"; type="text/html"
           */
          Link?: string;
          /**
           * @description Requests allowed per minute for this key and endpoint
           * @example 60
           */
          'X-RateLimit-Limit'?: string;
          /**
           * @description Requests left in the current minute
           * @example 59
           */
          'X-RateLimit-Remaining'?: string;
          /**
           * @description When the current minute ends (ISO 8601)
           * @example 2026-11-27T14:03:00.000Z
           */
          'X-RateLimit-Reset'?: string;
          /**
           * @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds
           * @example "default";q=60;w=60
           */
          'RateLimit-Policy'?: string;
          /**
           * @description What is left of the quota: r requests for the next t seconds
           * @example "default";r=59;t=42
           */
          RateLimit?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "report": {
           *         "id": "rpt_g0pkprn9szm1p798v4zt",
           *         "project_name": "EV-48213907",
           *         "external_report_id": "EV-48213907",
           *         "status": "importing",
           *         "current_revision_id": null,
           *         "baseline_revision_id": null,
           *         "approved_revision_id": null,
           *         "source_formats": [],
           *         "summary": {},
           *         "current_revision_number": null,
           *         "project_address": null,
           *         "location_label": null,
           *         "location_lat": null,
           *         "location_long": null,
           *         "created_at": "2026-03-03T09:12:45.301Z",
           *         "updated_at": "2026-03-03T09:12:45.301Z"
           *       }
           *     }
           */
          'application/json': {
            report: components['schemas']['Report'];
          };
        };
      };
      /** @description Invalid payload, query or header */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing, malformed, revoked, deleted or unknown key */
      401: {
        headers: {
          /** @description The authentication scheme the API takes: a Bearer API key */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Key lacks the scope or workspace inactive */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Upload too slow or past its deadline */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Conflict with idempotency or resource state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Content-Length required */
      411: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Payload too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Rate limit exceeded */
      429: {
        headers: {
          /** @description Seconds to wait before sending the request again */
          'Retry-After'?: string;
          /** @description Past the per-minute limit: requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Past the per-minute limit: requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description Past the per-minute limit: when the current minute ends (iso 8601) */
          'X-RateLimit-Reset'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Internal error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Storage or queue unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  getReportExport: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The dated API version to answer in (known: 2026-11-27); without it, the version pinned on the key when it was created. An unknown or malformed one is a 400 listing the known ones. See "API versions" above.
         * @example 2026-11-27
         */
        'Partner-Version'?: string;
        /**
         * @description ETags of answers you hold (or `*`): when one matches, the answer is 304 with no body, not charged against the rate limit. See "Conditional requests" above.
         * @example "k3Jq8Xw2bV0s9Lr4Tn6yPa"
         */
        'If-None-Match'?: string;
      };
      path: {
        /**
         * @description 1..200 characters; a longer id is not found (404)
         * @example rexp_2t4pfn701grvydjyvs9k
         */
        export_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The export artifact */
      200: {
        headers: {
          /**
           * @description The dated API version the answer is rendered in
           * @example 2026-11-27
           */
          'Partner-Version'?: string;
          /**
           * @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds)
           * @example @1798761600
           */
          Deprecation?: string;
          /**
           * @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594)
           * @example Mon, 01 Mar 2027 00:00:00 GMT
           */
          Sunset?: string;
          /**
           * @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"`
           * @example <https://api.example.com/docs#section/API-versions>; rel="deprecation"; type="text/html"
           */
          Link?: string;
          /**
           * @description Requests allowed per minute for this key and endpoint
           * @example 60
           */
          'X-RateLimit-Limit'?: string;
          /**
           * @description Requests left in the current minute
           * @example 59
           */
          'X-RateLimit-Remaining'?: string;
          /**
           * @description When the current minute ends (ISO 8601)
           * @example 2026-11-27T14:03:00.000Z
           */
          'X-RateLimit-Reset'?: string;
          /**
           * @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds
           * @example "default";q=60;w=60
           */
          'RateLimit-Policy'?: string;
          /**
           * @description What is left of the quota: r requests for the next t seconds
           * @example "default";r=59;t=42
           */
          RateLimit?: string;
          /**
           * @description A strong tag of the body: send it back in If-None-Match
           * @example "k3Jq8Xw2bV0s9Lr4Tn6yPa"
           */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "export": {
           *         "export_id": "rexp_2t4pfn701grvydjyvs9k",
           *         "report_id": "rpt_g0pkprn9szm1p798v4zt",
           *         "revision_id": "rrev_rtxp9dqw0a21erbs5v4p",
           *         "format": "pdf",
           *         "file_name": "EV-48213907-r1.pdf",
           *         "mime_type": "application/pdf",
           *         "size_bytes": 48211,
           *         "checksum": "sha256:6831ec0294810cb2b9c0c49355c84a835b4aea71156d4df7b26f406173f1f27e",
           *         "status": "ready",
           *         "error": null,
           *         "download_url": "https://partners.example.com/api/v1/reports/exports/rexp_2t4pfn701grvydjyvs9k/download",
           *         "created_at": "2026-03-03T09:15:02.114Z",
           *         "completed_at": "2026-03-03T09:15:03.470Z"
           *       }
           *     }
           */
          'application/json': {
            export: components['schemas']['ReportExportArtifact'];
          };
        };
      };
      /** @description Not Modified: If-None-Match names the current ETag; no body, and not charged against the rate limit */
      304: {
        headers: {
          /** @description The dated API version the answer is rendered in */
          'Partner-Version'?: string;
          /** @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds) */
          Deprecation?: string;
          /** @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594) */
          Sunset?: string;
          /** @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"` */
          Link?: string;
          /** @description Requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description When the current minute ends (ISO 8601) */
          'X-RateLimit-Reset'?: string;
          /** @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds */
          'RateLimit-Policy'?: string;
          /** @description What is left of the quota: r requests for the next t seconds */
          RateLimit?: string;
          /** @description A strong tag of the body: send it back in If-None-Match */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Missing, malformed, revoked, deleted or unknown key */
      401: {
        headers: {
          /** @description The authentication scheme the API takes: a Bearer API key */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Key lacks the scope or workspace inactive */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Resource absent in the key-bound workspace */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Rate limit exceeded */
      429: {
        headers: {
          /** @description Seconds to wait before sending the request again */
          'Retry-After'?: string;
          /** @description Past the per-minute limit: requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Past the per-minute limit: requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description Past the per-minute limit: when the current minute ends (iso 8601) */
          'X-RateLimit-Reset'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Internal error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  downloadReportExport: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The dated API version to answer in (known: 2026-11-27); without it, the version pinned on the key when it was created. An unknown or malformed one is a 400 listing the known ones. See "API versions" above.
         * @example 2026-11-27
         */
        'Partner-Version'?: string;
      };
      path: {
        /**
         * @description 1..200 characters; a longer id is not found (404)
         * @example rexp_2t4pfn701grvydjyvs9k
         */
        export_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Redirect to a short-lived signed storage URL */
      307: {
        headers: {
          /**
           * @description Signed URL, valid for 5 minutes
           * @example https://partners.example.com/files/ws_bkmdykgvp1v3re2bwdyc/reports/rpt_g0pkprn9szm1p798v4zt/exports/rexp_2t4pfn701grvydjyvs9k.pdf?expires=1772529602&sig=Q2x3cN1aYl0b8PzR4kqVw6sE5tHj7uDf9gMiA0oBnLe&name=EV-48213907-r1.pdf&type=application%2Fpdf
           */
          Location?: string;
          /**
           * @description The dated API version the answer is rendered in
           * @example 2026-11-27
           */
          'Partner-Version'?: string;
          /**
           * @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds)
           * @example @1798761600
           */
          Deprecation?: string;
          /**
           * @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594)
           * @example Mon, 01 Mar 2027 00:00:00 GMT
           */
          Sunset?: string;
          /**
           * @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"`
           * @example <https://api.example.com/docs#section/API-versions>; rel="deprecation"; type="text/html"
           */
          Link?: string;
          /**
           * @description Requests allowed per minute for this key and endpoint
           * @example 60
           */
          'X-RateLimit-Limit'?: string;
          /**
           * @description Requests left in the current minute
           * @example 59
           */
          'X-RateLimit-Remaining'?: string;
          /**
           * @description When the current minute ends (ISO 8601)
           * @example 2026-11-27T14:03:00.000Z
           */
          'X-RateLimit-Reset'?: string;
          /**
           * @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds
           * @example "default";q=60;w=60
           */
          'RateLimit-Policy'?: string;
          /**
           * @description What is left of the quota: r requests for the next t seconds
           * @example "default";r=59;t=42
           */
          RateLimit?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Missing, malformed, revoked, deleted or unknown key */
      401: {
        headers: {
          /** @description The authentication scheme the API takes: a Bearer API key */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Key lacks the scope or workspace inactive */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Resource absent in the key-bound workspace */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Conflict with idempotency or resource state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Rate limit exceeded */
      429: {
        headers: {
          /** @description Seconds to wait before sending the request again */
          'Retry-After'?: string;
          /** @description Past the per-minute limit: requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Past the per-minute limit: requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description Past the per-minute limit: when the current minute ends (iso 8601) */
          'X-RateLimit-Reset'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Internal error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  getReport: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The dated API version to answer in (known: 2026-11-27); without it, the version pinned on the key when it was created. An unknown or malformed one is a 400 listing the known ones. See "API versions" above.
         * @example 2026-11-27
         */
        'Partner-Version'?: string;
        /**
         * @description ETags of answers you hold (or `*`): when one matches, the answer is 304 with no body, not charged against the rate limit. See "Conditional requests" above.
         * @example "k3Jq8Xw2bV0s9Lr4Tn6yPa"
         */
        'If-None-Match'?: string;
      };
      path: {
        /**
         * @description 1..200 characters; a longer id is not found (404)
         * @example rpt_g0pkprn9szm1p798v4zt
         */
        report_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The report and its exports, newest first */
      200: {
        headers: {
          /**
           * @description The dated API version the answer is rendered in
           * @example 2026-11-27
           */
          'Partner-Version'?: string;
          /**
           * @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds)
           * @example @1798761600
           */
          Deprecation?: string;
          /**
           * @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594)
           * @example Mon, 01 Mar 2027 00:00:00 GMT
           */
          Sunset?: string;
          /**
           * @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"`
           * @example <https://api.example.com/docs#section/API-versions>; rel="deprecation"; type="text/html"
           */
          Link?: string;
          /**
           * @description Requests allowed per minute for this key and endpoint
           * @example 60
           */
          'X-RateLimit-Limit'?: string;
          /**
           * @description Requests left in the current minute
           * @example 59
           */
          'X-RateLimit-Remaining'?: string;
          /**
           * @description When the current minute ends (ISO 8601)
           * @example 2026-11-27T14:03:00.000Z
           */
          'X-RateLimit-Reset'?: string;
          /**
           * @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds
           * @example "default";q=60;w=60
           */
          'RateLimit-Policy'?: string;
          /**
           * @description What is left of the quota: r requests for the next t seconds
           * @example "default";r=59;t=42
           */
          RateLimit?: string;
          /**
           * @description A strong tag of the body: send it back in If-None-Match
           * @example "k3Jq8Xw2bV0s9Lr4Tn6yPa"
           */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "report": {
           *         "id": "rpt_g0pkprn9szm1p798v4zt",
           *         "project_name": "EV-48213907",
           *         "external_report_id": "EV-48213907",
           *         "status": "draft",
           *         "current_revision_id": "rrev_rtxp9dqw0a21erbs5v4p",
           *         "baseline_revision_id": "rrev_rtxp9dqw0a21erbs5v4p",
           *         "approved_revision_id": null,
           *         "source_formats": [
           *           "pdf"
           *         ],
           *         "summary": {
           *           "address": "1482 Oak Street, Austin, TX 78704",
           *           "total_area_sqft": 2634,
           *           "total_squares": 26.34,
           *           "facet_count": 9,
           *           "predominant_pitch": "7/12",
           *           "lengths_ft": {
           *             "ridge": 48,
           *             "hip": 62,
           *             "valley": 21,
           *             "rake": 38,
           *             "eave": 141,
           *             "step_flashing": 12,
           *             "flashing": 6,
           *             "drip_edge": 179,
           *             "parapet": 0,
           *             "ridge_hip": 110
           *           },
           *           "waste_table": [
           *             {
           *               "waste_percent": 0,
           *               "area_sqft": 2634,
           *               "squares": 26.34
           *             },
           *             {
           *               "waste_percent": 10,
           *               "area_sqft": 2897,
           *               "squares": 28.97
           *             }
           *           ],
           *           "sources": [
           *             {
           *               "format": "pdf",
           *               "file_name": "1482-oak-street-premium-report.pdf",
           *               "vendor": "eagleview",
           *               "product": "EagleView Premium"
           *             }
           *           ],
           *           "warnings": []
           *         },
           *         "current_revision_number": 1,
           *         "project_address": "1482 Oak Street, Austin, TX 78704",
           *         "location_label": "Austin, TX 78704",
           *         "location_lat": 30.2468,
           *         "location_long": -97.7702,
           *         "created_at": "2026-03-03T09:12:45.301Z",
           *         "updated_at": "2026-03-03T09:12:49.877Z"
           *       },
           *       "exports": [
           *         {
           *           "export_id": "rexp_2t4pfn701grvydjyvs9k",
           *           "report_id": "rpt_g0pkprn9szm1p798v4zt",
           *           "revision_id": "rrev_rtxp9dqw0a21erbs5v4p",
           *           "format": "pdf",
           *           "file_name": "EV-48213907-r1.pdf",
           *           "mime_type": "application/pdf",
           *           "size_bytes": 48211,
           *           "checksum": "sha256:6831ec0294810cb2b9c0c49355c84a835b4aea71156d4df7b26f406173f1f27e",
           *           "status": "ready",
           *           "error": null,
           *           "download_url": "https://partners.example.com/api/v1/reports/exports/rexp_2t4pfn701grvydjyvs9k/download",
           *           "created_at": "2026-03-03T09:15:02.114Z",
           *           "completed_at": "2026-03-03T09:15:03.470Z"
           *         }
           *       ]
           *     }
           */
          'application/json': {
            report: components['schemas']['Report'];
            exports: components['schemas']['ReportExportArtifact'][];
          };
        };
      };
      /** @description Not Modified: If-None-Match names the current ETag; no body, and not charged against the rate limit */
      304: {
        headers: {
          /** @description The dated API version the answer is rendered in */
          'Partner-Version'?: string;
          /** @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds) */
          Deprecation?: string;
          /** @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594) */
          Sunset?: string;
          /** @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"` */
          Link?: string;
          /** @description Requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description When the current minute ends (ISO 8601) */
          'X-RateLimit-Reset'?: string;
          /** @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds */
          'RateLimit-Policy'?: string;
          /** @description What is left of the quota: r requests for the next t seconds */
          RateLimit?: string;
          /** @description A strong tag of the body: send it back in If-None-Match */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Missing, malformed, revoked, deleted or unknown key */
      401: {
        headers: {
          /** @description The authentication scheme the API takes: a Bearer API key */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Key lacks the scope or workspace inactive */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Resource absent in the key-bound workspace */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Rate limit exceeded */
      429: {
        headers: {
          /** @description Seconds to wait before sending the request again */
          'Retry-After'?: string;
          /** @description Past the per-minute limit: requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Past the per-minute limit: requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description Past the per-minute limit: when the current minute ends (iso 8601) */
          'X-RateLimit-Reset'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Internal error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  exportReport: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Required: send a unique value of 1 to 160 characters (e.g. a UUID) per operation. See Idempotency above.
         * @example 3f1c9a62-5d0e-4b7a-9e51-0c2d8f4a7b13
         */
        'Idempotency-Key': string;
        /**
         * @description The dated API version to answer in (known: 2026-11-27); without it, the version pinned on the key when it was created. An unknown or malformed one is a 400 listing the known ones. See "API versions" above.
         * @example 2026-11-27
         */
        'Partner-Version'?: string;
      };
      path: {
        /** @example rpt_g0pkprn9szm1p798v4zt */
        report_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "formats": [
         *         "pdf",
         *         "csv"
         *       ],
         *       "revision_id": "rrev_rtxp9dqw0a21erbs5v4p"
         *     }
         */
        'application/json': {
          /** @description pdf needs the reports.export_pdf scope, every other format reports.export_technical */
          formats: components['schemas']['ReportExportFormat'][];
          revision_id?: string;
        };
      };
    };
    responses: {
      /** @description Artifacts created (pending); a worker renders them */
      201: {
        headers: {
          /**
           * @description The dated API version the answer is rendered in
           * @example 2026-11-27
           */
          'Partner-Version'?: string;
          /**
           * @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds)
           * @example @1798761600
           */
          Deprecation?: string;
          /**
           * @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594)
           * @example Mon, 01 Mar 2027 00:00:00 GMT
           */
          Sunset?: string;
          /**
           * @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"`
           * @example <https://api.example.com/docs#section/API-versions>; rel="deprecation"; type="text/html"
           */
          Link?: string;
          /**
           * @description Requests allowed per minute for this key and endpoint
           * @example 60
           */
          'X-RateLimit-Limit'?: string;
          /**
           * @description Requests left in the current minute
           * @example 59
           */
          'X-RateLimit-Remaining'?: string;
          /**
           * @description When the current minute ends (ISO 8601)
           * @example 2026-11-27T14:03:00.000Z
           */
          'X-RateLimit-Reset'?: string;
          /**
           * @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds
           * @example "default";q=60;w=60
           */
          'RateLimit-Policy'?: string;
          /**
           * @description What is left of the quota: r requests for the next t seconds
           * @example "default";r=59;t=42
           */
          RateLimit?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "exports": [
           *         {
           *           "export_id": "rexp_2t4pfn701grvydjyvs9k",
           *           "report_id": "rpt_g0pkprn9szm1p798v4zt",
           *           "revision_id": "rrev_rtxp9dqw0a21erbs5v4p",
           *           "format": "pdf",
           *           "file_name": "EV-48213907-r1.pdf",
           *           "mime_type": "application/pdf",
           *           "size_bytes": null,
           *           "checksum": null,
           *           "status": "pending",
           *           "error": null,
           *           "download_url": "https://partners.example.com/api/v1/reports/exports/rexp_2t4pfn701grvydjyvs9k/download",
           *           "created_at": "2026-03-03T09:15:02.114Z",
           *           "completed_at": null
           *         },
           *         {
           *           "export_id": "rexp_66vygv0z2010n8zdaxbm",
           *           "report_id": "rpt_g0pkprn9szm1p798v4zt",
           *           "revision_id": "rrev_rtxp9dqw0a21erbs5v4p",
           *           "format": "csv",
           *           "file_name": "EV-48213907-r1.csv",
           *           "mime_type": "text/csv",
           *           "size_bytes": null,
           *           "checksum": null,
           *           "status": "pending",
           *           "error": null,
           *           "download_url": "https://partners.example.com/api/v1/reports/exports/rexp_66vygv0z2010n8zdaxbm/download",
           *           "created_at": "2026-03-03T09:15:02.114Z",
           *           "completed_at": null
           *         }
           *       ]
           *     }
           */
          'application/json': {
            exports: components['schemas']['ReportExportArtifact'][];
          };
        };
      };
      /** @description Invalid payload, query or header */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing, malformed, revoked, deleted or unknown key */
      401: {
        headers: {
          /** @description The authentication scheme the API takes: a Bearer API key */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Key lacks the scope or workspace inactive */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Resource absent in the key-bound workspace */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Conflict with idempotency or resource state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Rate limit exceeded */
      429: {
        headers: {
          /** @description Seconds to wait before sending the request again */
          'Retry-After'?: string;
          /** @description Past the per-minute limit: requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Past the per-minute limit: requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description Past the per-minute limit: when the current minute ends (iso 8601) */
          'X-RateLimit-Reset'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Internal error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  getVisualizerCatalog: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The dated API version to answer in (known: 2026-11-27); without it, the version pinned on the key when it was created. An unknown or malformed one is a 400 listing the known ones. See "API versions" above.
         * @example 2026-11-27
         */
        'Partner-Version'?: string;
        /**
         * @description ETags of answers you hold (or `*`): when one matches, the answer is 304 with no body, not charged against the rate limit. See "Conditional requests" above.
         * @example "k3Jq8Xw2bV0s9Lr4Tn6yPa"
         */
        'If-None-Match'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The ids visualizations and generation accept */
      200: {
        headers: {
          /**
           * @description The dated API version the answer is rendered in
           * @example 2026-11-27
           */
          'Partner-Version'?: string;
          /**
           * @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds)
           * @example @1798761600
           */
          Deprecation?: string;
          /**
           * @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594)
           * @example Mon, 01 Mar 2027 00:00:00 GMT
           */
          Sunset?: string;
          /**
           * @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"`
           * @example <https://api.example.com/docs#section/API-versions>; rel="deprecation"; type="text/html"
           */
          Link?: string;
          /**
           * @description Requests allowed per minute for this key and endpoint
           * @example 60
           */
          'X-RateLimit-Limit'?: string;
          /**
           * @description Requests left in the current minute
           * @example 59
           */
          'X-RateLimit-Remaining'?: string;
          /**
           * @description When the current minute ends (ISO 8601)
           * @example 2026-11-27T14:03:00.000Z
           */
          'X-RateLimit-Reset'?: string;
          /**
           * @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds
           * @example "default";q=60;w=60
           */
          'RateLimit-Policy'?: string;
          /**
           * @description What is left of the quota: r requests for the next t seconds
           * @example "default";r=59;t=42
           */
          RateLimit?: string;
          /**
           * @description A strong tag of the body: send it back in If-None-Match
           * @example "k3Jq8Xw2bV0s9Lr4Tn6yPa"
           */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "materials": [
           *         {
           *           "id": "mat_eygenz1vhap0thrsyw31",
           *           "name": "Architectural asphalt shingles"
           *         },
           *         {
           *           "id": "mat_s12z82m8dfm0gt7am09h",
           *           "name": "Standing seam metal"
           *         }
           *       ],
           *       "colors": [
           *         {
           *           "id": "col_ew4yfr8swp28tzkh2p8r",
           *           "name": "Charcoal Gray",
           *           "hex_code": "#3b3d40"
           *         },
           *         {
           *           "id": "col_r9be5smnfj41fgv8fw2a",
           *           "name": "Barkwood Brown",
           *           "hex_code": "#5a4632"
           *         }
           *       ],
           *       "shapes": [
           *         {
           *           "id": "shp_bgnerr2znqv9gwg7fccg",
           *           "name": "Gable",
           *           "roof_type": "gable"
           *         },
           *         {
           *           "id": "shp_haxkfph6f0grzzzhzmzv",
           *           "name": "Hip",
           *           "roof_type": "hip"
           *         }
           *       ]
           *     }
           */
          'application/json': components['schemas']['VisualizerCatalog'];
        };
      };
      /** @description Not Modified: If-None-Match names the current ETag; no body, and not charged against the rate limit */
      304: {
        headers: {
          /** @description The dated API version the answer is rendered in */
          'Partner-Version'?: string;
          /** @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds) */
          Deprecation?: string;
          /** @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594) */
          Sunset?: string;
          /** @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"` */
          Link?: string;
          /** @description Requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description When the current minute ends (ISO 8601) */
          'X-RateLimit-Reset'?: string;
          /** @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds */
          'RateLimit-Policy'?: string;
          /** @description What is left of the quota: r requests for the next t seconds */
          RateLimit?: string;
          /** @description A strong tag of the body: send it back in If-None-Match */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Missing, malformed, revoked, deleted or unknown key */
      401: {
        headers: {
          /** @description The authentication scheme the API takes: a Bearer API key */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Key lacks the scope or workspace inactive */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Rate limit exceeded */
      429: {
        headers: {
          /** @description Seconds to wait before sending the request again */
          'Retry-After'?: string;
          /** @description Past the per-minute limit: requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Past the per-minute limit: requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description Past the per-minute limit: when the current minute ends (iso 8601) */
          'X-RateLimit-Reset'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Internal error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  createVisualization: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Required: send a unique value of 1 to 160 characters (e.g. a UUID) per operation. See Idempotency above.
         * @example 3f1c9a62-5d0e-4b7a-9e51-0c2d8f4a7b13
         */
        'Idempotency-Key': string;
        /**
         * @description The dated API version to answer in (known: 2026-11-27); without it, the version pinned on the key when it was created. An unknown or malformed one is a 400 listing the known ones. See "API versions" above.
         * @example 2026-11-27
         */
        'Partner-Version'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "session_id": "sess_7f3c2a91e4",
         *       "lead_id": "lead_r1hp9th24a2vy6tsddbk",
         *       "original_image_url": "https://photos.summitroofing.example/leads/crm-88412/front-elevation.jpg",
         *       "material_id": "mat_eygenz1vhap0thrsyw31",
         *       "roof_outline": [
         *         [
         *           [
         *             0.17,
         *             0.46
         *           ],
         *           [
         *             0.83,
         *             0.46
         *           ],
         *           [
         *             0.72,
         *             0.24
         *           ],
         *           [
         *             0.28,
         *             0.24
         *           ]
         *         ],
         *         [
         *           [
         *             0.44,
         *             0.34
         *           ],
         *           [
         *             0.56,
         *             0.34
         *           ],
         *           [
         *             0.5,
         *             0.27
         *           ]
         *         ]
         *       ]
         *     }
         */
        'application/json': components['schemas']['VisualizationCreate'];
      };
    };
    responses: {
      /** @description Pending row created */
      201: {
        headers: {
          /**
           * @description The dated API version the answer is rendered in
           * @example 2026-11-27
           */
          'Partner-Version'?: string;
          /**
           * @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds)
           * @example @1798761600
           */
          Deprecation?: string;
          /**
           * @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594)
           * @example Mon, 01 Mar 2027 00:00:00 GMT
           */
          Sunset?: string;
          /**
           * @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"`
           * @example <https://api.example.com/docs#section/API-versions>; rel="deprecation"; type="text/html"
           */
          Link?: string;
          /**
           * @description Requests allowed per minute for this key and endpoint
           * @example 60
           */
          'X-RateLimit-Limit'?: string;
          /**
           * @description Requests left in the current minute
           * @example 59
           */
          'X-RateLimit-Remaining'?: string;
          /**
           * @description When the current minute ends (ISO 8601)
           * @example 2026-11-27T14:03:00.000Z
           */
          'X-RateLimit-Reset'?: string;
          /**
           * @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds
           * @example "default";q=60;w=60
           */
          'RateLimit-Policy'?: string;
          /**
           * @description What is left of the quota: r requests for the next t seconds
           * @example "default";r=59;t=42
           */
          RateLimit?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "visualization": {
           *         "id": "vis_jcx9jhtdp4sth5vbzzr3",
           *         "session_id": "sess_7f3c2a91e4",
           *         "lead_id": "lead_r1hp9th24a2vy6tsddbk",
           *         "status": "pending",
           *         "material": {
           *           "id": "mat_eygenz1vhap0thrsyw31",
           *           "name": "Architectural asphalt shingles"
           *         },
           *         "color": null,
           *         "shape": null,
           *         "original_image_url": "https://photos.summitroofing.example/leads/crm-88412/front-elevation.jpg",
           *         "generated_image_url": null,
           *         "roof_outline": [
           *           [
           *             [
           *               0.17,
           *               0.46
           *             ],
           *             [
           *               0.83,
           *               0.46
           *             ],
           *             [
           *               0.72,
           *               0.24
           *             ],
           *             [
           *               0.28,
           *               0.24
           *             ]
           *           ],
           *           [
           *             [
           *               0.44,
           *               0.34
           *             ],
           *             [
           *               0.56,
           *               0.34
           *             ],
           *             [
           *               0.5,
           *               0.27
           *             ]
           *           ]
           *         ],
           *         "roof_selection": null,
           *         "processing_error": null,
           *         "created_at": "2026-03-03T15:53:30.612Z",
           *         "updated_at": "2026-03-03T15:53:30.612Z",
           *         "completed_at": null
           *       }
           *     }
           */
          'application/json': {
            visualization: components['schemas']['Visualization'];
          };
        };
      };
      /** @description Invalid payload, query or header */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing, malformed, revoked, deleted or unknown key */
      401: {
        headers: {
          /** @description The authentication scheme the API takes: a Bearer API key */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Key lacks the scope or workspace inactive */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Conflict with idempotency or resource state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Rate limit exceeded */
      429: {
        headers: {
          /** @description Seconds to wait before sending the request again */
          'Retry-After'?: string;
          /** @description Past the per-minute limit: requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Past the per-minute limit: requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description Past the per-minute limit: when the current minute ends (iso 8601) */
          'X-RateLimit-Reset'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Internal error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  getVisualization: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The dated API version to answer in (known: 2026-11-27); without it, the version pinned on the key when it was created. An unknown or malformed one is a 400 listing the known ones. See "API versions" above.
         * @example 2026-11-27
         */
        'Partner-Version'?: string;
        /**
         * @description ETags of answers you hold (or `*`): when one matches, the answer is 304 with no body, not charged against the rate limit. See "Conditional requests" above.
         * @example "k3Jq8Xw2bV0s9Lr4Tn6yPa"
         */
        'If-None-Match'?: string;
      };
      path: {
        /** @example vis_jcx9jhtdp4sth5vbzzr3 */
        visualization_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The visualization */
      200: {
        headers: {
          /**
           * @description The dated API version the answer is rendered in
           * @example 2026-11-27
           */
          'Partner-Version'?: string;
          /**
           * @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds)
           * @example @1798761600
           */
          Deprecation?: string;
          /**
           * @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594)
           * @example Mon, 01 Mar 2027 00:00:00 GMT
           */
          Sunset?: string;
          /**
           * @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"`
           * @example <https://api.example.com/docs#section/API-versions>; rel="deprecation"; type="text/html"
           */
          Link?: string;
          /**
           * @description Requests allowed per minute for this key and endpoint
           * @example 60
           */
          'X-RateLimit-Limit'?: string;
          /**
           * @description Requests left in the current minute
           * @example 59
           */
          'X-RateLimit-Remaining'?: string;
          /**
           * @description When the current minute ends (ISO 8601)
           * @example 2026-11-27T14:03:00.000Z
           */
          'X-RateLimit-Reset'?: string;
          /**
           * @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds
           * @example "default";q=60;w=60
           */
          'RateLimit-Policy'?: string;
          /**
           * @description What is left of the quota: r requests for the next t seconds
           * @example "default";r=59;t=42
           */
          RateLimit?: string;
          /**
           * @description A strong tag of the body: send it back in If-None-Match
           * @example "k3Jq8Xw2bV0s9Lr4Tn6yPa"
           */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "visualization": {
           *         "id": "vis_jcx9jhtdp4sth5vbzzr3",
           *         "session_id": "sess_7f3c2a91e4",
           *         "lead_id": "lead_r1hp9th24a2vy6tsddbk",
           *         "status": "completed",
           *         "material": {
           *           "id": "mat_eygenz1vhap0thrsyw31",
           *           "name": "Architectural asphalt shingles"
           *         },
           *         "color": {
           *           "id": "col_r9be5smnfj41fgv8fw2a",
           *           "name": "Barkwood Brown",
           *           "hex_code": "#5a4632"
           *         },
           *         "shape": {
           *           "id": "shp_haxkfph6f0grzzzhzmzv",
           *           "name": "Hip",
           *           "roof_type": "hip"
           *         },
           *         "original_image_url": "https://partners.example.com/files/ws_bkmdykgvp1v3re2bwdyc/visualizations/vis_jcx9jhtdp4sth5vbzzr3/original?expires=1772560412&sig=lJWRR9kv87MT9NDQmio_t9Lt8600XQTnomnU0ElIMJw&type=image%2Fjpeg",
           *         "generated_image_url": "https://partners.example.com/files/ws_bkmdykgvp1v3re2bwdyc/visualizations/vis_jcx9jhtdp4sth5vbzzr3/generated?expires=1772560412&sig=lJWRR9kv87MT9NDQmio_t9Lt8600XQTnomnU0ElIMJw&type=image%2Fjpeg",
           *         "roof_outline": [
           *           [
           *             [
           *               0.17,
           *               0.46
           *             ],
           *             [
           *               0.83,
           *               0.46
           *             ],
           *             [
           *               0.72,
           *               0.24
           *             ],
           *             [
           *               0.28,
           *               0.24
           *             ]
           *           ],
           *           [
           *             [
           *               0.44,
           *               0.34
           *             ],
           *             [
           *               0.56,
           *               0.34
           *             ],
           *             [
           *               0.5,
           *               0.27
           *             ]
           *           ]
           *         ],
           *         "roof_selection": null,
           *         "processing_error": null,
           *         "created_at": "2026-03-03T15:53:30.612Z",
           *         "updated_at": "2026-03-03T15:53:41.905Z",
           *         "completed_at": "2026-03-03T15:53:41.905Z"
           *       }
           *     }
           */
          'application/json': {
            visualization: components['schemas']['Visualization'];
          };
        };
      };
      /** @description Not Modified: If-None-Match names the current ETag; no body, and not charged against the rate limit */
      304: {
        headers: {
          /** @description The dated API version the answer is rendered in */
          'Partner-Version'?: string;
          /** @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds) */
          Deprecation?: string;
          /** @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594) */
          Sunset?: string;
          /** @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"` */
          Link?: string;
          /** @description Requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description When the current minute ends (ISO 8601) */
          'X-RateLimit-Reset'?: string;
          /** @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds */
          'RateLimit-Policy'?: string;
          /** @description What is left of the quota: r requests for the next t seconds */
          RateLimit?: string;
          /** @description A strong tag of the body: send it back in If-None-Match */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Missing, malformed, revoked, deleted or unknown key */
      401: {
        headers: {
          /** @description The authentication scheme the API takes: a Bearer API key */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Key lacks the scope or workspace inactive */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Resource absent in the key-bound workspace */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Rate limit exceeded */
      429: {
        headers: {
          /** @description Seconds to wait before sending the request again */
          'Retry-After'?: string;
          /** @description Past the per-minute limit: requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Past the per-minute limit: requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description Past the per-minute limit: when the current minute ends (iso 8601) */
          'X-RateLimit-Reset'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Internal error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  generateVisualization: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Required: send a unique value of 1 to 160 characters (e.g. a UUID) per operation. See Idempotency above.
         * @example 3f1c9a62-5d0e-4b7a-9e51-0c2d8f4a7b13
         */
        'Idempotency-Key': string;
        /**
         * @description The dated API version to answer in (known: 2026-11-27); without it, the version pinned on the key when it was created. An unknown or malformed one is a 400 listing the known ones. See "API versions" above.
         * @example 2026-11-27
         */
        'Partner-Version'?: string;
      };
      path: {
        /** @example vis_jcx9jhtdp4sth5vbzzr3 */
        visualization_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "color_id": "col_r9be5smnfj41fgv8fw2a",
         *       "shape_id": "shp_haxkfph6f0grzzzhzmzv"
         *     }
         */
        'application/json': components['schemas']['VisualizationGenerate'];
      };
    };
    responses: {
      /** @description The row once the worker settled it (completed or failed), or still processing when GENERATE_WAIT_MS ran out or the image model is unavailable and the attempt is retried later (poll GET /visualizations/{id}); or the replayed response */
      200: {
        headers: {
          /** @description true on a replayed response */
          'Idempotency-Replayed'?: string;
          /**
           * @description The dated API version the answer is rendered in
           * @example 2026-11-27
           */
          'Partner-Version'?: string;
          /**
           * @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds)
           * @example @1798761600
           */
          Deprecation?: string;
          /**
           * @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594)
           * @example Mon, 01 Mar 2027 00:00:00 GMT
           */
          Sunset?: string;
          /**
           * @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"`
           * @example <https://api.example.com/docs#section/API-versions>; rel="deprecation"; type="text/html"
           */
          Link?: string;
          /**
           * @description Requests allowed per minute for this key and endpoint
           * @example 60
           */
          'X-RateLimit-Limit'?: string;
          /**
           * @description Requests left in the current minute
           * @example 59
           */
          'X-RateLimit-Remaining'?: string;
          /**
           * @description When the current minute ends (ISO 8601)
           * @example 2026-11-27T14:03:00.000Z
           */
          'X-RateLimit-Reset'?: string;
          /**
           * @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds
           * @example "default";q=60;w=60
           */
          'RateLimit-Policy'?: string;
          /**
           * @description What is left of the quota: r requests for the next t seconds
           * @example "default";r=59;t=42
           */
          RateLimit?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "visualization": {
           *         "id": "vis_jcx9jhtdp4sth5vbzzr3",
           *         "session_id": "sess_7f3c2a91e4",
           *         "lead_id": "lead_r1hp9th24a2vy6tsddbk",
           *         "status": "completed",
           *         "material": {
           *           "id": "mat_eygenz1vhap0thrsyw31",
           *           "name": "Architectural asphalt shingles"
           *         },
           *         "color": {
           *           "id": "col_r9be5smnfj41fgv8fw2a",
           *           "name": "Barkwood Brown",
           *           "hex_code": "#5a4632"
           *         },
           *         "shape": {
           *           "id": "shp_haxkfph6f0grzzzhzmzv",
           *           "name": "Hip",
           *           "roof_type": "hip"
           *         },
           *         "original_image_url": "https://partners.example.com/files/ws_bkmdykgvp1v3re2bwdyc/visualizations/vis_jcx9jhtdp4sth5vbzzr3/original?expires=1772560412&sig=lJWRR9kv87MT9NDQmio_t9Lt8600XQTnomnU0ElIMJw&type=image%2Fjpeg",
           *         "generated_image_url": "https://partners.example.com/files/ws_bkmdykgvp1v3re2bwdyc/visualizations/vis_jcx9jhtdp4sth5vbzzr3/generated?expires=1772560412&sig=lJWRR9kv87MT9NDQmio_t9Lt8600XQTnomnU0ElIMJw&type=image%2Fjpeg",
           *         "roof_outline": [
           *           [
           *             [
           *               0.17,
           *               0.46
           *             ],
           *             [
           *               0.83,
           *               0.46
           *             ],
           *             [
           *               0.72,
           *               0.24
           *             ],
           *             [
           *               0.28,
           *               0.24
           *             ]
           *           ],
           *           [
           *             [
           *               0.44,
           *               0.34
           *             ],
           *             [
           *               0.56,
           *               0.34
           *             ],
           *             [
           *               0.5,
           *               0.27
           *             ]
           *           ]
           *         ],
           *         "roof_selection": null,
           *         "processing_error": null,
           *         "created_at": "2026-03-03T15:53:30.612Z",
           *         "updated_at": "2026-03-03T15:53:41.905Z",
           *         "completed_at": "2026-03-03T15:53:41.905Z"
           *       }
           *     }
           */
          'application/json': {
            visualization: components['schemas']['Visualization'];
          };
        };
      };
      /** @description Invalid payload, query or header */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing, malformed, revoked, deleted or unknown key */
      401: {
        headers: {
          /** @description The authentication scheme the API takes: a Bearer API key */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Key lacks the scope or workspace inactive */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Resource absent in the key-bound workspace */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Conflict with idempotency or resource state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Rate limit exceeded */
      429: {
        headers: {
          /** @description Seconds to wait before sending the request again */
          'Retry-After'?: string;
          /** @description Past the per-minute limit: requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Past the per-minute limit: requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description Past the per-minute limit: when the current minute ends (iso 8601) */
          'X-RateLimit-Reset'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Internal error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  selectRoof: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Required: send a unique value of 1 to 160 characters (e.g. a UUID) per operation. See Idempotency above.
         * @example 3f1c9a62-5d0e-4b7a-9e51-0c2d8f4a7b13
         */
        'Idempotency-Key': string;
        /**
         * @description The dated API version to answer in (known: 2026-11-27); without it, the version pinned on the key when it was created. An unknown or malformed one is a 400 listing the known ones. See "API versions" above.
         * @example 2026-11-27
         */
        'Partner-Version'?: string;
      };
      path: {
        /** @example vis_jcx9jhtdp4sth5vbzzr3 */
        visualization_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "points": [
         *         {
         *           "x": 0.42,
         *           "y": 0.35,
         *           "label": "roof"
         *         },
         *         {
         *           "x": 0.5,
         *           "y": 0.62,
         *           "label": "not_roof"
         *         }
         *       ]
         *     }
         */
        'application/json': components['schemas']['RoofSelectionRequest'];
      };
    };
    responses: {
      /** @description The roof found where the partner pointed, kept on the visualization for the next generate; or the replayed response */
      200: {
        headers: {
          /** @description true on a replayed response */
          'Idempotency-Replayed'?: string;
          /**
           * @description The dated API version the answer is rendered in
           * @example 2026-11-27
           */
          'Partner-Version'?: string;
          /**
           * @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds)
           * @example @1798761600
           */
          Deprecation?: string;
          /**
           * @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594)
           * @example Mon, 01 Mar 2027 00:00:00 GMT
           */
          Sunset?: string;
          /**
           * @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"`
           * @example <https://api.example.com/docs#section/API-versions>; rel="deprecation"; type="text/html"
           */
          Link?: string;
          /**
           * @description Requests allowed per minute for this key and endpoint
           * @example 60
           */
          'X-RateLimit-Limit'?: string;
          /**
           * @description Requests left in the current minute
           * @example 59
           */
          'X-RateLimit-Remaining'?: string;
          /**
           * @description When the current minute ends (ISO 8601)
           * @example 2026-11-27T14:03:00.000Z
           */
          'X-RateLimit-Reset'?: string;
          /**
           * @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds
           * @example "default";q=60;w=60
           */
          'RateLimit-Policy'?: string;
          /**
           * @description What is left of the quota: r requests for the next t seconds
           * @example "default";r=59;t=42
           */
          RateLimit?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "roof_selection": {
           *         "outline": [
           *           [
           *             [
           *               0.171,
           *               0.462
           *             ],
           *             [
           *               0.281,
           *               0.238
           *             ],
           *             [
           *               0.719,
           *               0.241
           *             ],
           *             [
           *               0.829,
           *               0.461
           *             ]
           *           ]
           *         ],
           *         "mask_url": "https://partners.example.com/files/ws_bkmdykgvp1v3re2bwdyc/visualizations/vis_jcx9jhtdp4sth5vbzzr3/roof-selection-sel_4x9ttq1b7m2kd0v3c8hp.png?expires=1772560412&sig=V4c2qB0mZ3x8dT1rLk7yN5pWa9sJe6uHf0gRi2oXc4E&type=image%2Fpng",
           *         "area_share": 0.1257,
           *         "points": [
           *           {
           *             "x": 0.42,
           *             "y": 0.35,
           *             "label": "roof"
           *           },
           *           {
           *             "x": 0.5,
           *             "y": 0.62,
           *             "label": "not_roof"
           *           }
           *         ],
           *         "box": null,
           *         "created_at": "2026-03-03T15:53:34.208Z"
           *       }
           *     }
           */
          'application/json': {
            roof_selection: components['schemas']['RoofSelection'];
          };
        };
      };
      /** @description Invalid payload, query or header */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing, malformed, revoked, deleted or unknown key */
      401: {
        headers: {
          /** @description The authentication scheme the API takes: a Bearer API key */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Key lacks the scope or workspace inactive */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Resource absent in the key-bound workspace */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Conflict with idempotency or resource state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Rate limit exceeded */
      429: {
        headers: {
          /** @description Seconds to wait before sending the request again */
          'Retry-After'?: string;
          /** @description Past the per-minute limit: requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Past the per-minute limit: requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description Past the per-minute limit: when the current minute ends (iso 8601) */
          'X-RateLimit-Reset'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Internal error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  listSessionVisualizations: {
    parameters: {
      query?: {
        /** @description Opaque cursor from a previous response */
        cursor?: string;
        /**
         * @description Page size, 1..100
         * @example 1
         */
        limit?: number;
      };
      header?: {
        /**
         * @description The dated API version to answer in (known: 2026-11-27); without it, the version pinned on the key when it was created. An unknown or malformed one is a 400 listing the known ones. See "API versions" above.
         * @example 2026-11-27
         */
        'Partner-Version'?: string;
        /**
         * @description ETags of answers you hold (or `*`): when one matches, the answer is 304 with no body, not charged against the rate limit. See "Conditional requests" above.
         * @example "k3Jq8Xw2bV0s9Lr4Tn6yPa"
         */
        'If-None-Match'?: string;
      };
      path: {
        /** @example sess_7f3c2a91e4 */
        session_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of rows */
      200: {
        headers: {
          /**
           * @description The dated API version the answer is rendered in
           * @example 2026-11-27
           */
          'Partner-Version'?: string;
          /**
           * @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds)
           * @example @1798761600
           */
          Deprecation?: string;
          /**
           * @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594)
           * @example Mon, 01 Mar 2027 00:00:00 GMT
           */
          Sunset?: string;
          /**
           * @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"`
           * @example <https://api.example.com/docs#section/API-versions>; rel="deprecation"; type="text/html"
           */
          Link?: string;
          /**
           * @description Requests allowed per minute for this key and endpoint
           * @example 60
           */
          'X-RateLimit-Limit'?: string;
          /**
           * @description Requests left in the current minute
           * @example 59
           */
          'X-RateLimit-Remaining'?: string;
          /**
           * @description When the current minute ends (ISO 8601)
           * @example 2026-11-27T14:03:00.000Z
           */
          'X-RateLimit-Reset'?: string;
          /**
           * @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds
           * @example "default";q=60;w=60
           */
          'RateLimit-Policy'?: string;
          /**
           * @description What is left of the quota: r requests for the next t seconds
           * @example "default";r=59;t=42
           */
          RateLimit?: string;
          /**
           * @description A strong tag of the body: send it back in If-None-Match
           * @example "k3Jq8Xw2bV0s9Lr4Tn6yPa"
           */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "visualizations": [
           *         {
           *           "id": "vis_jcx9jhtdp4sth5vbzzr3",
           *           "session_id": "sess_7f3c2a91e4",
           *           "lead_id": "lead_r1hp9th24a2vy6tsddbk",
           *           "status": "completed",
           *           "material": {
           *             "id": "mat_eygenz1vhap0thrsyw31",
           *             "name": "Architectural asphalt shingles"
           *           },
           *           "color": {
           *             "id": "col_r9be5smnfj41fgv8fw2a",
           *             "name": "Barkwood Brown",
           *             "hex_code": "#5a4632"
           *           },
           *           "shape": {
           *             "id": "shp_haxkfph6f0grzzzhzmzv",
           *             "name": "Hip",
           *             "roof_type": "hip"
           *           },
           *           "original_image_url": "https://partners.example.com/files/ws_bkmdykgvp1v3re2bwdyc/visualizations/vis_jcx9jhtdp4sth5vbzzr3/original?expires=1772560412&sig=lJWRR9kv87MT9NDQmio_t9Lt8600XQTnomnU0ElIMJw&type=image%2Fjpeg",
           *           "generated_image_url": "https://partners.example.com/files/ws_bkmdykgvp1v3re2bwdyc/visualizations/vis_jcx9jhtdp4sth5vbzzr3/generated?expires=1772560412&sig=lJWRR9kv87MT9NDQmio_t9Lt8600XQTnomnU0ElIMJw&type=image%2Fjpeg",
           *           "roof_outline": [
           *             [
           *               [
           *                 0.17,
           *                 0.46
           *               ],
           *               [
           *                 0.83,
           *                 0.46
           *               ],
           *               [
           *                 0.72,
           *                 0.24
           *               ],
           *               [
           *                 0.28,
           *                 0.24
           *               ]
           *             ],
           *             [
           *               [
           *                 0.44,
           *                 0.34
           *               ],
           *               [
           *                 0.56,
           *                 0.34
           *               ],
           *               [
           *                 0.5,
           *                 0.27
           *               ]
           *             ]
           *           ],
           *           "roof_selection": null,
           *           "processing_error": null,
           *           "created_at": "2026-03-03T15:53:30.612Z",
           *           "updated_at": "2026-03-03T15:53:41.905Z",
           *           "completed_at": "2026-03-03T15:53:41.905Z"
           *         }
           *       ],
           *       "pagination": {
           *         "limit": 1,
           *         "next_cursor": "WyJzZXNzaW9ucy9zZXNzXzdmM2MyYTkxZTQvdmlzdWFsaXphdGlvbnMiLFsxNzcyNTUzMjEyMDQwMDAwLCJ2aXNfamN4OWpodGRwNHN0aDV2Ynp6cjMiXV0.vRe7cWu0u4x6x6y2EAxl1A",
           *         "has_more": true
           *       }
           *     }
           */
          'application/json': {
            visualizations: components['schemas']['Visualization'][];
            pagination: {
              limit: number;
              next_cursor: string | null;
              has_more: boolean;
            };
          };
        };
      };
      /** @description Not Modified: If-None-Match names the current ETag; no body, and not charged against the rate limit */
      304: {
        headers: {
          /** @description The dated API version the answer is rendered in */
          'Partner-Version'?: string;
          /** @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds) */
          Deprecation?: string;
          /** @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594) */
          Sunset?: string;
          /** @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"` */
          Link?: string;
          /** @description Requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description When the current minute ends (ISO 8601) */
          'X-RateLimit-Reset'?: string;
          /** @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds */
          'RateLimit-Policy'?: string;
          /** @description What is left of the quota: r requests for the next t seconds */
          RateLimit?: string;
          /** @description A strong tag of the body: send it back in If-None-Match */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid payload, query or header */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing, malformed, revoked, deleted or unknown key */
      401: {
        headers: {
          /** @description The authentication scheme the API takes: a Bearer API key */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Key lacks the scope or workspace inactive */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Rate limit exceeded */
      429: {
        headers: {
          /** @description Seconds to wait before sending the request again */
          'Retry-After'?: string;
          /** @description Past the per-minute limit: requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Past the per-minute limit: requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description Past the per-minute limit: when the current minute ends (iso 8601) */
          'X-RateLimit-Reset'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Internal error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  createShareLink: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Required: send a unique value of 1 to 160 characters (e.g. a UUID) per operation. See Idempotency above.
         * @example 3f1c9a62-5d0e-4b7a-9e51-0c2d8f4a7b13
         */
        'Idempotency-Key': string;
        /**
         * @description The dated API version to answer in (known: 2026-11-27); without it, the version pinned on the key when it was created. An unknown or malformed one is a 400 listing the known ones. See "API versions" above.
         * @example 2026-11-27
         */
        'Partner-Version'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "visualization_id": "vis_jcx9jhtdp4sth5vbzzr3",
         *       "expires_in_days": 14
         *     }
         */
        'application/json': components['schemas']['ShareLinkCreate'];
      };
    };
    responses: {
      /** @description Share link created */
      201: {
        headers: {
          /**
           * @description The dated API version the answer is rendered in
           * @example 2026-11-27
           */
          'Partner-Version'?: string;
          /**
           * @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds)
           * @example @1798761600
           */
          Deprecation?: string;
          /**
           * @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594)
           * @example Mon, 01 Mar 2027 00:00:00 GMT
           */
          Sunset?: string;
          /**
           * @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"`
           * @example <https://api.example.com/docs#section/API-versions>; rel="deprecation"; type="text/html"
           */
          Link?: string;
          /**
           * @description Requests allowed per minute for this key and endpoint
           * @example 60
           */
          'X-RateLimit-Limit'?: string;
          /**
           * @description Requests left in the current minute
           * @example 59
           */
          'X-RateLimit-Remaining'?: string;
          /**
           * @description When the current minute ends (ISO 8601)
           * @example 2026-11-27T14:03:00.000Z
           */
          'X-RateLimit-Reset'?: string;
          /**
           * @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds
           * @example "default";q=60;w=60
           */
          'RateLimit-Policy'?: string;
          /**
           * @description What is left of the quota: r requests for the next t seconds
           * @example "default";r=59;t=42
           */
          RateLimit?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "share_link": {
           *         "token": "jA0Af56k4xNkMhr8Y-717Iau_Zek36YpjvEUVmRKP8Y",
           *         "url": "https://partners.example.com/api/v1/share-links/jA0Af56k4xNkMhr8Y-717Iau_Zek36YpjvEUVmRKP8Y",
           *         "visualization_id": "vis_jcx9jhtdp4sth5vbzzr3",
           *         "expires_at": "2026-03-17T15:58:12.404Z",
           *         "created_at": "2026-03-03T15:58:12.404Z"
           *       }
           *     }
           */
          'application/json': {
            share_link: components['schemas']['ShareLink'];
          };
        };
      };
      /** @description Invalid payload, query or header */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing, malformed, revoked, deleted or unknown key */
      401: {
        headers: {
          /** @description The authentication scheme the API takes: a Bearer API key */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Key lacks the scope or workspace inactive */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Resource absent in the key-bound workspace */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Conflict with idempotency or resource state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Rate limit exceeded */
      429: {
        headers: {
          /** @description Seconds to wait before sending the request again */
          'Retry-After'?: string;
          /** @description Past the per-minute limit: requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Past the per-minute limit: requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description Past the per-minute limit: when the current minute ends (iso 8601) */
          'X-RateLimit-Reset'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Internal error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  getShareLink: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The dated API version to answer in (known: 2026-11-27); without it, the version pinned on the key when it was created. An unknown or malformed one is a 400 listing the known ones. See "API versions" above.
         * @example 2026-11-27
         */
        'Partner-Version'?: string;
        /**
         * @description ETags of answers you hold (or `*`): when one matches, the answer is 304 with no body, not charged against the rate limit. See "Conditional requests" above.
         * @example "k3Jq8Xw2bV0s9Lr4Tn6yPa"
         */
        'If-None-Match'?: string;
      };
      path: {
        /** @example jA0Af56k4xNkMhr8Y-717Iau_Zek36YpjvEUVmRKP8Y */
        token: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The shared visualization: catalog choice and image URLs only. A client preferring text/html (a browser) gets it as a page, and its errors as pages with the same statuses. */
      200: {
        headers: {
          /** @description Accept: the same URL answers JSON, or HTML to a browser */
          Vary?: string;
          /**
           * @description The dated API version the answer is rendered in
           * @example 2026-11-27
           */
          'Partner-Version'?: string;
          /**
           * @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds)
           * @example @1798761600
           */
          Deprecation?: string;
          /**
           * @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594)
           * @example Mon, 01 Mar 2027 00:00:00 GMT
           */
          Sunset?: string;
          /**
           * @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"`
           * @example <https://api.example.com/docs#section/API-versions>; rel="deprecation"; type="text/html"
           */
          Link?: string;
          /**
           * @description A strong tag of the body: send it back in If-None-Match
           * @example "k3Jq8Xw2bV0s9Lr4Tn6yPa"
           */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "share_link": {
           *         "token": "jA0Af56k4xNkMhr8Y-717Iau_Zek36YpjvEUVmRKP8Y",
           *         "expires_at": "2026-03-17T15:58:12.404Z",
           *         "visualization": {
           *           "id": "vis_jcx9jhtdp4sth5vbzzr3",
           *           "status": "completed",
           *           "material": {
           *             "id": "mat_eygenz1vhap0thrsyw31",
           *             "name": "Architectural asphalt shingles"
           *           },
           *           "color": {
           *             "id": "col_r9be5smnfj41fgv8fw2a",
           *             "name": "Barkwood Brown",
           *             "hex_code": "#5a4632"
           *           },
           *           "shape": {
           *             "id": "shp_haxkfph6f0grzzzhzmzv",
           *             "name": "Hip",
           *             "roof_type": "hip"
           *           },
           *           "original_image_url": "https://partners.example.com/api/v1/share-links/jA0Af56k4xNkMhr8Y-717Iau_Zek36YpjvEUVmRKP8Y/images/original",
           *           "generated_image_url": "https://partners.example.com/api/v1/share-links/jA0Af56k4xNkMhr8Y-717Iau_Zek36YpjvEUVmRKP8Y/images/generated",
           *           "completed_at": "2026-03-03T15:53:41.905Z"
           *         }
           *       }
           *     }
           */
          'application/json': {
            share_link: components['schemas']['PublicShareLink'];
          };
        };
      };
      /** @description Not Modified: If-None-Match names the current ETag; no body, and not charged against the rate limit */
      304: {
        headers: {
          /** @description The dated API version the answer is rendered in */
          'Partner-Version'?: string;
          /** @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds) */
          Deprecation?: string;
          /** @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594) */
          Sunset?: string;
          /** @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"` */
          Link?: string;
          /** @description A strong tag of the body: send it back in If-None-Match */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid payload, query or header */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Resource absent in the key-bound workspace */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Conflict with idempotency or resource state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Expired or revoked */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Rate limit exceeded */
      429: {
        headers: {
          /** @description Seconds to wait before sending the request again */
          'Retry-After'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Internal error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  listWebhookEndpoints: {
    parameters: {
      query?: {
        /** @description Opaque cursor from a previous response */
        cursor?: string;
        /**
         * @description Page size, 1..100
         * @example 1
         */
        limit?: number;
      };
      header?: {
        /**
         * @description The dated API version to answer in (known: 2026-11-27); without it, the version pinned on the key when it was created. An unknown or malformed one is a 400 listing the known ones. See "API versions" above.
         * @example 2026-11-27
         */
        'Partner-Version'?: string;
        /**
         * @description ETags of answers you hold (or `*`): when one matches, the answer is 304 with no body, not charged against the rate limit. See "Conditional requests" above.
         * @example "k3Jq8Xw2bV0s9Lr4Tn6yPa"
         */
        'If-None-Match'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of endpoints */
      200: {
        headers: {
          /**
           * @description The dated API version the answer is rendered in
           * @example 2026-11-27
           */
          'Partner-Version'?: string;
          /**
           * @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds)
           * @example @1798761600
           */
          Deprecation?: string;
          /**
           * @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594)
           * @example Mon, 01 Mar 2027 00:00:00 GMT
           */
          Sunset?: string;
          /**
           * @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"`
           * @example <https://api.example.com/docs#section/API-versions>; rel="deprecation"; type="text/html"
           */
          Link?: string;
          /**
           * @description Requests allowed per minute for this key and endpoint
           * @example 60
           */
          'X-RateLimit-Limit'?: string;
          /**
           * @description Requests left in the current minute
           * @example 59
           */
          'X-RateLimit-Remaining'?: string;
          /**
           * @description When the current minute ends (ISO 8601)
           * @example 2026-11-27T14:03:00.000Z
           */
          'X-RateLimit-Reset'?: string;
          /**
           * @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds
           * @example "default";q=60;w=60
           */
          'RateLimit-Policy'?: string;
          /**
           * @description What is left of the quota: r requests for the next t seconds
           * @example "default";r=59;t=42
           */
          RateLimit?: string;
          /**
           * @description A strong tag of the body: send it back in If-None-Match
           * @example "k3Jq8Xw2bV0s9Lr4Tn6yPa"
           */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "webhook_endpoints": [
           *         {
           *           "id": "whe_3k9x7m2qv8d4t6rb1hzc",
           *           "url": "https://crm.example.com/hooks/roofing",
           *           "events": [
           *             "report.import.completed",
           *             "report.import.failed",
           *             "lead.created",
           *             "lead.stage_changed"
           *           ],
           *           "description": "Acme CRM production sync",
           *           "enabled": true,
           *           "disabled_reason": null,
           *           "disabled_at": null,
           *           "signature_scheme": "standard_webhooks",
           *           "previous_secret_expires_at": null,
           *           "api_version": "2026-11-27",
           *           "created_at": "2025-03-02T14:05:11.482Z",
           *           "updated_at": "2025-03-02T14:05:11.482Z"
           *         }
           *       ],
           *       "pagination": {
           *         "limit": 1,
           *         "has_more": true,
           *         "next_cursor": "WyJ3ZWJob29rX2VuZHBvaW50cy5saXN0IixbIjIwMjUtMDMtMDJUMTQ6MDU6MTEuNDgyOTEzWiIsIndoZV8zazl4N20ycXY4ZDR0NnJiMWh6YyJdXQ.mUlVlxXjPxAxxB2H-D8BbQ"
           *       }
           *     }
           */
          'application/json': {
            webhook_endpoints: components['schemas']['WebhookEndpoint'][];
            pagination: {
              limit: number;
              next_cursor: string | null;
              has_more: boolean;
            };
          };
        };
      };
      /** @description Not Modified: If-None-Match names the current ETag; no body, and not charged against the rate limit */
      304: {
        headers: {
          /** @description The dated API version the answer is rendered in */
          'Partner-Version'?: string;
          /** @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds) */
          Deprecation?: string;
          /** @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594) */
          Sunset?: string;
          /** @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"` */
          Link?: string;
          /** @description Requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description When the current minute ends (ISO 8601) */
          'X-RateLimit-Reset'?: string;
          /** @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds */
          'RateLimit-Policy'?: string;
          /** @description What is left of the quota: r requests for the next t seconds */
          RateLimit?: string;
          /** @description A strong tag of the body: send it back in If-None-Match */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid payload, query or header */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing, malformed, revoked, deleted or unknown key */
      401: {
        headers: {
          /** @description The authentication scheme the API takes: a Bearer API key */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Key lacks the scope or workspace inactive */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Rate limit exceeded */
      429: {
        headers: {
          /** @description Seconds to wait before sending the request again */
          'Retry-After'?: string;
          /** @description Past the per-minute limit: requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Past the per-minute limit: requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description Past the per-minute limit: when the current minute ends (iso 8601) */
          'X-RateLimit-Reset'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Internal error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  createWebhookEndpoint: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Required: send a unique value of 1 to 160 characters (e.g. a UUID) per operation. See Idempotency above.
         * @example 3f1c9a62-5d0e-4b7a-9e51-0c2d8f4a7b13
         */
        'Idempotency-Key': string;
        /**
         * @description The dated API version to answer in (known: 2026-11-27); without it, the version pinned on the key when it was created. An unknown or malformed one is a 400 listing the known ones. See "API versions" above.
         * @example 2026-11-27
         */
        'Partner-Version'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "url": "https://crm.example.com/hooks/roofing",
         *       "events": [
         *         "report.import.completed",
         *         "report.import.failed",
         *         "lead.created",
         *         "lead.stage_changed"
         *       ],
         *       "description": "Acme CRM production sync"
         *     }
         */
        'application/json': components['schemas']['WebhookEndpointCreate'];
      };
    };
    responses: {
      /** @description Endpoint created, with its signing secret */
      201: {
        headers: {
          /**
           * @description The dated API version the answer is rendered in
           * @example 2026-11-27
           */
          'Partner-Version'?: string;
          /**
           * @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds)
           * @example @1798761600
           */
          Deprecation?: string;
          /**
           * @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594)
           * @example Mon, 01 Mar 2027 00:00:00 GMT
           */
          Sunset?: string;
          /**
           * @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"`
           * @example <https://api.example.com/docs#section/API-versions>; rel="deprecation"; type="text/html"
           */
          Link?: string;
          /**
           * @description Requests allowed per minute for this key and endpoint
           * @example 60
           */
          'X-RateLimit-Limit'?: string;
          /**
           * @description Requests left in the current minute
           * @example 59
           */
          'X-RateLimit-Remaining'?: string;
          /**
           * @description When the current minute ends (ISO 8601)
           * @example 2026-11-27T14:03:00.000Z
           */
          'X-RateLimit-Reset'?: string;
          /**
           * @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds
           * @example "default";q=60;w=60
           */
          'RateLimit-Policy'?: string;
          /**
           * @description What is left of the quota: r requests for the next t seconds
           * @example "default";r=59;t=42
           */
          RateLimit?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "webhook_endpoint": {
           *         "id": "whe_3k9x7m2qv8d4t6rb1hzc",
           *         "url": "https://crm.example.com/hooks/roofing",
           *         "events": [
           *           "report.import.completed",
           *           "report.import.failed",
           *           "lead.created",
           *           "lead.stage_changed"
           *         ],
           *         "description": "Acme CRM production sync",
           *         "enabled": true,
           *         "disabled_reason": null,
           *         "disabled_at": null,
           *         "signature_scheme": "standard_webhooks",
           *         "previous_secret_expires_at": null,
           *         "api_version": "2026-11-27",
           *         "created_at": "2025-03-02T14:05:11.482Z",
           *         "updated_at": "2025-03-02T14:05:11.482Z",
           *         "secret": "whsec_v73ffNNW7Cf3nLRZbOd2njCxwcUlMtHggr1DayfXXi0="
           *       }
           *     }
           */
          'application/json': {
            webhook_endpoint: components['schemas']['WebhookEndpointWithSecret'];
          };
        };
      };
      /** @description Invalid payload, query or header */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing, malformed, revoked, deleted or unknown key */
      401: {
        headers: {
          /** @description The authentication scheme the API takes: a Bearer API key */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Key lacks the scope or workspace inactive */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Conflict with idempotency or resource state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Rate limit exceeded */
      429: {
        headers: {
          /** @description Seconds to wait before sending the request again */
          'Retry-After'?: string;
          /** @description Past the per-minute limit: requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Past the per-minute limit: requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description Past the per-minute limit: when the current minute ends (iso 8601) */
          'X-RateLimit-Reset'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Internal error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  getWebhookEndpoint: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The dated API version to answer in (known: 2026-11-27); without it, the version pinned on the key when it was created. An unknown or malformed one is a 400 listing the known ones. See "API versions" above.
         * @example 2026-11-27
         */
        'Partner-Version'?: string;
        /**
         * @description ETags of answers you hold (or `*`): when one matches, the answer is 304 with no body, not charged against the rate limit. See "Conditional requests" above.
         * @example "k3Jq8Xw2bV0s9Lr4Tn6yPa"
         */
        'If-None-Match'?: string;
      };
      path: {
        /** @example whe_3k9x7m2qv8d4t6rb1hzc */
        webhook_endpoint_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The endpoint */
      200: {
        headers: {
          /**
           * @description The dated API version the answer is rendered in
           * @example 2026-11-27
           */
          'Partner-Version'?: string;
          /**
           * @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds)
           * @example @1798761600
           */
          Deprecation?: string;
          /**
           * @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594)
           * @example Mon, 01 Mar 2027 00:00:00 GMT
           */
          Sunset?: string;
          /**
           * @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"`
           * @example <https://api.example.com/docs#section/API-versions>; rel="deprecation"; type="text/html"
           */
          Link?: string;
          /**
           * @description Requests allowed per minute for this key and endpoint
           * @example 60
           */
          'X-RateLimit-Limit'?: string;
          /**
           * @description Requests left in the current minute
           * @example 59
           */
          'X-RateLimit-Remaining'?: string;
          /**
           * @description When the current minute ends (ISO 8601)
           * @example 2026-11-27T14:03:00.000Z
           */
          'X-RateLimit-Reset'?: string;
          /**
           * @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds
           * @example "default";q=60;w=60
           */
          'RateLimit-Policy'?: string;
          /**
           * @description What is left of the quota: r requests for the next t seconds
           * @example "default";r=59;t=42
           */
          RateLimit?: string;
          /**
           * @description A strong tag of the body: send it back in If-None-Match
           * @example "k3Jq8Xw2bV0s9Lr4Tn6yPa"
           */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "webhook_endpoint": {
           *         "id": "whe_3k9x7m2qv8d4t6rb1hzc",
           *         "url": "https://crm.example.com/hooks/roofing",
           *         "events": [
           *           "report.import.completed",
           *           "report.import.failed",
           *           "lead.created",
           *           "lead.stage_changed"
           *         ],
           *         "description": "Acme CRM production sync",
           *         "enabled": true,
           *         "disabled_reason": null,
           *         "disabled_at": null,
           *         "signature_scheme": "standard_webhooks",
           *         "previous_secret_expires_at": null,
           *         "api_version": "2026-11-27",
           *         "created_at": "2025-03-02T14:05:11.482Z",
           *         "updated_at": "2025-03-02T14:05:11.482Z"
           *       }
           *     }
           */
          'application/json': {
            webhook_endpoint: components['schemas']['WebhookEndpoint'];
          };
        };
      };
      /** @description Not Modified: If-None-Match names the current ETag; no body, and not charged against the rate limit */
      304: {
        headers: {
          /** @description The dated API version the answer is rendered in */
          'Partner-Version'?: string;
          /** @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds) */
          Deprecation?: string;
          /** @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594) */
          Sunset?: string;
          /** @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"` */
          Link?: string;
          /** @description Requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description When the current minute ends (ISO 8601) */
          'X-RateLimit-Reset'?: string;
          /** @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds */
          'RateLimit-Policy'?: string;
          /** @description What is left of the quota: r requests for the next t seconds */
          RateLimit?: string;
          /** @description A strong tag of the body: send it back in If-None-Match */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid payload, query or header */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing, malformed, revoked, deleted or unknown key */
      401: {
        headers: {
          /** @description The authentication scheme the API takes: a Bearer API key */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Key lacks the scope or workspace inactive */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Resource absent in the key-bound workspace */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Rate limit exceeded */
      429: {
        headers: {
          /** @description Seconds to wait before sending the request again */
          'Retry-After'?: string;
          /** @description Past the per-minute limit: requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Past the per-minute limit: requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description Past the per-minute limit: when the current minute ends (iso 8601) */
          'X-RateLimit-Reset'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Internal error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  deleteWebhookEndpoint: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Required: send a unique value of 1 to 160 characters (e.g. a UUID) per operation. See Idempotency above.
         * @example 3f1c9a62-5d0e-4b7a-9e51-0c2d8f4a7b13
         */
        'Idempotency-Key': string;
        /**
         * @description The dated API version to answer in (known: 2026-11-27); without it, the version pinned on the key when it was created. An unknown or malformed one is a 400 listing the known ones. See "API versions" above.
         * @example 2026-11-27
         */
        'Partner-Version'?: string;
      };
      path: {
        /** @example whe_3k9x7m2qv8d4t6rb1hzc */
        webhook_endpoint_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /** @example {} */
        'application/json': Record<string, never>;
      };
    };
    responses: {
      /** @description Deleted */
      200: {
        headers: {
          /**
           * @description The dated API version the answer is rendered in
           * @example 2026-11-27
           */
          'Partner-Version'?: string;
          /**
           * @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds)
           * @example @1798761600
           */
          Deprecation?: string;
          /**
           * @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594)
           * @example Mon, 01 Mar 2027 00:00:00 GMT
           */
          Sunset?: string;
          /**
           * @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"`
           * @example <https://api.example.com/docs#section/API-versions>; rel="deprecation"; type="text/html"
           */
          Link?: string;
          /**
           * @description Requests allowed per minute for this key and endpoint
           * @example 60
           */
          'X-RateLimit-Limit'?: string;
          /**
           * @description Requests left in the current minute
           * @example 59
           */
          'X-RateLimit-Remaining'?: string;
          /**
           * @description When the current minute ends (ISO 8601)
           * @example 2026-11-27T14:03:00.000Z
           */
          'X-RateLimit-Reset'?: string;
          /**
           * @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds
           * @example "default";q=60;w=60
           */
          'RateLimit-Policy'?: string;
          /**
           * @description What is left of the quota: r requests for the next t seconds
           * @example "default";r=59;t=42
           */
          RateLimit?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "deleted": true,
           *       "webhook_endpoint_id": "whe_3k9x7m2qv8d4t6rb1hzc"
           *     }
           */
          'application/json': {
            /** @constant */
            deleted: true;
            webhook_endpoint_id: string;
          };
        };
      };
      /** @description Invalid payload, query or header */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing, malformed, revoked, deleted or unknown key */
      401: {
        headers: {
          /** @description The authentication scheme the API takes: a Bearer API key */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Key lacks the scope or workspace inactive */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Resource absent in the key-bound workspace */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Conflict with idempotency or resource state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Rate limit exceeded */
      429: {
        headers: {
          /** @description Seconds to wait before sending the request again */
          'Retry-After'?: string;
          /** @description Past the per-minute limit: requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Past the per-minute limit: requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description Past the per-minute limit: when the current minute ends (iso 8601) */
          'X-RateLimit-Reset'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Internal error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  updateWebhookEndpoint: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Required: send a unique value of 1 to 160 characters (e.g. a UUID) per operation. See Idempotency above.
         * @example 3f1c9a62-5d0e-4b7a-9e51-0c2d8f4a7b13
         */
        'Idempotency-Key': string;
        /**
         * @description The dated API version to answer in (known: 2026-11-27); without it, the version pinned on the key when it was created. An unknown or malformed one is a 400 listing the known ones. See "API versions" above.
         * @example 2026-11-27
         */
        'Partner-Version'?: string;
      };
      path: {
        /** @example whe_3k9x7m2qv8d4t6rb1hzc */
        webhook_endpoint_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "enabled": true,
         *       "events": [
         *         "*"
         *       ]
         *     }
         */
        'application/json': components['schemas']['WebhookEndpointPatch'];
      };
    };
    responses: {
      /** @description The endpoint after the change */
      200: {
        headers: {
          /**
           * @description The dated API version the answer is rendered in
           * @example 2026-11-27
           */
          'Partner-Version'?: string;
          /**
           * @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds)
           * @example @1798761600
           */
          Deprecation?: string;
          /**
           * @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594)
           * @example Mon, 01 Mar 2027 00:00:00 GMT
           */
          Sunset?: string;
          /**
           * @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"`
           * @example <https://api.example.com/docs#section/API-versions>; rel="deprecation"; type="text/html"
           */
          Link?: string;
          /**
           * @description Requests allowed per minute for this key and endpoint
           * @example 60
           */
          'X-RateLimit-Limit'?: string;
          /**
           * @description Requests left in the current minute
           * @example 59
           */
          'X-RateLimit-Remaining'?: string;
          /**
           * @description When the current minute ends (ISO 8601)
           * @example 2026-11-27T14:03:00.000Z
           */
          'X-RateLimit-Reset'?: string;
          /**
           * @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds
           * @example "default";q=60;w=60
           */
          'RateLimit-Policy'?: string;
          /**
           * @description What is left of the quota: r requests for the next t seconds
           * @example "default";r=59;t=42
           */
          RateLimit?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "webhook_endpoint": {
           *         "id": "whe_3k9x7m2qv8d4t6rb1hzc",
           *         "url": "https://crm.example.com/hooks/roofing",
           *         "events": [
           *           "*"
           *         ],
           *         "description": "Acme CRM production sync",
           *         "enabled": true,
           *         "disabled_reason": null,
           *         "disabled_at": null,
           *         "signature_scheme": "standard_webhooks",
           *         "previous_secret_expires_at": null,
           *         "api_version": "2026-11-27",
           *         "created_at": "2025-03-02T14:05:11.482Z",
           *         "updated_at": "2025-03-06T08:30:00.015Z"
           *       }
           *     }
           */
          'application/json': {
            webhook_endpoint: components['schemas']['WebhookEndpoint'];
          };
        };
      };
      /** @description Invalid payload, query or header */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing, malformed, revoked, deleted or unknown key */
      401: {
        headers: {
          /** @description The authentication scheme the API takes: a Bearer API key */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Key lacks the scope or workspace inactive */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Resource absent in the key-bound workspace */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Conflict with idempotency or resource state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Rate limit exceeded */
      429: {
        headers: {
          /** @description Seconds to wait before sending the request again */
          'Retry-After'?: string;
          /** @description Past the per-minute limit: requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Past the per-minute limit: requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description Past the per-minute limit: when the current minute ends (iso 8601) */
          'X-RateLimit-Reset'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Internal error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  rotateWebhookEndpointSecret: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Required: send a unique value of 1 to 160 characters (e.g. a UUID) per operation. See Idempotency above.
         * @example 3f1c9a62-5d0e-4b7a-9e51-0c2d8f4a7b13
         */
        'Idempotency-Key': string;
        /**
         * @description The dated API version to answer in (known: 2026-11-27); without it, the version pinned on the key when it was created. An unknown or malformed one is a 400 listing the known ones. See "API versions" above.
         * @example 2026-11-27
         */
        'Partner-Version'?: string;
      };
      path: {
        /** @example whe_3k9x7m2qv8d4t6rb1hzc */
        webhook_endpoint_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "overlap_seconds": 86400
         *     }
         */
        'application/json': components['schemas']['WebhookEndpointRotate'];
      };
    };
    responses: {
      /** @description The endpoint with its new signing secret */
      200: {
        headers: {
          /**
           * @description The dated API version the answer is rendered in
           * @example 2026-11-27
           */
          'Partner-Version'?: string;
          /**
           * @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds)
           * @example @1798761600
           */
          Deprecation?: string;
          /**
           * @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594)
           * @example Mon, 01 Mar 2027 00:00:00 GMT
           */
          Sunset?: string;
          /**
           * @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"`
           * @example <https://api.example.com/docs#section/API-versions>; rel="deprecation"; type="text/html"
           */
          Link?: string;
          /**
           * @description Requests allowed per minute for this key and endpoint
           * @example 60
           */
          'X-RateLimit-Limit'?: string;
          /**
           * @description Requests left in the current minute
           * @example 59
           */
          'X-RateLimit-Remaining'?: string;
          /**
           * @description When the current minute ends (ISO 8601)
           * @example 2026-11-27T14:03:00.000Z
           */
          'X-RateLimit-Reset'?: string;
          /**
           * @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds
           * @example "default";q=60;w=60
           */
          'RateLimit-Policy'?: string;
          /**
           * @description What is left of the quota: r requests for the next t seconds
           * @example "default";r=59;t=42
           */
          RateLimit?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "webhook_endpoint": {
           *         "id": "whe_3k9x7m2qv8d4t6rb1hzc",
           *         "url": "https://crm.example.com/hooks/roofing",
           *         "events": [
           *           "report.import.completed",
           *           "report.import.failed",
           *           "lead.created",
           *           "lead.stage_changed"
           *         ],
           *         "description": "Acme CRM production sync",
           *         "enabled": true,
           *         "disabled_reason": null,
           *         "disabled_at": null,
           *         "signature_scheme": "standard_webhooks",
           *         "previous_secret_expires_at": "2025-03-07T10:00:02.730Z",
           *         "api_version": "2026-11-27",
           *         "created_at": "2025-03-02T14:05:11.482Z",
           *         "updated_at": "2025-03-06T10:00:02.730Z",
           *         "secret": "whsec_/wwlXHVsWcjsa3+4VzsD7i8HxAeHXHPtXku9Yv/Let8="
           *       }
           *     }
           */
          'application/json': {
            webhook_endpoint: components['schemas']['WebhookEndpointWithSecret'];
          };
        };
      };
      /** @description Invalid payload, query or header */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing, malformed, revoked, deleted or unknown key */
      401: {
        headers: {
          /** @description The authentication scheme the API takes: a Bearer API key */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Key lacks the scope or workspace inactive */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Resource absent in the key-bound workspace */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Conflict with idempotency or resource state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Rate limit exceeded */
      429: {
        headers: {
          /** @description Seconds to wait before sending the request again */
          'Retry-After'?: string;
          /** @description Past the per-minute limit: requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Past the per-minute limit: requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description Past the per-minute limit: when the current minute ends (iso 8601) */
          'X-RateLimit-Reset'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Internal error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  testWebhookEndpoint: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Required: send a unique value of 1 to 160 characters (e.g. a UUID) per operation. See Idempotency above.
         * @example 3f1c9a62-5d0e-4b7a-9e51-0c2d8f4a7b13
         */
        'Idempotency-Key': string;
        /**
         * @description The dated API version to answer in (known: 2026-11-27); without it, the version pinned on the key when it was created. An unknown or malformed one is a 400 listing the known ones. See "API versions" above.
         * @example 2026-11-27
         */
        'Partner-Version'?: string;
      };
      path: {
        /** @example whe_3k9x7m2qv8d4t6rb1hzc */
        webhook_endpoint_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /** @example {} */
        'application/json': Record<string, never>;
      };
    };
    responses: {
      /** @description Test event recorded; its delivery is queued */
      202: {
        headers: {
          /**
           * @description The dated API version the answer is rendered in
           * @example 2026-11-27
           */
          'Partner-Version'?: string;
          /**
           * @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds)
           * @example @1798761600
           */
          Deprecation?: string;
          /**
           * @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594)
           * @example Mon, 01 Mar 2027 00:00:00 GMT
           */
          Sunset?: string;
          /**
           * @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"`
           * @example <https://api.example.com/docs#section/API-versions>; rel="deprecation"; type="text/html"
           */
          Link?: string;
          /**
           * @description Requests allowed per minute for this key and endpoint
           * @example 60
           */
          'X-RateLimit-Limit'?: string;
          /**
           * @description Requests left in the current minute
           * @example 59
           */
          'X-RateLimit-Remaining'?: string;
          /**
           * @description When the current minute ends (ISO 8601)
           * @example 2026-11-27T14:03:00.000Z
           */
          'X-RateLimit-Reset'?: string;
          /**
           * @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds
           * @example "default";q=60;w=60
           */
          'RateLimit-Policy'?: string;
          /**
           * @description What is left of the quota: r requests for the next t seconds
           * @example "default";r=59;t=42
           */
          RateLimit?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "webhook_event": {
           *         "id": "evt_5n2w8yq4j7c1m9tf3ka6",
           *         "type": "webhook_endpoint.test",
           *         "created_at": "2025-03-04T09:12:45.118Z",
           *         "data": {
           *           "object": {
           *             "id": "whe_3k9x7m2qv8d4t6rb1hzc",
           *             "url": "https://crm.example.com/hooks/roofing",
           *             "events": [
           *               "report.import.completed",
           *               "report.import.failed",
           *               "lead.created",
           *               "lead.stage_changed"
           *             ],
           *             "description": "Acme CRM production sync",
           *             "enabled": true,
           *             "disabled_reason": null,
           *             "disabled_at": null,
           *             "signature_scheme": "standard_webhooks",
           *             "previous_secret_expires_at": null,
           *             "api_version": "2026-11-27",
           *             "created_at": "2025-03-02T14:05:11.482Z",
           *             "updated_at": "2025-03-02T14:05:11.482Z"
           *           }
           *         },
           *         "deliveries": [
           *           {
           *             "id": "whd_8f4q1n7x2m6c9w3t5kbr",
           *             "endpoint_id": "whe_3k9x7m2qv8d4t6rb1hzc",
           *             "status": "pending",
           *             "attempt_count": 0,
           *             "next_attempt_at": "2025-03-04T09:12:45.118Z",
           *             "attempts": []
           *           }
           *         ]
           *       }
           *     }
           */
          'application/json': {
            webhook_event: components['schemas']['WebhookEventDetail'];
          };
        };
      };
      /** @description Invalid payload, query or header */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing, malformed, revoked, deleted or unknown key */
      401: {
        headers: {
          /** @description The authentication scheme the API takes: a Bearer API key */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Key lacks the scope or workspace inactive */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Resource absent in the key-bound workspace */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Conflict with idempotency or resource state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Rate limit exceeded */
      429: {
        headers: {
          /** @description Seconds to wait before sending the request again */
          'Retry-After'?: string;
          /** @description Past the per-minute limit: requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Past the per-minute limit: requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description Past the per-minute limit: when the current minute ends (iso 8601) */
          'X-RateLimit-Reset'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Internal error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  listWebhookEndpointDeliveries: {
    parameters: {
      query?: {
        /** @description Opaque cursor from a previous response */
        cursor?: string;
        /**
         * @description Page size, 1..100
         * @example 1
         */
        limit?: number;
      };
      header?: {
        /**
         * @description The dated API version to answer in (known: 2026-11-27); without it, the version pinned on the key when it was created. An unknown or malformed one is a 400 listing the known ones. See "API versions" above.
         * @example 2026-11-27
         */
        'Partner-Version'?: string;
        /**
         * @description ETags of answers you hold (or `*`): when one matches, the answer is 304 with no body, not charged against the rate limit. See "Conditional requests" above.
         * @example "k3Jq8Xw2bV0s9Lr4Tn6yPa"
         */
        'If-None-Match'?: string;
      };
      path: {
        /** @example whe_3k9x7m2qv8d4t6rb1hzc */
        webhook_endpoint_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of deliveries */
      200: {
        headers: {
          /**
           * @description The dated API version the answer is rendered in
           * @example 2026-11-27
           */
          'Partner-Version'?: string;
          /**
           * @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds)
           * @example @1798761600
           */
          Deprecation?: string;
          /**
           * @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594)
           * @example Mon, 01 Mar 2027 00:00:00 GMT
           */
          Sunset?: string;
          /**
           * @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"`
           * @example <https://api.example.com/docs#section/API-versions>; rel="deprecation"; type="text/html"
           */
          Link?: string;
          /**
           * @description Requests allowed per minute for this key and endpoint
           * @example 60
           */
          'X-RateLimit-Limit'?: string;
          /**
           * @description Requests left in the current minute
           * @example 59
           */
          'X-RateLimit-Remaining'?: string;
          /**
           * @description When the current minute ends (ISO 8601)
           * @example 2026-11-27T14:03:00.000Z
           */
          'X-RateLimit-Reset'?: string;
          /**
           * @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds
           * @example "default";q=60;w=60
           */
          'RateLimit-Policy'?: string;
          /**
           * @description What is left of the quota: r requests for the next t seconds
           * @example "default";r=59;t=42
           */
          RateLimit?: string;
          /**
           * @description A strong tag of the body: send it back in If-None-Match
           * @example "k3Jq8Xw2bV0s9Lr4Tn6yPa"
           */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "webhook_deliveries": [
           *         {
           *           "id": "whd_2c7m4q9x1n8t5w3kbr6f",
           *           "event_id": "evt_9k3m7q2x8n4c1w6t5hbr",
           *           "event_type": "lead.created",
           *           "status": "succeeded",
           *           "attempts_made": 3,
           *           "response_status": 200,
           *           "duration_ms": 142,
           *           "response_body": "{\"received\":true}",
           *           "error": null,
           *           "resent_from": null,
           *           "created_at": "2025-03-06T10:04:12.902Z",
           *           "attempted_at": "2025-03-06T10:05:49.310Z",
           *           "delivered_at": "2025-03-06T10:05:49.310Z",
           *           "next_attempt_at": null
           *         }
           *       ],
           *       "pagination": {
           *         "limit": 1,
           *         "has_more": true,
           *         "next_cursor": "WyJ3ZWJob29rX2RlbGl2ZXJpZXMubGlzdCIsWyIyMDI1LTAzLTA2VDEwOjA0OjEyLjkwMjMxMVoiLCJ3aGRfMmM3bTRxOXgxbjh0NXcza2JyNmYiXV0.Hq8TzL1mV0cYd3rW5eKp2g"
           *       }
           *     }
           */
          'application/json': {
            webhook_deliveries: components['schemas']['WebhookEndpointDelivery'][];
            pagination: {
              limit: number;
              next_cursor: string | null;
              has_more: boolean;
            };
          };
        };
      };
      /** @description Not Modified: If-None-Match names the current ETag; no body, and not charged against the rate limit */
      304: {
        headers: {
          /** @description The dated API version the answer is rendered in */
          'Partner-Version'?: string;
          /** @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds) */
          Deprecation?: string;
          /** @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594) */
          Sunset?: string;
          /** @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"` */
          Link?: string;
          /** @description Requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description When the current minute ends (ISO 8601) */
          'X-RateLimit-Reset'?: string;
          /** @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds */
          'RateLimit-Policy'?: string;
          /** @description What is left of the quota: r requests for the next t seconds */
          RateLimit?: string;
          /** @description A strong tag of the body: send it back in If-None-Match */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid payload, query or header */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing, malformed, revoked, deleted or unknown key */
      401: {
        headers: {
          /** @description The authentication scheme the API takes: a Bearer API key */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Key lacks the scope or workspace inactive */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Resource absent in the key-bound workspace */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Rate limit exceeded */
      429: {
        headers: {
          /** @description Seconds to wait before sending the request again */
          'Retry-After'?: string;
          /** @description Past the per-minute limit: requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Past the per-minute limit: requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description Past the per-minute limit: when the current minute ends (iso 8601) */
          'X-RateLimit-Reset'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Internal error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  resendWebhookDelivery: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Required: send a unique value of 1 to 160 characters (e.g. a UUID) per operation. See Idempotency above.
         * @example 3f1c9a62-5d0e-4b7a-9e51-0c2d8f4a7b13
         */
        'Idempotency-Key': string;
        /**
         * @description The dated API version to answer in (known: 2026-11-27); without it, the version pinned on the key when it was created. An unknown or malformed one is a 400 listing the known ones. See "API versions" above.
         * @example 2026-11-27
         */
        'Partner-Version'?: string;
      };
      path: {
        /** @example whe_3k9x7m2qv8d4t6rb1hzc */
        webhook_endpoint_id: string;
        /** @example whd_2c7m4q9x1n8t5w3kbr6f */
        webhook_delivery_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /** @example {} */
        'application/json': Record<string, never>;
      };
    };
    responses: {
      /** @description The new delivery, queued */
      202: {
        headers: {
          /**
           * @description The dated API version the answer is rendered in
           * @example 2026-11-27
           */
          'Partner-Version'?: string;
          /**
           * @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds)
           * @example @1798761600
           */
          Deprecation?: string;
          /**
           * @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594)
           * @example Mon, 01 Mar 2027 00:00:00 GMT
           */
          Sunset?: string;
          /**
           * @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"`
           * @example <https://api.example.com/docs#section/API-versions>; rel="deprecation"; type="text/html"
           */
          Link?: string;
          /**
           * @description Requests allowed per minute for this key and endpoint
           * @example 60
           */
          'X-RateLimit-Limit'?: string;
          /**
           * @description Requests left in the current minute
           * @example 59
           */
          'X-RateLimit-Remaining'?: string;
          /**
           * @description When the current minute ends (ISO 8601)
           * @example 2026-11-27T14:03:00.000Z
           */
          'X-RateLimit-Reset'?: string;
          /**
           * @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds
           * @example "default";q=60;w=60
           */
          'RateLimit-Policy'?: string;
          /**
           * @description What is left of the quota: r requests for the next t seconds
           * @example "default";r=59;t=42
           */
          RateLimit?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "webhook_delivery": {
           *         "id": "whd_6t1w9c4n2x7q3m8kbr5f",
           *         "event_id": "evt_9k3m7q2x8n4c1w6t5hbr",
           *         "event_type": "lead.created",
           *         "status": "pending",
           *         "attempts_made": 0,
           *         "response_status": null,
           *         "duration_ms": null,
           *         "response_body": null,
           *         "error": null,
           *         "resent_from": "whd_2c7m4q9x1n8t5w3kbr6f",
           *         "created_at": "2025-03-06T11:20:03.447Z",
           *         "attempted_at": null,
           *         "delivered_at": null,
           *         "next_attempt_at": "2025-03-06T11:20:03.447Z"
           *       }
           *     }
           */
          'application/json': {
            webhook_delivery: components['schemas']['WebhookEndpointDelivery'];
          };
        };
      };
      /** @description Invalid payload, query or header */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing, malformed, revoked, deleted or unknown key */
      401: {
        headers: {
          /** @description The authentication scheme the API takes: a Bearer API key */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Key lacks the scope or workspace inactive */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Resource absent in the key-bound workspace */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Conflict with idempotency or resource state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Rate limit exceeded */
      429: {
        headers: {
          /** @description Seconds to wait before sending the request again */
          'Retry-After'?: string;
          /** @description Past the per-minute limit: requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Past the per-minute limit: requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description Past the per-minute limit: when the current minute ends (iso 8601) */
          'X-RateLimit-Reset'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Internal error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  listWebhookEvents: {
    parameters: {
      query?: {
        /**
         * @description Only events of this type
         * @example webhook_endpoint.test
         */
        type?:
          | 'report.import.completed'
          | 'report.import.failed'
          | 'report.export.completed'
          | 'report.export.failed'
          | 'visualization.completed'
          | 'visualization.failed'
          | 'lead.created'
          | 'lead.updated'
          | 'lead.stage_changed'
          | 'lead.converted'
          | 'lead.deleted'
          | 'conversion.created'
          | 'webhook_endpoint.test';
        /** @description Opaque cursor from a previous response */
        cursor?: string;
        /**
         * @description Page size, 1..100
         * @example 1
         */
        limit?: number;
      };
      header?: {
        /**
         * @description The dated API version to answer in (known: 2026-11-27); without it, the version pinned on the key when it was created. An unknown or malformed one is a 400 listing the known ones. See "API versions" above.
         * @example 2026-11-27
         */
        'Partner-Version'?: string;
        /**
         * @description ETags of answers you hold (or `*`): when one matches, the answer is 304 with no body, not charged against the rate limit. See "Conditional requests" above.
         * @example "k3Jq8Xw2bV0s9Lr4Tn6yPa"
         */
        'If-None-Match'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of events */
      200: {
        headers: {
          /**
           * @description The dated API version the answer is rendered in
           * @example 2026-11-27
           */
          'Partner-Version'?: string;
          /**
           * @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds)
           * @example @1798761600
           */
          Deprecation?: string;
          /**
           * @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594)
           * @example Mon, 01 Mar 2027 00:00:00 GMT
           */
          Sunset?: string;
          /**
           * @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"`
           * @example <https://api.example.com/docs#section/API-versions>; rel="deprecation"; type="text/html"
           */
          Link?: string;
          /**
           * @description Requests allowed per minute for this key and endpoint
           * @example 60
           */
          'X-RateLimit-Limit'?: string;
          /**
           * @description Requests left in the current minute
           * @example 59
           */
          'X-RateLimit-Remaining'?: string;
          /**
           * @description When the current minute ends (ISO 8601)
           * @example 2026-11-27T14:03:00.000Z
           */
          'X-RateLimit-Reset'?: string;
          /**
           * @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds
           * @example "default";q=60;w=60
           */
          'RateLimit-Policy'?: string;
          /**
           * @description What is left of the quota: r requests for the next t seconds
           * @example "default";r=59;t=42
           */
          RateLimit?: string;
          /**
           * @description A strong tag of the body: send it back in If-None-Match
           * @example "k3Jq8Xw2bV0s9Lr4Tn6yPa"
           */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "webhook_events": [
           *         {
           *           "id": "evt_5n2w8yq4j7c1m9tf3ka6",
           *           "type": "webhook_endpoint.test",
           *           "created_at": "2025-03-04T09:12:45.118Z",
           *           "data": {
           *             "object": {
           *               "id": "whe_3k9x7m2qv8d4t6rb1hzc",
           *               "url": "https://crm.example.com/hooks/roofing",
           *               "events": [
           *                 "report.import.completed",
           *                 "report.import.failed",
           *                 "lead.created",
           *                 "lead.stage_changed"
           *               ],
           *               "description": "Acme CRM production sync",
           *               "enabled": true,
           *               "disabled_reason": null,
           *               "disabled_at": null,
           *               "signature_scheme": "standard_webhooks",
           *               "previous_secret_expires_at": null,
           *               "api_version": "2026-11-27",
           *               "created_at": "2025-03-02T14:05:11.482Z",
           *               "updated_at": "2025-03-02T14:05:11.482Z"
           *             }
           *           }
           *         }
           *       ],
           *       "pagination": {
           *         "limit": 1,
           *         "has_more": true,
           *         "next_cursor": "WyJ3ZWJob29rX2V2ZW50cy5saXN0IixbIjIwMjUtMDMtMDRUMDk6MTI6NDUuMTE4MjA0WiIsImV2dF81bjJ3OHlxNGo3YzFtOXRmM2thNiJdXQ.PWNM-Qm6bafiwU2qg7Eahg"
           *       }
           *     }
           */
          'application/json': {
            webhook_events: components['schemas']['WebhookEvent'][];
            pagination: {
              limit: number;
              next_cursor: string | null;
              has_more: boolean;
            };
          };
        };
      };
      /** @description Not Modified: If-None-Match names the current ETag; no body, and not charged against the rate limit */
      304: {
        headers: {
          /** @description The dated API version the answer is rendered in */
          'Partner-Version'?: string;
          /** @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds) */
          Deprecation?: string;
          /** @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594) */
          Sunset?: string;
          /** @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"` */
          Link?: string;
          /** @description Requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description When the current minute ends (ISO 8601) */
          'X-RateLimit-Reset'?: string;
          /** @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds */
          'RateLimit-Policy'?: string;
          /** @description What is left of the quota: r requests for the next t seconds */
          RateLimit?: string;
          /** @description A strong tag of the body: send it back in If-None-Match */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid payload, query or header */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing, malformed, revoked, deleted or unknown key */
      401: {
        headers: {
          /** @description The authentication scheme the API takes: a Bearer API key */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Key lacks the scope or workspace inactive */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Rate limit exceeded */
      429: {
        headers: {
          /** @description Seconds to wait before sending the request again */
          'Retry-After'?: string;
          /** @description Past the per-minute limit: requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Past the per-minute limit: requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description Past the per-minute limit: when the current minute ends (iso 8601) */
          'X-RateLimit-Reset'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Internal error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  getWebhookEvent: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description The dated API version to answer in (known: 2026-11-27); without it, the version pinned on the key when it was created. An unknown or malformed one is a 400 listing the known ones. See "API versions" above.
         * @example 2026-11-27
         */
        'Partner-Version'?: string;
        /**
         * @description ETags of answers you hold (or `*`): when one matches, the answer is 304 with no body, not charged against the rate limit. See "Conditional requests" above.
         * @example "k3Jq8Xw2bV0s9Lr4Tn6yPa"
         */
        'If-None-Match'?: string;
      };
      path: {
        /** @example evt_5n2w8yq4j7c1m9tf3ka6 */
        webhook_event_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The event and its deliveries */
      200: {
        headers: {
          /**
           * @description The dated API version the answer is rendered in
           * @example 2026-11-27
           */
          'Partner-Version'?: string;
          /**
           * @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds)
           * @example @1798761600
           */
          Deprecation?: string;
          /**
           * @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594)
           * @example Mon, 01 Mar 2027 00:00:00 GMT
           */
          Sunset?: string;
          /**
           * @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"`
           * @example <https://api.example.com/docs#section/API-versions>; rel="deprecation"; type="text/html"
           */
          Link?: string;
          /**
           * @description Requests allowed per minute for this key and endpoint
           * @example 60
           */
          'X-RateLimit-Limit'?: string;
          /**
           * @description Requests left in the current minute
           * @example 59
           */
          'X-RateLimit-Remaining'?: string;
          /**
           * @description When the current minute ends (ISO 8601)
           * @example 2026-11-27T14:03:00.000Z
           */
          'X-RateLimit-Reset'?: string;
          /**
           * @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds
           * @example "default";q=60;w=60
           */
          'RateLimit-Policy'?: string;
          /**
           * @description What is left of the quota: r requests for the next t seconds
           * @example "default";r=59;t=42
           */
          RateLimit?: string;
          /**
           * @description A strong tag of the body: send it back in If-None-Match
           * @example "k3Jq8Xw2bV0s9Lr4Tn6yPa"
           */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "webhook_event": {
           *         "id": "evt_5n2w8yq4j7c1m9tf3ka6",
           *         "type": "webhook_endpoint.test",
           *         "created_at": "2025-03-04T09:12:45.118Z",
           *         "data": {
           *           "object": {
           *             "id": "whe_3k9x7m2qv8d4t6rb1hzc",
           *             "url": "https://crm.example.com/hooks/roofing",
           *             "events": [
           *               "report.import.completed",
           *               "report.import.failed",
           *               "lead.created",
           *               "lead.stage_changed"
           *             ],
           *             "description": "Acme CRM production sync",
           *             "enabled": true,
           *             "disabled_reason": null,
           *             "disabled_at": null,
           *             "signature_scheme": "standard_webhooks",
           *             "previous_secret_expires_at": null,
           *             "api_version": "2026-11-27",
           *             "created_at": "2025-03-02T14:05:11.482Z",
           *             "updated_at": "2025-03-02T14:05:11.482Z"
           *           }
           *         },
           *         "deliveries": [
           *           {
           *             "id": "whd_8f4q1n7x2m6c9w3t5kbr",
           *             "endpoint_id": "whe_3k9x7m2qv8d4t6rb1hzc",
           *             "status": "succeeded",
           *             "attempt_count": 2,
           *             "next_attempt_at": null,
           *             "attempts": [
           *               {
           *                 "attempted_at": "2025-03-04T09:13:17.402Z",
           *                 "response_status": 200,
           *                 "error": null,
           *                 "duration_ms": 184
           *               },
           *               {
           *                 "attempted_at": "2025-03-04T09:12:45.301Z",
           *                 "response_status": null,
           *                 "error": "timed out after 10000 ms",
           *                 "duration_ms": 10003
           *               }
           *             ]
           *           }
           *         ]
           *       }
           *     }
           */
          'application/json': {
            webhook_event: components['schemas']['WebhookEventDetail'];
          };
        };
      };
      /** @description Not Modified: If-None-Match names the current ETag; no body, and not charged against the rate limit */
      304: {
        headers: {
          /** @description The dated API version the answer is rendered in */
          'Partner-Version'?: string;
          /** @description Only when the answer's version is deprecated: since when (RFC 9745, `@` Unix seconds) */
          Deprecation?: string;
          /** @description Only when the answer's version is deprecated: when it stops being answered (RFC 8594) */
          Sunset?: string;
          /** @description Only when the answer's version is deprecated: the docs on versions, `rel="deprecation"` */
          Link?: string;
          /** @description Requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description When the current minute ends (ISO 8601) */
          'X-RateLimit-Reset'?: string;
          /** @description The quota as draft-ietf-httpapi-ratelimit-headers writes it: q requests per w seconds */
          'RateLimit-Policy'?: string;
          /** @description What is left of the quota: r requests for the next t seconds */
          RateLimit?: string;
          /** @description A strong tag of the body: send it back in If-None-Match */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid payload, query or header */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Missing, malformed, revoked, deleted or unknown key */
      401: {
        headers: {
          /** @description The authentication scheme the API takes: a Bearer API key */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Key lacks the scope or workspace inactive */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Resource absent in the key-bound workspace */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Rate limit exceeded */
      429: {
        headers: {
          /** @description Seconds to wait before sending the request again */
          'Retry-After'?: string;
          /** @description Past the per-minute limit: requests allowed per minute for this key and endpoint */
          'X-RateLimit-Limit'?: string;
          /** @description Past the per-minute limit: requests left in the current minute */
          'X-RateLimit-Remaining'?: string;
          /** @description Past the per-minute limit: when the current minute ends (iso 8601) */
          'X-RateLimit-Reset'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Internal error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  'webhook:report.import.completed': {
    parameters: {
      query?: never;
      header: {
        /**
         * @description The event id, the same on every retry and re-send of this event: deduplicate on it
         * @example evt_rj0pby71449fbpjdfhem
         */
        'Webhook-Id': string;
        /**
         * @description When this try was signed, in unix seconds: reject one more than 5 minutes away from your clock
         * @example 1773342262
         */
        'Webhook-Timestamp': string;
        /**
         * @description Standard Webhooks (endpoints whose `signature_scheme` is `standard_webhooks`): space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the secret's base64 after `whsec_` decodes to, one entry per secret while a rotation overlaps; any Standard Webhooks library verifies it. `legacy` endpoints get `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the secret's UTF-8 bytes instead, one `v1` per secret. See "Verifying a signature" above.
         * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
         */
        'Webhook-Signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "evt_rj0pby71449fbpjdfhem",
         *       "type": "report.import.completed",
         *       "created_at": "2026-03-12T19:04:22.671Z",
         *       "data": {
         *         "object": {
         *           "id": "rpt_g0pkprn9szm1p798v4zt",
         *           "project_name": "EV-48213907",
         *           "external_report_id": "EV-48213907",
         *           "status": "draft",
         *           "current_revision_id": "rrev_rtxp9dqw0a21erbs5v4p",
         *           "baseline_revision_id": "rrev_rtxp9dqw0a21erbs5v4p",
         *           "approved_revision_id": null,
         *           "source_formats": [
         *             "pdf"
         *           ],
         *           "summary": {
         *             "address": "1482 Oak Street, Austin, TX 78704",
         *             "total_area_sqft": 2634,
         *             "total_squares": 26.34,
         *             "facet_count": 9,
         *             "predominant_pitch": "7/12",
         *             "lengths_ft": {
         *               "ridge": 48,
         *               "hip": 62,
         *               "valley": 21,
         *               "rake": 38,
         *               "eave": 141,
         *               "step_flashing": 12,
         *               "flashing": 6,
         *               "drip_edge": 179,
         *               "parapet": 0,
         *               "ridge_hip": 110
         *             },
         *             "waste_table": [
         *               {
         *                 "waste_percent": 0,
         *                 "area_sqft": 2634,
         *                 "squares": 26.34
         *               },
         *               {
         *                 "waste_percent": 10,
         *                 "area_sqft": 2897,
         *                 "squares": 28.97
         *               }
         *             ],
         *             "sources": [
         *               {
         *                 "format": "pdf",
         *                 "file_name": "1482-oak-street-premium-report.pdf",
         *                 "vendor": "eagleview",
         *                 "product": "EagleView Premium"
         *               }
         *             ],
         *             "warnings": []
         *           },
         *           "current_revision_number": 1,
         *           "project_address": "1482 Oak Street, Austin, TX 78704",
         *           "location_label": "Austin, TX 78704",
         *           "location_lat": 30.2468,
         *           "location_long": -97.7702,
         *           "created_at": "2026-03-03T09:12:45.301Z",
         *           "updated_at": "2026-03-03T09:12:49.877Z"
         *         }
         *       }
         *     }
         */
        'application/json': components['schemas']['ReportImportCompletedEvent'];
      };
    };
    responses: {
      /** @description Any 2xx status acknowledges the delivery; any other answer, or none, is retried */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  'webhook:report.import.failed': {
    parameters: {
      query?: never;
      header: {
        /**
         * @description The event id, the same on every retry and re-send of this event: deduplicate on it
         * @example evt_rj0pby71449fbpjdfhem
         */
        'Webhook-Id': string;
        /**
         * @description When this try was signed, in unix seconds: reject one more than 5 minutes away from your clock
         * @example 1773342262
         */
        'Webhook-Timestamp': string;
        /**
         * @description Standard Webhooks (endpoints whose `signature_scheme` is `standard_webhooks`): space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the secret's base64 after `whsec_` decodes to, one entry per secret while a rotation overlaps; any Standard Webhooks library verifies it. `legacy` endpoints get `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the secret's UTF-8 bytes instead, one `v1` per secret. See "Verifying a signature" above.
         * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
         */
        'Webhook-Signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "evt_rj0pby71449fbpjdfhem",
         *       "type": "report.import.failed",
         *       "created_at": "2026-03-12T19:04:22.671Z",
         *       "data": {
         *         "object": {
         *           "id": "rpt_g0pkprn9szm1p798v4zt",
         *           "project_name": "EV-48213907",
         *           "external_report_id": "EV-48213907",
         *           "status": "failed",
         *           "current_revision_id": null,
         *           "baseline_revision_id": null,
         *           "approved_revision_id": null,
         *           "source_formats": [
         *             "pdf"
         *           ],
         *           "summary": {
         *             "failure_reason": "The PDF is encrypted; export it again without a password",
         *             "sources": [
         *               {
         *                 "file_name": "1482-oak-street-premium-report.pdf",
         *                 "format": "pdf",
         *                 "vendor": "unknown",
         *                 "product": null
         *               }
         *             ]
         *           },
         *           "current_revision_number": null,
         *           "project_address": null,
         *           "location_label": null,
         *           "location_lat": null,
         *           "location_long": null,
         *           "created_at": "2026-03-03T09:12:45.301Z",
         *           "updated_at": "2026-03-03T09:12:49.877Z"
         *         }
         *       }
         *     }
         */
        'application/json': components['schemas']['ReportImportFailedEvent'];
      };
    };
    responses: {
      /** @description Any 2xx status acknowledges the delivery; any other answer, or none, is retried */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  'webhook:report.export.completed': {
    parameters: {
      query?: never;
      header: {
        /**
         * @description The event id, the same on every retry and re-send of this event: deduplicate on it
         * @example evt_rj0pby71449fbpjdfhem
         */
        'Webhook-Id': string;
        /**
         * @description When this try was signed, in unix seconds: reject one more than 5 minutes away from your clock
         * @example 1773342262
         */
        'Webhook-Timestamp': string;
        /**
         * @description Standard Webhooks (endpoints whose `signature_scheme` is `standard_webhooks`): space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the secret's base64 after `whsec_` decodes to, one entry per secret while a rotation overlaps; any Standard Webhooks library verifies it. `legacy` endpoints get `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the secret's UTF-8 bytes instead, one `v1` per secret. See "Verifying a signature" above.
         * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
         */
        'Webhook-Signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "evt_rj0pby71449fbpjdfhem",
         *       "type": "report.export.completed",
         *       "created_at": "2026-03-12T19:04:22.671Z",
         *       "data": {
         *         "object": {
         *           "export_id": "rexp_2t4pfn701grvydjyvs9k",
         *           "report_id": "rpt_g0pkprn9szm1p798v4zt",
         *           "revision_id": "rrev_rtxp9dqw0a21erbs5v4p",
         *           "format": "pdf",
         *           "file_name": "EV-48213907-r1.pdf",
         *           "mime_type": "application/pdf",
         *           "size_bytes": 48211,
         *           "checksum": "sha256:6831ec0294810cb2b9c0c49355c84a835b4aea71156d4df7b26f406173f1f27e",
         *           "status": "ready",
         *           "error": null,
         *           "download_url": "https://partners.example.com/api/v1/reports/exports/rexp_2t4pfn701grvydjyvs9k/download",
         *           "created_at": "2026-03-03T09:15:02.114Z",
         *           "completed_at": "2026-03-03T09:15:03.470Z"
         *         }
         *       }
         *     }
         */
        'application/json': components['schemas']['ReportExportCompletedEvent'];
      };
    };
    responses: {
      /** @description Any 2xx status acknowledges the delivery; any other answer, or none, is retried */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  'webhook:report.export.failed': {
    parameters: {
      query?: never;
      header: {
        /**
         * @description The event id, the same on every retry and re-send of this event: deduplicate on it
         * @example evt_rj0pby71449fbpjdfhem
         */
        'Webhook-Id': string;
        /**
         * @description When this try was signed, in unix seconds: reject one more than 5 minutes away from your clock
         * @example 1773342262
         */
        'Webhook-Timestamp': string;
        /**
         * @description Standard Webhooks (endpoints whose `signature_scheme` is `standard_webhooks`): space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the secret's base64 after `whsec_` decodes to, one entry per secret while a rotation overlaps; any Standard Webhooks library verifies it. `legacy` endpoints get `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the secret's UTF-8 bytes instead, one `v1` per secret. See "Verifying a signature" above.
         * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
         */
        'Webhook-Signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "evt_rj0pby71449fbpjdfhem",
         *       "type": "report.export.failed",
         *       "created_at": "2026-03-12T19:04:22.671Z",
         *       "data": {
         *         "object": {
         *           "export_id": "rexp_2t4pfn701grvydjyvs9k",
         *           "report_id": "rpt_g0pkprn9szm1p798v4zt",
         *           "revision_id": "rrev_rtxp9dqw0a21erbs5v4p",
         *           "format": "pdf",
         *           "file_name": "EV-48213907-r1.pdf",
         *           "mime_type": "application/pdf",
         *           "size_bytes": null,
         *           "checksum": null,
         *           "status": "failed",
         *           "error": "The revision has no roof facets to draw",
         *           "download_url": "https://partners.example.com/api/v1/reports/exports/rexp_2t4pfn701grvydjyvs9k/download",
         *           "created_at": "2026-03-03T09:15:02.114Z",
         *           "completed_at": "2026-03-03T09:15:03.470Z"
         *         }
         *       }
         *     }
         */
        'application/json': components['schemas']['ReportExportFailedEvent'];
      };
    };
    responses: {
      /** @description Any 2xx status acknowledges the delivery; any other answer, or none, is retried */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  'webhook:visualization.completed': {
    parameters: {
      query?: never;
      header: {
        /**
         * @description The event id, the same on every retry and re-send of this event: deduplicate on it
         * @example evt_rj0pby71449fbpjdfhem
         */
        'Webhook-Id': string;
        /**
         * @description When this try was signed, in unix seconds: reject one more than 5 minutes away from your clock
         * @example 1773342262
         */
        'Webhook-Timestamp': string;
        /**
         * @description Standard Webhooks (endpoints whose `signature_scheme` is `standard_webhooks`): space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the secret's base64 after `whsec_` decodes to, one entry per secret while a rotation overlaps; any Standard Webhooks library verifies it. `legacy` endpoints get `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the secret's UTF-8 bytes instead, one `v1` per secret. See "Verifying a signature" above.
         * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
         */
        'Webhook-Signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "evt_rj0pby71449fbpjdfhem",
         *       "type": "visualization.completed",
         *       "created_at": "2026-03-12T19:04:22.671Z",
         *       "data": {
         *         "object": {
         *           "id": "vis_jcx9jhtdp4sth5vbzzr3",
         *           "session_id": "sess_7f3c2a91e4",
         *           "lead_id": "lead_r1hp9th24a2vy6tsddbk",
         *           "status": "completed",
         *           "material": {
         *             "id": "mat_eygenz1vhap0thrsyw31",
         *             "name": "Architectural asphalt shingles"
         *           },
         *           "color": {
         *             "id": "col_r9be5smnfj41fgv8fw2a",
         *             "name": "Barkwood Brown",
         *             "hex_code": "#5a4632"
         *           },
         *           "shape": {
         *             "id": "shp_haxkfph6f0grzzzhzmzv",
         *             "name": "Hip",
         *             "roof_type": "hip"
         *           },
         *           "original_image_url": "https://partners.example.com/files/ws_bkmdykgvp1v3re2bwdyc/visualizations/vis_jcx9jhtdp4sth5vbzzr3/original?expires=1772560412&sig=lJWRR9kv87MT9NDQmio_t9Lt8600XQTnomnU0ElIMJw&type=image%2Fjpeg",
         *           "generated_image_url": "https://partners.example.com/files/ws_bkmdykgvp1v3re2bwdyc/visualizations/vis_jcx9jhtdp4sth5vbzzr3/generated?expires=1772560412&sig=lJWRR9kv87MT9NDQmio_t9Lt8600XQTnomnU0ElIMJw&type=image%2Fjpeg",
         *           "roof_outline": [
         *             [
         *               [
         *                 0.17,
         *                 0.46
         *               ],
         *               [
         *                 0.83,
         *                 0.46
         *               ],
         *               [
         *                 0.72,
         *                 0.24
         *               ],
         *               [
         *                 0.28,
         *                 0.24
         *               ]
         *             ],
         *             [
         *               [
         *                 0.44,
         *                 0.34
         *               ],
         *               [
         *                 0.56,
         *                 0.34
         *               ],
         *               [
         *                 0.5,
         *                 0.27
         *               ]
         *             ]
         *           ],
         *           "roof_selection": null,
         *           "processing_error": null,
         *           "created_at": "2026-03-03T15:53:30.612Z",
         *           "updated_at": "2026-03-03T15:53:41.905Z",
         *           "completed_at": "2026-03-03T15:53:41.905Z"
         *         }
         *       }
         *     }
         */
        'application/json': components['schemas']['VisualizationCompletedEvent'];
      };
    };
    responses: {
      /** @description Any 2xx status acknowledges the delivery; any other answer, or none, is retried */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  'webhook:visualization.failed': {
    parameters: {
      query?: never;
      header: {
        /**
         * @description The event id, the same on every retry and re-send of this event: deduplicate on it
         * @example evt_rj0pby71449fbpjdfhem
         */
        'Webhook-Id': string;
        /**
         * @description When this try was signed, in unix seconds: reject one more than 5 minutes away from your clock
         * @example 1773342262
         */
        'Webhook-Timestamp': string;
        /**
         * @description Standard Webhooks (endpoints whose `signature_scheme` is `standard_webhooks`): space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the secret's base64 after `whsec_` decodes to, one entry per secret while a rotation overlaps; any Standard Webhooks library verifies it. `legacy` endpoints get `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the secret's UTF-8 bytes instead, one `v1` per secret. See "Verifying a signature" above.
         * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
         */
        'Webhook-Signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "evt_rj0pby71449fbpjdfhem",
         *       "type": "visualization.failed",
         *       "created_at": "2026-03-12T19:04:22.671Z",
         *       "data": {
         *         "object": {
         *           "id": "vis_jcx9jhtdp4sth5vbzzr3",
         *           "session_id": "sess_7f3c2a91e4",
         *           "lead_id": "lead_r1hp9th24a2vy6tsddbk",
         *           "status": "failed",
         *           "material": {
         *             "id": "mat_eygenz1vhap0thrsyw31",
         *             "name": "Architectural asphalt shingles"
         *           },
         *           "color": {
         *             "id": "col_r9be5smnfj41fgv8fw2a",
         *             "name": "Barkwood Brown",
         *             "hex_code": "#5a4632"
         *           },
         *           "shape": {
         *             "id": "shp_haxkfph6f0grzzzhzmzv",
         *             "name": "Hip",
         *             "roof_type": "hip"
         *           },
         *           "original_image_url": "https://partners.example.com/files/ws_bkmdykgvp1v3re2bwdyc/visualizations/vis_jcx9jhtdp4sth5vbzzr3/original?expires=1772560412&sig=lJWRR9kv87MT9NDQmio_t9Lt8600XQTnomnU0ElIMJw&type=image%2Fjpeg",
         *           "generated_image_url": null,
         *           "roof_outline": [
         *             [
         *               [
         *                 0.17,
         *                 0.46
         *               ],
         *               [
         *                 0.83,
         *                 0.46
         *               ],
         *               [
         *                 0.72,
         *                 0.24
         *               ],
         *               [
         *                 0.28,
         *                 0.24
         *               ]
         *             ],
         *             [
         *               [
         *                 0.44,
         *                 0.34
         *               ],
         *               [
         *                 0.56,
         *                 0.34
         *               ],
         *               [
         *                 0.5,
         *                 0.27
         *               ]
         *             ]
         *           ],
         *           "roof_selection": null,
         *           "processing_error": "The photo shows no roof the model could find",
         *           "created_at": "2026-03-03T15:53:30.612Z",
         *           "updated_at": "2026-03-03T15:53:41.905Z",
         *           "completed_at": null
         *         }
         *       }
         *     }
         */
        'application/json': components['schemas']['VisualizationFailedEvent'];
      };
    };
    responses: {
      /** @description Any 2xx status acknowledges the delivery; any other answer, or none, is retried */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  'webhook:lead.created': {
    parameters: {
      query?: never;
      header: {
        /**
         * @description The event id, the same on every retry and re-send of this event: deduplicate on it
         * @example evt_rj0pby71449fbpjdfhem
         */
        'Webhook-Id': string;
        /**
         * @description When this try was signed, in unix seconds: reject one more than 5 minutes away from your clock
         * @example 1773342262
         */
        'Webhook-Timestamp': string;
        /**
         * @description Standard Webhooks (endpoints whose `signature_scheme` is `standard_webhooks`): space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the secret's base64 after `whsec_` decodes to, one entry per secret while a rotation overlaps; any Standard Webhooks library verifies it. `legacy` endpoints get `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the secret's UTF-8 bytes instead, one `v1` per secret. See "Verifying a signature" above.
         * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
         */
        'Webhook-Signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "evt_rj0pby71449fbpjdfhem",
         *       "type": "lead.created",
         *       "created_at": "2026-03-12T19:04:22.671Z",
         *       "data": {
         *         "object": {
         *           "id": "lead_r1hp9th24a2vy6tsddbk",
         *           "external_id": "crm-88412",
         *           "external_source": "acculynx",
         *           "contact_name": "Dana Whitfield",
         *           "contact_email": "dana.whitfield@example.com",
         *           "contact_phone": "5125550148",
         *           "property_address": "1482 Oak Street, Austin, TX 78704",
         *           "status": "new",
         *           "status_stage_id": "stage_eqqw8x64dd3bdxaeg8ds",
         *           "status_label": "New",
         *           "status_sort_order": 1,
         *           "is_conversion_stage": false,
         *           "stage_timestamps": {
         *             "new": "2026-03-02T15:35:04.512Z"
         *           },
         *           "funnel_gap_summary": {
         *             "has_gap": false,
         *             "skipped_stages": []
         *           },
         *           "attribution": {
         *             "source": "google",
         *             "medium": "cpc",
         *             "campaign": "spring-roof-2026",
         *             "content": "free-estimate-ad",
         *             "conversion_url": "https://www.summitroofing.example/free-estimate"
         *           },
         *           "communication_summary": {
         *             "last_call_at": null,
         *             "last_sms_at": null,
         *             "call_count": 0,
         *             "answered_call_count": 0,
         *             "missed_call_count": 0,
         *             "sms_inbound_count": 0,
         *             "sms_outbound_count": 0,
         *             "last_tracking_number": null,
         *             "last_communication_source": null,
         *             "last_communication_campaign": null
         *           },
         *           "form_data": {
         *             "roof_age_years": 18,
         *             "insurance_claim": true,
         *             "preferred_contact": "sms"
         *           },
         *           "custom_fields": {
         *             "crm_owner": "Luis Ortega"
         *           },
         *           "selected_material_id": "mat_eygenz1vhap0thrsyw31",
         *           "selected_color_id": "col_r9be5smnfj41fgv8fw2a",
         *           "selected_shape_id": "shp_haxkfph6f0grzzzhzmzv",
         *           "notes": null,
         *           "quote_value": null,
         *           "sales_value": null,
         *           "follow_up_date": null,
         *           "converted_at": null,
         *           "created_at": "2026-03-02T15:35:04.512Z",
         *           "updated_at": "2026-03-02T15:35:04.512Z"
         *         }
         *       }
         *     }
         */
        'application/json': components['schemas']['LeadCreatedEvent'];
      };
    };
    responses: {
      /** @description Any 2xx status acknowledges the delivery; any other answer, or none, is retried */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  'webhook:lead.updated': {
    parameters: {
      query?: never;
      header: {
        /**
         * @description The event id, the same on every retry and re-send of this event: deduplicate on it
         * @example evt_rj0pby71449fbpjdfhem
         */
        'Webhook-Id': string;
        /**
         * @description When this try was signed, in unix seconds: reject one more than 5 minutes away from your clock
         * @example 1773342262
         */
        'Webhook-Timestamp': string;
        /**
         * @description Standard Webhooks (endpoints whose `signature_scheme` is `standard_webhooks`): space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the secret's base64 after `whsec_` decodes to, one entry per secret while a rotation overlaps; any Standard Webhooks library verifies it. `legacy` endpoints get `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the secret's UTF-8 bytes instead, one `v1` per secret. See "Verifying a signature" above.
         * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
         */
        'Webhook-Signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "evt_rj0pby71449fbpjdfhem",
         *       "type": "lead.updated",
         *       "created_at": "2026-03-12T19:04:22.671Z",
         *       "data": {
         *         "object": {
         *           "id": "lead_r1hp9th24a2vy6tsddbk",
         *           "external_id": "crm-88412",
         *           "external_source": "acculynx",
         *           "contact_name": "Dana Whitfield",
         *           "contact_email": "dana.whitfield@example.com",
         *           "contact_phone": "5125550148",
         *           "property_address": "1482 Oak Street, Austin, TX 78704",
         *           "status": "quoted",
         *           "status_stage_id": "stage_nm63s0te0p9syvs9jn16",
         *           "status_label": "Quoted",
         *           "status_sort_order": 4,
         *           "is_conversion_stage": false,
         *           "stage_timestamps": {
         *             "new": "2026-03-02T15:35:04.512Z",
         *             "contacted": "2026-03-02T18:02:40.117Z",
         *             "appointment_set": "2026-03-03T14:20:09.884Z",
         *             "quoted": "2026-03-05T16:45:31.030Z"
         *           },
         *           "funnel_gap_summary": {
         *             "has_gap": false,
         *             "skipped_stages": []
         *           },
         *           "attribution": {
         *             "source": "google",
         *             "medium": "cpc",
         *             "campaign": "spring-roof-2026",
         *             "content": "free-estimate-ad",
         *             "conversion_url": "https://www.summitroofing.example/free-estimate"
         *           },
         *           "communication_summary": {
         *             "last_call_at": "2026-03-02T18:02:40.117Z",
         *             "last_sms_at": "2026-03-04T21:10:55.000Z",
         *             "call_count": 2,
         *             "answered_call_count": 1,
         *             "missed_call_count": 1,
         *             "sms_inbound_count": 1,
         *             "sms_outbound_count": 2,
         *             "last_tracking_number": {
         *               "label": "Google Ads – spring",
         *               "phone_last4": "0190",
         *               "national_format": "(512) 555-0190"
         *             },
         *             "last_communication_source": "google",
         *             "last_communication_campaign": "spring-roof-2026"
         *           },
         *           "form_data": {
         *             "roof_age_years": 18,
         *             "insurance_claim": true,
         *             "preferred_contact": "sms"
         *           },
         *           "custom_fields": {
         *             "crm_owner": "Luis Ortega",
         *             "hail_zone": "A2"
         *           },
         *           "selected_material_id": "mat_eygenz1vhap0thrsyw31",
         *           "selected_color_id": "col_r9be5smnfj41fgv8fw2a",
         *           "selected_shape_id": "shp_haxkfph6f0grzzzhzmzv",
         *           "notes": "Wants an estimate before the insurance adjuster visits on Friday.",
         *           "quote_value": 18450,
         *           "sales_value": null,
         *           "follow_up_date": "2026-03-09T15:00:00.000Z",
         *           "converted_at": null,
         *           "created_at": "2026-03-02T15:35:04.512Z",
         *           "updated_at": "2026-03-05T16:45:31.030Z"
         *         }
         *       }
         *     }
         */
        'application/json': components['schemas']['LeadUpdatedEvent'];
      };
    };
    responses: {
      /** @description Any 2xx status acknowledges the delivery; any other answer, or none, is retried */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  'webhook:lead.stage_changed': {
    parameters: {
      query?: never;
      header: {
        /**
         * @description The event id, the same on every retry and re-send of this event: deduplicate on it
         * @example evt_rj0pby71449fbpjdfhem
         */
        'Webhook-Id': string;
        /**
         * @description When this try was signed, in unix seconds: reject one more than 5 minutes away from your clock
         * @example 1773342262
         */
        'Webhook-Timestamp': string;
        /**
         * @description Standard Webhooks (endpoints whose `signature_scheme` is `standard_webhooks`): space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the secret's base64 after `whsec_` decodes to, one entry per secret while a rotation overlaps; any Standard Webhooks library verifies it. `legacy` endpoints get `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the secret's UTF-8 bytes instead, one `v1` per secret. See "Verifying a signature" above.
         * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
         */
        'Webhook-Signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "evt_rj0pby71449fbpjdfhem",
         *       "type": "lead.stage_changed",
         *       "created_at": "2026-03-12T19:04:22.671Z",
         *       "data": {
         *         "object": {
         *           "id": "lead_r1hp9th24a2vy6tsddbk",
         *           "external_id": "crm-88412",
         *           "external_source": "acculynx",
         *           "contact_name": "Dana Whitfield",
         *           "contact_email": "dana.whitfield@example.com",
         *           "contact_phone": "5125550148",
         *           "property_address": "1482 Oak Street, Austin, TX 78704",
         *           "status": "quoted",
         *           "status_stage_id": "stage_nm63s0te0p9syvs9jn16",
         *           "status_label": "Quoted",
         *           "status_sort_order": 4,
         *           "is_conversion_stage": false,
         *           "stage_timestamps": {
         *             "new": "2026-03-02T15:35:04.512Z",
         *             "contacted": "2026-03-02T18:02:40.117Z",
         *             "appointment_set": "2026-03-03T14:20:09.884Z",
         *             "quoted": "2026-03-05T16:45:31.030Z"
         *           },
         *           "funnel_gap_summary": {
         *             "has_gap": false,
         *             "skipped_stages": []
         *           },
         *           "attribution": {
         *             "source": "google",
         *             "medium": "cpc",
         *             "campaign": "spring-roof-2026",
         *             "content": "free-estimate-ad",
         *             "conversion_url": "https://www.summitroofing.example/free-estimate"
         *           },
         *           "communication_summary": {
         *             "last_call_at": "2026-03-02T18:02:40.117Z",
         *             "last_sms_at": "2026-03-04T21:10:55.000Z",
         *             "call_count": 2,
         *             "answered_call_count": 1,
         *             "missed_call_count": 1,
         *             "sms_inbound_count": 1,
         *             "sms_outbound_count": 2,
         *             "last_tracking_number": {
         *               "label": "Google Ads – spring",
         *               "phone_last4": "0190",
         *               "national_format": "(512) 555-0190"
         *             },
         *             "last_communication_source": "google",
         *             "last_communication_campaign": "spring-roof-2026"
         *           },
         *           "form_data": {
         *             "roof_age_years": 18,
         *             "insurance_claim": true,
         *             "preferred_contact": "sms"
         *           },
         *           "custom_fields": {
         *             "crm_owner": "Luis Ortega",
         *             "hail_zone": "A2"
         *           },
         *           "selected_material_id": "mat_eygenz1vhap0thrsyw31",
         *           "selected_color_id": "col_r9be5smnfj41fgv8fw2a",
         *           "selected_shape_id": "shp_haxkfph6f0grzzzhzmzv",
         *           "notes": "Wants an estimate before the insurance adjuster visits on Friday.",
         *           "quote_value": 18450,
         *           "sales_value": null,
         *           "follow_up_date": "2026-03-09T15:00:00.000Z",
         *           "converted_at": null,
         *           "created_at": "2026-03-02T15:35:04.512Z",
         *           "updated_at": "2026-03-05T16:45:31.030Z"
         *         }
         *       }
         *     }
         */
        'application/json': components['schemas']['LeadStageChangedEvent'];
      };
    };
    responses: {
      /** @description Any 2xx status acknowledges the delivery; any other answer, or none, is retried */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  'webhook:lead.converted': {
    parameters: {
      query?: never;
      header: {
        /**
         * @description The event id, the same on every retry and re-send of this event: deduplicate on it
         * @example evt_rj0pby71449fbpjdfhem
         */
        'Webhook-Id': string;
        /**
         * @description When this try was signed, in unix seconds: reject one more than 5 minutes away from your clock
         * @example 1773342262
         */
        'Webhook-Timestamp': string;
        /**
         * @description Standard Webhooks (endpoints whose `signature_scheme` is `standard_webhooks`): space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the secret's base64 after `whsec_` decodes to, one entry per secret while a rotation overlaps; any Standard Webhooks library verifies it. `legacy` endpoints get `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the secret's UTF-8 bytes instead, one `v1` per secret. See "Verifying a signature" above.
         * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
         */
        'Webhook-Signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "evt_rj0pby71449fbpjdfhem",
         *       "type": "lead.converted",
         *       "created_at": "2026-03-12T19:04:22.671Z",
         *       "data": {
         *         "object": {
         *           "id": "lead_r1hp9th24a2vy6tsddbk",
         *           "external_id": "crm-88412",
         *           "external_source": "acculynx",
         *           "contact_name": "Dana Whitfield",
         *           "contact_email": "dana.whitfield@example.com",
         *           "contact_phone": "5125550148",
         *           "property_address": "1482 Oak Street, Austin, TX 78704",
         *           "status": "sold",
         *           "status_stage_id": "stage_8tz0xhzzncgfvdpc9qdq",
         *           "status_label": "Sold",
         *           "status_sort_order": 5,
         *           "is_conversion_stage": true,
         *           "stage_timestamps": {
         *             "new": "2026-03-02T15:35:04.512Z",
         *             "contacted": "2026-03-02T18:02:40.117Z",
         *             "appointment_set": "2026-03-03T14:20:09.884Z",
         *             "quoted": "2026-03-05T16:45:31.030Z",
         *             "sold": "2026-03-12T19:04:22.671Z"
         *           },
         *           "funnel_gap_summary": {
         *             "has_gap": false,
         *             "skipped_stages": []
         *           },
         *           "attribution": {
         *             "source": "google",
         *             "medium": "cpc",
         *             "campaign": "spring-roof-2026",
         *             "content": "free-estimate-ad",
         *             "conversion_url": "https://www.summitroofing.example/free-estimate"
         *           },
         *           "communication_summary": {
         *             "last_call_at": "2026-03-02T18:02:40.117Z",
         *             "last_sms_at": "2026-03-04T21:10:55.000Z",
         *             "call_count": 2,
         *             "answered_call_count": 1,
         *             "missed_call_count": 1,
         *             "sms_inbound_count": 1,
         *             "sms_outbound_count": 2,
         *             "last_tracking_number": {
         *               "label": "Google Ads – spring",
         *               "phone_last4": "0190",
         *               "national_format": "(512) 555-0190"
         *             },
         *             "last_communication_source": "google",
         *             "last_communication_campaign": "spring-roof-2026"
         *           },
         *           "form_data": {
         *             "roof_age_years": 18,
         *             "insurance_claim": true,
         *             "preferred_contact": "sms"
         *           },
         *           "custom_fields": {
         *             "crm_owner": "Luis Ortega",
         *             "hail_zone": "A2"
         *           },
         *           "selected_material_id": "mat_eygenz1vhap0thrsyw31",
         *           "selected_color_id": "col_r9be5smnfj41fgv8fw2a",
         *           "selected_shape_id": "shp_haxkfph6f0grzzzhzmzv",
         *           "notes": "Wants an estimate before the insurance adjuster visits on Friday.",
         *           "quote_value": 18450,
         *           "sales_value": 18450,
         *           "follow_up_date": "2026-03-09T15:00:00.000Z",
         *           "converted_at": "2026-03-12T19:04:22.671Z",
         *           "created_at": "2026-03-02T15:35:04.512Z",
         *           "updated_at": "2026-03-12T19:04:22.671Z"
         *         }
         *       }
         *     }
         */
        'application/json': components['schemas']['LeadConvertedEvent'];
      };
    };
    responses: {
      /** @description Any 2xx status acknowledges the delivery; any other answer, or none, is retried */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  'webhook:lead.deleted': {
    parameters: {
      query?: never;
      header: {
        /**
         * @description The event id, the same on every retry and re-send of this event: deduplicate on it
         * @example evt_rj0pby71449fbpjdfhem
         */
        'Webhook-Id': string;
        /**
         * @description When this try was signed, in unix seconds: reject one more than 5 minutes away from your clock
         * @example 1773342262
         */
        'Webhook-Timestamp': string;
        /**
         * @description Standard Webhooks (endpoints whose `signature_scheme` is `standard_webhooks`): space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the secret's base64 after `whsec_` decodes to, one entry per secret while a rotation overlaps; any Standard Webhooks library verifies it. `legacy` endpoints get `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the secret's UTF-8 bytes instead, one `v1` per secret. See "Verifying a signature" above.
         * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
         */
        'Webhook-Signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "evt_rj0pby71449fbpjdfhem",
         *       "type": "lead.deleted",
         *       "created_at": "2026-03-12T19:04:22.671Z",
         *       "data": {
         *         "object": {
         *           "id": "lead_r1hp9th24a2vy6tsddbk",
         *           "external_id": "crm-88412",
         *           "external_source": "acculynx",
         *           "contact_name": "Dana Whitfield",
         *           "contact_email": "dana.whitfield@example.com",
         *           "contact_phone": "5125550148",
         *           "property_address": "1482 Oak Street, Austin, TX 78704",
         *           "status": "quoted",
         *           "status_stage_id": "stage_nm63s0te0p9syvs9jn16",
         *           "status_label": "Quoted",
         *           "status_sort_order": 4,
         *           "is_conversion_stage": false,
         *           "stage_timestamps": {
         *             "new": "2026-03-02T15:35:04.512Z",
         *             "contacted": "2026-03-02T18:02:40.117Z",
         *             "appointment_set": "2026-03-03T14:20:09.884Z",
         *             "quoted": "2026-03-05T16:45:31.030Z"
         *           },
         *           "funnel_gap_summary": {
         *             "has_gap": false,
         *             "skipped_stages": []
         *           },
         *           "attribution": {
         *             "source": "google",
         *             "medium": "cpc",
         *             "campaign": "spring-roof-2026",
         *             "content": "free-estimate-ad",
         *             "conversion_url": "https://www.summitroofing.example/free-estimate"
         *           },
         *           "communication_summary": {
         *             "last_call_at": "2026-03-02T18:02:40.117Z",
         *             "last_sms_at": "2026-03-04T21:10:55.000Z",
         *             "call_count": 2,
         *             "answered_call_count": 1,
         *             "missed_call_count": 1,
         *             "sms_inbound_count": 1,
         *             "sms_outbound_count": 2,
         *             "last_tracking_number": {
         *               "label": "Google Ads – spring",
         *               "phone_last4": "0190",
         *               "national_format": "(512) 555-0190"
         *             },
         *             "last_communication_source": "google",
         *             "last_communication_campaign": "spring-roof-2026"
         *           },
         *           "form_data": {
         *             "roof_age_years": 18,
         *             "insurance_claim": true,
         *             "preferred_contact": "sms"
         *           },
         *           "custom_fields": {
         *             "crm_owner": "Luis Ortega",
         *             "hail_zone": "A2"
         *           },
         *           "selected_material_id": "mat_eygenz1vhap0thrsyw31",
         *           "selected_color_id": "col_r9be5smnfj41fgv8fw2a",
         *           "selected_shape_id": "shp_haxkfph6f0grzzzhzmzv",
         *           "notes": "Wants an estimate before the insurance adjuster visits on Friday.",
         *           "quote_value": 18450,
         *           "sales_value": null,
         *           "follow_up_date": "2026-03-09T15:00:00.000Z",
         *           "converted_at": null,
         *           "created_at": "2026-03-02T15:35:04.512Z",
         *           "updated_at": "2026-03-05T16:45:31.030Z"
         *         }
         *       }
         *     }
         */
        'application/json': components['schemas']['LeadDeletedEvent'];
      };
    };
    responses: {
      /** @description Any 2xx status acknowledges the delivery; any other answer, or none, is retried */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  'webhook:conversion.created': {
    parameters: {
      query?: never;
      header: {
        /**
         * @description The event id, the same on every retry and re-send of this event: deduplicate on it
         * @example evt_rj0pby71449fbpjdfhem
         */
        'Webhook-Id': string;
        /**
         * @description When this try was signed, in unix seconds: reject one more than 5 minutes away from your clock
         * @example 1773342262
         */
        'Webhook-Timestamp': string;
        /**
         * @description Standard Webhooks (endpoints whose `signature_scheme` is `standard_webhooks`): space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the secret's base64 after `whsec_` decodes to, one entry per secret while a rotation overlaps; any Standard Webhooks library verifies it. `legacy` endpoints get `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the secret's UTF-8 bytes instead, one `v1` per secret. See "Verifying a signature" above.
         * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
         */
        'Webhook-Signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "evt_rj0pby71449fbpjdfhem",
         *       "type": "conversion.created",
         *       "created_at": "2026-03-12T19:04:22.671Z",
         *       "data": {
         *         "object": {
         *           "id": "conv_3r71c4pad943wfafte8w",
         *           "lead_id": "lead_r1hp9th24a2vy6tsddbk",
         *           "external_event_id": "crm-88412-contract-signed",
         *           "conversion_number": 1,
         *           "session_id": "sess_7f3c2a91e4",
         *           "attribution": {
         *             "source": "google",
         *             "medium": "cpc",
         *             "campaign": "spring-roof-2026",
         *             "content": "free-estimate-ad",
         *             "conversion_url": "https://www.summitroofing.example/free-estimate"
         *           },
         *           "created_at": "2026-03-12T19:04:22.671Z",
         *           "visualization_id": "vis_jcx9jhtdp4sth5vbzzr3",
         *           "contact_name": "Dana Whitfield",
         *           "contact_email": "dana.whitfield@example.com",
         *           "contact_phone": "5125550148",
         *           "property_address": "1482 Oak Street, Austin, TX 78704"
         *         }
         *       }
         *     }
         */
        'application/json': components['schemas']['ConversionCreatedEvent'];
      };
    };
    responses: {
      /** @description Any 2xx status acknowledges the delivery; any other answer, or none, is retried */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  'webhook:webhook_endpoint.test': {
    parameters: {
      query?: never;
      header: {
        /**
         * @description The event id, the same on every retry and re-send of this event: deduplicate on it
         * @example evt_rj0pby71449fbpjdfhem
         */
        'Webhook-Id': string;
        /**
         * @description When this try was signed, in unix seconds: reject one more than 5 minutes away from your clock
         * @example 1773342262
         */
        'Webhook-Timestamp': string;
        /**
         * @description Standard Webhooks (endpoints whose `signature_scheme` is `standard_webhooks`): space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the secret's base64 after `whsec_` decodes to, one entry per secret while a rotation overlaps; any Standard Webhooks library verifies it. `legacy` endpoints get `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the secret's UTF-8 bytes instead, one `v1` per secret. See "Verifying a signature" above.
         * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
         */
        'Webhook-Signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "evt_rj0pby71449fbpjdfhem",
         *       "type": "webhook_endpoint.test",
         *       "created_at": "2026-03-12T19:04:22.671Z",
         *       "data": {
         *         "object": {
         *           "id": "whe_3k9x7m2qv8d4t6rb1hzc",
         *           "url": "https://crm.example.com/hooks/roofing",
         *           "events": [
         *             "report.import.completed",
         *             "report.import.failed",
         *             "lead.created",
         *             "lead.stage_changed"
         *           ],
         *           "description": "Acme CRM production sync",
         *           "enabled": true,
         *           "disabled_reason": null,
         *           "disabled_at": null,
         *           "signature_scheme": "standard_webhooks",
         *           "previous_secret_expires_at": null,
         *           "api_version": "2026-11-27",
         *           "created_at": "2025-03-02T14:05:11.482Z",
         *           "updated_at": "2025-03-02T14:05:11.482Z"
         *         }
         *       }
         *     }
         */
        'application/json': components['schemas']['WebhookEndpointTestEvent'];
      };
    };
    responses: {
      /** @description Any 2xx status acknowledges the delivery; any other answer, or none, is retried */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
}
