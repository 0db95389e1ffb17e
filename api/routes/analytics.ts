import { z } from 'zod';
import { defineRoute } from '../route.ts';
import { workspaceId, type Ctx } from '../context.ts';
import { fieldError, notFound } from '../../core/errors.ts';
import { decodeKey, encodeKey } from './analytics/attributionKeys.ts';
import {
  AnalyticsQuery,
  AttributionMetrics,
  AttributionRange,
  AttributionRow,
  CampaignParams,
  MAX_RANGE_DAYS,
  SourceParams,
} from '../schemas/analytics.ts';
import { EXAMPLE_ANALYTICS_QUERY, EXAMPLE_FIGURES, EXAMPLE_RANGE, exampleMetrics, exampleRow } from '../examples.ts';
import {
  attributionFigures,
  attributionValueExists,
  type AnalyticsScope,
  type AttributionFigures,
  type Dimension,
  type RowFigures,
} from '../../storage/analytics.ts';

const TAG = 'Attribution';
const DAY_MS = 86_400_000;

function resolveRange(query: z.output<typeof AnalyticsQuery>) {
  const to = query.to ? new Date(query.to) : new Date();
  const from = query.from ? new Date(query.from) : new Date(to.getTime() - 30 * DAY_MS);
  if (from >= to) throw fieldError('query', 'from', 'must be before to');
  if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * DAY_MS)
    throw fieldError('query', 'from', `range must not exceed ${MAX_RANGE_DAYS} days`);
  return { from, to, timezone: query.timezone };
}

const ratio = (n: number, d: number) => (d ? n / d : 0);
const perUnit = (cents: number, d: number) => (d ? Math.round(cents / d) : null);

function toMetrics(f: RowFigures, all: AttributionFigures, currency: string): z.infer<typeof AttributionMetrics> {
  const total = f.automated_spend_cents + f.other_costs_cents;
  const revenue = Math.round(f.revenue * 100);
  const points = [...f.days.values()];
  const series = (field: 'form_count' | 'call_count') => points.map((p) => ({ date: p.date, value: p[field] }));
  // Active stages always appear; a retired stage only while leads still sit in it.
  const stages = all.stages
    .filter((s) => s.active || f.stage_counts.has(s.key))
    .map((s) => ({
      key: s.key,
      label: s.label,
      sort_order: s.sort_order,
      is_conversion_stage: s.is_conversion_stage,
      count: f.stage_counts.get(s.key) ?? 0,
    }));
  return {
    lead_count: f.lead_count,
    conversion_count: f.conversion_count,
    conversion_rate: ratio(f.conversion_count, f.lead_count),
    avg_lead_to_sold_seconds: f.avg_lead_to_sold_seconds,
    funnel_gap_count: f.funnel_gap_count,
    funnel_gap_rate: ratio(f.funnel_gap_count, f.lead_count),
    form_count: f.form_count,
    call_count: f.call_count,
    answered_call_count: f.answered_call_count,
    missed_call_count: f.missed_call_count,
    call_duration_seconds_total: f.call_duration_seconds_total,
    avg_call_duration_seconds: f.avg_call_duration_seconds,
    sms_inbound_count: f.sms_inbound_count,
    sms_outbound_count: f.sms_outbound_count,
    sms_inbound_thread_count: f.sms_inbound_thread_count,
    sms_responded_thread_count: f.sms_responded_thread_count,
    sms_response_rate: ratio(f.sms_responded_thread_count, f.sms_inbound_thread_count),
    automated_spend_cents: f.automated_spend_cents,
    other_costs_cents: f.other_costs_cents,
    total_spend_cents: total,
    prorated_spend_cents: total,
    cpl_cents: perUnit(total, f.lead_count),
    cpa_cents: perUnit(total, f.conversion_count),
    revenue_cents: revenue,
    roas: total ? revenue / total : null,
    currency,
    stage_counts: Object.fromEntries(stages.map((s) => [s.key, s.count])),
    funnel_gap_stage_counts: Object.fromEntries(f.funnel_gap_stage_counts),
    stages,
    trend: {
      interval: 'day',
      points: points.map((p) => ({
        date: p.date,
        lead_count: p.lead_count,
        conversion_count: p.conversion_count,
        prorated_spend_cents: p.prorated_spend_cents,
      })),
    },
    trends: {
      interval: 'day',
      form_count: series('form_count'),
      call_count: series('call_count'),
    },
  };
}

