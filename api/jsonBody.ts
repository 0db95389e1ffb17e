import { koaBody } from 'koa-body';
import { ApiError, fieldError } from '../core/errors.ts';
import type { Ctx } from './context.ts';

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
          throw new ApiError(400, 'VALIDATION_ERROR', `Request body exceeds ${limit} bytes`, { limit_bytes: limit });
        }
        throw new ApiError(400, 'VALIDATION_ERROR', 'Request body is not valid JSON');
      },
    });
    parsers.set(limit, parser);
  }
  return parser;
}

function hasBody(ctx: Ctx) {
  return Number(ctx.get('Content-Length') || 0) > 0 || Boolean(ctx.get('Transfer-Encoding'));
}

/** The parsed JSON body; an absent body reads as {}. Any other content type is a 400. */
export async function readJsonBody(ctx: Ctx, limit = DEFAULT_JSON_LIMIT_BYTES): Promise<unknown> {
  if (!hasBody(ctx)) return {};
  if (!ctx.is('application/json', 'application/*+json')) {
    throw fieldError(
      'header',
      'content-type',
      `Content-Type must be application/json, not ${ctx.get('Content-Type') || '(none)'}`,
    );
  }
  await parserFor(limit)(ctx as never, async () => {});
  return ctx.request.body;
}
