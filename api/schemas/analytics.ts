import { z } from 'zod';
import { DateTime } from './common.ts';
import { canonicalTimezone } from '../../storage/timezones.ts';

export const MAX_RANGE_DAYS = 3660;

/** The one rule for time zone parameters: a zone PostgreSQL knows, answered in its spelling. */
const Timezone = z
  .string()
  .min(1)
  .max(100)
  .transform((tz, ctx) => {
    const name = canonicalTimezone(tz);
    if (name) return name;
    ctx.addIssue({
      code: 'custom',
      message: 'must be an IANA time zone name known to the database (e.g. America/New_York)',
    });
    return z.NEVER;
  });

export const AnalyticsQuery = z
  .object({
    from: DateTime.optional().describe('Inclusive lower bound; default 30 days before `to`'),
    to: DateTime.optional().describe('Exclusive upper bound; default now'),
    timezone: Timezone.default('UTC').describe('IANA name: day boundaries of trends and spend proration'),
  })
  .strict();

const keyOf = (dimension: string) =>
  z.string().min(1).max(500).describe(`URL-safe \`key\` of a row, or its \`id\` (\`${dimension}:<key>\`)`);
export const SourceParams = z.object({ source_id: keyOf('source') }).strict();
export const CampaignParams = z.object({ campaign: keyOf('campaign') }).strict();

export const AttributionRange = z
  .object({ from: DateTime, to: DateTime, timezone: z.string() })
  .strict()
  .meta({ id: 'AttributionRange' });

const int = z.number().int();
const Point = z
  .object({ date: z.string(), lead_count: int, conversion_count: int, prorated_spend_cents: int })
  .strict();
const Series = z.array(z.object({ date: z.string(), value: int }).strict());

export const AttributionMetrics = z
  .object({
    lead_count: int,
    conversion_count: int,
    conversion_rate: z.number(),
    avg_lead_to_sold_seconds: z.number().nullable(),
    funnel_gap_count: int,
    funnel_gap_rate: z.number(),
    form_count: int,
    call_count: int,
    answered_call_count: int,
    missed_call_count: int,
    call_duration_seconds_total: int,
    avg_call_duration_seconds: z.number().nullable(),
    sms_inbound_count: int,
    sms_outbound_count: int,
    sms_inbound_thread_count: int,
    sms_responded_thread_count: int,
    sms_response_rate: z.number(),
    automated_spend_cents: int.nullable(),
    other_costs_cents: int.nullable(),
    total_spend_cents: int.nullable(),
    prorated_spend_cents: int.nullable(),
    cpl_cents: int.nullable(),
    cpa_cents: int.nullable(),
    revenue_cents: int.nullable(),
    roas: z.number().nullable(),
    currency: z.string().nullable(),
    stage_counts: z.record(z.string(), int),
    funnel_gap_stage_counts: z.record(z.string(), int).optional(),
    stages: z.array(
      z
        .object({ key: z.string(), label: z.string(), sort_order: int, is_conversion_stage: z.boolean(), count: int })
        .strict(),
    ),
    trend: z.object({ interval: z.literal('day'), points: z.array(Point) }).strict(),
    // Each daily series once: `trend` holds leads, conversions and spend per day, `trends` the others.
    trends: z
      .object({
        interval: z.literal('day'),
        form_count: Series,
        call_count: Series,
      })
      .strict()
      .describe('The daily series `trend` does not hold; leads, conversions and spend per day are in `trend.points`'),
  })
  .strict()
  .meta({ id: 'AttributionMetrics' });

export const AttributionRow = z
  .object({
    id: z.string(),
    key: z.string(),
    label: z.string(),
    source: z.string().nullable(),
    medium: z.string().nullable(),
    campaign: z.string().nullable(),
    metrics: AttributionMetrics,
  })
  .strict()
  .meta({ id: 'AttributionRow' });
