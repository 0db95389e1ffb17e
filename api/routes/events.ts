import type { z } from 'zod';
import { defineRoute } from '../route.ts';
import { workspaceId } from '../context.ts';
import {
  EventBatchResponse,
  EventBatchWrite,
  EventTrackResponse,
  FormSubmissionEventWrite,
  FormSubmissionTrackResponse,
  PageViewEventWrite,
} from '../schemas/events.ts';
import { sameEventOrConflict } from '../../storage/events.ts';
import { recordFormSubmission } from '../../storage/formSubmissions.ts';
import { pageViewOf } from '../../storage/pageViews.ts';
import { EXAMPLE_IDS, EXAMPLE_LEAD } from '../examples.ts';
import { recordEventBatch } from './events/eventBatch.ts';

const TAG = 'Attribution';

const EXAMPLE_PAGE =
  'https://www.summitroofing.example/free-estimate?utm_source=google&utm_medium=cpc&utm_campaign=spring-roof-2026&utm_content=free-estimate-ad';
const EXAMPLE_USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 19_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/19.3 Mobile/15E148 Safari/604.1';

export const eventRoutes = [
  defineRoute({
    method: 'post',
    path: '/api/v1/events/page-view',
    operationId: 'trackPageView',
    summary: "Record a page view; a session's earliest page view is its first touch",
    tag: TAG,
    auth: 'key',
    scopes: ['analytics.manage'],
    idempotent: { mode: 'batched', replayStatus: 200 },
    body: PageViewEventWrite,
    responses: {
      200: { description: 'Duplicate external_event_id, or a replay', schema: EventTrackResponse },
      201: { description: 'Recorded', schema: EventTrackResponse },
    },
    errors: [400, 401, 403, 409, 429, 500],
    example: {
      body: {
        external_event_id: 'pv-0c8e4d1a-7b3f',
        session_id: EXAMPLE_IDS.session,
        page_url: EXAMPLE_PAGE,
        referrer_url: 'https://www.google.com/',
        user_agent: EXAMPLE_USER_AGENT,
        occurred_at: '2026-03-02T09:31:12-06:00',
        device_type: 'mobile',
        landing_id: 'lp_spring_estimate',
        landing_name: 'Free roof estimate – spring',
        landing_slug: 'free-estimate',
      },
      response: { status: 201, body: { event: { id: EXAMPLE_IDS.pageViewEvent }, duplicate: false, created: true } },
    },
    handler: async (ctx, { body }) => {
      const idempotency = ctx.state.idempotency!;
      const gate = await ctx.deps.pageViews.record({
        workspaceId: workspaceId(ctx),
        idempotency,
        ...pageViewOf(body),
        answer: ({ event, created }) => {
          sameEventOrConflict(event, {
            type: 'page_view',
            session_id: body.session_id,
            external_event_id: body.external_event_id,
          });
          ctx.status = created ? 201 : 200;
          ctx.body = { event: { id: event.id }, duplicate: !created, created } satisfies z.infer<
            typeof EventTrackResponse
          >;
          return idempotency.kept();
        },
      });
      if (gate !== 'open') await idempotency.turnedAway(gate);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/events/form-submission',
    operationId: 'trackFormSubmission',
    summary: 'Record a form submission; upserts a lead when an email or phone is present and consent allows',
    tag: TAG,
    auth: 'key',
    scopes: ['analytics.manage'],
    idempotent: { mode: 'pipelined', replayStatus: 200 },
    body: FormSubmissionEventWrite,
    responses: {
      200: { description: 'Duplicate external_event_id, or a replay', schema: FormSubmissionTrackResponse },
      201: { description: 'Recorded', schema: FormSubmissionTrackResponse },
    },
    errors: [400, 401, 403, 409, 429, 500],
    example: {
      body: {
        external_event_id: 'form-0c8e4d1a-7b40',
        session_id: EXAMPLE_IDS.session,
        page_url: EXAMPLE_PAGE,
        user_agent: EXAMPLE_USER_AGENT,
        submitted_at: '2026-03-02T09:35:04-06:00',
        form_id: 'estimate-request',
        form_name: 'Free estimate request',
        contact_name: 'Dana Whitfield',
        contact_email: 'dana.whitfield@example.com',
        contact_phone: '(512) 555-0148',
        property_address: '1482 Oak Street, Austin, TX 78704',
        form_data: EXAMPLE_LEAD.form_data,
        attribution_params: { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'spring-roof-2026' },
        consent_mode: 'required',
        consent_granted: true,
      },
      response: {
        status: 201,
        body: {
          event: { id: EXAMPLE_IDS.formEvent },
          duplicate: false,
          analytics_only: false,
          recorded_analytics: true,
          lead_id: EXAMPLE_IDS.lead,
          created: true,
        },
      },
    },
    handler: async (ctx, { body }) => {
      const { event, created, lead_id } = await recordFormSubmission(ctx.state.db, workspaceId(ctx), body);
      ctx.status = created ? 201 : 200;
      ctx.body = {
        event,
        duplicate: !created,
        analytics_only: lead_id === null,
        recorded_analytics: true,
        lead_id,
        created,
      } satisfies z.infer<typeof FormSubmissionTrackResponse>;
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/events/batch',
    operationId: 'trackEventBatch',
    summary: 'Record 1 to 500 page views and form submissions (at most 1 MB) in one request, with a result per item',
    tag: TAG,
    auth: 'key',
    scopes: ['analytics.manage'],
    idempotent: { mode: 'claimed' },
    body: EventBatchWrite,
    responses: {
      200: {
        description:
          "One result per item, in request order, each as the item's single endpoint would answer it; a refused item recorded nothing",
        schema: EventBatchResponse,
      },
    },
    errors: [400, 401, 403, 409, 429, 500],
    example: {
      body: {
        events: [
          {
            type: 'page_view',
            external_event_id: 'pv-0c8e4d1a-7b3f',
            session_id: EXAMPLE_IDS.session,
            page_url: EXAMPLE_PAGE,
            referrer_url: 'https://www.google.com/',
            occurred_at: '2026-03-02T09:31:12-06:00',
          },
          {
            type: 'form_submission',
            external_event_id: 'form-0c8e4d1a-7b40',
            session_id: EXAMPLE_IDS.session,
            page_url: EXAMPLE_PAGE,
            submitted_at: '2026-03-02T09:35:04-06:00',
            form_id: 'estimate-request',
            contact_name: 'Dana Whitfield',
            contact_phone: '(512) 555-0148',
          },
          {
            type: 'page_view',
            external_event_id: 'pv-0c8e4d1a-7b3f',
            session_id: EXAMPLE_IDS.session,
            page_url: EXAMPLE_PAGE,
          },
        ],
      },
      response: {
        status: 200,
        body: {
          results: [
            {
              index: 0,
              status: 201,
              event: { id: EXAMPLE_IDS.pageViewEvent },
              duplicate: false,
              created: true,
              lead_id: null,
              error: null,
            },
            {
              index: 1,
              status: 201,
              event: { id: EXAMPLE_IDS.formEvent },
              duplicate: false,
              created: true,
              lead_id: EXAMPLE_IDS.lead,
              error: null,
            },
            {
              index: 2,
              status: 200,
              event: { id: EXAMPLE_IDS.pageViewEvent },
              duplicate: true,
              created: false,
              lead_id: null,
              error: null,
            },
          ],
        },
      },
    },
    handler: async (ctx, { body }) => {
      ctx.type = 'application/json';
      ctx.body = await recordEventBatch(ctx, body.events);
    },
  }),
];
