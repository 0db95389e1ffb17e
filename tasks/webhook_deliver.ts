import type { TaskFactory } from './context.ts';
import type { Sql } from '../storage/db.ts';
import type { Config } from '../core/config.ts';
import { webhookDeliveriesFailed, webhookDeliveryDuration } from '../core/metrics.ts';
import { openSecret, sealingKey, signatureHeaders } from '../core/webhookSecrets.ts';
import { loadSecret } from '../storage/secrets.ts';
import {
  dueDeliveries,
  enqueueEndpointJob,
  failUnsent,
  markEndpointFailing,
  recordAttempt,
  settleFailed,
  settleSucceeded,
  type Attempt,
  type DeliveryTarget,
  type Success,
} from '../storage/webhookDeliveries.ts';
import { postWebhook } from './webhook_deliver/send.ts';
import { renderInVersion } from '../core/apiVersions.ts';
import { plainDuration, retryDelaySeconds } from './webhook_deliver/retries.ts';

const USER_AGENT = 'PartnerAPI-Webhooks/1.0';

/** The sealing key, read from the database once per process (again after a failed read). */
function sealingKeyOnce(sql: Sql, configured: string | undefined): () => Promise<Buffer> {
  let key: Promise<Buffer> | undefined;
  return () =>
    (key ??= loadSecret(sql, 'webhooks').then(
      (fromDatabase) => sealingKey(configured, fromDatabase),
      (err) => {
        key = undefined;
        throw err;
      },
    ));
}

/**
 * The request: the event as partners receive it, in the endpoint's API version (events are stored
 * in the newest; another version's changes are applied here, per delivery), signed with every
 * secret that signs now, in the endpoint's scheme.
 */
function signedRequest(target: DeliveryTarget, secrets: string[]): { body: string; headers: Record<string, string> } {
  if (target.event_data === null) throw new Error(`event ${target.event_id} has not been rendered`);
  const data = renderInVersion(target.event_data, target.api_version) ?? target.event_data;
  const body = JSON.stringify({
    id: target.event_id,
    type: target.event_type,
    created_at: target.event_created_at.toISOString(),
    data,
  });
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
      'partner-version': target.api_version,
      ...signatureHeaders(target.signature_scheme, secrets, target.event_id, Math.floor(Date.now() / 1000), body),
    },
  };
}

/** The secrets that sign an endpoint's deliveries now, opened once for a batch of them. */
function signingSecrets(target: DeliveryTarget, key: Buffer): string[] {
  const sealed = [target.secret_sealed, ...(target.previous_secret_sealed ? [target.previous_secret_sealed] : [])];
  return sealed.map((s) => openSecret(key, s));
}

/**
 * Records a failed try and what follows from it in one transaction: the next try scheduled (or
 * the delivery failed past its retry window), and an endpoint failing for the whole window
 * disabled. Successes are settled in batches (settleSucceeded).
 */
async function settleFailure(sql: Sql, config: Config, target: DeliveryTarget, attempt: Attempt) {
  const window = config.WEBHOOK_RETRY_WINDOW_SECONDS;
  return sql.begin(async (tx) => {
    if (!(await recordAttempt(tx, target.id, attempt))) return { status: undefined, endpointDisabled: false };
    const { WEBHOOK_RETRY_BASE_SECONDS: base, WEBHOOK_RETRY_MAX_DELAY_SECONDS: max } = config;
    const delay = retryDelaySeconds(target.attempt_count + 1, base, max);
    const settled = await settleFailed(tx, target.id, delay, window);
    const reason = `Deliveries failed for ${plainDuration(window)}; re-enable it with PATCH enabled=true`;
    const endpointDisabled = await markEndpointFailing(tx, target.endpoint_id, window, reason);
    return { status: settled?.status, endpointDisabled };
  });
}

/**
 * How long a job goes on sending its endpoint's due deliveries before it hands over to a successor
 * job: bounded, so that a stopping worker's job ends within its grace period
 * (worker/handBackOnStop.ts), and so that endpoints with backlogs take turns at the worker slots.
 */
const DRAIN_MS = 5000;

/**
 * Due deliveries read at once (at least four per request in flight), and successes settled at once
 * (one statement each): a crash between a send and its settling makes a delivery go out again, so
 * this bounds how many.
 */
const BATCH = 50;
const ROUNDS_PER_BATCH = 4;

