import { ERRORS } from '../../core/errors.ts';
import {
  apiVersions,
  findApiVersion,
  latestVersion,
  renderInVersion,
  type ApiVersion,
} from '../../core/apiVersions.ts';
import type { Ctx } from '../context.ts';

export const VERSION_HEADER = 'Partner-Version';

/** Where the docs explain versions and their deprecation: the `Link rel="deprecation"` target. */
const VERSIONS_DOCS_PATH = '/docs#section/API-versions';

/**
 * Answers in `version`: the header echoing it, and its deprecation and sunset when it has them.
 * Nothing is removed: a request answers in the newest version (never deprecated) until its key
 * pins another, and a pinned version only applies when the request named none.
 */
function answerIn(ctx: Ctx, version: ApiVersion) {
  ctx.state.apiVersion = version.date;
  ctx.set(VERSION_HEADER, version.date);
  if (!version.deprecated) return;
  // RFC 9745: an Item of type Date, `@` and Unix seconds; RFC 8594: an HTTP date.
  ctx.set('Deprecation', `@${Math.floor(version.deprecated.since.getTime() / 1000)}`);
  ctx.set('Sunset', version.deprecated.sunset.toUTCString());
  ctx.set('Link', `<${ctx.deps.config.PUBLIC_BASE_URL}${VERSIONS_DOCS_PATH}>; rel="deprecation"; type="text/html"`);
}

/**
 * The version an /api answer is rendered in, before anything else can fail: the Partner-Version
 * header's when sent (a malformed or unknown one is a 400 listing the known ones), else the
 * newest until the key is known (pinVersionOfKey). Every answer, errors included, echoes it.
 */
export function answerInRequestedVersion(ctx: Ctx): void {
  if (!ctx.path.startsWith('/api/')) return;
  const given = ctx.get(VERSION_HEADER).trim();
  const version = given ? findApiVersion(given) : undefined;
  if (given && !version) {
    answerIn(ctx, findApiVersion(latestVersion())!);
    throw ERRORS.unknownApiVersion(
      given,
      apiVersions().map((v) => v.date),
    );
  }
  answerIn(ctx, version ?? findApiVersion(latestVersion())!);
}

/** A request that names no version answers in the one its key was pinned to at creation. */
export function pinVersionOfKey(ctx: Ctx, pinned: string) {
  if (ctx.get(VERSION_HEADER).trim()) return;
  answerIn(ctx, findApiVersion(pinned) ?? findApiVersion(latestVersion())!);
}

/**
 * Renders a JSON answer in the request's version when it differs from the newest (the shape the
 * code answers in); the newest version's answers keep their bytes.
 */
export function renderAnswerInVersion(ctx: Ctx) {
  const version = ctx.state.apiVersion;
  if (!version || version === latestVersion() || ctx.status >= 300 || ctx.body === undefined || ctx.body === null)
    return;
  if (!ctx.response.is('json')) return;
  const value = typeof ctx.body === 'string' ? JSON.parse(ctx.body) : Buffer.isBuffer(ctx.body) ? undefined : ctx.body;
  if (value === undefined || typeof (value as { pipe?: unknown }).pipe === 'function') return;
  const rendered = renderInVersion(value, version);
  if (rendered !== undefined) ctx.body = JSON.stringify(rendered);
}
