import type { z } from 'zod';
import type { Scope } from '../core/scopes.ts';
import type { Ctx, ErrorPage } from './context.ts';
import type { IdempotencyMode } from './middleware/idempotency.ts';

/** A non-JSON body, received and stored before the handler runs. */
export interface ReceivedBody {
  /** What the handler gets as its body. */
  body: unknown;
  /** What identifies the request for its Idempotency-Key (e.g. each part's sha256). */
  identity: unknown;
  /** Removes what was stored for a request that did not succeed. */
  discard: () => Promise<void>;
}

export type Method = 'get' | 'post' | 'patch' | 'delete';

export interface ResponseSpec {
  description: string;
  /** JSON body schema; omit for non-JSON answers (CSV, redirects). */
  schema?: z.ZodType;
  contentType?: string;
  headers?: Record<string, string>;
}

export interface RouteExample {
  params?: Record<string, string>;
  query?: Record<string, string | number | boolean>;
  /** JSON body, or the form fields of a multipart body. */
  body?: unknown;
  /** The answer: a JSON body, the text of a non-JSON one (CSV), and header values worth showing (Location). */
  response: { status: number; body?: unknown; headers?: Record<string, string> };
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
export interface RouteDef<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
> {
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
  /** Writes that take an Idempotency-Key, and how their writes meet it (one mode per route). */
  idempotent?: {
    mode: IdempotencyMode;
    /** Status a replay answers with when it differs from the stored one (201 → 200). */
    replayStatus?: number;
    /** The answer carries a secret (a webhook signing secret): its kept copy is stored sealed. */
    sealAnswer?: boolean;
  };
  /** Costly to serve (report imports, lead exports, generation, roof selection): capped per key at EXPENSIVE_REQUESTS_PER_KEY at once. */
  expensive?: boolean;
  params?: P;
  query?: Q;
  body?: B;
  /**
   * Checks of a valid body that wait on something outside the database (a DNS lookup): run
   * before the idempotency transaction opens, so no connection waits on them.
   */
  checkBody?: (ctx: Ctx, body: z.output<B>) => Promise<void>;
  /** JSON body limit in bytes when larger than the default 1 MB (data-URL images). */
  maxBodyBytes?: number;
  /**
   * Bodies that are not JSON (multipart imports): `receive` reads one before the idempotency
   * check, which fingerprints its `identity`; what it stored is discarded unless the handler ran
   * and answered 2xx.
   */
  rawBody?: { contentType: string; schema: z.ZodType; receive: (ctx: Ctx) => Promise<ReceivedBody> };
  responses: Record<number, ResponseSpec>;
  errors: number[];
  /**
   * For a route that also answers a browser with a page (the share link): called first, before
   * authentication and validation, it chooses the answer's form and returns how errors render in
   * it; undefined keeps the JSON envelope.
   */
  negotiate?: (ctx: Ctx) => ErrorPage | undefined;
  /** The OpenAPI document's (and /docs') example: a request this operation accepts and its answer. */
  example: RouteExample;
  handler: (ctx: Ctx, input: Input<z.output<P>, z.output<Q>, z.output<B>>) => Promise<void>;
}

export function defineRoute<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType>(
  def: RouteDef<P, Q, B>,
): RouteDef {
  return def as unknown as RouteDef;
}
