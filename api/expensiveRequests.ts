import { ERRORS } from '../core/errors.ts';
import type { CapacityLeases } from '../storage/capacityLeases.ts';
import type { Ctx } from './context.ts';

/**
 * Caps the costly requests (uploads, exports, generation) one API key has running at once across
 * every web process (a lease each, storage/capacityLeases.ts), so a single partner cannot occupy
 * the connections, sockets and disk for everyone, however many processes and dynos serve it. A
 * slot is held until the response has closed: a streamed export keeps working after its handler
 * returns.
 */
export class ExpensiveRequests {
  constructor(
    private readonly leases: CapacityLeases,
    private readonly perKey: number,
  ) {}

  async enter(ctx: Ctx, keyId: string) {
    // Listening before the lease is taken: a client gone meanwhile still releases it.
    let closed = false;
    let release: (() => void) | undefined;
    ctx.res.once('close', () => {
      closed = true;
      release?.();
    });
    release = await this.leases.take(`expensive:${keyId}`, this.perKey);
    if (!release) {
      throw ERRORS.tooManyExpensiveRequests(this.perKey);
    }
    if (closed) release();
  }
}