/**
 * Sends the endpoint's due deliveries, oldest first, up to WEBHOOK_ENDPOINT_CONCURRENCY at a time,
 * each tried once: the event POSTed to the endpoint, signed; each try recorded and the next one
 * scheduled, for the dispatcher to find when due. A receiver's answer time then divides its rate
 * by the requests in flight rather than bounding it, while the endpoint still holds one worker
 * slot. Past DRAIN_MS, or once its workspace runs more than its share of the worker's slots
 * (another workspace has work), no further request starts and a successor job is enqueued for what
 * is still due. No connection is held while a receiver takes its time, and receivers' failures
 * are not errors of the job: only the unexpected (the database unreachable, say) is left to
 * graphile-worker.
 */
const webhookDeliver: TaskFactory<'webhook_deliver'> = ({ sql, config, logger, shares }) => {
  const sealing = sealingKeyOnce(sql, config.WEBHOOK_SECRETS_KEY);

  /**
   * One due delivery: its success to settle with the batch's, or undefined when it failed (settled
   * now, checking it is still pending: not settled by a parallel run).
   */
  async function deliver(target: DeliveryTarget, secrets: string[]): Promise<Success | undefined> {
    const { id, workspace_id: ws } = target;
    if (!target.enabled) {
      await sql.begin((tx) => failUnsent(tx, id, 'the endpoint is disabled; the event was not sent'));
      webhookDeliveriesFailed.inc();
      return undefined;
    }
    const { body, headers } = signedRequest(target, secrets);
    const attempt = await postWebhook(target.url, headers, body, {
      timeoutMs: config.WEBHOOK_TIMEOUT_MS,
      allowPrivate: config.WEBHOOK_ALLOW_PRIVATE,
    });
    const succeeded = attempt.error === null;
    webhookDeliveryDuration.observe({ outcome: succeeded ? 'success' : 'failure' }, attempt.durationMs / 1000);
    if (succeeded) {
      const { status, durationMs, responseBody } = attempt;
      return { deliveryId: id, status: status!, durationMs, responseBody, at: new Date() };
    }
    const outcome = await settleFailure(sql, config, target, attempt);
    if (outcome.status === 'failed') webhookDeliveriesFailed.inc();
    const about = { delivery_id: id, endpoint_id: target.endpoint_id, workspace_id: ws };
    logger.info({ ...about, error: attempt.error, now: outcome.status }, 'webhook delivery failed');
    if (outcome.endpointDisabled) logger.warn(about, 'webhook endpoint disabled after failing for the retry window');
    return undefined;
  }

  const inFlight = config.WEBHOOK_ENDPOINT_CONCURRENCY;
  const batchSize = Math.max(BATCH, ROUNDS_PER_BATCH * inFlight);

  return async ({ workspace_id: ws, endpoint_id: endpointId }, helpers) => {
    const until = Date.now() + DRAIN_MS;
    // A delivery failing now may be due again within the run (short retry delays): it waits for
    // a later job, so that one run tries each delivery once. Successes are settled before the
    // next read, so they are not read again.
    const failed: string[] = [];
    // A stopping worker leaves the rest to other workers' dispatchers.
    while (!helpers.abortSignal.aborted) {
      const batch = await dueDeliveries(sql, endpointId, failed, batchSize);
      if (!batch.length) return;
      const secrets = signingSecrets(batch[0]!, await sealing());
      const succeeded: Success[] = [];
      let handOver = false;
      let unexpected: { error: unknown } | undefined;
      let next = 0;
      // Each sender takes the oldest delivery not yet started, until the batch is done or it is
      // time to stop: to hand over, or because another sender met the unexpected.
      const sender = async () => {
        while (next < batch.length && !handOver && !unexpected && !helpers.abortSignal.aborted) {
          if (Date.now() >= until || shares?.overShare(ws)) {
            handOver = true;
            break;
          }
          const target = batch[next++]!;
          try {
            const success = await deliver(target, secrets);
            if (success) succeeded.push(success);
            else failed.push(target.id);
          } catch (error) {
            unexpected = { error };
          }
        }
      };
      try {
        await Promise.all(Array.from({ length: Math.min(inFlight, batch.length) }, sender));
        // Thrown once every sender has ended: no send is left running unsettled.
        if (unexpected) throw unexpected.error;
      } finally {
        await settleSucceeded(sql, endpointId, succeeded);
      }
      if (handOver) return enqueueEndpointJob(sql, ws, endpointId);
    }
  };
};
export default webhookDeliver;
