import { z } from 'zod';
import { parseTrustedProxies } from './trustedProxies.ts';

const bool = z.enum(['true', 'false', '1', '0', '']).transform((v) => v === 'true' || v === '1');
const int = (def: number, min = 1) => z.coerce.number().int().min(min).default(def);

const schema = z.object({
  PORT: int(3000, 0),
  // The address the API listens on: every interface for `web`, 127.0.0.1 for `npm start`.
  HOST: z.string().min(1).optional(),
  DATABASE_URL: z.string().url().optional(),
  // A direct connection to PostgreSQL, for when DATABASE_URL goes through a transaction pooler
  // (PgBouncer): the worker (LISTEN/NOTIFY, session locks) and migrations use it, and `web`
  // then prepares no statements and sets nothing per session. Unset: everything uses DATABASE_URL.
  DATABASE_DIRECT_URL: z.string().url().optional(),
  DATA_DIR: z.string().min(1).default('./.data'),
  PUBLIC_BASE_URL: z.string().url().optional(),
  STORAGE_DRIVER: z.enum(['local', 'gcs']).default('local'),
  GCS_BUCKET: z.string().min(1).optional(),
  STORAGE_SIGNING_SECRET: z.string().min(16).optional(),
  RATE_LIMIT_PER_MINUTE: int(60),
  AUTH_FAILURE_LIMIT_PER_MINUTE: int(20),
  SHARE_LINK_LIMIT_PER_MINUTE: int(60),
  IDEMPOTENCY_TTL_HOURS: int(24),
  IDEMPOTENCY_MAX_KEPT_BYTES: int(1048576),
  MAX_IMPORT_BYTES: int(52428800),
  UPLOAD_DEADLINE_SECONDS: int(300),
  UPLOAD_MIN_BYTES_PER_SECOND: int(4096),
  // JSON bodies (the same minimum rate): a data-URL image of 15 MB at 2 Mbit/s fits.
  JSON_BODY_DEADLINE_SECONDS: int(60),
  EXPENSIVE_REQUESTS_PER_KEY: int(4),
  // Connections one client address may have sending a request (head or body) for longer than
  // SLOW_CONNECTION_MS at once; past that, new connections and requests are answered 429. Long
  // enough that a busy server, slow to read what a fast client sent, does not count as slow.
  SLOW_CONNECTIONS_PER_CLIENT: int(16),
  SLOW_CONNECTION_MS: int(10000),
  IMAGE_MODEL_PROVIDER: z.enum(['local', 'http', 'openai', 'replicate']).default('local'),
  IMAGE_MODEL_URL: z.string().url().optional(),
  IMAGE_MODEL_API_KEY: z.string().optional(),
  IMAGE_MODEL_NAME: z.string().min(1).optional(),
  // Replicate: which model inputs get the photo, mask and prompt, as JSON {"image", "mask"?, "prompt"}.
  IMAGE_MODEL_INPUT_MAP: z
    .string()
    .transform((v, ctx) => {
      try {
        return JSON.parse(v) as unknown;
      } catch {
        ctx.addIssue({
          code: 'custom',
          message: 'must be JSON like {"image":"image","mask":"mask","prompt":"prompt"}',
        });
        return z.NEVER;
      }
    })
    .pipe(
      z.object({ image: z.string().min(1), mask: z.string().min(1).optional(), prompt: z.string().min(1) }).strict(),
    )
    .optional(),
  // One model call, from the request to the last byte of its answer (polls included).
  IMAGE_MODEL_TIMEOUT_MS: int(120000),
  IMAGE_FETCH_ALLOW_PRIVATE: bool.default(false),
  GENERATE_WAIT_MS: int(25000, 0),
  // Tests and `npm start` (which turns it on while listening on loopback, unless set): webhook URLs
  // may be http:// and loopback or private addresses (never link-local or metadata ones).
  WEBHOOK_ALLOW_PRIVATE: bool.default(false),
  // Encrypts stored signing secrets; else the database's own key (app_secrets 'webhooks').
  WEBHOOK_SECRETS_KEY: z.string().min(32).optional(),
  WEBHOOK_TIMEOUT_MS: int(10000),
  // First retry delay; each later one doubles (with jitter) up to WEBHOOK_RETRY_MAX_DELAY_SECONDS.
  WEBHOOK_RETRY_BASE_SECONDS: int(30),
  WEBHOOK_RETRY_MAX_DELAY_SECONDS: int(21600),
  // How long deliveries are retried, and how long an endpoint may fail before it is disabled.
  WEBHOOK_RETRY_WINDOW_SECONDS: int(259200),
  // How often each worker looks for endpoints with deliveries due and enqueues their jobs.
  WEBHOOK_DISPATCH_INTERVAL_MS: int(1000),
  // Requests one endpoint's job keeps in flight to its receiver (it still holds one worker slot).
  WEBHOOK_ENDPOINT_CONCURRENCY: int(16),
  WORKER_CONCURRENCY: int(4),
  // Warm threads that parse report imports (each under the parse limits); imports beyond wait their turn.
  REPORT_PARSE_THREADS: int(2),
  // ONNX Runtime threads of a worker's roof segmenter: one keeps a worker's peak memory lowest, two
  // shorten a photo's embedding at the cost of more memory (bench/RESULTS.md, segmenter).
  SEGMENTER_THREADS: int(1),
  WORKER_HEARTBEAT_SECONDS: int(5),
  WORKER_STALE_AFTER_SECONDS: int(30),
  WEB_CONCURRENCY: int(1),
  DB_POOL_MAX: int(20),
  EXPORT_WRITE_DEADLINE_MS: int(10000),
  // The number of proxies in front (true: one), or their addresses and CIDR ranges, comma-separated.
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, ctx) => {
      const trusted = parseTrustedProxies(value);
      if (!(trusted instanceof Error)) return trusted;
      ctx.addIssue({ code: 'custom', message: trusted.message });
      return z.NEVER;
    }),
  // After SIGTERM: how long web keeps accepting (answering with Connection: close), and how long
  // a connection with no request in progress may stay quiet before it is closed.
  SHUTDOWN_DRAIN_MS: int(1000, 0),
  HEALTH_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_TOKEN: z.string().min(16).optional(),
  ADMIN_TOKEN: z.string().min(16).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = z.infer<typeof schema> & { PUBLIC_BASE_URL: string };