interface RowCoordinates {
  source?: string | null;
  campaign?: string | null;
}

/** A row; `key` addresses it in the detail path of its own dimension. */
function toRow(
  dimension: Dimension,
  at: RowCoordinates,
  f: RowFigures,
  all: AttributionFigures,
  currency: string,
): z.infer<typeof AttributionRow> {
  const value = at[dimension] ?? null;
  const key = encodeKey(value);
  const parts = (['source', 'campaign'] as const)
    .filter((d) => at[d] !== undefined)
    .map((d) => `${d}:${encodeKey(at[d]!)}`);
  return {
    id: parts.join('/'),
    key,
    label: value === null ? '(none)' : value === '' ? '(empty)' : value,
    source: at.source ?? null,
    medium: f.medium,
    campaign: at.campaign ?? null,
    metrics: toMetrics(f, all, currency),
  };
}

const byWeight = (a: RowFigures, b: RowFigures) =>
  b.lead_count - a.lead_count ||
  b.automated_spend_cents + b.other_costs_cents - (a.automated_spend_cents + a.other_costs_cents) ||
  (a.value ?? '').localeCompare(b.value ?? '');

async function report(
  ctx: Ctx,
  query: z.output<typeof AnalyticsQuery>,
  dimension: Dimension,
  only?: AnalyticsScope['only'],
) {
  const range = resolveRange(query);
  const figures = await attributionFigures(ctx.deps.sql, workspaceId(ctx), { ...range, dimension, only });
  const currency = ctx.state.workspace!.currency;
  const within = only ? { [only.column]: only.value } : {};
  return {
    rows: figures.rows
      .sort(byWeight)
      .map((f) => toRow(dimension, { ...within, [dimension]: f.value }, f, figures, currency)),
    whole: (at: RowCoordinates) => toRow(only!.column, at, figures.summary, figures, currency),
    summary: toMetrics(figures.summary, figures, currency),
    range: { from: range.from.toISOString(), to: range.to.toISOString(), timezone: range.timezone },
  };
}

/** The value a detail path names: a row's `key`, or its `id` (`source:<key>`, `campaign:<key>`). */
async function requireValue(ctx: Ctx, column: Dimension, keyOrId: string): Promise<string | null> {
  const key = keyOrId.startsWith(`${column}:`) ? keyOrId.slice(column.length + 1) : keyOrId;
  const value = decodeKey(key);
  const label = column === 'source' ? 'Lead source' : 'Campaign';
  if (value === undefined || !(await attributionValueExists(ctx.state.db, workspaceId(ctx), column, value)))
    throw notFound(label);
  return value;
}

const common = { tag: TAG, auth: 'key' as const, scopes: ['analytics.read' as const], query: AnalyticsQuery };
const Rows = z.array(AttributionRow);

/** Three days of Summit Roofing's attribution: Google Ads' spring campaign and a Facebook retargeting one. */
const SPRING = 'spring-roof-2026';
const STORM = 'Storm Season Retargeting';
const F = EXAMPLE_FIGURES;
const answer = (body: Record<string, unknown>, params?: Record<string, string>) => ({
  ...(params ? { params } : {}),
  query: EXAMPLE_ANALYTICS_QUERY,
  response: { status: 200, body: { ...body, range: EXAMPLE_RANGE } },
});

