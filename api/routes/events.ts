import type { z } from 'zod';
import { defineRoute } from '../route.ts';
import { workspaceId, type Ctx } from '../context.ts';
import { conflict } from '../../core/errors.ts';
import {
  EventTrackResponse,
  FormSubmissionEventWrite,
  FormSubmissionTrackResponse,
  PageViewEventWrite,
} from '../schemas/events.ts';
import {
  attachEventLead,
  findEventByExternalId,
  insertEventOnce,
  upsertFormLead,
  type EventInput,
  type EventRow,
} from '../../storage/events.ts';
import { findSessionAttribution } from '../../storage/sessions.ts';
import { EXAMPLE_IDS, EXAMPLE_LEAD } from '../examples.ts';

const TAG = 'Attribution';

interface Touch {
  source: string | null;
  medium: string | null;
  campaign: string | null;
  content: string | null;
}

const UTM = { source: 'utm_source', medium: 'utm_medium', campaign: 'utm_campaign', content: 'utm_content' } as const;
const FIELDS = Object.keys(UTM) as (keyof Touch)[];

function parseUrl(url: string | null | undefined): URL | null {
  if (!url) return null;
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/**
 * A page view's touch: the UTM parameters of its URL. Without any, a referrer from another host
 * counts as a referral from that host (www. dropped); otherwise the touch is empty (direct).
 */
function pageTouch(pageUrl: string | null | undefined, referrerUrl: string | null | undefined): Touch {
  const page = parseUrl(pageUrl);
  const touch = Object.fromEntries(FIELDS.map((f) => [f, page?.searchParams.get(UTM[f]) || null])) as unknown as Touch;
  if (FIELDS.some((f) => touch[f] !== null)) return touch;
  const ref = parseUrl(referrerUrl);
  const host = ref?.hostname.replace(/^www\./, '');
  if (host && host !== page?.hostname.replace(/^www\./, ''))
    return { source: host, medium: 'referral', campaign: null, content: null };
  return touch;
}

/** attribution_params of a form: utm_* keys, or their plain names. */
function paramsTouch(params: Record<string, string> | undefined): Touch {
  return Object.fromEntries(FIELDS.map((f) => [f, params?.[UTM[f]] || params?.[f] || null])) as unknown as Touch;
}

/** A repeat of an external_event_id must be the same event: same type and session, else a 409. */
function sameEventOrConflict(
  existing: { type: string; session_id: string },
  input: { type: string; session_id: string; external_event_id: string },
) {
  if (existing.type !== input.type || existing.session_id !== input.session_id) {
    throw conflict('external_event_id was already recorded with another type or session', {
      external_event_id: input.external_event_id,
    });
  }
}

/** Stores the event once per external_event_id; a repeat is a duplicate (the stored event). */
async function recordEvent(ctx: Ctx, input: EventInput): Promise<{ event: EventRow; created: boolean }> {
  const ws = workspaceId(ctx);
  const inserted = await insertEventOnce(ctx.state.db, ws, input);
  if (inserted) return { event: inserted, created: true };
  const existing = (await findEventByExternalId(ctx.state.db, ws, input.external_event_id))!;
  sameEventOrConflict(existing, input);
  return { event: existing, created: false };
}

const EXAMPLE_PAGE =
  'https://www.summitroofing.example/free-estimate?utm_source=google&utm_medium=cpc&utm_campaign=spring-roof-2026&utm_content=free-estimate-ad';
const EXAMPLE_USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 19_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/19.3 Mobile/15E148 Safari/604.1';

const occurredAt = (...candidates: (string | undefined)[]) => {
  const first = candidates.find((c) => c !== undefined);
  return first ? new Date(first) : new Date();
};

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
      const touch = pageTouch(body.page_url, body.referrer_url);
      const gate = await ctx.deps.pageViews.record({
        workspaceId: workspaceId(ctx),
        idempotency,
        external_event_id: body.external_event_id,
        session_id: body.session_id,
        payload: body,
        occurred_at: occurredAt(body.occurred_at),
        touch: {
          ...touch,
          referrer_url: body.referrer_url ?? null,
          landing_page_url: body.page_url ?? null,
          landing_id: body.landing_id ?? null,
          landing_name: body.landing_name ?? null,
          landing_slug: body.landing_slug ?? null,
        },
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
      const ws = workspaceId(ctx);
      const consented = body.consent_mode === 'implicit' || body.consent_granted === true;
      const wantsLead = consented && Boolean(body.contact_email || body.contact_phone);
      const params = paramsTouch(body.attribution_params);
      const session = await findSessionAttribution(ctx.state.db, ws, body.session_id);
      const touch = Object.fromEntries(FIELDS.map((f) => [f, params[f] ?? session?.[f] ?? null])) as unknown as Touch;
      const { event, created } = await recordEvent(ctx, {
        external_event_id: body.external_event_id,
        type: 'form_submission',
        session_id: body.session_id,
        payload: body,
        occurred_at: occurredAt(body.occurred_at, body.submitted_at),
        source: touch.source,
        medium: touch.medium,
        campaign: touch.campaign,
        analytics_only: !wantsLead,
      });
      let leadId = event.lead_id;
      if (created && wantsLead) {
        const lead = await upsertFormLead(ctx.state.db, ws, {
          session_id: body.session_id,
          contact_name: body.contact_name,
          contact_email: body.contact_email,
          contact_phone: body.contact_phone,
          property_address: body.property_address,
          form_data: body.form_data,
          // The session's first touch fills what the params leave empty (upsertLead does that).
          attribution: { ...params, conversion_url: body.page_url ?? null },
        });
        leadId = lead.id;
        await attachEventLead(ctx.state.db, ws, event.id, {
          lead_id: lead.id,
          source: lead.source,
          medium: lead.medium,
          campaign: lead.campaign,
        });
      }
      ctx.status = created ? 201 : 200;
      ctx.body = {
        event: { id: event.id },
        duplicate: !created,
        analytics_only: leadId === null,
        recorded_analytics: true,
        lead_id: leadId,
        created,
      } satisfies z.infer<typeof FormSubmissionTrackResponse>;
    },
  }),
];