export class ConfigError extends Error {}

/** Reads the environment once; a bad variable stops start-up with one line naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${issue.path.join('.')} ${issue.message}`);
  }
  const config = parsed.data;
  if (config.STORAGE_DRIVER === 'gcs' && !config.GCS_BUCKET) {
    throw new ConfigError('Invalid configuration: GCS_BUCKET is required when STORAGE_DRIVER=gcs');
  }
  if (config.IMAGE_MODEL_PROVIDER === 'http' && !config.IMAGE_MODEL_URL) {
    throw new ConfigError('Invalid configuration: IMAGE_MODEL_URL is required when IMAGE_MODEL_PROVIDER=http');
  }
  if (config.IMAGE_MODEL_PROVIDER === 'replicate' && !config.IMAGE_MODEL_NAME) {
    throw new ConfigError(
      'Invalid configuration: IMAGE_MODEL_NAME (owner/name or a version id) is required when IMAGE_MODEL_PROVIDER=replicate',
    );
  }
  // A lease must outlive a missed beat, or a live worker's jobs would be taken from it.
  if (config.WORKER_STALE_AFTER_SECONDS < 2 * config.WORKER_HEARTBEAT_SECONDS) {
    throw new ConfigError(
      'Invalid configuration: WORKER_STALE_AFTER_SECONDS must be at least twice WORKER_HEARTBEAT_SECONDS',
    );
  }
  return {
    ...config,
    PUBLIC_BASE_URL: (config.PUBLIC_BASE_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, ''),
  };
}