export const analyticsRoutes = [
  defineRoute({
    ...common,
    method: 'get',
    path: '/api/v1/lead-sources',
    operationId: 'listLeadSources',
    summary: 'Metrics per first-touch lead source',
    responses: {
      200: {
        description: 'Source rows, their summary and the range',
        schema: z.object({ lead_sources: Rows, summary: AttributionMetrics, range: AttributionRange }).strict(),
      },
    },
    errors: [400, 401, 403, 429, 500],
    example: answer({
      lead_sources: [
        exampleRow('source', { source: 'google' }, 'cpc', F.google),
        exampleRow('source', { source: 'facebook' }, 'paid_social', F.facebook),
      ],
      summary: exampleMetrics(F.all),
    }),
    handler: async (ctx, { query }) => {
      const r = await report(ctx, query, 'source');
      ctx.body = { lead_sources: r.rows, summary: r.summary, range: r.range };
    },
  }),
  defineRoute({
    ...common,
    method: 'get',
    path: '/api/v1/lead-sources/:source_id',
    operationId: 'getLeadSource',
    summary: "One lead source's metrics and its campaigns",
    params: SourceParams,
    responses: {
      200: {
        description: 'The source row, its campaign rows, their summary and the range',
        schema: z
          .object({
            lead_source: AttributionRow,
            campaigns: Rows,
            summary: AttributionMetrics,
            range: AttributionRange,
          })
          .strict(),
      },
    },
    errors: [400, 401, 403, 404, 429, 500],
    example: answer(
      {
        lead_source: exampleRow('source', { source: 'google' }, 'cpc', F.google),
        campaigns: [exampleRow('campaign', { source: 'google', campaign: SPRING }, 'cpc', F.google)],
        summary: exampleMetrics(F.google),
      },
      { source_id: 'google' },
    ),
    handler: async (ctx, { params, query }) => {
      const source = await requireValue(ctx, 'source', params.source_id);
      const r = await report(ctx, query, 'campaign', { column: 'source', value: source });
      ctx.body = { lead_source: r.whole({ source }), campaigns: r.rows, summary: r.summary, range: r.range };
    },
  }),
  defineRoute({
    ...common,
    method: 'get',
    path: '/api/v1/campaigns',
    operationId: 'listCampaigns',
    summary: 'Metrics per first-touch campaign',
    responses: {
      200: {
        description: 'Campaign rows, their summary and the range',
        schema: z.object({ campaigns: Rows, summary: AttributionMetrics, range: AttributionRange }).strict(),
      },
    },
    errors: [400, 401, 403, 429, 500],
    example: answer({
      campaigns: [
        exampleRow('campaign', { campaign: SPRING }, 'cpc', F.google),
        exampleRow('campaign', { campaign: STORM }, 'paid_social', F.facebook),
      ],
      summary: exampleMetrics(F.all),
    }),
    handler: async (ctx, { query }) => {
      const r = await report(ctx, query, 'campaign');
      ctx.body = { campaigns: r.rows, summary: r.summary, range: r.range };
    },
  }),
  defineRoute({
    ...common,
    method: 'get',
    path: '/api/v1/campaigns/:campaign/metrics',
    operationId: 'getCampaignMetrics',
    summary: "One campaign's metrics and its sources",
    params: CampaignParams,
    responses: {
      200: {
        description: 'The campaign row, its source rows, their summary and the range',
        schema: z
          .object({ campaign: AttributionRow, sources: Rows, summary: AttributionMetrics, range: AttributionRange })
          .strict(),
      },
    },
    errors: [400, 401, 403, 404, 429, 500],
    example: answer(
      {
        campaign: exampleRow('campaign', { campaign: STORM }, 'paid_social', F.facebook),
        sources: [exampleRow('source', { source: 'facebook', campaign: STORM }, 'paid_social', F.facebook)],
        summary: exampleMetrics(F.facebook),
      },
      { campaign: 'Storm~20Season~20Retargeting' },
    ),
    handler: async (ctx, { params, query }) => {
      const campaign = await requireValue(ctx, 'campaign', params.campaign);
      const r = await report(ctx, query, 'source', { column: 'campaign', value: campaign });
      ctx.body = { campaign: r.whole({ campaign }), sources: r.rows, summary: r.summary, range: r.range };
    },
  }),
];
