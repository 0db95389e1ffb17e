import type { Ctx } from '../context.ts';

/**
 * Counts requests whose handler or response body is still running, so shutdown can wait for
 * them before closing the database pool: a client that hangs up does not stop its handler, and
 * a streamed export keeps using its transaction after the handler returns.
 */
export class InFlight {
  private count = 0;
  private waiters: (() => void)[] = [];

  /** Counts `ctx`'s request until both its response has closed and the returned function is called. */
  enter(ctx: Ctx): () => void {
    this.count++;
    let pending = 2;
    const done = () => {
      if (--pending === 0 && --this.count === 0) this.waiters.splice(0).forEach((w) => w());
    };
    ctx.res.once('close', done);
    return done;
  }

  idle(): Promise<void> {
    return this.count === 0 ? Promise.resolve() : new Promise((resolve) => this.waiters.push(resolve));
  }
}
