import type { Db } from './db.ts';

/**
 * Makes the endpoint's pending deliveries due now, each keeping its attempts and retry window:
 * support staff retrying an endpoint's job want it to send what waits, not to wait for backoff.
 * Apart from storage/webhookDeliveries.ts, which reads the job policies that name this.
 */
export async function makeDueNow(sql: Db, endpointId: string): Promise<void> {
  await sql`
    update webhook_deliveries set next_attempt_at = now(), updated_at = now()
    where endpoint_id = ${endpointId} and status = 'pending' and next_attempt_at > now()`;
}
