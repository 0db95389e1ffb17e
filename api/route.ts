import type { z } from 'zod';
import type { Scope } from '../core/scopes.ts';
import type { Ctx } from './context.ts';

export type Method = 'get' | 'post' | 'patch' | 'delete';

export interface ResponseSpec {
  description: string;
  /** JSON body schema; omit for non-JSON answers (CSV, redirects). */
  schema?: z.ZodType;
  contentType?: string;
  headers?: Record<string, string>;
}

export interface Input<P, Q, B> {
  params: P;
  query: Q;
  body: B;
}

/**
 * One endpoint, declared once: the router enforces it and the OpenAPI document is built
 * from it, so the contract and the behaviour cannot drift apart.
 */
export interface RouteDef<P extends z.ZodType = z.ZodType, Q extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType> {
  method: Method;
  /** Koa path with :params, e.g. /api/v1/leads/:lead_id */
  path: string;
  operationId: string;
  summary: string;
  tag: string;
  /** `none` for public endpoints (share links, the OpenAPI document). */
  auth: 'key' | 'none';
  scopes: Scope[];
  /** Extra scopes that depend on the parsed body (report export's per-format rule). */
  bodyScopes?: (body: z.output<B>) => Scope[];
  idempotent?: {
    /** Status a replay answers with when it differs from the stored one (201 → 200). */
    replayStatus?: number;
    /** Commit before answering (generate waits on the worker); the record is claimed up front. */
    commitsEarly?: boolean;
    /**
     * The handler acts through ctx.state.db alone, starting with a statement: it runs alongside
     * the idempotency check, its first statements leaving in the same packet, and when the check
     * turns the request away they fail in the aborted transaction, having done nothing.
     */
    pipelined?: boolean;
    /**
     * The handler writes in a batch shared with concurrent requests (storage/pageViews.ts), which
     * passes the key through the gate and keeps the answer itself: ctx.state.idempotency hands it
     * the key and the answer to keep, and the handler throws GateClosed when the batch turns it away.
     */
    batched?: boolean;
  };
  params?: P;
  query?: Q;
  body?: B;
  /** JSON body limit in bytes when larger than the default 1 MB (data-URL images). */
  maxBodyBytes?: number;
  /** Bodies that are not JSON (multipart imports) are read by the handler itself. */
  rawBody?: { contentType: string; schema: z.ZodType };
  responses: Record<number, ResponseSpec>;
  errors: number[];
  handler: (ctx: Ctx, input: Input<z.output<P>, z.output<Q>, z.output<B>>) => Promise<void>;
}

export function defineRoute<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType>(
  def: RouteDef<P, Q, B>,
): RouteDef {
  return def as unknown as RouteDef;
}
