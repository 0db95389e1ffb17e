import { createHash, timingSafeEqual } from 'node:crypto';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's one registry: the API and a worker started in the same process (`npm start`,
 * tests) report into it together, so one scrape shows both.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });

/** The route label of requests no route matched: raw paths would give every probe its own series. */
export const UNMATCHED_ROUTE = 'unmatched';

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP requests by route template, method and status, and how long they took',
  labelNames: ['route', 'method', 'status'] as const,
  // GET /api/v1/me answers in 1–2 ms, exports and imports take seconds.
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [registry],
});

export const jobDuration = new Histogram({
  name: 'worker_job_duration_seconds',
  help: 'Job attempts by task and outcome (success or failure), and how long they ran',
  labelNames: ['task', 'outcome'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
  registers: [registry],
});

export const jobsFailedForGood = new Counter({
  name: 'worker_jobs_failed_for_good_total',
  help: 'Jobs whose last attempt failed (support staff can retry them: jobs retry)',
  labelNames: ['task'] as const,
  registers: [registry],
});

export const webhookDeliveryDuration = new Histogram({
  name: 'webhook_delivery_duration_seconds',
  help: 'Webhook delivery tries by outcome (success: a 2xx answer; failure: anything else), and how long they took',
  labelNames: ['outcome'] as const,
  // Receivers answer in tens of milliseconds; WEBHOOK_TIMEOUT_MS (10 s) ends the slowest.
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15],
  registers: [registry],
});

export const webhookDeliveriesFailed = new Counter({
  name: 'webhook_deliveries_failed_total',
  help: 'Webhook deliveries that failed for good: retried for WEBHOOK_RETRY_WINDOW_SECONDS, or their endpoint disabled',
  registers: [registry],
});

export const QUEUE_STATES = ['ready', 'scheduled', 'running', 'orphaned', 'failed'] as const;

export const queueJobs = new Gauge({
  name: 'worker_queue_jobs',
  help:
    'Jobs in the queue at scrape time, by state: ready (runnable now), scheduled (run_at or a retry in the future), ' +
    'running (locked), orphaned (locked by a worker that is gone), failed (no attempts left)',
  labelNames: ['state'] as const,
  registers: [registry],
});

export const POOL_STATES = ['active', 'idle', 'idle_in_transaction'] as const;

export const poolConnections = new Gauge({
  name: 'db_pool_connections',
  help: "This process's PostgreSQL pool connections at scrape time, by state (active: running a statement)",
  labelNames: ['state'] as const,
  registers: [registry],
});

export const poolMaxConnections = new Gauge({
  name: 'db_pool_max_connections',
  help: 'The most PostgreSQL connections the pool opens (DB_POOL_MAX)',
  registers: [registry],
});

export const groupCommitBatchSize = new Histogram({
  name: 'group_commit_batch_size',
  help: 'Items per group-committed batch (rate-limit hits, page views), by commit',
  labelNames: ['commit'] as const,
  buckets: [1, 2, 5, 10, 20, 50, 100, 200, 500],
  registers: [registry],
});

/** Whether an Authorization header carries METRICS_TOKEN; open when no token is configured. */
export function metricsAuthorized(authorization: string | undefined, token: string | undefined): boolean {
  if (token === undefined) return true;
  const given = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1] ?? '';
  // Comparing digests keeps the comparison constant-time whatever length was sent.
  return timingSafeEqual(sha256(given), sha256(token));
}

const sha256 = (s: string) => createHash('sha256').update(s).digest();
