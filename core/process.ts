import { loadConfig, ConfigError, type Config } from './config.ts';
import { createLogger, type Logger } from './logger.ts';
import { guardKnownPostgresDefects } from './postgresCrashGuard.ts';

/**
 * Runs a long-lived process (web or worker) against DATABASE_URL: one clear line and exit 1
 * on bad configuration; on SIGTERM/SIGINT, runs the stop function that start returns.
 */
export function runProcess(
  name: string,
  start: (deps: { config: Config & { DATABASE_URL: string }; logger: Logger }) => Promise<() => Promise<void>>,
): void {
  let config: Config;
  try {
    config = loadConfig();
    if (!config.DATABASE_URL) throw new ConfigError('Invalid configuration: DATABASE_URL is required');
  } catch (err) {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  }
  const logger = createLogger(config.LOG_LEVEL).child({ process: name });
  guardKnownPostgresDefects(logger);
  if (config.WEBHOOK_ALLOW_PRIVATE) {
    logger.warn(
      'WEBHOOK_ALLOW_PRIVATE=true: webhook URLs may name loopback and private addresses (never link-local or metadata ones); never in production',
    );
  }
  const started = start({ config: config as Config & { DATABASE_URL: string }, logger });
  started.catch((err) => {
    logger.fatal({ err }, 'failed to start');
    process.exit(1);
  });
  // Listening from the start: a deploy may signal a process that is still starting (a cluster
  // copy, a replacement), which then stops as soon as it has started rather than dying mid-way.
  onShutdown(logger, async () => (await started)());
}

export function onShutdown(logger: Logger, stop: () => Promise<void>): void {
  let stopping = false;
  const handler = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    stop()
      .then(() => process.exit(0))
      .catch((err) => {
        logger.error({ err }, 'unclean shutdown');
        process.exit(1);
      });
  };
  process.on('SIGTERM', handler);
  process.on('SIGINT', handler);
}
