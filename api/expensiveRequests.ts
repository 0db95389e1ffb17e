import { ERRORS } from '../core/errors.ts';
import type { Ctx } from './context.ts';

/**
 * Caps the costly requests (uploads, exports, generation) one API key has running at once in this
 * process, so a single partner cannot occupy the process's connections, sockets and disk for
 * everyone. A slot is held until the response has closed: a streamed export keeps working after
 * its handler returns.
 */
export class ExpensiveRequests {
  private readonly running = new Map<string, number>();

  constructor(private readonly perKey: number) {}

  enter(ctx: Ctx, keyId: string) {
    const count = this.running.get(keyId) ?? 0;
    if (count >= this.perKey) {
      throw ERRORS.tooManyExpensiveRequests(this.perKey);
    }
    this.running.set(keyId, count + 1);
    ctx.res.once('close', () => {
      const left = this.running.get(keyId)! - 1;
      if (left === 0) this.running.delete(keyId);
      else this.running.set(keyId, left);
    });
  }
}
