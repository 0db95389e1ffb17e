import { ConfigError, type Config } from '../core/config.ts';
import { isLoopbackHost, LOCAL_RANGES, METADATA_RANGES } from '../core/outboundHttp.ts';

const cidrs = (ranges: readonly (readonly [string, number])[]) => ranges.map(([n, p]) => `${n}/${p}`).join(', ');

/**
 * What `npm start` changes for a laptop, and the lines it prints about it. The API listens on
 * 127.0.0.1 unless HOST says otherwise, so the open /metrics and the printed all-scopes key stay
 * on this machine; any other HOST needs METRICS_TOKEN. Webhook receivers on loopback and private
 * networks (a receiver on the same laptop) are allowed only while the API listens on loopback
 * alone: once partners can reach it, their URLs must not reach the operator's network. An
 * explicit WEBHOOK_ALLOW_PRIVATE wins either way; link-local and metadata addresses are never
 * called, whatever it says.
 */
export function localDefaults(config: Config, env: NodeJS.ProcessEnv): { config: Config; notices: string[] } {
  const host = config.HOST ?? '127.0.0.1';
  const loopback = isLoopbackHost(host);
  if (!loopback && !config.METRICS_TOKEN) {
    throw new ConfigError(
      `Invalid configuration: HOST=${host} serves /metrics beyond this machine; set METRICS_TOKEN (16+ characters) too`,
    );
  }
  const explicit = Boolean(env.WEBHOOK_ALLOW_PRIVATE);
  const allowPrivate = explicit ? config.WEBHOOK_ALLOW_PRIVATE : loopback;
  const why = explicit
    ? `WEBHOOK_ALLOW_PRIVATE=${allowPrivate}`
    : `the API listens on ${host}${loopback ? ', this machine only' : ', beyond this machine'}`;
  const notices = [
    allowPrivate
      ? `  Webhook receivers: http:// and https:// URLs on public addresses and on loopback and private networks (${cidrs(LOCAL_RANGES)}, and names resolving to them), since ${why}.`
      : `  Webhook receivers: https:// URLs on public addresses only, since ${why}; WEBHOOK_ALLOW_PRIVATE=true adds loopback and private networks (${cidrs(LOCAL_RANGES)}).`,
    `  Never called, in any mode: link-local and cloud metadata addresses (${cidrs(METADATA_RANGES)}, metadata.google.internal), nor any other special-purpose address (IANA registries, IPv6 forms embedding IPv4).`,
    config.IMAGE_FETCH_ALLOW_PRIVATE
      ? '  Image downloads (original_image_url): public addresses, and loopback and private networks (IMAGE_FETCH_ALLOW_PRIVATE=true).'
      : '  Image downloads (original_image_url): https:// URLs on public addresses only.',
  ];
  if (allowPrivate && !loopback)
    notices.unshift(
      `  !! HOST=${host} with WEBHOOK_ALLOW_PRIVATE=true: any key holder can have the worker call this machine's network.`,
    );
  return { config: { ...config, HOST: host, WEBHOOK_ALLOW_PRIVATE: allowPrivate }, notices };
}
