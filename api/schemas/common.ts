import { apiVersions, findApiVersion } from '../../core/apiVersions.ts';
import { z } from 'zod';
import { ERROR_CODES } from '../../core/errors.ts';
import { SCOPES } from '../../core/scopes.ts';
import { JSON_RECORD_LIMITS, jsonRecordIssues } from '../../core/jsonBounds.ts';

export const ErrorResponse = z
  .object({
    error: z
      .object({
        code: z.enum(ERROR_CODES),
        message: z.string(),
        request_id: z.string(),
        details: z.record(z.string(), z.unknown()).optional(),
      })
      .strict(),
  })
  .strict()
  .meta({ id: 'ErrorResponse' });

export const Scope = z.enum(SCOPES).meta({ id: 'Scope' });

/**
 * RFC 3339 with an offset, within the years 0001–9999 in UTC: PostgreSQL refuses year 0, and an
 * instant past 9999 has no four-digit ISO form to store or echo.
 */
export const DateTime = z.iso
  .datetime({ offset: true, error: 'must be a date-time like 2026-11-24T15:00:00Z' })
  .refine((s) => {
    const year = new Date(s).getUTCFullYear();
    // A text that is no date-time at all has its one issue from the format check already.
    return Number.isNaN(year) || (year >= 1 && year <= 9999);
  }, 'must fall between 0001-01-01 and 9999-12-31 UTC');

/**
 * Every URL field of the contract: http and https only. Other schemes (javascript:, data:,
 * file:) would be stored and handed back to dashboards that render them as links.
 */
export const HttpUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' });

const Scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const JsonRecord = z
  .record(z.string(), z.union([Scalar, z.array(Scalar)]))
  .meta({ id: 'JsonRecord', description: 'Values are scalars or arrays of scalars' });

const L = JSON_RECORD_LIMITS;
/** A JsonRecord as partners write it, within JSON_RECORD_LIMITS (merged into a lead, the result must keep them too). */
export const JsonRecordInput = JsonRecord.check((payload) => {
  for (const { path, message } of jsonRecordIssues(payload.value))
    payload.issues.push({ code: 'custom', input: payload.value, path, message });
}).meta({
  id: 'JsonRecordInput',
  description:
    `Values are scalars or arrays of scalars; at most ${L.keys} keys of at most ${L.keyLength} characters, strings of at most ` +
    `${L.stringLength} characters, arrays of at most ${L.arrayItems} items, ${L.bytes} bytes as JSON. Merged into a lead's ` +
    'record, the result must stay within the same bounds.',
});

export const Attribution = z
  .object({
    source: z.string().nullable(),
    medium: z.string().nullable(),
    campaign: z.string().nullable(),
    content: z.string().nullable(),
    conversion_url: HttpUrl.nullable(),
  })
  .strict()
  .meta({ id: 'Attribution' });

export const AttributionOverrides = Attribution.omit({ conversion_url: true }).meta({ id: 'AttributionOverrides' });

/** Attribution text as partners write it (fields, overrides, UTM parameters): as long as a lead filter may ask for. */
export const MAX_ATTRIBUTION_LENGTH = 500;
export const AttributionText = z.string().max(MAX_ATTRIBUTION_LENGTH);

/** The UTM parameters of a page URL, which become a touch's attribution, within MAX_ATTRIBUTION_LENGTH. */
export const UTM_PARAMETERS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term'] as const;
export const HttpUrlWithUtm = HttpUrl.check((payload) => {
  let params: URLSearchParams;
  try {
    params = new URL(payload.value).searchParams;
  } catch {
    return;
  }
  for (const name of UTM_PARAMETERS)
    if ((params.get(name) ?? '').length > MAX_ATTRIBUTION_LENGTH)
      payload.issues.push({
        code: 'custom',
        input: payload.value,
        message: `${name} must be at most ${MAX_ATTRIBUTION_LENGTH} characters`,
      });
});

/** Path ids: strings within the spec's bounds. */
/** A known dated API version (core/apiVersions.ts), checked against the list as it is when parsed. */
export const ApiVersionName = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date, YYYY-MM-DD')
  .refine((v) => findApiVersion(v) !== undefined, {
    error: () =>
      `must be one of the known API versions: ${apiVersions()
        .map((v) => v.date)
        .join(', ')}`,
  });

export const idParam = (max: number, min = 1) => z.string().min(min).max(max);

/** An empty JSON object body, for IK endpoints that take none. */
export const EmptyBody = z.object({}).strict();
