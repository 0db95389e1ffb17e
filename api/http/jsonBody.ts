import { koaBody } from 'koa-body';
import { type ApiError, ERRORS, echo, fieldError } from '../../core/errors.ts';
import type { Ctx } from '../context.ts';
import { jsonSyntaxErrorOffset, lineAndColumn } from './jsonSyntax.ts';
import { readPaced, smallBodyPace } from './bodyPace.ts';

/** Bodies larger than this are refused unless a route declares its own limit. */
export const DEFAULT_JSON_LIMIT_BYTES = 1024 * 1024;

const parsers = new Map<number, ReturnType<typeof koaBody>>();

function parserFor(limit: number) {
  let parser = parsers.get(limit);
  if (!parser) {
    parser = koaBody({
      json: true,
      multipart: false,
      urlencoded: false,
      text: false,
      jsonStrict: true,
      jsonLimit: limit,
      patchNode: false,
      patchKoa: true,
      parsedMethods: ['POST', 'PATCH', 'DELETE'] as never,
      onError: (err) => {
        const e = err as { status?: number; type?: string };
        if (e.status === 413 || e.type === 'entity.too.large') {
          throw ERRORS.bodyTooLarge(limit);
        }
        throw invalidJson((err as { body?: unknown }).body);
      },
    });
    parsers.set(limit, parser);
  }
  return parser;
}

/** A body JSON.parse refused, with where its syntax breaks when it does (a text of the wrong shape parses). */
function invalidJson(body: unknown): ApiError {
  const text = typeof body === 'string' ? body : '';
  const offset = jsonSyntaxErrorOffset(text);
  if (offset === undefined) {
    // Valid JSON the parser still refused: a bare scalar, or prototype keys (__proto__).
    return ERRORS.jsonRefused(
      /^\s*[[{]/.test(text)
        ? 'Request body must not contain __proto__ or constructor.prototype keys'
        : 'Request body must be a JSON object',
    );
  }
  const { line, column } = lineAndColumn(text, offset);
  return ERRORS.jsonSyntax(line, column, offset);
}

function hasBody(ctx: Ctx) {
  return Number(ctx.get('Content-Length') || 0) > 0 || Boolean(ctx.get('Transfer-Encoding'));
}

/**
 * The parsed JSON body; an absent body reads as {}. Any other content type is a 400; a body not
 * complete within JSON_BODY_DEADLINE_SECONDS, or slower than UPLOAD_MIN_BYTES_PER_SECOND, a 408.
 */
export async function readJsonBody(ctx: Ctx, limit = DEFAULT_JSON_LIMIT_BYTES): Promise<unknown> {
  if (!hasBody(ctx)) return {};
  if (!ctx.is('application/json', 'application/*+json')) {
    throw fieldError(
      'header',
      'content-type',
      `Content-Type must be application/json, not ${echo(ctx.get('Content-Type')) || '(none)'}`,
    );
  }
  await readPaced(
    ctx.req,
    smallBodyPace(ctx.deps.config),
    parserFor(limit)(ctx as never, async () => {}),
  );
  return ctx.request.body;
}
