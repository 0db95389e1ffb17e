import type Koa from 'koa';
import type { Segmenter } from '../core/segmenter/segmenter.ts';
import type { Config } from '../core/config.ts';
import type { Logger } from '../core/logger.ts';
import type { Db, Sql } from '../storage/db.ts';
import type { ApiKey, KeyWorkspace } from '../storage/apiKeys.ts';
import type { CountedHit, RateLimitCounter, RateLimitLeases } from '../storage/rateLimits.ts';
import type { PageViewIngest } from '../storage/pageViews.ts';
import type { IdempotentRequest } from './middleware/idempotency.ts';
import type { KeyCache } from './middleware/auth.ts';
import type { BlobStore } from '../storage/blobs.ts';
import type { ExpensiveRequests } from './expensiveRequests.ts';
import type { ExportSlots } from './exportSlots.ts';
import type { DatabaseOutages } from '../storage/cluster/databaseOutages.ts';
import type { ApiError } from '../core/errors.ts';

/** Everything a request may need, built once per process by createApp. */
export interface AppDeps {
  config: Config;
  logger: Logger;
  sql: Sql;
  rateLimits: RateLimitCounter;
  rateLimitLeases: RateLimitLeases;
  pageViews: PageViewIngest;
  keyCache: KeyCache;
  cursorSecret: Buffer;
  storageSecret: Buffer;
  /** Seals webhook signing secrets at rest (WEBHOOK_SECRETS_KEY, else the database's own key). */
  webhookSealingKey: Buffer;
  blobs: BlobStore;
  /** Decodes partners' roof selections off the event loop; its models load on the first selection. */
  segmenter: Segmenter;
  expensiveRequests: ExpensiveRequests;
  exportSlots: ExportSlots;
  /** Whether PostgreSQL is unreachable now; renderFailure notes every unavailable error it renders. */
  outages: DatabaseOutages;
}

export interface AppState {
  requestId: string;
  /** The pool, or the idempotency transaction when the route runs inside one. */
  db: Db;
  apiKey?: ApiKey;
  workspace?: KeyWorkspace;
  routeName?: string;
  /** On a route that keeps its own answer (modes batched, statement): the key, the answer to keep, and what to do when the gate turns it away. */
  idempotency?: IdempotentRequest;
  /** The rate-limit hit the request counted last, to give back when its answer is a 304. */
  countedHit?: CountedHit;
  /** The dated API version the answer is rendered in (core/apiVersions.ts). */
  apiVersion?: string;
  /** Set when this request is answered as a page, not JSON: renders an error (status and its headers already set). */
  errorPage?: ErrorPage;
}

export type ErrorPage = (ctx: Ctx, err: ApiError) => void;

export type Ctx = Koa.ParameterizedContext<AppState, { deps: AppDeps; params: Record<string, string> }>;
export type Next = () => Promise<unknown>;

/** The authenticated caller's workspace id; routes behind auth always have one. */
export function workspaceId(ctx: Ctx): string {
  return ctx.state.workspace!.id;
}
