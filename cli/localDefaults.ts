import { ConfigError, type Config } from '../core/config.ts';

const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/i;

/**
 * What `npm start` changes for a laptop, and the lines it prints about it. The API listens on
 * 127.0.0.1 unless HOST says otherwise, so the open /metrics and the printed all-scopes key stay
 * on this machine; any other HOST needs METRICS_TOKEN. Webhook receivers on this machine (http://
 * and loopback or private addresses) are allowed unless WEBHOOK_ALLOW_PRIVATE is set; the
 * Procfile's processes keep refusing them.
 */
export function localDefaults(config: Config, env: NodeJS.ProcessEnv): { config: Config; notices: string[] } {
  const host = config.HOST ?? '127.0.0.1';
  if (!LOOPBACK_HOST.test(host) && !config.METRICS_TOKEN) {
    throw new ConfigError(
      `Invalid configuration: HOST=${host} serves /metrics beyond this machine; set METRICS_TOKEN (16+ characters) too`,
    );
  }
  const allowPrivate = env.WEBHOOK_ALLOW_PRIVATE ? config.WEBHOOK_ALLOW_PRIVATE : true;
  const notices = allowPrivate
    ? [
        '  !! Webhook URLs on this machine are allowed (http://, loopback and private addresses): a receiver at',
        '  !! http://127.0.0.1:<port>/… gets deliveries. Set WEBHOOK_ALLOW_PRIVATE=false to refuse them as',
        '  !! production does (`npm run web` and the Procfile never allow them unless told to).',
      ]
    : [];
  return { config: { ...config, HOST: host, WEBHOOK_ALLOW_PRIVATE: allowPrivate }, notices };
}
